import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GUIDEBOOK_VIEWER, type GuidebookViewerDoc } from '@pocketguide/contracts';
import { createSqliteReadStore } from '@pocketguide/platform/read-store/sqlite-read-store';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import { createBeaconTargets, createViewerPageCache, preferredEncoding } from './viewer-page-cache.ts';

/** the real SQLite read store, counting how often documents are read whole */
function counted(store: ReadStore): { store: ReadStore; wholeReads: () => number } {
  let reads = 0;
  const wrapped: ReadStore = Object.create(store) as ReadStore;
  wrapped.getForProjection = async (collection, id) => {
    reads++;
    return store.getForProjection(collection, id);
  };
  return { store: wrapped, wholeReads: () => reads };
}

describe('the readers’ page cache, per (guidebook, read-model position)', () => {
  let dir: string;
  let readStore: ReadStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'viewer-page-cache-'));
    readStore = createSqliteReadStore({ path: join(dir, 'reads.sqlite') });
  });
  afterEach(async () => {
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const project = (id: string, title: string, position: number) =>
    readStore.commitProjection({
      projector: GUIDEBOOK_VIEWER,
      checkpoint: position,
      writes: [
        {
          collection: GUIDEBOOK_VIEWER,
          id,
          position,
          doc: { id, uuid: `u-${id}`, title } as unknown as GuidebookViewerDoc,
        },
      ],
    });

  it('draws a page once per version, draws it again at a new position, and keeps it when only other documents moved', async () => {
    const { store, wholeReads } = counted(readStore);
    const cache = createViewerPageCache(store);
    let drawn = 0;
    const draw = (entry: { doc: GuidebookViewerDoc }) => () => {
      drawn++;
      return `<h1>${entry.doc.title}</h1>`;
    };

    await project('a', 'Jeju', 5);
    const first = (await cache.byId('a'))!;
    const page1 = cache.page(first, 'ko', draw(first));
    const again = (await cache.byId('a'))!;
    expect(cache.page(again, 'ko', draw(again))).toBe(page1);
    expect(drawn).toBe(1);
    expect(wholeReads()).toBe(1);

    // another guidebook moves the checkpoint: only the position of 'a' is read, the page stays
    await project('b', 'Busan', 7);
    const unchanged = (await cache.byId('a'))!;
    expect(cache.page(unchanged, 'ko', draw(unchanged))).toBe(page1);
    expect(wholeReads()).toBe(1);

    // 'a' changes: the new version is read and drawn, with another ETag
    await project('a', 'Jeju in spring', 9);
    const changed = (await cache.byId('a'))!;
    const page2 = cache.page(changed, 'ko', draw(changed));
    expect(page2.html).toBe('<h1>Jeju in spring</h1>');
    expect(page2.etag).not.toBe(page1.etag);
    expect(drawn).toBe(2);
    expect(wholeReads()).toBe(2);
  });

  it('finds a guidebook by uuid, and forgets one that is gone', async () => {
    const cache = createViewerPageCache(readStore);
    await project('a', 'Jeju', 3);
    const find = async (uuid: string) =>
      (await readStore.collection<GuidebookViewerDoc>(GUIDEBOOK_VIEWER).find({ uuid }, { limit: 1 }))[0] ?? null;
    expect((await cache.byUuid('u-a', find))?.doc.title).toBe('Jeju');
    await readStore.commitProjection({
      projector: GUIDEBOOK_VIEWER,
      checkpoint: 4,
      writes: [{ collection: GUIDEBOOK_VIEWER, id: 'a', position: 4, doc: null }],
    });
    expect(await cache.byUuid('u-a', find)).toBeNull();
    expect(await cache.byId('missing')).toBeNull();
  });

  it('keeps at most its capacity of guidebooks, least recently read first out', async () => {
    const cache = createViewerPageCache(readStore, 2);
    for (const [n, id] of ['a', 'b', 'c'].entries()) {
      await project(id, id, n + 1);
      await cache.byId(id);
    }
    expect(cache.size()).toBe(2);
  });
});

describe('the encoding a reader takes', () => {
  it('prefers brotli, then gzip, by name and not by a substring', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0')).toBe('gzip');
    expect(preferredEncoding('brx, identity')).toBeNull();
  });
});

describe("the guidebooks readers' beacons name (issue 24)", () => {
  let dir: string;
  let readStore: ReadStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'beacon-targets-'));
    readStore = createSqliteReadStore({ path: join(dir, 'reads.sqlite') });
  });
  afterEach(async () => {
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a beacon's guidebook: read whole once per version, then kept while the checkpoint or its position stands (issue 24)", async () => {
    const { store, wholeReads } = counted(readStore);
    const projectDoc = (id: string, published: boolean, position: number) =>
      readStore.commitProjection({
        projector: GUIDEBOOK_VIEWER,
        checkpoint: position,
        writes: [
          {
            collection: GUIDEBOOK_VIEWER,
            id,
            position,
            doc: { id, uuid: `u-${id}`, ownerId: 'o', published } as unknown as GuidebookViewerDoc,
          },
        ],
      });
    let finds = 0;
    const target = createBeaconTargets(store, async (uuid) => {
      finds++;
      return (await readStore.collection<GuidebookViewerDoc>(GUIDEBOOK_VIEWER).find({ uuid }, { limit: 1 }))[0] ?? null;
    });
    await projectDoc('a', true, 5);
    for (let n = 0; n < 5; n++) expect(await target('u-a')).toMatchObject({ id: 'a', ownerId: 'o', published: true });
    expect(wholeReads()).toBe(1);
    await projectDoc('b', true, 6);
    expect(await target('u-a')).toMatchObject({ published: true });
    expect(wholeReads()).toBe(1);
    await projectDoc('a', false, 7);
    expect(await target('u-a')).toMatchObject({ published: false });
    expect(wholeReads()).toBe(2);
    expect(await target('u-nobody')).toBeNull();
    expect(finds).toBe(3);
  });
});
