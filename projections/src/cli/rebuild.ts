/**
 * Rebuilds read models from the event log: `npm run projections:rebuild -- <name>... | --all`.
 *
 * Stop the server first. With the embedded SQLite files the running server is the single writer of the read
 * store, and its own projector would keep writing the collection being rebuilt from its in-memory position; with
 * MongoDB the same holds for the processes running the projections role. The rebuild replays the log up to its
 * head in worker threads (threaded-rebuild.ts: the read models shared out between the cores, each thread with its
 * own bounded memory), and the server carries on from there when it starts again. With the embedded store the
 * threads write scratch files that are copied into read-models.sqlite at the end, so a rebuild that fails leaves the
 * read models as they were; with MongoDB or PostgreSQL the collections are dropped and rebuilt in place.
 */
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '@pocketguide/platform/config/config';
import { eventStoreDescription, readStoreDescription } from '@pocketguide/platform/composition/open-stores';
import { runIfMain, UsageError } from '@pocketguide/platform/cli/cli-main';
import type { RebuildResult } from '../projection-runner.ts';
import type { Projector } from '../projector.ts';
import { allProjectors } from '../registry.ts';
import { rebuildInThreads } from '../threaded-rebuild.ts';

export const REBUILD_USAGE = `Usage: npm run projections:rebuild -- <projector>... | --all

  <projector>   the read model to rebuild (several may be named)
  --all         rebuild every read model

Stop the server first: it writes the same read store. Reads the stores the configuration points at
(DATA_DIR, or EVENTSTORE_URL and MONGO_URL).`;

/** The projectors named on the command line, in registry order. */
export function selectProjectors(argv: readonly string[], projectors: readonly Projector[]): Projector[] {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: { all: { type: 'boolean' } },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const names = projectors.map((projector) => projector.name);
  const valid = `Valid names: ${names.join(', ') || '(no projectors are registered)'}`;
  if (parsed.values.all) {
    if (parsed.positionals.length > 0) throw new UsageError('Give either --all or projector names, not both.');
    return [...projectors];
  }
  if (parsed.positionals.length === 0) throw new UsageError(`Name the projector to rebuild, or --all. ${valid}`);
  const unknown = parsed.positionals.filter((name) => !names.includes(name));
  if (unknown.length > 0) {
    throw new UsageError(`Unknown projector${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. ${valid}`);
  }
  return projectors.filter((projector) => parsed.positionals.includes(projector.name));
}

function summary(result: RebuildResult): string {
  return `Rebuilt ${result.name}: ${result.events.toLocaleString('en-US')} events in ${result.seconds.toFixed(2)} s (${result.eventsPerSecond.toLocaleString('en-US')} events/s)`;
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(REBUILD_USAGE);
    return 0;
  }
  const selected = selectProjectors(argv, allProjectors);
  const config = loadConfig();
  console.log(`Rebuilding ${selected.map((p) => p.name).join(', ')}`);
  console.log(`  from ${eventStoreDescription(config)}\n  into ${readStoreDescription(config)}`);
  // One pass over the log per thread for its share of the read models: each page read and decoded once there.
  // cli-progress draws only on a terminal; piped output gets a line every 10 % instead.
  const bar = new cliProgress.SingleBar(
    {
      format: `[{bar}] {percentage}% | position {value}/{total} | {processed} events | {eventsPerSecond} events/s | {rss} MB | ETA {eta_formatted}`,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let barStarted = false;
  let printedTenth = 0;
  // A line of its own between two draws of the bar: the bar is stopped for it and drawn again at the next progress.
  const say = (line: string) => {
    if (barStarted) {
      bar.stop();
      barStarted = false;
    }
    console.log(`  ${line}`);
  };
  let result: RebuildResult;
  try {
    result = await rebuildInThreads({
      config,
      names: selected.map((projector) => projector.name),
      projectors: allProjectors,
      onStage: say,
      onProgress: ({ processed, position, headPosition, eventsPerSecond }) => {
        const payload = {
          processed: processed.toLocaleString('en-US'),
          eventsPerSecond: eventsPerSecond.toLocaleString('en-US'),
          // the whole process: every thread's heap and SQLite cache together
          rss: Math.round(process.memoryUsage.rss() / 1e6),
        };
        if (!barStarted) {
          bar.start(headPosition, position, payload);
          barStarted = true;
        } else {
          bar.update(position, payload);
        }
        const tenth = headPosition > 0 ? Math.floor((position / headPosition) * 10) : 10;
        if (!process.stdout.isTTY && tenth > printedTenth) {
          printedTenth = tenth;
          console.log(
            `  ${tenth * 10}% position ${position}/${headPosition}, ${payload.processed} events, ${payload.eventsPerSecond} events/s, ${payload.rss} MB RSS`,
          );
        }
      },
    });
  } finally {
    if (barStarted) bar.stop();
  }
  console.log(summary(result));
  return 0;
}

runIfMain(import.meta, REBUILD_USAGE, main);
