import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import type { Doc, ReadStore } from '@pocketguide/platform/read-store/read-store';
import { createSqliteReadStore } from '@pocketguide/platform/read-store/sqlite-read-store';
import { createProjectionRunner, type WriteBehindLimits } from './projection-runner.ts';
import { allProjectors } from './registry.ts';
import { historyLog, insertIntoSqliteLog, type LogEvent } from './testing/history-log.ts';

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

async function everything(readStore: ReadStore): Promise<Record<string, { checkpoint: number | null; docs: Doc[] }>> {
  const all: Record<string, { checkpoint: number | null; docs: Doc[] }> = {};
  for (const projector of allProjectors) {
    all[projector.name] = {
      checkpoint: await readStore.getCheckpoint(projector.name),
      docs: await readStore.collection(projector.collection).find({}, { sort: { id: 1 } }),
    };
  }
  return all;
}

describe('rebuild against the live runner (SQLite stores)', () => {
  it('rebuilds every read model exactly as the live runner built it, with or without flushes along the way', { timeout: 180_000 }, async () => {
    const dir = resolve(import.meta.dirname, '../../test-output/tmp', `rebuild-equals-live-${randomUUID()}`);
    mkdirSync(dir, { recursive: true });
    const eventsPath = join(dir, 'events.sqlite');
    const log = [...historyLog({ total: 6000, scale: 20 })];
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
    const deadline = Date.now() + 120_000;
    while (!(await runner.status()).every((status) => status.checkpoint === head)) {
      if (Date.now() > deadline) throw new Error('the live runner did not reach the head');
      await sleep(20);
    }
    await runner.stop();
    const expected = await everything(live);
    // The log reaches the read models it should: guidebooks, users, payments, the dashboard, the audit timeline.
    for (const name of ['guidebook-list', 'guidebook-viewer', 'users', 'payments', 'dashboard', 'audit-timeline']) {
      expect(expected[name]?.docs.length, name).toBeGreaterThan(10);
    }

    const limits: Array<[string, WriteBehindLimits | undefined]> = [
      ['defaults (one flush at the end)', undefined],
      ['a flush every 700 events', { events: 700, documents: 1_000_000, heapBytes: Number.MAX_SAFE_INTEGER }],
      ['a flush every 300 documents held', { events: 1_000_000, documents: 300, heapBytes: Number.MAX_SAFE_INTEGER }],
    ];
    for (const [label, rebuildWriteBehind] of limits) {
      const rebuilt = openReads(join(dir, `rebuilt-${randomUUID()}.sqlite`));
      const rebuilder = createProjectionRunner({ eventStore, readStore: rebuilt, projectors: allProjectors, ...(rebuildWriteBehind ? { rebuildWriteBehind } : {}) });
      const result = await rebuilder.rebuild(allProjectors.map((projector) => projector.name));
      expect(result.events, label).toBe(6000);
      expect(await everything(rebuilt), label).toEqual(expected);
    }
  });
});
