import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { READING_INSIGHTS, readingStream, type ReadingDayDoc, type RecordedRead } from '@pocketguide/contracts';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import { createSqliteReadStore } from '@pocketguide/platform/read-store/sqlite-read-store';
import { createProjectionRunner } from '@pocketguide/projections/projection-runner';
import type { Projector } from '@pocketguide/projections/projector';
import { readingInsightsProjector } from '@pocketguide/projections/reading-insights/reading-insights-projector';
import { startStandalone } from '@pocketguide/standalone/app';
import {
  benchDir,
  BENCH_ADMIN,
  percentile,
  publishedSample,
  root,
  signInAdmin,
  type Figure,
  type SuiteResult,
} from '../support.ts';

/**
 * Reader insights (issue 24), four figures, each from work that is counted before it is reported:
 * - **rebuild**: `events` `GuidebookReadsRecorded` events (two reads each, spread over 100 guidebooks of 20 owners
 *   and the last 365 days) written to the standalone's SQLite event store, then the `reading-insights` read model
 *   rebuilt from them by the projection runner: events/s and peak RSS. Proved by the site-wide opens in the rebuilt
 *   read model equalling the opens written.
 * - **read**: the standalone started on that store, then `GET /api/guidebooks/{id}/insights` (the default 30 days,
 *   and a whole year) and `GET /api/admin/insights` (a year, site-wide) over real HTTP, one at a time: p50/p99. The
 *   read sums a month's rollup per whole month and a day's document per other day (`reading-insights`), so its cost
 *   follows the months and days asked for, not the events: this is the figure at `events` events. Beside them, the
 *   CPU time per read of this process (server and client), which a loaded machine changes least. Proved by the year's opens of the guidebook equalling those written.
 *   (The log is in time order, as the ingest writes it: a projection batch touches the days it covers.)
 * - **first start**: the standalone's other projectors and its workers catching up over those events when it starts:
 *   how long, and the process's peak RSS meanwhile (issue 24: it ran out of a 4 GB heap at 1,000,000 events).
 * - **ingest**: `POST /api/reading` beacons (one page open each, a phone's User-Agent) from a load generator in a
 *   second process for `seconds`, all connections open at once: beacons/s answered 204, and the server process's
 *   CPU per beacon (its user + system time over the run, projection of the appended events included, divided by
 *   the beacons). Proved by counting the reads stored in the guidebook's `reading-` stream after the last flush:
 *   every beacon answered 204 must be there, one read each.
 * A figure whose work was not stored is an error, not a number. The load average is printed beside each figure.
 */
