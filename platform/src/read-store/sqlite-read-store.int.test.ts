import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
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
