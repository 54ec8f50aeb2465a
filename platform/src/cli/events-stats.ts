import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config.ts';
import type { RecordedEvent } from '../event-store/event-store.ts';
import { eventStoreDescription, openEventStore } from '../composition/open-stores.ts';
import { runIfMain, UsageError } from './cli-main.ts';

/** Counts the event log by type and by day, streaming (only the counts are kept in memory). */
export const STATS_USAGE = `Usage: npm run events:stats [-- --json]

  --json    print the counts as JSON instead of tables

Reads the store the configuration points at (DATA_DIR, or EVENTSTORE_URL). Days are UTC.`;

export type EventStats = {
  total: number;
  firstRecordedAt: string | null;
  lastRecordedAt: string | null;
  headPosition: number;
  /** count per event type, most frequent first */
  byType: Record<string, number>;
  /** count per UTC day (YYYY-MM-DD), oldest first */
  byDay: Record<string, number>;
};

export async function countEvents(events: AsyncIterable<RecordedEvent>): Promise<EventStats> {
  const byType = new Map<string, number>();
  const byDay = new Map<string, number>();
  let total = 0;
  let first: string | null = null;
  let last: string | null = null;
  let headPosition = 0;
  for await (const event of events) {
    total += 1;
    byType.set(event.type, (byType.get(event.type) ?? 0) + 1);
    const day = new Date(event.recordedAt).toISOString().slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + 1);
    first ??= event.recordedAt;
    last = event.recordedAt;
    headPosition = event.position;
  }
  return {
    total,
    firstRecordedAt: first,
    lastRecordedAt: last,
    headPosition,
    byType: Object.fromEntries([...byType].sort(([a, x], [b, y]) => y - x || a.localeCompare(b))),
    byDay: Object.fromEntries([...byDay].sort(([a], [b]) => a.localeCompare(b))),
  };
}

function table(heading: string, rows: Record<string, number>): string {
  const entries = Object.entries(rows);
  const width = Math.max(heading.length, ...entries.map(([key]) => key.length));
  const counts = entries.map(([, count]) => count.toLocaleString('en-US'));
  const countWidth = Math.max('count'.length, ...counts.map((count) => count.length));
  const lines = [
    `${heading.padEnd(width)}  ${'count'.padStart(countWidth)}`,
    `${'-'.repeat(width)}  ${'-'.repeat(countWidth)}`,
  ];
  entries.forEach(([key], index) => lines.push(`${key.padEnd(width)}  ${(counts[index] ?? '').padStart(countWidth)}`));
  return lines.join('\n');
}

export function formatStats(stats: EventStats, source: string): string {
  if (stats.total === 0) return `No events in ${source}.`;
  return [
    `${stats.total.toLocaleString('en-US')} events in ${source}, recorded ${stats.firstRecordedAt} to ${stats.lastRecordedAt}`,
    '',
    table('type', stats.byType),
    '',
    table('day (UTC)', stats.byDay),
  ].join('\n');
}

async function main(argv: readonly string[]): Promise<number> {
  let json: boolean | undefined;
  let help: boolean | undefined;
  try {
    ({
      values: { json, help },
    } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (help) {
    console.log(STATS_USAGE);
    return 0;
  }
  const config = loadConfig();
  const eventStore = await openEventStore(config, { mustExist: true });
  try {
    const stats = await countEvents(eventStore.readAll());
    console.log(json ? JSON.stringify(stats, null, 2) : formatStats(stats, eventStoreDescription(config)));
    return 0;
  } finally {
    await eventStore.close();
  }
}

runIfMain(import.meta, STATS_USAGE, main);
