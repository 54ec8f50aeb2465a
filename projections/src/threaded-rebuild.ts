/**
 * `projections:rebuild` off the calling thread and on more than one core: the named read models are shared out
 * between worker threads (rebuild-thread.ts), each replaying the log up to the same head into its own share with
 * its own connections and its own bounded memory. Each read model is owned by one thread, so no two threads write
 * the same table.
 *
 * With the embedded SQLite read store each thread writes a scratch file of its own (no journal, no syncs, its own
 * lock: the threads never wait for each other) and builds its indexes there; once every thread is done, the last
 * one copies every scratch file's collections and checkpoints into the live file in one transaction
 * (sqlite-rebuild-copy.ts). Until that commit the live file is untouched: a rebuild that fails anywhere, the copy
 * included, leaves every read model as it was. With MongoDB or PostgreSQL each thread rebuilds its collections in
 * place. The calling thread only hands out the work, passes the progress on and says who copies: it never blocks.
 *
 * The threads run rebuild-thread.ts bundled by esbuild into a temporary folder, our TypeScript as plain JavaScript
 * and every npm package imported from where it is installed: on Node 20 a worker thread does not get the tsx loader
 * the process runs under (privatenumber/tsx#354), and the bundle also spares each thread loading and transforming
 * some 270 modules.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Config } from '@pocketguide/platform/config/config';
import { openEventStore } from '@pocketguide/platform/composition/open-stores';
import type { RebuildProgress, RebuildResult, WriteBehindLimits } from './projection-runner.ts';
import type { Projector } from './projector.ts';
import type { RebuildThreadCommand, RebuildThreadData, RebuildThreadMessage } from './rebuild-thread.ts';

/**
 * What replaying each read model costs, relative to one another (CPU of its fold, its writes and its indexes over
 * the rebuild bench's log, where most events are edits of guidebooks). A read model not named here counts 0.5.
 */
const REBUILD_COST: Readonly<Record<string, number>> = {
  'audit-timeline': 9,
  'guidebook-viewer': 3,
  'guidebook-editor': 3,
  dashboard: 2.5,
  'public-gallery': 2,
  'guidebook-list': 2,
  users: 0.5,
  'thumbnail-queue': 0.5,
};

/**
 * Read models that fold the same decoded events stay in one thread, where each event is decoded once for all of
 * them (guidebook-stream.ts), and the decoding is counted once: the guidebook read models share most of theirs.
 */
const FAMILIES: ReadonlyArray<{ members: readonly string[]; sharedCost: number }> = [
  {
    members: ['guidebook-list', 'guidebook-editor', 'guidebook-viewer', 'public-gallery', 'thumbnail-queue'],
    sharedCost: 4,
  },
];

const MIB = 1024 * 1024;
/**
 * The heap alive all threads together may take for the documents they hold between flushes (see
 * WriteBehindLimits), REBUILD_HEAP_MB, 160 MB by default: each thread gets the share its read models' HOT_WEIGHT
 * says, so the whole process stays under 600 MB at a million events (the heaps, their garbage, the young generations
 * and SQLite's page caches included). A machine with memory to spare rebuilds faster with more: fewer documents are
 * written out and read back. The documents limit goes with it, 1,500 documents a megabyte.
 */
export function rebuildHeapBytes(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.REBUILD_HEAP_MB);
  return (Number.isFinite(asked) && asked >= 32 ? asked : 160) * MIB;
}
/**
 * How many documents a read model keeps folding, relative to one another: a guidebook's documents are edited all
 * their life, an audit entry is written once. Not named: 0.25.
 */
const HOT_WEIGHT: Readonly<Record<string, number>> = {
  'guidebook-editor': 4,
  'guidebook-viewer': 4,
  'guidebook-list': 2,
  'public-gallery': 2,
  'thumbnail-queue': 1,
  dashboard: 2,
  users: 1,
  payments: 0.5,
  'audit-timeline': 0.5,
};

