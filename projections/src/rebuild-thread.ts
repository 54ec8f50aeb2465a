/**
 * One thread of a threaded rebuild (threaded-rebuild.ts): opens its own connections to the stores the configuration
 * names, replays the log up to the head it is given into its share of the read models, and reports its progress
 * and its result to the thread that started it. With the embedded read store it writes into a scratch file of its
 * own; once every thread is done, the thread that started them asks one of them (the last done) to copy every
 * scratch file into the live file in one transaction, and the others to stop: the thread that started them never
 * blocks, and the live file changes whole or not at all.
 */
import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import { loadConfig } from '@pocketguide/platform/config/config';
import { openEventStore, openReadStore } from '@pocketguide/platform/composition/open-stores';
import { copyRebuiltCollections, type RebuiltPart } from '@pocketguide/platform/read-store/sqlite-rebuild-copy';
import { createSqliteReadStore } from '@pocketguide/platform/read-store/sqlite-read-store';
import {
  createProjectionRunner,
  type RebuildProgress,
  type RebuildResult,
  type WriteBehindLimits,
} from './projection-runner.ts';
import { allProjectors } from './registry.ts';

export type RebuildThreadData = {
  names: string[];
  head: number;
  /** the embedded read store: the scratch file to write (absent: the configured read store itself) */
  scratchPath?: string;
  limits: WriteBehindLimits;
};

/** From the thread: its progress, its result, each projector failure, and (scratch file) that its copy is done. */
export type RebuildThreadMessage =
  | { kind: 'progress'; progress: RebuildProgress }
  | { kind: 'done'; result: RebuildResult }
  | { kind: 'copied'; rows: number }
  | { kind: 'projector-error'; projector: string; position?: number; message: string };

/**
 * To the thread, once it is done with a scratch file: copy these scratch files (every thread's) into the live file,
 * or stop without copying (another thread copies, or one failed).
 */
export type RebuildThreadCommand = { kind: 'copy'; parts: RebuiltPart[] } | { kind: 'skip' };

const port = parentPort;
if (!port) throw new Error('rebuild-thread.ts runs as a worker thread of threaded-rebuild.ts');
const data = workerData as RebuildThreadData;
const post = (message: RebuildThreadMessage) => port.postMessage(message);

const config = loadConfig();
const eventStore = await openEventStore(config, { mustExist: true });
try {
  const readStore = data.scratchPath
    ? createSqliteReadStore({ path: data.scratchPath, scratch: true })
    : await openReadStore(config);
  try {
    const runner = createProjectionRunner({
      eventStore,
      readStore,
      projectors: allProjectors.filter((projector) => data.names.includes(projector.name)),
      rebuildWriteBehind: data.limits,
      onError: (error, context) =>
        post({ kind: 'projector-error', ...context, message: error instanceof Error ? error.message : String(error) }),
    });
    const result = await runner.rebuild(data.names, (progress) => post({ kind: 'progress', progress }), {
      head: data.head,
    });
    post({ kind: 'done', result });
  } finally {
    await readStore.close();
  }
} finally {
  await eventStore.close();
}

if (data.scratchPath) {
  const [command] = (await once(port, 'message')) as [RebuildThreadCommand];
  if (command.kind === 'copy') {
    const rows = copyRebuiltCollections({ livePath: config.paths.readStore, parts: command.parts });
    post({ kind: 'copied', rows });
  }
}
