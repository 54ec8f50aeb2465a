import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import type { ProjectionWrite } from './read-store.ts';
import { readStoreContract } from './read-store.contract.ts';
import { createSqliteReadStore } from './sqlite-read-store.ts';

const scratch = resolve(import.meta.dirname, '../../../test-output/tmp/read-store');

function freshPath(label: string): string {
  mkdirSync(scratch, { recursive: true });
  return resolve(scratch, `${label}-${randomUUID().slice(0, 8)}.sqlite`);
}

function write(
  collection: string,
  id: string,
  position: number,
  fields: Record<string, unknown> | null,
): ProjectionWrite {
  return { collection, id, position, doc: fields === null ? null : { id, ...fields } };
}

await readStoreContract('SQLite', async () => {
  const store = createSqliteReadStore({ path: freshPath('contract') });
  return { store, cleanup: () => store.close() };
});

describe('SQLite read store', () => {
  test('survives a reopen: documents, positions, checkpoints and unique indexes', async () => {
    const path = freshPath('reopen');
    const first = createSqliteReadStore({ path });
    await first.ensureIndexes('users', [{ fields: { email: 1 }, unique: true }]);
    await first.commitProjection({
      projector: 'users',
      checkpoint: 20,
      writes: [write('users', 'u1', 10, { email: 'a@x', name: '김민준' }), write('users', 'u2', 20, { email: 'b@x' })],
    });
    await first.close();

    const second = createSqliteReadStore({ path });
    try {
      expect(await second.getCheckpoint('users')).toBe(20);
      expect(await second.getForProjection('users', 'u1')).toEqual({
        doc: { id: 'u1', email: 'a@x', name: '김민준' },
        position: 10,
      });
      await expect(second.collection('users').upsert({ id: 'u3', email: 'a@x' })).rejects.toThrow(/UNIQUE/);
      await second.commitProjection({
        projector: 'users',
        checkpoint: 20,
        writes: [write('users', 'u2', 5, { email: 'old@x' })],
      });
      expect(await second.collection('users').get('u2')).toEqual({ id: 'u2', email: 'b@x' });
    } finally {
      await second.close();
    }
  });

  test('a file that is not a database gives an error that names the path', () => {
    const path = freshPath('corrupt');
    writeFileSync(path, 'these are not the pages of a SQLite database\n'.repeat(200));
    expect(() => createSqliteReadStore({ path })).toThrow(path);
    expect(() => createSqliteReadStore({ path })).toThrow(/not a database/);
  });

  test('a batch that fails lands nothing: documents and checkpoint commit together or not at all', async () => {
    const store = createSqliteReadStore({ path: freshPath('atomic') });
    try {
      await store.ensureIndexes('users', [{ fields: { email: 1 }, unique: true }]);
      await store.commitProjection({
        projector: 'p',
        checkpoint: 1,
        writes: [write('users', 'u1', 1, { email: 'a@x' })],
      });
      await expect(
        store.commitProjection({
          projector: 'p',
          checkpoint: 4,
          writes: [
            write('profiles', 'u2', 2, { bio: 'hello' }),
            write('users', 'u1', 3, { email: 'changed@x' }),
            write('users', 'u2', 4, { email: 'changed@x' }),
          ],
        }),
      ).rejects.toThrow(/UNIQUE/);
      expect(await store.getCheckpoint('p')).toBe(1);
      expect(await store.collection('profiles').get('u2')).toBeNull();
      expect(await store.getForProjection('users', 'u1')).toEqual({ doc: { id: 'u1', email: 'a@x' }, position: 1 });
      expect(await store.collection('users').count()).toBe(1);
    } finally {
      await store.close();
    }
  });

  test('field and collection names carrying SQL are refused before any SQL runs', async () => {
    const store = createSqliteReadStore({ path: freshPath('injection-names') });
    try {
      const docs = store.collection('places');
      await docs.upsert({ id: 'a', name: 'x' });
      const attempts = [
        "name') = 'x' OR 1=1 --",
        "name'), (SELECT count(*) FROM checkpoints",
        'name"; DROP TABLE places; --',
        'name\u0000',
        "a.b'",
      ];
      for (const field of attempts) {
        await expect(docs.find({ [field]: 'x' }), field).rejects.toThrow(/invalid field name/);
        await expect(docs.count({ $or: [{ [field]: { $exists: true } }] }), field).rejects.toThrow(
          /invalid field name/,
        );
        await expect(docs.find({}, { sort: { [field]: 1 } }), field).rejects.toThrow(/invalid field name/);
        await expect(store.ensureIndexes('places', [{ fields: { [field]: 1 } }]), field).rejects.toThrow(
          /invalid field name/,
        );
      }
      expect(() => store.collection('places"; DROP TABLE checkpoints; --')).toThrow(/invalid collection name/);
      await expect(store.dropCollection('places" --')).rejects.toThrow(/invalid collection name/);
      expect(await docs.find()).toEqual([{ id: 'a', name: 'x' }]);
    } finally {
      await store.close();
    }
  });

  test('values that look like SQL are only values', async () => {
    const store = createSqliteReadStore({ path: freshPath('injection-values') });
    try {
      const docs = store.collection('places');
      const nasty = ["'); DROP TABLE places; --", "' OR '1'='1", '%', '_', "\\'", 'x" OR 1=1 --'];
      for (const [index, value] of nasty.entries()) await docs.upsert({ id: `n${index}`, name: value });
      await docs.upsert({ id: 'plain', name: 'plain' });
      for (const [index, value] of nasty.entries()) {
        expect(ids(await docs.find({ name: value })), value).toEqual([`n${index}`]);
        expect(ids(await docs.find({ id: value })), value).toEqual([]);
      }
      expect(ids(await docs.find({ name: { $contains: "' OR 1=1 --" } }))).toEqual([]);
      expect(ids(await docs.find({ name: { $contains: '%' } }))).toEqual(['n2']);
      expect(ids(await docs.find({ name: { $in: ["' OR '1'='1", 'plain'] } }))).toEqual(['n1', 'plain']);
      expect(await docs.get("' OR '1'='1")).toBeNull();
      await store.saveCheckpoint("x'); DELETE FROM checkpoints; --", 3);
      expect(await store.getCheckpoint("x'); DELETE FROM checkpoints; --")).toBe(3);
      expect(await docs.count()).toBe(nasty.length + 1);
    } finally {
      await store.close();
    }
  });

  test('fields kept as columns: the indexes read the columns, which every write fills', async () => {
    const path = freshPath('columns');
    const store = createSqliteReadStore({ path });
    const raw = new Database(path, { readonly: true });
    try {
      await store.declareColumns?.('entries', ['type', 'actor']);
      await store.commitProjections({
        checkpoints: [{ projector: 'entries', checkpoint: 2 }],
        writes: [write('entries', 'e1', 1, { type: 'A', actor: 'u1' }), write('entries', 'e2', 2, { type: 'B' })],
      });
      await store.collection('entries').upsert({ id: 'e3', type: 'A', actor: null, note: 'by hand' });
      await store.ensureIndexes('entries', [{ fields: { type: 1, id: -1 } }, { fields: { actor: 1, type: 1 } }]);
      const indexes = raw
        .prepare<[], string>(
          `SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'entries' AND sql IS NOT NULL`,
        )
        .pluck()
        .all();
      expect(indexes).toHaveLength(2);
      for (const sql of indexes) expect(sql).not.toContain('json_extract');
      expect(raw.prepare('SELECT id, field_type, field_actor FROM entries ORDER BY id').all()).toEqual([
        { id: 'e1', field_type: 'A', field_actor: 'u1' },
        { id: 'e2', field_type: 'B', field_actor: null },
        { id: 'e3', field_type: 'A', field_actor: null },
      ]);
      const plan = raw
        .prepare<[], { detail: string }>(
          `EXPLAIN QUERY PLAN SELECT doc FROM entries WHERE "field_type" = 'A' AND typeof("field_type") = 'text' ORDER BY id DESC`,
        )
        .all()
        .map((row) => row.detail)
        .join('; ');
      expect(plan).toContain('entries__type_1__id_-1');
      expect(ids(await store.collection('entries').find({ type: 'A' }, { sort: { id: -1 } }))).toEqual(['e3', 'e1']);
    } finally {
      raw.close();
      await store.close();
    }
  });

  test('a field kept as a column holding an object or a boolean fails the write, which lands nothing', async () => {
    const store = createSqliteReadStore({ path: freshPath('columns-refused') });
    try {
      await store.declareColumns?.('entries', ['type']);
      for (const type of [{ nested: 1 }, true, ['A']]) {
        await expect(
          store.commitProjections({
            checkpoints: [{ projector: 'entries', checkpoint: 2 }],
            writes: [write('entries', 'e1', 1, { type: 'A' }), write('entries', 'e2', 2, { type })],
          }),
        ).rejects.toThrow(/entries\.type is kept as a column/);
        await expect(store.collection('entries').upsert({ id: 'e3', type })).rejects.toThrow(/kept as a column/);
      }
      expect(await store.collection('entries').count()).toBe(0);
      expect(await store.getCheckpoint('entries')).toBeNull();
      await expect(store.declareColumns?.('entries', ['a.b'])).rejects.toThrow(/top-level field/);
    } finally {
      await store.close();
    }
  });

  test('a connection that read a table before its columns were added writes them afterwards', async () => {
    const path = freshPath('columns-migrated');
    const owner = createSqliteReadStore({ path });
    const reader = createSqliteReadStore({ path });
    try {
      await owner.ensureIndexes('entries', [{ fields: { type: 1, id: -1 } }]);
      await owner.collection('entries').upsert({ id: 'e1', type: 'A' });
      // the reader (query-api's connection) learns the table as it is: no columns yet
      expect(ids(await reader.collection('entries').find({ type: 'A' }))).toEqual(['e1']);
      await owner.declareColumns?.('entries', ['type']);
      await owner.ensureIndexes('entries', [{ fields: { type: 1, id: -1 } }]);
      await reader.collection('entries').upsert({ id: 'e2', type: 'A' });
      await reader.commitProjections({ checkpoints: [], writes: [write('entries', 'e3', 3, { type: 'A' })] });
      expect(ids(await owner.collection('entries').find({ type: 'A' }))).toEqual(['e1', 'e2', 'e3']);
      expect(ids(await reader.collection('entries').find({ type: 'A' }))).toEqual(['e1', 'e2', 'e3']);
    } finally {
      await reader.close();
      await owner.close();
    }
  });

  test('$contains folds case beyond ASCII', async () => {
    const store = createSqliteReadStore({ path: freshPath('fold') });
    try {
      const docs = store.collection('places');
      await docs.upsert({ id: 'a', name: 'Champs-ÉLYSÉES' });
      await docs.upsert({ id: 'b', name: 'Ωμέγα Café' });
      expect(ids(await docs.find({ name: { $contains: 'élysées' } }))).toEqual(['a']);
      expect(ids(await docs.find({ name: { $contains: 'ωΜΈγα CAFÉ' } }))).toEqual(['b']);
    } finally {
      await store.close();
    }
  });
});

function ids(docs: readonly { id: string }[]): string[] {
  return docs.map((doc) => doc.id);
}