/**
 * V8's young generation for each thread, in MB. A replay allocates a great deal that dies within the batch (decoded
 * events, folded states, rows); V8 sizes a worker's young generation from its small old-generation ceiling, a few
 * MB, so most of it used to be promoted and collected again in full collections. At 100k events in one thread:
 * default 30.7 s of CPU (315 MB RSS), 32 MB 27.0 s (301 MB), 64 MB 25.2 s (354 MB), 128 MB 23.4 s (397 MB).
 */
const YOUNG_GENERATION_MB = 48;

/** A thread's write-behind limits and V8's ceilings for its heap, by its share of the documents held. */
export function threadMemory(
  group: readonly string[],
  all: readonly string[],
  totalHeapBytes = rebuildHeapBytes(),
): { limits: WriteBehindLimits; maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number } {
  const weight = (names: readonly string[]) => names.reduce((sum, name) => sum + (HOT_WEIGHT[name] ?? 0.25), 0);
  const share = weight(group) / weight(all);
  const heapBytes = Math.max(16 * MIB, Math.round(share * totalHeapBytes));
  return {
    limits: { events: 25_000, documents: Math.max(10_000, Math.round((heapBytes / MIB) * 1500)), heapBytes },
    // room for the garbage of twice the live heap, past which V8 collects rather than grows
    maxOldGenerationSizeMb: Math.ceil((2 * heapBytes) / MIB) + 32,
    maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
  };
}

/**
 * Shares the read models out between at most `threads` groups of about the same cost (largest first, each to the
 * lightest group so far), a family always together. Names keep their registry order within a group.
 */
export function planRebuildThreads(names: readonly string[], threads: number): string[][] {
  const units: Array<{ names: string[]; cost: number }> = [];
  const placed = new Set<string>();
  for (const family of FAMILIES) {
    const members = family.members.filter((name) => names.includes(name));
    if (members.length === 0) continue;
    for (const name of members) placed.add(name);
    units.push({
      names: members,
      cost: family.sharedCost + members.reduce((sum, name) => sum + (REBUILD_COST[name] ?? 0.5), 0),
    });
  }
  for (const name of names) if (!placed.has(name)) units.push({ names: [name], cost: REBUILD_COST[name] ?? 0.5 });
  const count = Math.max(1, Math.min(threads, units.length));
  const groups = Array.from({ length: count }, () => ({ names: [] as string[], cost: 0 }));
  for (const unit of [...units].sort((a, b) => b.cost - a.cost)) {
    const lightest = groups.reduce((best, group) => (group.cost < best.cost ? group : best));
    lightest.names.push(...unit.names);
    lightest.cost += unit.cost;
  }
  return groups.map((group) => names.filter((name) => group.names.includes(name)));
}

/** Threads a rebuild uses by default: both cores of a two-core machine, and no more (each reads the whole log). */
export function defaultRebuildThreads(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.REBUILD_THREADS);
  if (Number.isInteger(asked) && asked > 0) return asked;
  return Math.min(2, availableParallelism());
}

export type ThreadedRebuildOptions = {
  config: Config;
  /** the read models to rebuild, by name, among `projectors` */
  names: readonly string[];
  /** every projector the threads can load (the registry, which rebuild-thread.ts imports) */
  projectors: readonly Projector[];
  threads?: number;
  /** the threads' environment, from which they load the same configuration (default: this process's) */
  env?: NodeJS.ProcessEnv;
  onProgress?: (progress: RebuildProgress) => void;
  /** what a thread is doing, in words: which read models it took, when its collections are copied */
  onStage?: (message: string) => void;
};

type ThreadState = { names: string[]; progress: RebuildProgress | null; result?: RebuildResult; scratchPath?: string };

