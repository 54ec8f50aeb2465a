import { randomUUID } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type PostgresDatabase } from '../../../test-support/postgres.ts';
import { eventStoreContract } from './event-store.contract.ts';
import type { NewEvent, RecordedEvent } from './event-store.ts';
import { EventTooLargeError, PostgresEventStore, createPostgresEventStore } from './postgres-event-store.ts';

// One database for this file (random name), dropped at the end. Without POSTGRES_TEST_URL the suites skip, except
// under CI=true where they fail (test-support/postgres.ts).
const database: PostgresDatabase = await createTestDatabase('event_store', 'event-store contract: PostgreSQL');
const opened: PostgresEventStore[] = [];

afterAll(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close().catch(() => undefined)));
  if (database.available) await database.drop();
});

async function open(options: { schema?: string; pageSize?: number; pollIntervalMs?: number; maxEventBytes?: number } = {}) {
  if (!database.available) throw new Error(database.reason);
  const store = await createPostgresEventStore({ connectionString: database.url, ...options });
  opened.push(store);
  return store;
}

eventStoreContract('PostgreSQL', async () => {
  if (!database.available) return { skip: database.reason };
  const store = await open();
  return { store, cleanup: () => store.close() };
});

// Two-row pages push every read and subscription in the contract through many page boundaries; a long poll
// interval proves live delivery comes from NOTIFY, not the timer.
eventStoreContract('PostgreSQL, two-row pages', async () => {
  if (!database.available) return { skip: database.reason };
  const store = await open({ schema: 'paged', pageSize: 2, pollIntervalMs: 60_000 });
  return { store, cleanup: () => store.close() };
});

const event = (type = 'Noted', data: unknown = {}): NewEvent => ({ id: randomUUID(), type, data });

async function collect(events: AsyncIterable<RecordedEvent>): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for await (const recorded of events) all.push(recorded);
  return all;
}

