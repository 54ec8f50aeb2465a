import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { copyRebuiltCollections } from './sqlite-rebuild-copy.ts';
import { createSqliteReadStore } from './sqlite-read-store.ts';
import type { IndexSpec, ReadStore } from './read-store.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function folder(): string {
  const dir = resolve(import.meta.dirname, '../../../test-output/tmp', `rebuild-copy-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function open(path: string, scratch = false): ReadStore {
  const store = createSqliteReadStore({ path, scratch });
  cleanups.push(() => store.close());
  return store;
}

const INDEXES: IndexSpec[] = [{ fields: { type: 1, id: -1 } }, { fields: { actor: 1, id: -1 } }];

describe('copying a rebuild scratch file into the live SQLite read store', () => {
  it('replaces the named collections and checkpoints, indexes included, and leaves everything else', async () => {
    const dir = folder();
    const livePath = join(dir, 'read-models.sqlite');
    const live = open(livePath);
    await live.collection('entries').upsert({ id: 'old', type: 'Stale' });
    await live.collection('others').upsert({ id: 'kept' });
    await live.saveCheckpoint('entries', 7);
    await live.saveCheckpoint('others', 9);
    await live.saveCheckpoint('gone', 5);
    await live.close();

    const scratchPath = join(dir, 'scratch.sqlite');
    const scratch = open(scratchPath, true);
    const writes = Array.from({ length: 3000 }, (_, i) => ({
      collection: 'entries',
      id: `e${String(i).padStart(5, '0')}`,
      doc: { id: `e${String(i).padStart(5, '0')}`, type: i % 3 === 0 ? 'A' : 'B', actor: `u${i % 7}` },
      position: i + 1,
    }));
    await scratch.commitProjections({ checkpoints: [{ projector: 'entries', checkpoint: 3000 }], writes });
    await scratch.ensureIndexes('entries', INDEXES);
    await scratch.close();

    const rows = copyRebuiltCollections({
      livePath,
      parts: [{ scratchPath, collections: ['entries', 'gone'], checkpoints: ['entries', 'gone'] }],
    });
    expect(rows).toBe(3000);

    const after = open(livePath);
    expect(await after.collection('entries').get('old')).toBeNull();
    expect(await after.collection('entries').count({ type: 'A' })).toBe(1000);
    expect(await after.getForProjection('entries', 'e00009')).toEqual({
      doc: { id: 'e00009', type: 'A', actor: 'u2' },
      position: 10,
    });
    expect(await after.getCheckpoint('entries')).toBe(3000);
    // a read model the scratch file never had a checkpoint for has none now (its log was empty)
    expect(await after.getCheckpoint('gone')).toBeNull();
    expect(await after.collection('others').get('kept')).toEqual({ id: 'kept' });
    expect(await after.getCheckpoint('others')).toBe(9);
    await after.close();

    // The indexes came with the rows, and the planner uses them.
    const db = new Database(livePath, { readonly: true });
    cleanups.push(async () => void db.close());
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT doc FROM "entries" WHERE json_extract(doc, '$.type') = 'A' ORDER BY id DESC`)
      .all() as Array<{ detail: string }>;
    expect(plan.map((step) => step.detail).join(' ')).toMatch(/USING (COVERING )?INDEX entries__type_1__id_-1/);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('changes nothing when the scratch file is missing (it would attach as an empty database)', async () => {
    const dir = folder();
    const livePath = join(dir, 'read-models.sqlite');
    const live = open(livePath);
    await live.collection('entries').upsert({ id: 'kept' });
    await live.saveCheckpoint('entries', 4);
    await live.close();
    expect(() =>
      copyRebuiltCollections({
        livePath,
        parts: [{ scratchPath: join(dir, 'nowhere.sqlite'), collections: ['entries'], checkpoints: ['entries'] }],
      }),
    ).toThrow(/no rebuilt file/);
    const after = open(livePath);
    expect(await after.collection('entries').get('kept')).toEqual({ id: 'kept' });
    expect(await after.getCheckpoint('entries')).toBe(4);
  });

  it('copies several scratch files in one transaction: when one part fails, the parts before it are undone too', async () => {
    const dir = folder();
    const livePath = join(dir, 'read-models.sqlite');
    const live = open(livePath);
    await live.collection('first').upsert({ id: 'old-first' });
    await live.collection('second').upsert({ id: 'old-second' });
    await live.saveCheckpoint('first', 3);
    await live.saveCheckpoint('second', 4);
    await live.close();

    const firstPath = join(dir, 'first.sqlite');
    const first = open(firstPath, true);
    await first.commitProjections({
      checkpoints: [{ projector: 'first', checkpoint: 50 }],
      writes: [{ collection: 'first', id: 'new', doc: { id: 'new' }, position: 50 }],
    });
    await first.close();
    // The second file's checkpoint has no position: the live file's NOT NULL refuses it, after the first part went in.
    const secondPath = join(dir, 'second.sqlite');
    const second = new Database(secondPath);
    second.exec(`CREATE TABLE "second" (id TEXT PRIMARY KEY, doc TEXT NOT NULL, position INTEGER NOT NULL)`);
    second.exec(`CREATE TABLE checkpoints (name TEXT PRIMARY KEY, position INTEGER)`);
    second.exec(`INSERT INTO checkpoints VALUES ('second', NULL)`);
    second.close();

    const parts = [
      { scratchPath: firstPath, collections: ['first'], checkpoints: ['first'] },
      { scratchPath: secondPath, collections: ['second'], checkpoints: ['second'] },
    ];
    expect(() => copyRebuiltCollections({ livePath, parts })).toThrow(/NOT NULL/);
    const after = open(livePath);
    expect(await after.collection('first').get('old-first')).toEqual({ id: 'old-first' });
    expect(await after.collection('first').get('new')).toBeNull();
    expect(await after.collection('second').get('old-second')).toEqual({ id: 'old-second' });
    expect(await after.getCheckpoint('first')).toBe(3);
    expect(await after.getCheckpoint('second')).toBe(4);
  });
});
