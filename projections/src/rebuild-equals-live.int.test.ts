import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import { createSqliteReadStore } from '@pocketguide/platform/read-store/sqlite-read-store';
import { loadConfig } from '@pocketguide/platform/config/config';
import { createProjectionRunner, type RebuildProgress, type WriteBehindLimits } from './projection-runner.ts';
import { allProjectors } from './registry.ts';
import { historyLog, insertIntoSqliteLog, type LogEvent } from './testing/history-log.ts';
import { allReadModels as everything, waitUntilCaughtUp } from './testing/read-models.ts';
import { rebuildInThreads } from './threaded-rebuild.ts';

/**
 * A rebuild holds documents in memory across batches and writes each once per flush; the server's runner writes
 * every batch. Both must give the same read models, document for document, whatever the flush limits.
 */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function openReads(path: string): ReadStore {
  const store = createSqliteReadStore({ path });
  cleanups.push(() => store.close());
  return store;
}

describe('rebuild against the live runner (SQLite stores)', () => {
  it(
    'rebuilds every read model exactly as the live runner built it, with or without flushes along the way',
    { timeout: 480_000 },
    async () => {
      const dir = resolve(import.meta.dirname, '../../test-output/tmp', `rebuild-equals-live-${randomUUID()}`);
      mkdirSync(dir, { recursive: true });
      const eventsPath = join(dir, 'events.sqlite');
      // the accounts' and guidebooks' history, and every third event one of the other read models' (icons, messages…)
      const log = [...historyLog({ total: 6000, scale: 20, othersEvery: 3 })];
      await insertIntoSqliteLog(eventsPath, log.slice(0, 2000));
      const eventStore = createSqliteEventStore({ path: eventsPath, pollIntervalMs: 20 });
      cleanups.push(() => eventStore.close());

      // Live: small batches, the rest of the log arriving (from another connection, as another process appends)
      // while the runner follows the head.
      const live = openReads(join(dir, 'live.sqlite'));
      const runner = createProjectionRunner({ eventStore, readStore: live, projectors: allProjectors, batchSize: 40 });
      cleanups.push(() => runner.stop());
      await runner.start();
      const rest: LogEvent[][] = [];
      for (let start = 2000; start < log.length; start += 400) rest.push(log.slice(start, start + 400));
      for (const chunk of rest) await insertIntoSqliteLog(eventsPath, chunk);
      const head = await eventStore.headPosition();
      expect(head).toBe(6000);
      await waitUntilCaughtUp(runner, head);
      await runner.stop();
      const expected = await everything(live);
      // The log reaches every read model of the registry.
      for (const projector of allProjectors)
        expect(expected[projector.name]?.docs.length, projector.name).toBeGreaterThan(10);

      type Variant = {
        limits?: WriteBehindLimits;
        batchSize?: number;
        flushes: (flushes: { partial: number; full: number }) => void;
      };
      const never = Number.MAX_SAFE_INTEGER;
      const variants: Array<[string, Variant]> = [
        ['defaults (one flush at the end)', { flushes: (flushes) => expect(flushes).toEqual({ partial: 0, full: 1 }) }],
        // partial flushes: what was not touched since the last flush is written and forgotten, the rest stays held
        [
          'a flush every 700 events',
          {
            limits: { events: 700, documents: never, heapBytes: never },
            flushes: (f) => expect(f).toEqual({ partial: 6, full: 1 }),
          },
        ],
        [
          'a flush every 90 events',
          {
            limits: { events: 90, documents: never, heapBytes: never },
            batchSize: 50,
            flushes: (f) => expect(f.partial).toBeGreaterThan(50),
          },
        ],
        // the hot documents alone are over three quarters of the limit: the least recently touched go too
        [
          'a flush every 300 documents held',
          {
            limits: { events: never, documents: 300, heapBytes: never },
            batchSize: 100,
            flushes: (f) => expect(f.partial).toBeGreaterThan(5),
          },
        ],
        // any live heap is over the limit: half the hot documents go after each full garbage collection the rebuild sees
        [
          'a flush at every collection',
          { limits: { events: never, documents: never, heapBytes: 1 }, flushes: (f) => expect(f.full).toBe(1) },
        ],
      ];
      for (const [label, { limits: rebuildWriteBehind, batchSize, flushes: expectFlushes }] of variants) {
        const rebuilt = openReads(join(dir, `rebuilt-${randomUUID()}.sqlite`));
        const rebuilder = createProjectionRunner({
          eventStore,
          readStore: rebuilt,
          projectors: allProjectors,
          ...(rebuildWriteBehind ? { rebuildWriteBehind } : {}),
          ...(batchSize ? { batchSize } : {}),
        });
        const result = await rebuilder.rebuild(allProjectors.map((projector) => projector.name));
        expect(result.events, label).toBe(6000);
        expectFlushes(result.flushes!);
        expect(await everything(rebuilt), label).toEqual(expected);
      }

      // The CLI's way: worker threads, each with its share of the read models and a scratch file of its own, copied
      // into the live file at the end. The live file held stale documents, a read model's table with stray rows, and
      // what is not a read model (another checkpoint, another collection): the first are replaced, the rest kept.
      const env = { ...process.env, DATA_DIR: dir, EVENTSTORE_URL: '', MONGO_URL: '', DATABASE_URL: '' };
      const config = loadConfig(env);
      const stale = openReads(config.paths.readStore);
      await stale.collection('guidebook-list').upsert({ id: 'stray', title: 'not from the log' });
      await stale.collection('audit-timeline').upsert({ id: 'stray' });
      await stale.saveCheckpoint('guidebook-list', 3);
      await stale.saveCheckpoint('some-worker', 42);
      await stale.collection('not-a-read-model').upsert({ id: 'kept', value: 1 });
      await stale.close();
      for (const threads of [2, 3]) {
        const progress: RebuildProgress[] = [];
        const stages: string[] = [];
        // The calling thread only hands out work and passes progress on: its loop keeps turning, copies included.
        let ticks = 0;
        const timer = setInterval(() => (ticks += 1), 20);
        const startedAt = performance.now();
        const result = await rebuildInThreads({
          config,
          env,
          names: allProjectors.map((projector) => projector.name),
          projectors: allProjectors,
          threads,
          onProgress: (p) => progress.push(p),
          onStage: (line) => stages.push(line),
        }).finally(() => clearInterval(timer));
        const elapsed = performance.now() - startedAt;
        expect(ticks, `${ticks} ticks of 20 ms in ${Math.round(elapsed)} ms`).toBeGreaterThanOrEqual(
          Math.floor(elapsed / 20 / 3),
        );
        expect(result).toMatchObject({ events: 6000, checkpoint: 6000 });
        expect(stages.filter((line) => /^thread \d: /.test(line))).toHaveLength(threads);
        expect(progress.at(-1)).toMatchObject({ processed: 6000, position: 6000, headPosition: 6000 });
        const copied = openReads(config.paths.readStore);
        expect(await everything(copied), `${threads} threads`).toEqual(expected);
        expect(await copied.getCheckpoint('some-worker')).toBe(42);
        expect(await copied.collection('not-a-read-model').get('kept')).toEqual({ id: 'kept', value: 1 });
        await copied.close();
      }
    },
  );
});
