/**
 * One thread of a threaded rebuild (threaded-rebuild.ts): opens its own connections to the stores the configuration
 * names, replays the log up to the head it is given into its share of the read models, and reports its progress
 * and its result to the thread that started it. With the embedded read store it writes into a scratch file of its
 * own and, when that thread says it is its turn (one copy at a time), copies it into the live file itself: the
 * thread that started it never blocks.
 */
import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import { loadConfig } from '@pocketguide/platform/config/config';
import { openEventStore, openReadStore } from '@pocketguide/platform/composition/open-stores';
import { copyRebuiltCollections } from '@pocketguide/platform/read-store/sqlite-rebuild-copy';
import { createSqliteReadStore } from '@pocketguide/platform/read-store/sqlite-read-store';
import { createProjectionRunner, type RebuildProgress, type RebuildResult, type WriteBehindLimits } from './projection-runner.ts';
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

/** To the thread, once it is done with a scratch file: copy it into the live file now, or do not (another failed). */
export type RebuildThreadCommand = { kind: 'copy' } | { kind: 'skip' };

const port = parentPort;
if (!port) throw new Error('rebuild-thread.ts runs as a worker thread of threaded-rebuild.ts');
const data = workerData as RebuildThreadData;
const post = (message: RebuildThreadMessage) => port.postMessage(message);

const config = loadConfig();
const eventStore = await openEventStore(config, { mustExist: true });
try {
  const readStore = data.scratchPath ? createSqliteReadStore({ path: data.scratchPath, scratch: true }) : await openReadStore(config);
  try {
    const runner = createProjectionRunner({
      eventStore,
      readStore,
      projectors: allProjectors.filter((projector) => data.names.includes(projector.name)),
      rebuildWriteBehind: data.limits,
      onError: (error, context) =>
        post({ kind: 'projector-error', ...context, message: error instanceof Error ? error.message : String(error) }),
    });
    const result = await runner.rebuild(data.names, (progress) => post({ kind: 'progress', progress }), { head: data.head });
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
    const projectors = allProjectors.filter((projector) => data.names.includes(projector.name));
    const rows = copyRebuiltCollections({
      livePath: config.paths.readStore,
      scratchPath: data.scratchPath,
      collections: [...new Set(projectors.map((projector) => projector.collection))],
      checkpoints: data.names,
    });
    post({ kind: 'copied', rows });
  }
}