/** Rebuilds the named read models in worker threads up to the head as it is now; the result covers them all. */
export async function rebuildInThreads(options: ThreadedRebuildOptions): Promise<RebuildResult> {
  const { config } = options;
  const known = new Set(options.projectors.map((projector) => projector.name));
  const unknown = options.names.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new Error(`Unknown projector${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
  const embedded = !config.MONGO_URL && !config.DATABASE_URL;
  const eventStore = await openEventStore(config, { mustExist: true });
  let head: number;
  try {
    head = await eventStore.headPosition();
  } finally {
    await eventStore.close();
  }

  const groups = planRebuildThreads(options.names, options.threads ?? defaultRebuildThreads(options.env));
  const states: ThreadState[] = groups.map((names, index) => ({
    names,
    progress: null,
    ...(embedded ? { scratchPath: `${config.paths.readStore}.rebuild-${process.pid}-${index + 1}` } : {}),
  }));
  const startedAt = performance.now();
  const rate = (processed: number) => {
    const seconds = (performance.now() - startedAt) / 1000;
    return seconds > 0 ? Math.round(processed / seconds) : 0;
  };
  // Every thread reads the whole log: the rebuild is as far as the thread furthest behind.
  const report = () => {
    if (states.some((state) => state.progress === null)) return;
    const processed = Math.min(...states.map((state) => state.progress!.processed));
    const position = Math.min(...states.map((state) => state.progress!.position));
    options.onProgress?.({ processed, position, headPosition: head, eventsPerSecond: rate(processed) });
  };
  states.forEach((state, index) => options.onStage?.(`thread ${index + 1}: ${state.names.join(', ')}`));

  const workers: Worker[] = [];
  const bundleDir = mkdtempSync(join(tmpdir(), 'pocketguide-rebuild-'));
  const removeScratch = (state: ThreadState) => {
    if (!state.scratchPath) return;
    for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${state.scratchPath}${suffix}`, { force: true });
  };
  try {
    const threadScript = await bundleRebuildThread(bundleDir);
    for (const state of states) removeScratch(state);
    // Once every thread is done, the last one copies every scratch file into the live file in one transaction and
    // the others stop; none copies once one failed.
    let failed = false;
    let copying: ThreadState | null = null;
    const commandOf = new Map<ThreadState, (message: RebuildThreadCommand) => void>();
    const collectionsOf = (names: readonly string[]) => [
      ...new Set(
        options.projectors
          .filter((projector) => names.includes(projector.name))
          .map((projector) => projector.collection),
      ),
    ];
    const copyWhenAllDone = (last: ThreadState, index: number) => {
      if (failed || copying || states.some((state) => !state.result)) return;
      copying = last;
      const flushes = states.map((state, n) => `thread ${n + 1} ${state.result?.flushes?.partial ?? 0}`).join(', ');
      options.onStage?.(
        `all threads done (partial flushes: ${flushes}): thread ${index + 1} copies every read model into the read store`,
      );
      const parts = states.map((state) => ({
        scratchPath: state.scratchPath!,
        collections: collectionsOf(state.names),
        checkpoints: state.names,
      }));
      for (const state of states) commandOf.get(state)?.(state === last ? { kind: 'copy', parts } : { kind: 'skip' });
    };
    const runs = states.map((state, index) => {
      const memory = threadMemory(state.names, options.names, rebuildHeapBytes(options.env));
      const data: RebuildThreadData = {
        names: state.names,
        head,
        limits: memory.limits,
        ...(state.scratchPath ? { scratchPath: state.scratchPath } : {}),
      };
      const worker = new Worker(threadScript, {
        workerData: data,
        execArgv: threadExecArgv(),
        resourceLimits: {
          maxOldGenerationSizeMb: memory.maxOldGenerationSizeMb,
          maxYoungGenerationSizeMb: memory.maxYoungGenerationSizeMb,
        },
        ...(options.env ? { env: options.env } : {}),
      });
      workers.push(worker);
      commandOf.set(state, (message) => worker.postMessage(message));
      const done = new Promise<RebuildResult>((resolve, reject) => {
        const failures: string[] = [];
        let copied = false;
        worker.on('message', (message: RebuildThreadMessage) => {
          if (message.kind === 'progress') {
            state.progress = message.progress;
            report();
          } else if (message.kind === 'projector-error') {
            failures.push(`${message.projector} at position ${message.position ?? '?'}: ${message.message}`);
          } else if (message.kind === 'copied') {
            copied = true;
          } else {
            state.result = message.result;
            if (state.scratchPath) copyWhenAllDone(state, index);
          }
        });
        worker.on('error', (error) => {
          const reason = error instanceof Error ? error.message : String(error);
          reject(
            new Error(
              `rebuild thread ${index + 1} (${state.names.join(', ')}) failed: ${reason}${failures.length > 0 ? ` (${failures.join('; ')})` : ''}`,
            ),
          );
        });
        worker.on('exit', (code) => {
          // the thread that was to copy and stopped before it said so has not copied: the rebuild failed
          const copyMissing = copying === state && !copied;
          if (state.result && code === 0 && !failed && !copyMissing) resolve(state.result);
          else
            reject(
              new Error(
                `rebuild thread ${index + 1} (${state.names.join(', ')}) stopped with code ${code}${failures.length > 0 ? `: ${failures.join('; ')}` : ''}`,
              ),
            );
        });
      });
      // Once one thread fails the others are stopped, and nothing is copied: the live read models stay as they were.
      done.catch(() => {
        failed = true;
        for (const other of workers) void other.terminate();
      });
      return done;
    });
    const results = await Promise.all(runs);
    const events = Math.min(...results.map((result) => result.events));
    const seconds = (performance.now() - startedAt) / 1000;
    const checkpoints = results.map((result) => result.checkpoint);
    return {
      name: options.names.join(', '),
      events,
      seconds,
      eventsPerSecond: rate(events),
      checkpoint: checkpoints.some((checkpoint) => checkpoint === null) ? null : Math.min(...(checkpoints as number[])),
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
    for (const state of states) removeScratch(state);
    rmSync(bundleDir, { recursive: true, force: true });
  }
}