async function within<T>(promise: Promise<T>, what: string, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe.skipIf(!database.available)('PostgreSQL event store', () => {
  it('never lets a reader pass an event whose transaction commits later (single-writer lock)', async () => {
    const schema = `held_${randomUUID().slice(0, 8)}`;
    const store = await open({ schema, pollIntervalMs: 50 });
    const category = `held${randomUUID().slice(0, 8)}`;
    const before = await store.headPosition();
    const subscription = store.subscribeToAll({ after: before, filter: { streamCategories: [category] } });
    const iterator = subscription[Symbol.asyncIterator]();

    // Writer A: a raw transaction that appends through the same function and then stays open.
    if (!database.available) throw new Error('unreachable');
    const held = new pg.Client({ connectionString: database.url });
    await held.connect();
    try {
      await held.query('BEGIN');
      const heldId = randomUUID();
      await held.query(`SELECT ${schema}.append_batch($1, $2, $3, $4, $5, $6, $7, $8)`, [
        [`${category}-a`],
        [category],
        ['any'],
        [1],
        [heldId],
        ['Held'],
        ['{}'],
        ['{}'],
      ]);

      // Writer B appends while A is open, and a consumer keeps pulling (and would checkpoint) meanwhile.
      const later = store.appendToStream(`${category}-b`, [event('Later')]);
      const delivered: RecordedEvent[] = [];
      const consumer = (async () => {
        while (delivered.length < 2) {
          const step = await iterator.next();
          if (step.done) return;
          delivered.push(step.value);
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));
      // A reader that looks now sees nothing of the category it could checkpoint past A with.
      const early = await collect(store.readAll({ after: before, filter: { streamCategories: [category] } }));
      expect(early).toEqual([]);

      await held.query('COMMIT');
      const appended = await within(later, 'the second writer');
      await within(consumer, 'both events on the subscription');
      expect(delivered.map((recorded) => recorded.id)).toEqual([heldId, expect.any(String)]);
      expect(delivered[1]).toMatchObject({ type: 'Later', position: appended.position });
      expect(delivered[0]!.position).toBeLessThan(appended.position);
      const all = await collect(store.readAll({ after: before, filter: { streamCategories: [category] } }));
      expect(all.map((recorded) => recorded.type)).toEqual(['Held', 'Later']);
    } finally {
      await held.query('ROLLBACK').catch(() => undefined);
      await held.end();
      await subscription.close();
    }
  });

  it('a retry at the current revision stores nothing new and answers the first result', async () => {
    const store = await open();
    const streamId = `guidebook-${randomUUID()}`;
    const batch = [event('Created'), event('Renamed')];
    const first = await store.appendToStream(streamId, batch, { expectedRevision: 'no_stream' });
    expect(first.nextExpectedRevision).toBe(1);
    // The retry's expected revision equals the stream's current revision: still a retry, not a new append.
    expect(await store.appendToStream(streamId, batch, { expectedRevision: 1 })).toEqual(first);
    expect(await store.appendToStream(streamId, [batch[1]!], { expectedRevision: 1 })).toEqual(first);
    for (const expectedRevision of ['no_stream', 'stream_exists', 'any', 0, 7] as const) {
      expect(await store.appendToStream(streamId, batch, { expectedRevision })).toEqual(first);
    }
    await expect(store.appendToStream(streamId, [batch[0]!, event('D')])).rejects.toThrow(/1 of 2 event ids are already stored/);
    await expect(store.appendToStream(`${streamId}x`, [batch[0]!])).rejects.toThrow(/some in stream/);
    expect(await collect(store.readStream(streamId))).toHaveLength(2);
  });

  it('group-commits concurrent appends in one statement, failing only the appends whose checks fail', async () => {
    const store = await open();
    const existing = event('Created');
    const taken = `guidebook-${randomUUID()}`;
    await store.appendToStream(taken, [existing]);
    const before = store.stats;
    const outcomes = await Promise.allSettled([
      store.appendToStream(taken, [event('Edited')], { expectedRevision: 0 }),
      store.appendToStream(taken, [event('Edited')], { expectedRevision: 0 }),
      store.appendToStream(`guidebook-${randomUUID()}`, [event()], { expectedRevision: 'stream_exists' }),
      store.appendToStream(`guidebook-${randomUUID()}`, [existing, event()]),
      ...Array.from({ length: 100 }, () => store.appendToStream(`guidebook-${randomUUID()}`, [event()], { expectedRevision: 'no_stream' })),
    ]);
    expect(store.stats.commits - before.commits).toBe(1);
    expect(store.stats.appends - before.appends).toBe(104);
    expect(outcomes.slice(0, 4).map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
    expect(outcomes.slice(4).every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    expect(outcomes[1]).toMatchObject({ reason: { actual: 1 } });
    expect(outcomes[2]).toMatchObject({ reason: { actual: 'no_stream' } });
    expect(await collect(store.readStream(taken))).toHaveLength(2);
  });

  it('stores a 2,000,000-byte document and refuses an oversize event with a typed error, storing nothing', async () => {
    const store = await open({ maxEventBytes: 3_000_000 });
    const streamId = `guidebook-${randomUUID()}`;
    const text = '가'.repeat(200_000) + 'x'.repeat(1_400_000); // 3 bytes a Hangul syllable: 2,000,000 B in all
    const document = { title: 'big', pages: [{ text }] };
    await store.appendToStream(streamId, [event('GuidebookCreated', document)]);
    const [stored] = await collect(store.readStream(streamId));
    expect(stored?.data).toEqual(document);

    const oversize = store.appendToStream(streamId, [event('GuidebookEdited', { text: 'y'.repeat(3_000_001) })]);
    await expect(oversize).rejects.toBeInstanceOf(EventTooLargeError);
    await expect(oversize).rejects.toMatchObject({ code: 'EVENT_TOO_LARGE', limit: 3_000_000 });
    expect(await collect(store.readStream(streamId))).toHaveLength(1);
  });

  it('keeps data exactly as sent: key order, NUL escapes and numbers', async () => {
    const store = await open();
    const streamId = `guidebook-${randomUUID()}`;
    const data = { z: 1, a: 'nul\u0000inside', m: [1.5, -0, 1e21], nested: { b: true, a: null } };
    await store.appendToStream(streamId, [event('Saved', data)]);
    const [stored] = await collect(store.readStream(streamId));
    expect(JSON.stringify(stored?.data)).toBe(JSON.stringify(data));
  });

  it('reads the log filtered in SQL: a selective filter over many pages skips ahead to the head', async () => {
    const store = await open({ schema: `filter_${randomUUID().slice(0, 8)}`, pageSize: 3 });
    await Promise.all(Array.from({ length: 30 }, (_, i) => store.appendToStream(`noise-${i}`, [event('Noise')])));
    const wanted = await store.appendToStream('wanted-1', [event('Wanted')]);
    const read = await collect(store.readAll({ filter: { eventTypes: ['Wanted'] } }));
    expect(read.map((recorded) => recorded.position)).toEqual([wanted.position]);
  });

  it('ping honours its deadline when the server does not answer', async () => {
    // A server that accepts the connection and never answers.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const store = await open();
    // A store object over the silent server, built directly: opening it the usual way would hang on the migration.
    const pool = new pg.Pool({ connectionString: `postgres://u:p@127.0.0.1:${address.port}/x` });
    const hung = new PostgresEventStore(pool, 'event_store', {
      connectionString: `postgres://u:p@127.0.0.1:${address.port}/x`,
      pingTimeoutMs: 200,
    });
    const started = performance.now();
    await expect(hung.ping()).rejects.toThrow(/did not answer within 200 ms/);
    expect(performance.now() - started).toBeLessThan(5_000);
    await expect(store.ping()).resolves.toBeUndefined();
    for (const socket of sockets) socket.destroy();
    silent.close();
    await pool.end().catch(() => undefined);
  });
});
