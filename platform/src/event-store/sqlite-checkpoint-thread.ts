/**
 * The SQLite event store's WAL checkpoints, run on a worker thread of their own (issue 24).
 *
 * SQLite checkpoints a WAL itself, inside the commit that takes it past `wal_autocheckpoint` pages (1,000): that
 * commit copies the WAL's pages into the database file and fsyncs both, and on the serving thread it held every
 * request for as long (4–14 ms a checkpoint in the mixed-load bench's trace, about twice in five seconds at 400
 * requests a second, more with readers' beacons, whose events are new pages each). With this thread, the serving
 * connection has `wal_autocheckpoint = 0` and never checkpoints; the thread's own connection runs a PASSIVE
 * checkpoint every `intervalMs` (it copies what no reader still needs and never blocks a writer or a reader).
 *
 * Crash safety is unchanged: a commit is durable in the WAL (its fsync, or the next durable commit's for relaxed
 * appends), and a checkpoint only copies durable frames into the database file; a crash between two checkpoints
 * leaves a longer WAL, which SQLite replays on open as it always does. Should the thread fail, the store turns
 * automatic checkpoints back on for its own connection.
 *
 * Its code is plain JavaScript handed to the Worker as source (`sqlite-thread.ts`, as the commit thread's).
 */
import { startSqliteThread } from './sqlite-thread.ts';

/** One checkpoint's outcome as SQLite reports it: frames in the WAL, frames copied, whether it was kept from running. */
export type CheckpointOutcome = { busy: boolean; log: number; checkpointed: number };

const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { timeout: workerData.timeoutMs });
// a checkpoint fsyncs the WAL before it copies and the database file after
db.pragma('synchronous = FULL');
db.pragma('wal_autocheckpoint = 0');
const checkpoint = () => {
  const [row] = db.pragma('wal_checkpoint(PASSIVE)');
  return { busy: row.busy === 1, log: row.log, checkpointed: row.checkpointed };
};
const timer = workerData.intervalMs > 0 ? setInterval(checkpoint, workerData.intervalMs) : undefined;
parentPort.on('message', (message) => {
  if (message.close) {
    if (timer) clearInterval(timer);
    db.close();
    parentPort.postMessage({ closed: true });
    return;
  }
  parentPort.postMessage({ id: message.id, outcome: checkpoint() });
});
`;

export type CheckpointThread = {
  /** a checkpoint now (besides the timer's), answered with SQLite's outcome */
  checkpoint(): Promise<CheckpointOutcome>;
  readonly alive: boolean;
  close(): Promise<void>;
};

/**
 * Starts the checkpoint thread on the event store file at `path`. `intervalMs` 0: only `checkpoint()` runs one.
 * `onFailure` is called once if the thread stops on its own (an error, an exit), not on `close()`.
 */
export function startCheckpointThread(
  path: string,
  options: { intervalMs: number; timeoutMs: number; onFailure?: (error: unknown) => void },
): CheckpointThread {
  const thread = startSqliteThread<object, { id?: number; outcome?: CheckpointOutcome }>(
    WORKER_SOURCE,
    { path, intervalMs: options.intervalMs, timeoutMs: options.timeoutMs },
    // the thread must not keep a process alive that has nothing else to do
    { name: 'checkpoint', unref: true, onFailure: options.onFailure },
  );
  return {
    get alive() {
      return thread.alive;
    },
    async checkpoint() {
      const reply = await thread.ask({});
      if (!reply.outcome) throw new Error("the event store's checkpoint thread answered without an outcome");
      return reply.outcome;
    },
    close: () => thread.close(),
  };
}