/** This process's flags (--cpu-prof, say) but its tsx loader: the bundle is plain JavaScript. */
function threadExecArgv(): string[] {
  const argv: string[] = [];
  for (let index = 0; index < process.execArgv.length; index += 1) {
    const arg = process.execArgv[index]!;
    if (
      (arg === '--import' || arg === '--require' || arg === '--loader') &&
      /tsx/.test(process.execArgv[index + 1] ?? '')
    )
      index += 1;
    else if (!/^--(import|require|loader)=.*tsx/.test(arg)) argv.push(arg);
  }
  return argv;
}

/**
 * Bundles rebuild-thread.ts and the workspace modules it imports into `dir`; every npm package stays outside, imported
 * by the absolute path it resolves to from its importer (so each workspace keeps its own version, and the drivers of
 * the stores not configured are loaded only if asked for: each dynamic import is a chunk of its own). Returns the
 * entry's path.
 */
async function bundleRebuildThread(dir: string): Promise<string> {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [fileURLToPath(new URL('./rebuild-thread.ts', import.meta.url))],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'silent',
    plugins: [
      {
        name: 'npm-packages-where-installed',
        setup(plugin) {
          plugin.onResolve({ filter: /^[^./]/ }, async (args) => {
            if (
              args.path.startsWith('@pocketguide/') ||
              args.path.startsWith('node:') ||
              (args.pluginData as { inner?: boolean } | undefined)?.inner
            ) {
              return undefined;
            }
            const resolved = await plugin.resolve(args.path, {
              kind: args.kind,
              resolveDir: args.resolveDir,
              importer: args.importer,
              pluginData: { inner: true },
            });
            if (resolved.errors.length > 0 || resolved.external) return undefined;
            return { path: resolved.path, external: true };
          });
        },
      },
    ],
  });
  return join(dir, 'rebuild-thread.mjs');
}
