import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { createTestDatabase, openPostgresAdmin, type PostgresDatabase } from '../../../test-support/postgres.ts';
import { waitBudgetMs } from '../../../test-support/wait-budget.ts';
import { createPostgresReadStore, type ReadStoreConnectionLoss } from './postgres-read-store.ts';
import type { ProjectionWrite, ReadStore } from './read-store.ts';
import { readStoreContract } from './read-store.contract.ts';

// One database for this file (random name), dropped at the end; see test-support/postgres.ts for CI's rule.
const database: PostgresDatabase = await createTestDatabase('read_store', 'read-store contract: PostgreSQL');
const opened: ReadStore[] = [];

afterAll(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close().catch(() => undefined)));
  if (database.available) await database.drop();
});

const WAIT_MS = waitBudgetMs(process.env);

async function open(schema?: string, onConnectionLoss?: (report: ReadStoreConnectionLoss) => void): Promise<ReadStore> {
  if (!database.available) throw new Error(database.reason);
  const store = await createPostgresReadStore({
    connectionString: database.url,
    ...(schema ? { schema } : {}),
    ...(onConnectionLoss ? { onConnectionLoss } : {}),
  });
  opened.push(store);
  return store;
}

await readStoreContract('PostgreSQL', async () => {
  if (!database.available) return { skip: database.reason };
  const store = await createPostgresReadStore({ connectionString: database.url, schema: 'contract' });
  return { store, cleanup: () => store.close() };
});

function write(
  collection: string,
  id: string,
  position: number,
  fields: Record<string, unknown> | null,
): ProjectionWrite {
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
    expect(await second.getForProjection('users', 'u1')).toEqual({
      doc: { id: 'u1', email: 'a@x', name: '김민준' },
      position: 10,
    });
    await expect(second.collection('users').upsert({ id: 'u3', email: 'a@x' })).rejects.toThrow(/unique/);
    await second.commitProjection({
      projector: 'users',
      checkpoint: 20,
      writes: [write('users', 'u2', 5, { email: 'old@x' })],
    });
    expect(await second.collection('users').get('u2')).toEqual({ id: 'u2', email: 'b@x' });
  });

  test('a batch that fails lands nothing: documents and checkpoint commit together or not at all', async () => {
    const store = await open(`atomic_${randomUUID().slice(0, 8)}`);
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
        write('guidebooks', `g${i}`, i + 1, {
          ownerId: `u${i % 300}`,
          updatedAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
        }),
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

  describe('lost connections', () => {
    /** An admin connection that can lock a table and kill the backends waiting on it (as a failover or an operator would). */
    async function admin() {
      if (!database.available) throw new Error(database.reason);
      const db = await openPostgresAdmin(database.url, WAIT_MS);
      return { ...db, terminate: async (pid: number) => expect(await db.terminate(pid)).toBe(true) };
    }

    test('a read and a projection commit whose backend is killed are sent again on another connection: the read answers, the commit lands once', async () => {
      const schema = `lost_${randomUUID().slice(0, 8)}`;
      const losses: ReadStoreConnectionLoss[] = [];
      const store = await open(schema, (report) => void losses.push(report));
      await store.commitProjection({
        projector: 'p',
        checkpoint: 2,
        writes: [write('places', 'a', 1, { name: '경복궁' }), write('places', 'b', 2, { name: 'N서울타워' })],
      });
      const db = await admin();
      try {
        // 1. a read that waits on a lock is killed (57P01): it is read again and answers
        await db.client.query('BEGIN');
        await db.client.query(`LOCK TABLE ${schema}.places IN ACCESS EXCLUSIVE MODE`);
        const reading = store.collection('places').find({}, { sort: { name: 1 } });
        await db.terminate(await db.waitingPid('%FROM%places%'));
        await db.client.query('COMMIT');
        expect(ids(await reading)).toEqual(['b', 'a']);
        expect(losses.map((loss) => (loss.error as { code?: string }).code)).toEqual(['57P01']);

        // 2. a projection commit killed while it waits: sent again, its writes and checkpoint land once
        await db.client.query('BEGIN');
        await db.client.query(`LOCK TABLE ${schema}.places IN ACCESS EXCLUSIVE MODE`);
        const committing = store.commitProjection({
          projector: 'p',
          checkpoint: 4,
          writes: [write('places', 'a', 3, { name: '경복궁', visits: 1 }), write('places', 'c', 4, { name: '남산' })],
        });
        await db.terminate(await db.waitingPid('%places%'));
        await db.client.query('COMMIT');
        await committing;
        expect(losses).toHaveLength(2);
        expect(await store.getCheckpoint('p')).toBe(4);
        expect(await store.getForProjection('places', 'a')).toEqual({
          doc: { id: 'a', name: '경복궁', visits: 1 },
          position: 3,
        });
        expect(await store.collection('places').count()).toBe(3);

        // 3. every pooled connection killed at once (a server restart): the next statements open new ones
        expect(await db.terminateAll()).toBeGreaterThan(0);
        expect(
          ids(await store.collection('places').find({ name: { $in: ['남산', 'N서울타워'] } }, { sort: { id: 1 } })),
        ).toEqual(['b', 'c']);
        await store.commitProjection({
          projector: 'p',
          checkpoint: 5,
          writes: [write('places', 'd', 5, { name: '명동' })],
        });
        expect(await store.getCheckpoint('p')).toBe(5);
        expect(await store.collection('places').count()).toBe(4);
      } finally {
        await db.client.end().catch(() => undefined);
      }
    });

    test('a statement that fails for itself (not the connection) is not sent again', async () => {
      const losses: ReadStoreConnectionLoss[] = [];
      const store = await open(`unique_${randomUUID().slice(0, 8)}`, (report) => void losses.push(report));
      await store.ensureIndexes('users', [{ fields: { email: 1 }, unique: true }]);
      await store.collection('users').upsert({ id: 'u1', email: 'a@x' });
      await expect(store.collection('users').upsert({ id: 'u2', email: 'a@x' })).rejects.toThrow(/unique/);
      expect(losses).toEqual([]);
    });
  });
});
