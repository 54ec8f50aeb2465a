import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '@pocketguide/platform/config/config';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import { createSqliteReadStore } from '@pocketguide/platform/read-store/sqlite-read-store';
import { createProjectionRunner } from './projection-runner.ts';
import { allProjectors } from './registry.ts';
import { historyLog, insertIntoSqliteLog, type LogEvent } from './testing/history-log.ts';
import { allReadModels, waitUntilCaughtUp } from './testing/read-models.ts';
import { rebuildInThreads } from './threaded-rebuild.ts';

/**
 * `projections:rebuild` in worker threads with the embedded read store: each thread writes a scratch file, and the
 * live file takes all of them in one transaction at the end, or none.
 */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const names = allProjectors.map((projector) => projector.name);

function setUp(): { dir: string; eventsPath: string; env: NodeJS.ProcessEnv; config: Config } {
  const dir = resolve(import.meta.dirname, '../../test-output/tmp', `threaded-rebuild-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  const env = { ...process.env, DATA_DIR: dir, EVENTSTORE_URL: '', MONGO_URL: '', DATABASE_URL: '' };
  const config = loadConfig(env);
  return { dir, eventsPath: config.paths.eventStore, env, config };
}

function openReads(path: string): ReadStore {
  const store = createSqliteReadStore({ path });
  cleanups.push(() => store.close());
  return store;
}

const scratchFiles = (dir: string) => readdirSync(dir).filter((name) => name.includes('.rebuild-'));

describe('rebuild in threads (SQLite stores)', () => {
  it(
    'given read models in the live file, when a thread fails at the last event, then no read model of the live file changes',
    { timeout: 300_000 },
    async () => {
      const { dir, eventsPath, env, config } = setUp();
      const log = [...historyLog({ total: 4500, scale: 20, othersEvery: 3 })];
      await insertIntoSqliteLog(eventsPath, log.slice(0, 3000));
      await rebuildInThreads({ config, env, names, projectors: allProjectors, threads: 2 });
      const live = openReads(config.paths.readStore);
      await live.collection('not-a-read-model').upsert({ id: 'kept', value: 1 });
      const before = await allReadModels(live);
      await live.close();
      expect(before.feedback?.checkpoint).toBe(3000);

      // More of the log, which would change every read model, then feedback whose data does not fit its schema: the
      // feedback read model's thread fails there, after the other thread may well be done.
      const bad: LogEvent = {
        streamId: 'feedback-unreadable',
        revision: 0,
        type: 'FeedbackSubmitted',
        data: { feedbackId: 'unreadable' },
        metadata: { userId: 'system', role: 'system' },
        recordedAt: new Date().toISOString(),
      };
      await insertIntoSqliteLog(eventsPath, [...log.slice(3000), bad]);
      const stages: string[] = [];
      const failing = rebuildInThreads({
        config,
        env,
        names,
        projectors: allProjectors,
        threads: 2,
        onStage: (line) => stages.push(line),
      });

      await expect(failing).rejects.toThrow(/Rebuild failed: feedback: /);
      const after = openReads(config.paths.readStore);
      expect(await allReadModels(after)).toEqual(before);
      expect(await after.collection('not-a-read-model').get('kept')).toEqual({ id: 'kept', value: 1 });
      expect(stages.filter((line) => /copies/.test(line))).toEqual([]);
      expect(scratchFiles(dir)).toEqual([]);
    },
  );

  it(
    'given a writer appending all along, when the threads have rebuilt up to the head they started from, then the runner started after catches up to a rebuild of the whole log',
    { timeout: 300_000 },
    async () => {
      const { dir, eventsPath, env, config } = setUp();
      const log = [...historyLog({ total: 5000, scale: 20, othersEvery: 3 })];
      await insertIntoSqliteLog(eventsPath, log.slice(0, 3000));
      const writerStore = createSqliteEventStore({ path: eventsPath });
      cleanups.push(() => writerStore.close());

      let rebuilding = true;
      let appendedDuring = 0;
      const rebuilt = rebuildInThreads({ config, env, names, projectors: allProjectors, threads: 2 }).finally(
        () => (rebuilding = false),
      );
      // The writer appends the rest of the log one event at a time, through the append path (one sync each).
      const writer = (async () => {
        for (const event of log.slice(3000)) {
          await writerStore.appendToStream(event.streamId, [
            { id: randomUUID(), type: event.type, data: event.data, metadata: event.metadata },
          ]);
          if (rebuilding) appendedDuring += 1;
        }
      })();
      const result = await rebuilt;
      await writer;
      const head = await writerStore.headPosition();
      expect(head).toBe(5000);
      // The rebuild stopped at the head it started from, and the writer was writing meanwhile.
      expect(appendedDuring).toBeGreaterThan(0);
      expect(result.checkpoint).toBeGreaterThanOrEqual(3000);
      expect(result.checkpoint).toBeLessThan(head);
      expect(scratchFiles(dir)).toEqual([]);

      const live = openReads(config.paths.readStore);
      const runner = createProjectionRunner({ eventStore: writerStore, readStore: live, projectors: allProjectors });
      cleanups.push(() => runner.stop());
      await runner.start();
      await waitUntilCaughtUp(runner, head);
      await runner.stop();

      const whole = openReads(join(dir, 'whole.sqlite'));
      await createProjectionRunner({ eventStore: writerStore, readStore: whole, projectors: allProjectors }).rebuild(
        names,
      );
      const expected = await allReadModels(whole);
      for (const name of names) expect(expected[name]?.checkpoint, name).toBe(head);
      expect(await allReadModels(live)).toEqual(expected);
    },
  );
});
