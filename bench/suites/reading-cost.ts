import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cpuUsage } from 'node:process';
import {
  readingInsightAfter,
  readingInsightIdsOf,
  type ReadingInsightsDoc,
  type ReadingEvent,
  type RecordedRead,
} from '@pocketguide/contracts';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import { createReadingIngest } from '@pocketguide/query-api/insights/reading-ingest';
import { benchDir, percentile, type Figure, type SuiteResult } from '../support.ts';

/** 1,000 readers' beacons a second (a page opened and the time on it), over 10 guidebooks, flushed every 250 ms */
const BEACONS_PER_FLUSH = 250;
const GUIDEBOOKS = 10;
const FLUSHES = 200;
const PAGES = Array.from({ length: 12 }, (_, index) => (index === 0 ? 'cover' : `p-${index}`));

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/**
 * What it proves (issue 24): what the readers' beacons cost besides their HTTP, in CPU time and in how long they
 * hold a loop, the figures a busy shared machine changes least (the mixed-load suite's read p99s are the machine's
 * when its load is high):
 * - the serving loop: a batch of `reading-ingest.ts` as 1,000 beacons a second make it (500 reads for 10 guidebooks
 *   every 250 ms) appended to a real SQLite event store: the longest the loop is held during a flush (a
 *   `setImmediate` heartbeat's longest gap) and the CPU of a flush;
 * - the projections process: the `reading-insights` fold (contracts' `readingInsightIdsOf` and `readingInsightAfter`,
 *   the projector's: days and their months) of the events those batches make, CPU per event and per beacon.
 * Every read flushed must be found in the log, else the suite fails.
 */
export async function readingCostSuite(): Promise<SuiteResult> {
  const dir = benchDir('reading-cost');
  const store = createSqliteEventStore({ path: resolve(dir, 'events.db') });
  const figures: Figure[] = [];
  try {
    const ingest = createReadingIngest({
      eventStore: store,
      targetOf: async (uuid) => ({ guidebookId: `g-${uuid}`, ownerId: 'owner' }),
      now: () => new Date(),
      newId: randomUUID,
      intervalMs: 3_600_000, // flushed by hand below
    });
    const holds: number[] = [];
    const flushCpu: number[] = [];
    const loadBefore = load();
    for (let round = 0; round < FLUSHES + 20; round++) {
      const at = new Date().toISOString();
      for (let index = 0; index < BEACONS_PER_FLUSH; index++) {
        const uuid = `u${index % GUIDEBOOKS}`;
        const page = PAGES[index % PAGES.length]!;
        ingest.accept(
          uuid,
          ingest.readsOf(
            {
              uuid,
              reads: [
                { kind: 'open', page, at, source: 'qr', device: 'phone', offline: false, first: true },
                { kind: 'time', page, at, ms: 12_000 + index, offline: false },
              ],
            },
            index % 3 === 0,
          ),
        );
      }
      // the heartbeat: the longest gap between its turns is the longest the flush held the loop
      let last = performance.now();
      let longest = 0;
      let beating = true;
      const beat = () => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
        if (beating) setImmediate(beat);
      };
      setImmediate(beat);
      const before = cpuUsage();
      await ingest.flush();
      const used = cpuMs(before);
      beating = false;
      await new Promise((next) => setTimeout(next, 2));
      // the first flushes warm the JIT and the statements
      if (round >= 20) {
        holds.push(longest);
        flushCpu.push(used);
      }
    }
    const stats = ingest.stats();
    await ingest.stop();
    let stored = 0;
    for await (const event of store.readAll())
      if (event.type === 'GuidebookReadsRecorded') stored += (event.data as { reads: unknown[] }).reads.length;
    const expected = (FLUSHES + 20) * BEACONS_PER_FLUSH * 2;
    if (stored !== expected || stats.stored !== expected)
      throw new Error(`${expected} reads were flushed but ${stored} found in the log (${stats.stored} counted)`);
    holds.sort((a, b) => a - b);
    flushCpu.sort((a, b) => a - b);
    figures.push(
      {
        name: `serving loop: longest hold during a flush of ${BEACONS_PER_FLUSH * 2} reads (${GUIDEBOOKS} guidebooks; 250 ms of 1,000 beacons/s), p50`,
        value: percentile(holds, 50),
        unit: `ms; p99 ${percentile(holds, 99).toFixed(2)}, max ${holds[holds.length - 1]!.toFixed(2)} ms over ${FLUSHES} flushes; load ${loadBefore} → ${load()}`,
      },
      {
        name: 'serving loop: CPU of such a flush (median)',
        value: percentile(flushCpu, 50),
        unit: `ms, so ${((percentile(flushCpu, 50) * 4) / 10).toFixed(2)} % of a core at 1,000 beacons/s`,
      },
    );

    // the projector's fold of the same events, as the projections process runs it
    const events: ReadingEvent[] = [];
    for await (const event of store.readAll())
      if (event.type === 'GuidebookReadsRecorded')
        events.push({
          type: 'GuidebookReadsRecorded',
          data: event.data as { guidebookId: string; ownerId: string; reads: RecordedRead[] },
        });
    const fold = (events: readonly ReadingEvent[]) => {
      const docs = new Map<string, ReadingInsightsDoc | null>();
      for (const event of events)
        for (const id of readingInsightIdsOf(event)) docs.set(id, readingInsightAfter(docs.get(id) ?? null, event, id));
      return docs.size;
    };
    fold(events); // warm-up
    const rounds = 5;
    // each round folds events it has not seen, as the projections process does (the fold keeps what it works out
    // once per event)
    const copies = Array.from({ length: rounds }, () => events.map((event) => ({ ...event })));
    const before = cpuUsage();
    for (const copy of copies) fold(copy);
    const foldMs = cpuMs(before) / (rounds * events.length);
    const readsPerEvent = expected / events.length;
    figures.push({
      name: `projections process: reading-insights fold, CPU per event (${readsPerEvent.toFixed(0)} reads, 3 scopes)`,
      value: foldMs,
      unit: `ms, ${((foldMs / readsPerEvent) * 2 * 1000).toFixed(2)} µs per beacon; load ${load()}`,
    });
  } finally {
    await store.close();
  }
  return { suite: "readers' beacons besides their HTTP: the serving loop's flush, the projection's fold", figures };
}
