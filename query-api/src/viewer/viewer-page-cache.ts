import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { GUIDEBOOK_VIEWER, type GuidebookViewerDoc } from '@pocketguide/contracts';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';

/** One page drawn from one version of a viewer document, with its compressed copies, made when first asked for. */
export type CachedViewerPage = { html: string; etag: string; br?: Buffer; gzip?: Buffer };

/** A viewer document as the read model held it at `position`, and the pages drawn from that version. */
export type CachedViewerDoc = {
  readonly doc: GuidebookViewerDoc;
  /** position of the last event applied to the document: its version */
  readonly position: number;
  /** the viewer projection's checkpoint when this version was last found current */
  checkpoint: number | null;
  readonly pages: Map<string, CachedViewerPage>;
};

/** pages kept per document version: languages × cover/content pages × addresses it is read at */
const PAGES_PER_VERSION = 64;

/**
 * The readers' pages, drawn once per version of their guidebook (issue 20): a page is a pure function of the viewer
 * document, the reader's language, the address and the built viewer assets, so it is kept per (guidebook, read-model
 * position) and served as stored, precompressed bytes.
 *
 * Whether a kept version is still current costs one small read, never the 20 KB document: when the viewer
 * projection's checkpoint has not moved since it was checked, nothing in that read model changed (documents and
 * checkpoint are committed together); when it has, the document's position is read alone (`positionOf`) and the
 * version stays if it is the same. Only a new position reads and parses the document again. Holds `capacity`
 * documents, least recently read first out.
 */
export function createViewerPageCache(readStore: ReadStore, capacity = 1000) {
  const entries = new Map<string, CachedViewerDoc>();
  const uuids = new Map<string, string>();

  const keep = (id: string, entry: CachedViewerDoc): CachedViewerDoc => {
    entries.delete(id);
    entries.set(id, entry);
    if (entries.size > capacity) entries.delete(entries.keys().next().value ?? '');
    return entry;
  };

  async function byId(id: string): Promise<CachedViewerDoc | null> {
    const checkpoint = await readStore.getCheckpoint(GUIDEBOOK_VIEWER);
    const kept = entries.get(id);
    if (kept) {
      if (checkpoint !== null && kept.checkpoint === checkpoint) return keep(id, kept);
      const position = readStore.positionOf ? await readStore.positionOf(GUIDEBOOK_VIEWER, id) : undefined;
      if (position === kept.position) {
        kept.checkpoint = checkpoint;
        return keep(id, kept);
      }
    }
    const found = await readStore.getForProjection(GUIDEBOOK_VIEWER, id);
    if (!found) {
      entries.delete(id);
      return null;
    }
    if (kept && kept.position === found.position) {
      kept.checkpoint = checkpoint;
      return keep(id, kept);
    }
    return keep(id, { doc: found.doc as GuidebookViewerDoc, position: found.position, checkpoint, pages: new Map() });
  }

  return {
    byId,

    /** By the public uuid: the id found once is remembered (a uuid names one guidebook for good). */
    async byUuid(
      uuid: string,
      find: (uuid: string) => Promise<GuidebookViewerDoc | null>,
    ): Promise<CachedViewerDoc | null> {
      const id = uuids.get(uuid);
      if (id !== undefined) {
        const entry = await byId(id);
        if (entry?.doc.uuid === uuid) return entry;
        uuids.delete(uuid);
      }
      const found = await find(uuid);
      if (!found) return null;
      if (uuids.size >= capacity * 10) uuids.delete(uuids.keys().next().value ?? '');
      uuids.set(uuid, found.id);
      const entry = await byId(found.id);
      return entry?.doc.uuid === uuid ? entry : null;
    },

    /** The page `key` names for this version, drawn by `draw` the first time. */
    page(entry: CachedViewerDoc, key: string, draw: () => string): CachedViewerPage {
      let page = entry.pages.get(key);
      if (!page) {
        const html = draw();
        const digest = createHash('sha1').update(key).digest('base64url').slice(0, 12);
        page = { html, etag: `W/"${entry.position}-${digest}"` };
        if (entry.pages.size >= PAGES_PER_VERSION) entry.pages.clear();
        entry.pages.set(key, page);
      }
      return page;
    },

    size: () => entries.size,
  };
}

export type ViewerPageCache = ReturnType<typeof createViewerPageCache>;

/** What a reader's beacon needs of its guidebook: who it is, whose, and whether it is published. */
export type BeaconTarget = Pick<GuidebookViewerDoc, 'id' | 'uuid' | 'ownerId' | 'published'>;

/**
 * The guidebook a beacon names by its public uuid, kept per read-model version as the readers' pages are (issue 20,
 * issue 24): a thousand beacons a second must not each read and parse the 20 KB viewer document. A kept target is
 * current while the viewer projection's checkpoint has not moved, or while the document's position is the one it
 * was read at; otherwise the document is read once more. Holds `capacity` guidebooks, least recently used out.
 */
export function createBeaconTargets(
  readStore: ReadStore,
  find: (uuid: string) => Promise<GuidebookViewerDoc | null>,
  capacity = 10_000,
) {
  const kept = new Map<string, BeaconTarget & { position: number; checkpoint: number | null }>();
  return async function beaconTarget(uuid: string): Promise<BeaconTarget | null> {
    const checkpoint = await readStore.getCheckpoint(GUIDEBOOK_VIEWER);
    const entry = kept.get(uuid);
    if (entry) {
      const current =
        (checkpoint !== null && entry.checkpoint === checkpoint) ||
        (readStore.positionOf !== undefined &&
          (await readStore.positionOf(GUIDEBOOK_VIEWER, entry.id)) === entry.position);
      if (current) {
        entry.checkpoint = checkpoint;
        kept.delete(uuid);
        kept.set(uuid, entry);
        return entry;
      }
    }
    kept.delete(uuid);
    const found = await find(uuid);
    if (!found) return null;
    const stored = await readStore.getForProjection(GUIDEBOOK_VIEWER, found.id);
    if (!stored) return null;
    const doc = stored.doc as GuidebookViewerDoc;
    if (doc.uuid !== uuid) return null;
    const target = {
      id: doc.id,
      uuid: doc.uuid,
      ownerId: doc.ownerId,
      published: doc.published,
      position: stored.position,
      checkpoint,
    };
    kept.set(uuid, target);
    if (kept.size > capacity) kept.delete(kept.keys().next().value ?? '');
    return target;
  };
}

/** The encoding to send: brotli, else gzip, else none, from an Accept-Encoding header (no q=0 refusals handled: browsers send none). */
export function preferredEncoding(acceptEncoding: string): 'br' | 'gzip' | null {
  const names = acceptEncoding.split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  if (names.includes('br')) return 'br';
  if (names.includes('gzip')) return 'gzip';
  return null;
}

/** The page's bytes in `encoding`, compressed once per page. */
export function compressedPage(page: CachedViewerPage, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    page.br ??= brotliCompressSync(page.html, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(page.html) },
    });
    return page.br;
  }
  page.gzip ??= gzipSync(page.html, { level: 6 });
  return page.gzip;
}
