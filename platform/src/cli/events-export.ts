import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { Writable } from 'node:stream';
import { loadConfig } from '../config/config.ts';
import type { EventStore, RecordedEvent } from '../event-store/event-store.ts';
import { eventStoreDescription, openEventStore } from '../composition/open-stores.ts';
import { runIfMain, UsageError } from './cli-main.ts';

/**
 * Exports the event log as NDJSON (one RecordedEvent per line) for analysts, streaming: events are read page by
 * page and written as they come, never held all at once.
 */
export const EXPORT_USAGE = `Usage: npm run events:export -- [--from <position|ISO date>] [--type <type>]... [--stream <stream id>] [--out <file>]

  --from <n>        events after the event at global position n (exclusive, as a checkpoint); n must be an
                    event's own position, e.g. the "position" of the last line of an earlier export: on
                    EventStoreDB positions are byte offsets in the log, not counts
  --from <date>     events recorded at or after this ISO 8601 date or time (a bare date is midnight UTC)
  --type <type>     only this event type; repeat for several
  --stream <id>     only this stream, e.g. guidebook-123
  --out <file>      write to this file instead of standard output

Reads the store the configuration points at (DATA_DIR, DATABASE_URL or EVENTSTORE_URL).`;

export type ExportOptions = {
  /** exclusive position */
  after?: number;
  /** inclusive time */
  since?: Date;
  types: string[];
  stream?: string;
  out?: string;
};

export function parseExportArgs(argv: readonly string[]): ExportOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        from: { type: 'string' },
        type: { type: 'string', multiple: true },
        stream: { type: 'string' },
        out: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const options: ExportOptions = { types: values.type ?? [] };
  if (values.from !== undefined) Object.assign(options, parseFrom(values.from));
  if (values.stream !== undefined) {
    if (values.stream === '') throw new UsageError('--stream needs a stream id');
    options.stream = values.stream;
  }
  if (values.out !== undefined) {
    if (values.out === '') throw new UsageError('--out needs a file name');
    options.out = values.out;
  }
  if (options.types.some((type) => type === '')) throw new UsageError('--type needs an event type');
  return options;
}

function parseFrom(from: string): Pick<ExportOptions, 'after' | 'since'> {
  if (/^\d+$/.test(from)) {
    const after = Number(from);
    if (!Number.isSafeInteger(after)) throw new UsageError(`--from ${from}: position too large`);
    return { after };
  }
  // A date must at least name a day, so that "12" or "yesterday" is not silently read as some date.
  const since = /^\d{4}-\d{2}-\d{2}/.test(from) ? new Date(from) : null;
  if (!since || Number.isNaN(since.getTime())) {
    throw new UsageError(`--from ${from}: expected a position (a whole number) or an ISO date such as 2025-01-31`);
  }
  return { since };
}

/** The events the options select, in log order (stream order with --stream), streamed from the store. */
export async function* selectEvents(eventStore: EventStore, options: ExportOptions): AsyncGenerator<RecordedEvent> {
  const source = options.stream
    ? eventStore.readStream(options.stream)
    : eventStore.readAll({
        after: options.after,
        filter: options.types.length > 0 ? { eventTypes: options.types } : undefined,
      });
  const since = options.since?.getTime();
  for await (const event of source) {
    if (options.after !== undefined && event.position <= options.after) continue;
    if (since !== undefined && Date.parse(event.recordedAt) < since) continue;
    if (options.types.length > 0 && !options.types.includes(event.type)) continue;
    yield event;
  }
}

/** Writes NDJSON, waiting for the destination to drain when it is slower than the store. */
export async function writeNdjson(events: AsyncIterable<RecordedEvent>, out: Writable): Promise<number> {
  let count = 0;
  for await (const event of events) {
    if (!out.write(`${JSON.stringify(event)}\n`)) await once(out, 'drain');
    count += 1;
  }
  return count;
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(EXPORT_USAGE);
    return 0;
  }
  const options = parseExportArgs(argv);
  const config = loadConfig();
  const eventStore = await openEventStore(config, { mustExist: true });
  try {
    if (!options.out) {
      // A closed pipe (`| head`) is the reader saying it has enough, not an error.
      process.stdout.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EPIPE') process.exit(0);
        throw error;
      });
      const count = await writeNdjson(selectEvents(eventStore, options), process.stdout);
      console.error(`Exported ${count} events from ${eventStoreDescription(config)}.`);
      return 0;
    }
    const file = createWriteStream(options.out);
    const count = await writeNdjson(selectEvents(eventStore, options), file);
    file.end();
    await finished(file);
    console.error(`Exported ${count} events from ${eventStoreDescription(config)} to ${options.out}.`);
    return 0;
  } finally {
    await eventStore.close();
  }
}

runIfMain(import.meta, EXPORT_USAGE, main);
