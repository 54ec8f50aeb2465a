import { resolve } from 'node:path';
import { DASHBOARD } from '@pocketguide/contracts/dashboard/dashboard-summary';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import { createSqliteReadStore } from '@pocketguide/platform/read-store/sqlite-read-store';
import { createProjectionRunner } from '@pocketguide/projections/projection-runner';
import type { Projector } from '@pocketguide/projections/projector';
import { dashboardProjector } from '@pocketguide/projections/dashboard/dashboard-projector';
import {
  historyDays,
  scaleRates,
  SMALL_HISTORY_RATES,
  type HistoryEvent,
} from '@pocketguide/projections/dashboard/dashboard-history';
import { answerFromCollection, DashboardReplay } from '@pocketguide/projections/dashboard/dashboard-replay';
import { dashboardReads, summarizeDashboard } from '@pocketguide/projections/dashboard/dashboard-summary';
import type { DashboardDoc } from '@pocketguide/projections/dashboard/dashboard-docs';
import { benchDir, percentile, type SuiteResult } from '../support.ts';

const MB = 1024 * 1024;

/** Peak RSS and heap while `run` runs, sampled every 20 ms, above what the process used before. */
async function withMemory<T>(
  run: () => Promise<T>,
): Promise<{ result: T; rssPeakMb: number; heapPeakMb: number; rssBeforeMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let rssPeak = before.rss;
  let heapPeak = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    rssPeak = Math.max(rssPeak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed);
  };
  const timer = setInterval(sample, 20);
  try {
    const result = await run();
    sample();
    return {
      result,
      rssPeakMb: rssPeak / MB,
      heapPeakMb: (heapPeak - before.heapUsed) / MB,
      rssBeforeMb: before.rss / MB,
    };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Dashboard rebuild: `total` events of a made-up 14-month-plus history (registrations, subscriptions, renewals,
 * lapses, deletions, guidebooks, payments, refunds; see dashboard-history.ts) written to a fresh SQLite event store,
 * then (1) the `dashboard` read model rebuilt by the projection runner into a SQLite read store, (2) the same log
 * replayed in memory as `?asOf` does, (3) GET-style reads of the summary from the rebuilt read model.
 */
export async function dashboardSuite(total = 1_000_000): Promise<SuiteResult> {
  const dir = benchDir('dashboard');
  const eventStore = createSqliteEventStore({ path: resolve(dir, 'events.sqlite') });

  // about 2,350 events a day for 425 days ≈ 1,000,000
  const days = historyDays({
    seed: 42,
    from: new Date('2025-09-01T00:00:00+09:00'),
    days: 5_000,
    rates: scaleRates(SMALL_HISTORY_RATES, 700),
  });
  let written = 0;
  let lastEventAt = '';
  const writeStarted = performance.now();
  let buffer: HistoryEvent[] = [];
  const flush = async () => {
    await Promise.all(
      buffer.map((event) =>
        eventStore.appendToStream(event.streamId, [{ id: crypto.randomUUID(), type: event.type, data: event.data }]),
      ),
    );
    buffer = [];
  };
  for (const day of days) {
    for (const event of day) {
      if (written >= total) break;
      buffer.push(event);
      written += 1;
      lastEventAt = event.recordedAt;
    }
    if (buffer.length >= 2000) await flush();
    if (written >= total) break;
  }
  await flush();
  const writeSeconds = (performance.now() - writeStarted) / 1000;
  console.error(
    `dashboard bench: ${written.toLocaleString('en')} events written in ${writeSeconds.toFixed(1)} s (history up to ${lastEventAt})`,
  );

  // (1) rebuild through the runner into SQLite
  const readStore = createSqliteReadStore({ path: resolve(dir, 'read.sqlite') });
  const runner = createProjectionRunner({
    eventStore,
    readStore,
    projectors: [dashboardProjector as unknown as Projector],
  });
  const rebuilt = await withMemory(async () => {
    const started = performance.now();
    await runner.rebuild(dashboardProjector.name);
    return (performance.now() - started) / 1000;
  });
  const documents = await readStore.collection(DASHBOARD).count();
  console.error(
    `dashboard bench: rebuilt in ${rebuilt.result.toFixed(1)} s, ${documents.toLocaleString('en')} documents`,
  );

  // (2) the same log replayed in memory (what ?asOf does), streamed from the store
  const replayed = await withMemory(async () => {
    const started = performance.now();
    const replay = new DashboardReplay();
    for await (const event of eventStore.readAll({ filter: dashboardProjector.filter ?? {} })) replay.apply(event);
    const summary = replay.summary(new Date(lastEventAt));
    return { seconds: (performance.now() - started) / 1000, summary };
  });

  // (3) reading the summary from the read model, as GET /api/admin/dashboard does
  const collection = readStore.collection<DashboardDoc>(DASHBOARD);
  const at = new Date(lastEventAt);
  const timings: number[] = [];
  let live = summarizeDashboard(at, await answerFromCollection(collection, dashboardReads(at)));
  for (let k = 0; k < 20; k += 1) {
    const started = performance.now();
    live = summarizeDashboard(at, await answerFromCollection(collection, dashboardReads(at)));
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  await runner.stop();
  await readStore.close();
  await eventStore.close();

  // both ways give the same figures
  const { asOf: _a, replayed: _r, ...fromReplay } = replayed.result.summary;
  const { asOf: _b, replayed: _s, ...fromReadModel } = live;
  if (JSON.stringify(fromReplay) !== JSON.stringify(fromReadModel))
    throw new Error('the replayed dashboard differs from the read model');
  console.error(
    `dashboard bench: ${live.usersTotal.toLocaleString('en')} users, ${live.paidUsers.toLocaleString('en')} paid, ${live.guidebooksTotal.toLocaleString('en')} guidebooks, ${live.paymentsTotal.toLocaleString('en')} won`,
  );

  return {
    suite: `dashboard (${written.toLocaleString('en')} events, SQLite)`,
    figures: [
      {
        name: 'rebuild through the runner into the SQLite read store',
        value: written / rebuilt.result,
        unit: 'events/s',
        aim: '>= 20,000',
      },
      { name: 'rebuild: seconds', value: rebuilt.result, unit: 's' },
      { name: 'rebuild: peak RSS', value: rebuilt.rssPeakMb, unit: 'MB' },
      { name: 'rebuild: peak heap above start', value: rebuilt.heapPeakMb, unit: 'MB' },
      { name: 'read model documents', value: documents, unit: 'docs' },
      {
        name: 'replay in memory (?asOf), streamed from the store',
        value: written / replayed.result.seconds,
        unit: 'events/s',
      },
      { name: 'replay: seconds', value: replayed.result.seconds, unit: 's' },
      { name: 'replay: peak RSS', value: replayed.rssPeakMb, unit: 'MB' },
      { name: 'replay: peak heap above start', value: replayed.heapPeakMb, unit: 'MB' },
      { name: 'summary read from the read model p50', value: percentile(timings, 50), unit: 'ms' },
      { name: 'summary read from the read model p99', value: percentile(timings, 99), unit: 'ms' },
      { name: 'writing the log (appendToStream, 2,000 at a time)', value: written / writeSeconds, unit: 'events/s' },
    ],
  };
}
