import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import { createPostgresEventStore } from '@pocketguide/platform/event-store/postgres-event-store';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import { createCommandHandler, decodedWith } from '@pocketguide/command-api/core/command-handler';
import { EventDecodeError, type EventDecoder } from '@pocketguide/contracts/event-decoding';
import type { Decider } from '@pocketguide/command-api/core/decider';
import { benchDir, type Figure, type SuiteResult } from '../support.ts';
import { benchPostgresUrl, withBenchDatabase } from './postgres-database.ts';

/**
 * Durable single-event appends through the command handler, against the physical limit measured in the same run
 * and directory: plain better-sqlite3 single-row inserts, one transaction each, synchronous=FULL. With
 * POSTGRES_TEST_URL (or DATABASE_URL) set, the same on PostgreSQL in the same run, against its own limit (plain
 * single-row inserts through pg, one transaction each), and the ratio PostgreSQL / SQLite.
 */
type Tick = { type: 'Ticked'; data: { n: number } };
const counter: Decider<number, { type: 'Tick' }, Tick> = {
  initialState: () => 0,
  evolve: (n) => n + 1,
  decide: (_command, n) => [{ type: 'Ticked', data: { n: n + 1 } }],
};
/** How the counter's stream is read back: `Ticked` with its number, else refused. */
const tickedEvents: EventDecoder<Tick> = {
  knows: (type): type is Tick['type'] => type === 'Ticked',
  decode(type, data) {
    if (type !== 'Ticked') throw new EventDecodeError(type, { path: '', message: 'unknown event type' });
    if (typeof data !== 'object' || data === null || !('n' in data) || typeof data.n !== 'number') throw new EventDecodeError(type, { path: 'n', message: 'a number' });
    return { type, data: { n: data.n } };
  },
};

function rawLimit(dir: string, count: number): number {
  const db = new Database(resolve(dir, 'raw.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, data TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO t (data) VALUES (?)');
  const payload = JSON.stringify({ n: 1, note: 'x'.repeat(64) });
  const started = performance.now();
  for (let i = 0; i < count; i++) insert.run(payload);
  const seconds = (performance.now() - started) / 1000;
  db.close();
  return count / seconds;
}

/** The same physical limit on PostgreSQL: single-row inserts through pg, each its own (durable) transaction. */
async function rawPostgresLimit(url: string, count: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE TABLE t (id bigserial PRIMARY KEY, data json NOT NULL)');
    const payload = JSON.stringify({ n: 1, note: 'x'.repeat(64) });
    const started = performance.now();
    for (let i = 0; i < count; i++) await client.query('INSERT INTO t (data) VALUES ($1)', [payload]);
    return count / ((performance.now() - started) / 1000);
  } finally {
    await client.end();
  }
}

async function throughHandler(store: EventStore, count: number, concurrency: number): Promise<number> {
  const handle = createCommandHandler(store, counter, { toEvent: decodedWith(tickedEvents) });
  // Each lane owns its streams, so the expected revision is always exact and never conflicts; 100 streams a lane
  // keep them short, as a guidebook's stream is between snapshots, so the figure is about the append.
  const streamsPerLane = 100;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, lane) => {
      for (;;) {
        const i = next++;
        if (i >= count) return;
        const stream = `counter-${lane}-${i % streamsPerLane}`;
        await handle(stream, { type: 'Tick' }, { metadata: { commandId: `bench-${concurrency}-${i}`, userId: 'bench' } });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return count / seconds;
}

export async function appendsSuite(): Promise<SuiteResult> {
  const dir = benchDir('appends');
  const count = 3000;
  const limit = rawLimit(dir, count);
  const onSqlite = async (concurrency: number): Promise<number> => {
    const store = createSqliteEventStore({ path: resolve(dir, `events-${concurrency}.sqlite`) });
    try {
      return await throughHandler(store, count, concurrency);
    } finally {
      await store.close();
    }
  };
  const sequential = await onSqlite(1);
  const concurrent = await onSqlite(32);
  const baseline = { name: 'raw better-sqlite3 insert, 1 tx each, synchronous=FULL', value: limit };
  const figures: Figure[] = [
    { name: 'physical limit: raw single-row inserts/s', value: limit, unit: 'ops/s' },
    { name: 'command handler appends/s, 1 at a time', value: sequential, unit: 'ops/s', baseline, ratio: sequential / limit, aim: '>= 0.5' },
    { name: 'command handler appends/s, 32 concurrent (group commit)', value: concurrent, unit: 'ops/s', baseline, ratio: concurrent / limit, aim: '>= 0.5' },
  ];
  const postgres = benchPostgresUrl();
  if (postgres) figures.push(...(await postgresFigures(postgres, count, { sequential, concurrent })));
  return { suite: postgres ? 'event store appends (SQLite, PostgreSQL)' : 'event store appends (SQLite; PostgreSQL: no POSTGRES_TEST_URL)', figures };
}

async function postgresFigures(serverUrl: string, count: number, sqlite: { sequential: number; concurrent: number }): Promise<Figure[]> {
  return withBenchDatabase(serverUrl, 'appends', async (url) => {
    const limit = await rawPostgresLimit(url, count);
    const run = async (concurrency: number): Promise<number> => {
      const store = await createPostgresEventStore({ connectionString: url, schema: `lanes_${concurrency}` });
      try {
        return await throughHandler(store, count, concurrency);
      } finally {
        await store.close();
      }
    };
    const sequential = await run(1);
    const concurrent = await run(32);
    const baseline = { name: 'raw pg insert, 1 tx each', value: limit };
    return [
      { name: 'PostgreSQL physical limit: raw single-row inserts/s', value: limit, unit: 'ops/s' },
      { name: 'PostgreSQL command handler appends/s, 1 at a time', value: sequential, unit: 'ops/s', baseline, ratio: sequential / limit, aim: '>= 0.5' },
      { name: 'PostgreSQL command handler appends/s, 32 concurrent (group commit)', value: concurrent, unit: 'ops/s', baseline, ratio: concurrent / limit, aim: '>= 0.5' },
      {
        name: 'PostgreSQL / SQLite, appends 1 at a time',
        value: sequential,
        unit: 'ops/s',
        baseline: { name: 'SQLite, 1 at a time', value: sqlite.sequential },
        ratio: sequential / sqlite.sequential,
      },
      {
        name: 'PostgreSQL / SQLite, 32 concurrent appends',
        value: concurrent,
        unit: 'ops/s',
        baseline: { name: 'SQLite, 32 concurrent', value: sqlite.concurrent },
        ratio: concurrent / sqlite.concurrent,
      },
    ];
  });
}
