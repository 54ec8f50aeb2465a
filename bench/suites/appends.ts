import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import { createCommandHandler } from '@pocketguide/command-api/core/command-handler';
import type { Decider } from '@pocketguide/command-api/core/decider';
import { benchDir, type SuiteResult } from '../support.ts';

/**
 * Durable single-event appends through the command handler, against the physical limit measured in the same run
 * and directory: plain better-sqlite3 single-row inserts, one transaction each, synchronous=FULL.
 */
type Tick = { type: 'Ticked'; data: { n: number } };
const counter: Decider<number, { type: 'Tick' }, Tick> = {
  initialState: () => 0,
  evolve: (n) => n + 1,
  decide: (_command, n) => [{ type: 'Ticked', data: { n: n + 1 } }],
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

async function throughHandler(dir: string, count: number, concurrency: number): Promise<number> {
  const store = createSqliteEventStore({ path: resolve(dir, `events-${concurrency}.sqlite`) });
  const handle = createCommandHandler(store, counter);
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
  await store.close();
  return count / seconds;
}

export async function appendsSuite(): Promise<SuiteResult> {
  const dir = benchDir('appends');
  const count = 3000;
  const limit = rawLimit(dir, count);
  const sequential = await throughHandler(dir, count, 1);
  const concurrent = await throughHandler(dir, count, 32);
  const baseline = { name: 'raw better-sqlite3 insert, 1 tx each, synchronous=FULL', value: limit };
  return {
    suite: 'event store appends (SQLite)',
    figures: [
      { name: 'physical limit: raw single-row inserts/s', value: limit, unit: 'ops/s' },
      { name: 'command handler appends/s, 1 at a time', value: sequential, unit: 'ops/s', baseline, ratio: sequential / limit, aim: '>= 0.5' },
      { name: 'command handler appends/s, 32 concurrent (group commit)', value: concurrent, unit: 'ops/s', baseline, ratio: concurrent / limit, aim: '>= 0.5' },
    ],
  };
}
