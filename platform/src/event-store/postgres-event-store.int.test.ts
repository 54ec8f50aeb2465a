import { randomUUID } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, openPostgresAdmin, type PostgresDatabase } from '../../../test-support/postgres.ts';
import { waitBudgetMs } from '../../../test-support/wait-budget.ts';
import { eventStoreContract } from './event-store.contract.ts';
import { WrongExpectedRevisionError, type NewEvent, type RecordedEvent } from './event-store.ts';
import {
  EventTooLargeError,
  PostgresEventStore,
  createPostgresEventStore,
  type ConnectionLossReport,
  type PostgresEventStoreOptions,
} from './postgres-event-store.ts';

// One database for this file (random name), dropped at the end. Without POSTGRES_TEST_URL the suites skip, except
// under CI=true where they fail (test-support/postgres.ts).
const database: PostgresDatabase = await createTestDatabase('event_store', 'event-store contract: PostgreSQL');
const opened: PostgresEventStore[] = [];

afterAll(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close().catch(() => undefined)));
  if (database.available) await database.drop();
});

async function open(options: Omit<PostgresEventStoreOptions, 'connectionString'> = {}) {
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
    await expect(store.appendToStream(streamId, [batch[0]!, event('D')])).rejects.toThrow(
      /1 of 2 event ids are already stored/,
    );
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
      ...Array.from({ length: 100 }, () =>
        store.appendToStream(`guidebook-${randomUUID()}`, [event()], { expectedRevision: 'no_stream' }),
      ),
    ]);
    expect(store.stats.commits - before.commits).toBe(1);
    expect(store.stats.appends - before.appends).toBe(104);
    expect(outcomes.slice(0, 4).map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
    ]);
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

  describe('lost connections and two instances at once', () => {
    /** An admin connection that can block the log table and kill the backends that wait on it. */
    async function admin() {
      if (!database.available) throw new Error(database.reason);
      const db = await openPostgresAdmin(database.url, waitBudgetMs(process.env));
      return { ...db, terminate: async (pid: number) => expect(await db.terminate(pid)).toBe(true) };
    }

    it('a backend killed mid-read (pg_terminate_backend): the subscription reads on from its position, nothing missed or doubled', async () => {
      const schema = `killed_${randomUUID().slice(0, 8)}`;
      const losses: ConnectionLossReport[] = [];
      // a poll far beyond the wait budget: live events can only come through LISTEN/NOTIFY
      const store = await open({
        schema,
        pageSize: 2,
        pollIntervalMs: 600_000,
        onConnectionLoss: (report) => void losses.push(report),
      });
      const other = await open({ schema }); // a second instance on the same log: another process
      const history = Array.from({ length: 9 }, (_, i) => event('Noted', { i }));
      for (const [i, noted] of history.entries()) await store.appendToStream(`note-${i % 3}`, [noted]);
      const subscription = store.subscribeToAll();
      const iterator = subscription[Symbol.asyncIterator]();
      const delivered: RecordedEvent[] = [];
      const next = async () => {
        const step = await within(iterator.next(), `event ${delivered.length + 1}`);
        if (step.done) throw new Error('the subscription ended');
        delivered.push(step.value);
      };
      for (let i = 0; i < 3; i++) await next();

      // 1. a page read blocked on a lock is killed: the read fails with 57P01 and is tried again
      const db = await admin();
      try {
        await db.client.query('BEGIN');
        await db.client.query(`LOCK TABLE ${schema}.events IN ACCESS EXCLUSIVE MODE`);
        const pulling = (async () => {
          for (let i = 0; i < 6; i++) await next();
        })();
        await db.terminate(await db.waitingPid('%FROM%events%'));
        await db.client.query('COMMIT');
        await pulling;
        expect(
          losses.some((loss) => loss.what === 'subscription' && (loss.error as { code?: string }).code === '57P01'),
        ).toBe(true);

        // 2. the LISTEN connection is killed while the subscription waits for live events: another instance's
        // appends still arrive, long before the poll timer would look
        const waiting = next();
        await db.terminate(await db.listenerPid());
        const live = [event('Noted', { live: 1 }), event('Noted', { live: 2 })];
        await other.appendToStream('note-live', [live[0]!]);
        await waiting;
        await other.appendToStream('note-live', [live[1]!]);
        await next();

        // 3. an append whose statement is killed while it waits is sent again and stored once
        await db.client.query('BEGIN');
        await db.client.query(`LOCK TABLE ${schema}.events IN ACCESS EXCLUSIVE MODE`);
        const retried = event('Noted', { retried: true });
        const appending = store.appendToStream('note-retried', [retried], { expectedRevision: 'no_stream' });
        await db.terminate(await db.waitingPid('%append_batch%'));
        await db.client.query('COMMIT');
        expect(await appending).toMatchObject({ nextExpectedRevision: 0 });
        expect(losses.some((loss) => loss.what === 'append')).toBe(true);
        await next();

        const expected = [...history, ...live, retried].map((e) => e.id);
        expect(delivered.map((e) => e.id)).toEqual(expected);
        expect(new Set(delivered.map((e) => e.position)).size).toBe(expected.length);
        expect((await collect(store.readAll())).map((e) => e.id)).toEqual(expected);
      } finally {
        await db.client.query('ROLLBACK').catch(() => undefined);
        await db.client.end();
        await subscription.close();
      }
    });

    it('two instances append to one stream at once with the same expected revision: exactly one wins', async () => {
      const schema = `two_${randomUUID().slice(0, 8)}`;
      const [a, b] = [await open({ schema }), await open({ schema })];
      await a.appendToStream('race-1', [event()]);
      for (let round = 0; round < 5; round++) {
        const results = await Promise.allSettled([
          a.appendToStream('race-1', [event('A')], { expectedRevision: round }),
          b.appendToStream('race-1', [event('B')], { expectedRevision: round }),
        ]);
        expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
        const lost = results.find((result) => result.status === 'rejected');
        expect(lost?.reason).toBeInstanceOf(WrongExpectedRevisionError);
      }
      expect((await collect(b.readStream('race-1'))).map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5]);
    });
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
