import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { createTestDatabase, type PostgresDatabase } from '../../../test-support/postgres.ts';
import { createPostgresReadStore } from './postgres-read-store.ts';
import type { ProjectionWrite, ReadStore } from './read-store.ts';
import { readStoreContract } from './read-store.contract.ts';

// One database for this file (random name), dropped at the end; see test-support/postgres.ts for CI's rule.
const database: PostgresDatabase = await createTestDatabase('read_store', 'read-store contract: PostgreSQL');
const opened: ReadStore[] = [];

afterAll(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close().catch(() => undefined)));
  if (database.available) await database.drop();
});

async function open(schema?: string): Promise<ReadStore> {
  if (!database.available) throw new Error(database.reason);
  const store = await createPostgresReadStore({ connectionString: database.url, ...(schema ? { schema } : {}) });
  opened.push(store);
  return store;
}

await readStoreContract('PostgreSQL', async () => {
  if (!database.available) return { skip: database.reason };
  const store = await createPostgresReadStore({ connectionString: database.url, schema: 'contract' });
  return { store, cleanup: () => store.close() };
});

function write(collection: string, id: string, position: number, fields: Record<string, unknown> | null): ProjectionWrite {
  return { collection, id, position, doc: fields === null ? null : { id, ...fields } };
}

function ids(docs: readonly { id: string }[]): string[] {
  return docs.map((doc) => doc.id);
}

describe.skipIf(!database.available)('PostgreSQL read store', () => {
  test('survives a reopen: documents, positions, checkpoints and unique indexes', async () => {
    const schema = `reopen_${randomUUID().slice(0, 8)}`;
    const first = await createPostgresReadStore({ connectionString: database.available ? database.url : '', schema });
    await first.ensureIndexes('users', [{ fields: { email: 1 }, unique: true }]);
    await first.commitProjection({
      projector: 'users',
      checkpoint: 20,
      writes: [write('users', 'u1', 10, { email: 'a@x', name: '김민준' }), write('users', 'u2', 20, { email: 'b@x' })],
    });
    await first.close();
    const second = await open(schema);
    expect(await second.getCheckpoint('users')).toBe(20);
    expect(await second.getForProjection('users', 'u1')).toEqual({ doc: { id: 'u1', email: 'a@x', name: '김민준' }, position: 10 });
    await expect(second.collection('users').upsert({ id: 'u3', email: 'a@x' })).rejects.toThrow(/unique/);
    await second.commitProjection({ projector: 'users', checkpoint: 20, writes: [write('users', 'u2', 5, { email: 'old@x' })] });
    expect(await second.collection('users').get('u2')).toEqual({ id: 'u2', email: 'b@x' });
  });

  test('a batch that fails lands nothing: documents and checkpoint commit together or not at all', async () => {
    const store = await open(`atomic_${randomUUID().slice(0, 8)}`);
    await store.ensureIndexes('users', [{ fields: { email: 1 }, unique: true }]);
    await store.commitProjection({ projector: 'p', checkpoint: 1, writes: [write('users', 'u1', 1, { email: 'a@x' })] });
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
    ).rejects.toThrow(/unique/);
    expect(await store.getCheckpoint('p')).toBe(1);
    expect(await store.collection('profiles').get('u2')).toBeNull();
    expect(await store.getForProjection('users', 'u1')).toEqual({ doc: { id: 'u1', email: 'a@x' }, position: 1 });
  });

  test('the indexes ensureIndexes makes are the ones filters and sorts use', async () => {
    if (!database.available) throw new Error(database.reason);
    const schema = `plans_${randomUUID().slice(0, 8)}`;
    const store = await open(schema);
    const docs = store.collection('guidebooks');
    await store.ensureIndexes('guidebooks', [{ fields: { ownerId: 1, updatedAt: -1 } }]);
    await store.commitProjection({
      projector: 'p',
      checkpoint: 3000,
      writes: Array.from({ length: 3000 }, (_, i) =>
        write('guidebooks', `g${i}`, i + 1, { ownerId: `u${i % 300}`, updatedAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString() }),
      ),
    });
    const newest = await docs.find({ ownerId: 'u7' }, { sort: { updatedAt: -1 }, limit: 3 });
    expect(ids(newest)).toEqual(['g2707', 'g2407', 'g2107']);

    // The same SQL the adapter sends, explained: an index scan that needs no sort step.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(`ANALYZE ${schema}.guidebooks`);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT doc FROM ${schema}.guidebooks WHERE nullif(doc #> '{ownerId}', 'null'::jsonb) = $1::jsonb
         ORDER BY nullif(doc #> '{updatedAt}', 'null'::jsonb) DESC NULLS LAST, id ASC LIMIT 3`,
        ['"u7"'],
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index Scan|Bitmap Index Scan/);
    } finally {
      await client.end();
    }
  });

  test('a collection dropped by another process is created again on its next use', async () => {
    const schema = `dropped_${randomUUID().slice(0, 8)}`;
    const mine = await open(schema);
    const other = await open(schema);
    await mine.collection('list').upsert({ id: 'a' });
    await other.dropCollection('list');
    expect(await mine.collection('list').get('a')).toBeNull();
    await mine.commitProjection({ projector: 'p', checkpoint: 2, writes: [write('list', 'b', 2, { n: 1 })] });
    expect(ids(await other.collection('list').find())).toEqual(['b']);
  });

  test('values that look like SQL are only values', async () => {
    const store = await open(`values_${randomUUID().slice(0, 8)}`);
    const docs = store.collection('places');
    const nasty = ["'); DROP TABLE places; --", "' OR '1'='1", '%', '_', "\\'", 'x" OR 1=1 --', '{a,b}'];
    for (const [index, value] of nasty.entries()) await docs.upsert({ id: `n${index}`, name: value });
    for (const [index, value] of nasty.entries()) {
      expect(ids(await docs.find({ name: value })), value).toEqual([`n${index}`]);
      expect(ids(await docs.find({ id: value })), value).toEqual([]);
    }
    expect(ids(await docs.find({ name: { $in: ["' OR '1'='1", '{a,b}'] } }))).toEqual(['n1', 'n6']);
    await store.saveCheckpoint("x'); DELETE FROM checkpoints; --", 3);
    expect(await store.getCheckpoint("x'); DELETE FROM checkpoints; --")).toBe(3);
    expect(await docs.count()).toBe(nasty.length);
  });

  test('$contains folds case beyond ASCII', async () => {
    const store = await open(`fold_${randomUUID().slice(0, 8)}`);
    const docs = store.collection('places');
    await docs.upsert({ id: 'a', name: 'Champs-ÉLYSÉES' });
    await docs.upsert({ id: 'b', name: 'Ωμέγα Café' });
    expect(ids(await docs.find({ name: { $contains: 'élysées' } }))).toEqual(['a']);
    expect(ids(await docs.find({ name: { $contains: 'ωΜΈγα CAFÉ' } }))).toEqual(['b']);
  });

  test('a collection name PostgreSQL would truncate is refused', () => {
    if (!database.available) throw new Error(database.reason);
    return open(`names_${randomUUID().slice(0, 8)}`).then((store) => {
      expect(() => store.collection('a'.repeat(64))).toThrow(/collection/);
      expect(() => store.collection('pg_catalog')).toThrow(/collection/);
    });
  });
});