export async function insightsSuite(events = 1_000_000, seconds = 10, connections = 32): Promise<SuiteResult> {
  const dataDir = benchDir('insights');
  const env = {
    LOG_LEVEL: 'warn',
    ...BENCH_ADMIN,
    READING_FLUSH_INTERVAL_MS: '500',
    BEACONS_PER_ADDRESS_PER_MINUTE: '100000000',
  };
  const load = () => `load ${loadavg()[0]!.toFixed(2)}`;
  const figures: Figure[] = [];

  // a published guidebook (the one the reads and the beacons are for), then the server stops
  let sample: { _id: string; uuid: string };
  let ownerId: string;
  {
    const app = await startStandalone({ port: 0, dataDir, env });
    try {
      const session = await signInAdmin(app.url);
      sample = await publishedSample(app.url, session);
      ownerId = String(session.user.id);
    } finally {
      await app.close();
    }
  }

  // (1) the log: `events` reading events, 10 % of them the sample's
  const eventStore = createSqliteEventStore({ path: resolve(dataDir, 'events.sqlite') });
  const today = Date.now();
  const guidebooks = Array.from({ length: 100 }, (_, index) =>
    index === 0 ? { id: sample._id, owner: ownerId } : { id: `bench-gb-${index}`, owner: `bench-owner-${index % 20}` },
  );
  let written = 0;
  let sampleOpens = 0;
  const writeStarted = performance.now();
  // 2,000 events at a time, one append per guidebook (about 20 events each): the log is written as the ingest writes
  // it, a batch of reads per guidebook, not one commit per event
  while (written < events) {
    const byStream = new Map<string, Array<{ id: string; type: string; data: unknown }>>();
    for (let k = 0; k < 2000 && written < events; k++, written++) {
      const book = written % 10 === 0 ? guidebooks[0]! : guidebooks[1 + (written % 99)]!;
      // in time order over the last 365 days, as the ingest appends them
      const at = new Date(today - 364 * 86_400_000 + Math.floor((written / events) * 364 * 86_400_000)).toISOString();
      const page = written % 7 === 0 ? 'cover' : `page-${written % 12}`;
      const reads: RecordedRead[] = [
        {
          kind: 'open',
          page,
          at,
          source: (['qr', 'link', 'gallery', 'kakao', 'other'] as const)[written % 5]!,
          device: 'phone',
          offline: false,
          first: written % 3 === 0,
          newReader: written % 4 === 0,
        },
        { kind: 'time', page, at, ms: 1000 + (written % 120) * 1000, offline: false },
      ];
      if (book === guidebooks[0]) sampleOpens += 1;
      const stream = readingStream(book.id);
      const list = byStream.get(stream) ?? [];
      list.push({
        id: crypto.randomUUID(),
        type: 'GuidebookReadsRecorded',
        data: { guidebookId: book.id, ownerId: book.owner, reads },
      });
      byStream.set(stream, list);
    }
    await Promise.all([...byStream].map(([stream, list]) => eventStore.appendToStream(stream, list)));
  }
  const writeSeconds = (performance.now() - writeStarted) / 1000;
  console.error(
    `insights bench: ${written.toLocaleString('en')} reading events written in ${writeSeconds.toFixed(1)} s (${load()})`,
  );

  // (2) the rebuild, into the standalone's own read store (its checkpoint is then where the server starts from)
  {
    const readStore = createSqliteReadStore({ path: resolve(dataDir, 'read-models.sqlite') });
    const runner = createProjectionRunner({
      eventStore,
      readStore,
      projectors: [readingInsightsProjector as unknown as Projector],
    });
    let rssPeak = process.memoryUsage().rss;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    await runner.rebuild(readingInsightsProjector.name);
    const rebuildSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    // the site's days (its months' rollups, which have no `day`, count the same opens again)
    const site = await readStore
      .collection<ReadingDayDoc>(READING_INSIGHTS)
      .find({ scope: 'site', day: { $exists: true } });
    const siteOpens = site.reduce((sum, doc) => sum + doc.opens, 0);
    await runner.stop();
    await readStore.close();
    if (siteOpens !== written)
      throw new Error(
        `the rebuilt read model counts ${siteOpens} opens, ${written} were written: the rebuild did not do its work`,
      );
    figures.push(
      {
        name: `reading-insights rebuild (${written.toLocaleString('en')} events, ${site.length} site days)`,
        value: written / rebuildSeconds,
        unit: `events/s (${rebuildSeconds.toFixed(1)} s; ${load()})`,
        aim: '>= 20,000',
      },
      { name: 'reading-insights rebuild: peak RSS', value: rssPeak / 1024 / 1024, unit: 'MB', aim: '< 600' },
    );
  }
  await eventStore.close();

  // (3) and (4): the server on that store
  const app = await startStandalone({ port: 0, dataDir, env });
  try {
    const session = await signInAdmin(app.url);
    // The server's other projectors start behind the events written above (the audit timeline and the dashboard
    // read every category): the reads are measured once they have caught up, as a server in service would be,
    // not while a million-event catch-up takes the same CPU. How long that took is printed.
    // The workers (mail, billing, thumbnails) start behind too, and are waited for as well. The process's peak RSS
    // meanwhile is what a first start on a long log costs (issue 24: it ran out of its 4 GB heap at 1,000,000 events);
    // it starts from what the rebuild above left in this process, so it is an upper bound.
    const caughtUp = performance.now();
    let catchUpRss = process.memoryUsage().rss;
    const catchUpSampler = setInterval(() => (catchUpRss = Math.max(catchUpRss, process.memoryUsage().rss)), 20);
    try {
      for (;;) {
        const health = (await (await fetch(`${app.url}/api/health`)).json()) as {
          projectors?: Array<{ name: string; lag: number }>;
          workers?: Array<{ name: string; lag: number }>;
        };
        const behind = [...(health.projectors ?? []), ...(health.workers ?? [])].filter((part) => part.lag > 0);
        if (behind.length === 0) break;
        if (performance.now() - caughtUp > 3_600_000)
          throw new Error(`projectors or workers still behind after an hour: ${JSON.stringify(behind)}`);
        await new Promise((done) => setTimeout(done, 1000));
      }
    } finally {
      clearInterval(catchUpSampler);
    }
    const catchUpSeconds = (performance.now() - caughtUp) / 1000;
    console.error(
      `insights bench: the server's projectors and workers caught up in ${catchUpSeconds.toFixed(1)} s (${load()})`,
    );
    figures.push({
      name: `the server's first start on the log: its other projectors and workers caught up over ${written.toLocaleString('en')} events: peak RSS`,
      value: catchUpRss / 1024 / 1024,
      unit: `MB (${catchUpSeconds.toFixed(0)} s; ${load()})`,
      aim: '< 600',
    });
    const get = async (path: string) => {
      const answer = await fetch(`${app.url}/api${path}`, { headers: session.headers });
      if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
      return (await answer.json()) as { totals: { opens: number } };
    };
    const dayOf = (time: number) => new Date(time + 9 * 3600_000).toISOString().slice(0, 10);
    const year = `from=${dayOf(today - 365 * 86_400_000)}&to=${dayOf(today)}`;
    const opensInYear = (await get(`/guidebooks/${sample._id}/insights?${year}`)).totals.opens;
    if (opensInYear !== sampleOpens)
      throw new Error(`the guidebook's insights count ${opensInYear} opens over the year, ${sampleOpens} were written`);
    for (const [name, path] of [
      ['GET /api/guidebooks/{id}/insights (last 30 days)', `/guidebooks/${sample._id}/insights`],
      ['GET /api/guidebooks/{id}/insights (a year)', `/guidebooks/${sample._id}/insights?${year}`],
      ['GET /api/admin/insights (site-wide, a year)', `/admin/insights?${year}`],
    ] as const) {
      const timings: number[] = [];
      const cpuBefore = process.cpuUsage();
      for (let k = 0; k < 200; k++) {
        const started = performance.now();
        await get(path);
        timings.push(performance.now() - started);
      }
      const cpu = process.cpuUsage(cpuBefore);
      timings.sort((a, b) => a - b);
      // CPU per read (the server's work and this client's, one process): the figure a loaded machine changes least
      const cpuPerRead = (cpu.user + cpu.system) / 1000 / 200;
      figures.push({
        name: `${name} at ${written.toLocaleString('en')} reading events: p99`,
        value: percentile(timings, 99),
        unit: `ms (p50 ${percentile(timings, 50).toFixed(1)}; CPU ${cpuPerRead.toFixed(1)} ms a read; 200 reads; ${load()})`,
        aim: '< 100',
      });
    }

    // (4) beacons
    const streamReads = async () => {
      let count = 0;
      for await (const event of app.eventStore.readStream(readingStream(sample._id)))
        count += (event.data as { reads: unknown[] }).reads.length;
      return count;
    };
    const before = await streamReads();
    const beacon = {
      uuid: sample.uuid,
      reads: [
        {
          kind: 'open',
          page: 'cover',
          at: new Date().toISOString(),
          source: 'kakao',
          device: 'phone',
          offline: false,
          first: true,
        },
      ],
    };
    const cpuBefore = process.cpuUsage();
    const loadBefore = load();
    const result = await beaconLoad(`${app.url}/api/reading`, seconds, connections, JSON.stringify(beacon));
    const cpu = process.cpuUsage(cpuBefore);
    // the last beacons are appended at the next flush (every 500 ms)
    const deadline = Date.now() + 30_000;
    let stored = (await streamReads()) - before;
    while (stored < result.ok && Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, 250));
      stored = (await streamReads()) - before;
    }
    if (result.ok === 0)
      throw new Error(`no beacon was answered 204 (${result.non2xx} other answers, ${result.errors} errors)`);
    // autocannon counts the answers that came within the run; the server also answers what was in flight at its end
    if (stored < result.ok || stored > result.ok + connections)
      throw new Error(
        `${result.ok} beacons were answered 204 (and at most ${connections} more in flight) but ${stored} reads were stored`,
      );
    console.error(`insights bench: beacons ${JSON.stringify(result)}, ${stored} reads stored`);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    figures.push(
      {
        name: `POST /api/reading ingest (${connections} connections, ${seconds} s, one read a beacon; ${stored.toLocaleString('en')} reads stored)`,
        value: result.ok / seconds,
        unit: `beacons/s = events/s (p99 ${result.p99} ms; ${loadBefore} → ${load()})`,
      },
      {
        name: 'POST /api/reading: server CPU per beacon (HTTP, checks, batching, append, projection)',
        value: cpuMs / result.ok,
        unit: `ms (${(cpuMs / 1000).toFixed(1)} s CPU over ${seconds} s)`,
      },
    );
  } finally {
    await app.close();
  }
  return { suite: `reader insights (${written.toLocaleString('en')} reading events, SQLite)`, figures };
}

type BeaconLoadResult = { ok: number; non2xx: number; errors: number; timeouts: number; p99: number; p50: number };

/** autocannon in a second process (this file, run as a script), so the server's process does only the server's work. */
async function beaconLoad(url: string, seconds: number, connections: number, body: string): Promise<BeaconLoadResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', resolve(root, 'bench/suites/insights.ts'), url, String(seconds), String(connections), body],
    {
      cwd: root,
      maxBuffer: 10 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout) as BeaconLoadResult;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [url = '', seconds = '10', connections = '32', body = '{}'] = process.argv.slice(2);
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({
    url,
    method: 'POST',
    body,
    duration: Number(seconds),
    connections: Number(connections),
    headers: {
      'content-type': 'application/json',
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    },
  });
  const answered = result as unknown as { statusCodeStats?: Record<string, { count: number }>; '2xx': number };
  const ok = answered.statusCodeStats?.['204']?.count ?? answered['2xx'];
  process.stdout.write(
    JSON.stringify({
      ok,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      p99: result.latency.p99,
      p50: result.latency.p50,
    } satisfies BeaconLoadResult),
  );
}
