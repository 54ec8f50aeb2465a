/**
 * The SQLite event store's appends committed on a worker thread of their own (issue 20): a commit waits for its
 * fsync (`synchronous=FULL`), and on the serving thread that wait stopped every request for as long as the disk
 * took (p50 5 ms, p90 32 ms on a busy shared disk). Here the serving thread sends a batch and goes on serving; the
 * appends that arrive meanwhile form the next batch, one transaction and one fsync for all of them (group commit).
 * An append is answered only once its transaction is durable, as before.
 *
 * The thread holds its own connection to the same file (WAL: the serving thread's reads see each commit as soon as
 * it is answered). Its code is plain JavaScript handed to the Worker as source (`sqlite-thread.ts`). It applies
 * exactly the rules of `SqliteEventStore`'s in-thread commit (idempotent retries, expected revisions, one savepoint
 * per append in a batch); the event store contract runs against both.
 */
import { startSqliteThread } from './sqlite-thread.ts';
import { WrongExpectedRevisionError, type AppendResult, type ExpectedRevision } from './event-store.ts';

/** One append as the thread receives it: events already serialised. */
export type ThreadAppend = {
  streamId: string;
  category: string;
  events: ReadonlyArray<{ id: string; type: string; data: string; metadata: string }>;
  expected: ExpectedRevision;
};

type ErrorPayload =
  | { kind: 'wrong-revision'; streamId: string; expected: ExpectedRevision; actual: number | 'no_stream' }
  | { kind: 'error'; name?: string; message: string; code?: string };

export type ThreadOutcome = { ok: true; result: AppendResult; wrote: boolean } | { ok: false; error: Error };

type Reply = {
  id: number;
  outcomes?: Array<{ ok: true; result: AppendResult; wrote: boolean } | { ok: false; error: ErrorPayload }>;
  error?: ErrorPayload;
};

const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { timeout: workerData.timeoutMs });
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
const synchronousNormal = db.prepare('PRAGMA synchronous = NORMAL');
const synchronousFull = db.prepare('PRAGMA synchronous = FULL');
const findById = db.prepare('SELECT stream_id AS streamId, revision, position FROM events WHERE id = ?');
const streamRevision = db.prepare('SELECT revision FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1');
const insert = db.prepare(
  'INSERT INTO events (id, stream_id, category, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
);
class Refusal {
  constructor(payload) {
    this.payload = payload;
  }
}
const payloadOf = (error) =>
  error instanceof Refusal
    ? error.payload
    : { kind: 'error', name: error && error.name, message: String(error && error.message !== undefined ? error.message : error), code: error && error.code };
function checkExpected(append, current) {
  const expected = append.expected;
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === null) ||
    (expected === 'stream_exists' && current !== null) ||
    expected === current;
  if (!ok) throw new Refusal({ kind: 'wrong-revision', streamId: append.streamId, expected, actual: current === null ? 'no_stream' : current });
}
function alreadyStored(append) {
  const refs = append.events.map((event) => findById.get(event.id));
  const found = refs.filter((ref) => ref !== undefined);
  if (found.length === 0) return null;
  const first = refs[0];
  const last = refs[refs.length - 1];
  const isRetry =
    first !== undefined &&
    last !== undefined &&
    refs.every((ref, i) => ref !== undefined && ref.streamId === append.streamId && ref.revision === first.revision + i);
  if (isRetry) return { nextExpectedRevision: last.revision, position: last.position };
  const elsewhere = found.find((ref) => ref.streamId !== append.streamId);
  throw new Error(
    'Append to ' + append.streamId + ' refused: ' + found.length + ' of ' + append.events.length + ' event ids are already stored' +
      (elsewhere ? ' (some in stream ' + elsewhere.streamId + ')' : '') +
      '. A retried append must repeat the original batch exactly, and event ids must be unique.',
  );
}
function insertAll(append, current, recordedAt) {
  let revision = current === null ? -1 : current;
  let position = 0;
  for (const event of append.events) {
    revision += 1;
    const info = insert.run(event.id, append.streamId, append.category, revision, event.type, event.data, event.metadata, recordedAt);
    position = Number(info.lastInsertRowid);
  }
  return { nextExpectedRevision: revision, position };
}
const insertIsolated = db.transaction((append, current, recordedAt) => insertAll(append, current, recordedAt));
function apply(append, isolated, recordedAt) {
  try {
    const stored = alreadyStored(append);
    if (stored) return { ok: true, result: stored, wrote: false };
    const row = streamRevision.get(append.streamId);
    const current = row === undefined ? null : row.revision;
    checkExpected(append, current);
    const result = isolated ? insertIsolated(append, current, recordedAt) : insertAll(append, current, recordedAt);
    return { ok: true, result, wrote: true };
  } catch (error) {
    if (!isolated || !db.inTransaction) throw error;
    return { ok: false, error: payloadOf(error) };
  }
}
const commitBatch = db.transaction((batch, recordedAt) => batch.map((append) => apply(append, batch.length > 1, recordedAt)));
parentPort.on('message', (message) => {
  if (message.close) {
    db.close();
    parentPort.postMessage({ closed: true });
    return;
  }
  try {
    if (message.relaxed) synchronousNormal.run();
    parentPort.postMessage({ id: message.id, outcomes: commitBatch.immediate(message.batch, message.recordedAt) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: payloadOf(error) });
  } finally {
    if (message.relaxed) synchronousFull.run();
  }
});
`;

function revive(payload: ErrorPayload): Error {
  if (payload.kind === 'wrong-revision')
    return new WrongExpectedRevisionError(payload.streamId, payload.expected, payload.actual);
  const error = new Error(payload.message) as Error & { code?: string };
  if (payload.name) error.name = payload.name;
  if (payload.code) error.code = payload.code;
  return error;
}

export type CommitThread = {
  /**
   * commits one batch in one transaction; the outcomes in order, or rejects when the whole transaction failed.
   * `relaxed`: without waiting for the fsync (every append of the batch asked for `durability: 'relaxed'`).
   */
  commit(batch: readonly ThreadAppend[], recordedAt: string, relaxed?: boolean): Promise<ThreadOutcome[]>;
  /** false once the thread has failed: the store then commits on its own thread */
  readonly alive: boolean;
  close(): Promise<void>;
};

/** Starts the commit thread on the event store file at `path` (schema already migrated by the store). */
export function startCommitThread(
  path: string,
  options: { timeoutMs: number; onFailure?: (error: unknown) => void },
): CommitThread {
  const thread = startSqliteThread<{ batch: readonly ThreadAppend[]; recordedAt: string; relaxed: boolean }, Reply>(
    WORKER_SOURCE,
    { path, timeoutMs: options.timeoutMs },
    { name: 'commit', onFailure: options.onFailure },
  );
  return {
    get alive() {
      return thread.alive;
    },
    async commit(batch, recordedAt, relaxed = false) {
      const reply = await thread.ask({ batch, recordedAt, relaxed });
      if (reply.error) throw revive(reply.error);
      return (reply.outcomes ?? []).map((outcome) =>
        outcome.ok ? outcome : { ok: false, error: revive(outcome.error) },
      );
    },
    close: () => thread.close(),
  };
}
