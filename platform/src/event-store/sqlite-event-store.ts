/**
 * The embedded event store: one SQLite file (better-sqlite3, WAL, `synchronous=FULL`).
 *
 * Appends are group-committed: every append that arrives before the next turn of the event loop joins one
 * transaction (one fsync), each checked against its own expected revision, and each caller gets its own result or
 * error once the transaction is durable. With `commitThread`, transactions are committed on a worker thread
 * (sqlite-commit-thread.ts), so the fsync never stops this thread, and every append arriving while one commits joins
 * the next. Subscriptions are woken by commits in this process and poll the file to see commits made by other
 * processes.
 */
import { channel } from 'node:diagnostics_channel';
import { mkdirSync, statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { preparePrivateSqliteFile, restrictSqliteCompanions } from '../fs/private-file.ts';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import {
  WrongExpectedRevisionError,
  streamCategory,
  type AppendResult,
  type EventFilter,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type AppendOptions,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './event-store.ts';
import { PagedSubscription, type LogPage } from './paged-subscription.ts';
import { pagedLog, pagedStream } from './paged-reads.ts';
import { startCommitThread, type CommitThread, type ThreadOutcome } from './sqlite-commit-thread.ts';
import { startCheckpointThread, type CheckpointOutcome, type CheckpointThread } from './sqlite-checkpoint-thread.ts';

export type SqliteEventStoreOptions = {
  /** the database file; parent folders are created. `:memory:` works for throwaway stores. */
  path: string;
  /** how often an idle subscription looks for appends made by other processes (default 250 ms) */
  pollIntervalMs?: number;
  /** rows read per query by readStream, readAll and subscriptions (default 500) */
  pageSize?: number;
  /** parsed events of recently read streams kept in memory, in events (default 20,000; 0 turns it off) */
  streamCacheSize?: number;
  /**
   * commit on a worker thread of its own (default false; not for `:memory:`): the serving thread never waits for an
   * fsync. Should the thread fail, commits go on on this thread.
   */
  commitThread?: boolean;
  /**
   * WAL checkpoints on a worker thread of their own, every `intervalMs` (default 1,000; 0: only `checkpoint()`),
   * never inside a commit of this connection (default off; not for `:memory:`). For the process that serves: a
   * checkpoint copies the WAL into the file and fsyncs, and inside a commit it held every request
   * (sqlite-checkpoint-thread.ts). With it, the WAL file is first grown to `walReserveBytes` (default 8 MiB; 0:
   * not), so the commits of this thread overwrite a WAL that no longer grows (`reserveWal`).
   */
  checkpointThread?: boolean | { intervalMs?: number; walReserveBytes?: number };
};

/** SQLite's own threshold, restored on this connection should the checkpoint thread fail */
const WAL_AUTOCHECKPOINT_PAGES = 1000;
/** how often the checkpoint thread checkpoints by default */
const CHECKPOINT_INTERVAL_MS = 1000;
/** the WAL size the serving process's store reserves by default: several seconds of its busiest writes */
const WAL_RESERVE_BYTES = 8 * 1024 * 1024;

/**
 * Grows the WAL file to at least `bytes` once, through SQLite's own writes (a zero blob inserted and its table
 * dropped, then checkpointed), so that the commits after it overwrite frames of a file that no longer grows. A commit
 * that extends the WAL makes its fsync also write the file's new size (a journal commit of the file system): on this
 * machine 3–5 ms at the median against 0.2 ms for one that overwrites (issue 24: the first seconds of readers'
 * beacons on a fresh server, which took the WAL past its size for the first time, held every save's commit on the
 * serving thread that long). The WAL keeps its size afterwards (SQLite truncates it only on a last close). The freed
 * pages stay in the database file and take the next events.
 */
function reserveWal(db: Database.Database, path: string, bytes: number): void {
  if (bytes <= 0 || (statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0) >= bytes) return;
  db.exec('CREATE TABLE IF NOT EXISTS wal_reserve (filler BLOB)');
  db.prepare('INSERT INTO wal_reserve (filler) VALUES (zeroblob(?))').run(bytes);
  db.exec('DROP TABLE wal_reserve');
  db.pragma('wal_checkpoint(PASSIVE)');
}

/** One transaction committed on the calling thread: when it started (`performance.now()`), how long it held the thread. */
export type SqliteCommitTrace = {
  path: string;
  startedAt: number;
  ms: number;
  appends: number;
  relaxed: boolean;
  /** where the WAL is checkpointed: inside this connection's commits (SQLite's default) or on the checkpoint thread */
  checkpoints: 'in-commit' | 'thread';
};

/**
 * Every commit made on the calling thread, published for tracing only (the mixed-load bench's `MIXED_LOAD_TRACE`,
 * which lines slow reads up with what held the serving loop); nothing is measured while no one subscribes.
 */
export const sqliteCommitChannel = channel('pocketguide:sqlite-event-store:commit');

export function createSqliteEventStore(options: SqliteEventStoreOptions): EventStore {
  return new SqliteEventStore(options);
}

const SCHEMA_VERSION = 1;
/** how long a commit waits for another process's write lock before failing */
const BUSY_TIMEOUT_MS = 5000;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position    INTEGER PRIMARY KEY AUTOINCREMENT,
    id          TEXT    NOT NULL UNIQUE,
    stream_id   TEXT    NOT NULL,
    category    TEXT    NOT NULL,
    revision    INTEGER NOT NULL,
    type        TEXT    NOT NULL,
    data        TEXT    NOT NULL,
    metadata    TEXT    NOT NULL,
    recorded_at TEXT    NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS events_by_stream ON events (stream_id, revision);
  -- rowid (= position) is the implicit last column, so each index is already in log order within its key
  CREATE INDEX IF NOT EXISTS events_by_type ON events (type);
  CREATE INDEX IF NOT EXISTS events_by_category ON events (category);
`;

const COLUMNS = 'position, id, stream_id, revision, type, data, metadata, recorded_at';

/** Rows are read as arrays (`raw` mode): a third cheaper than one object per row. Order as in COLUMNS. */
type EventRow = [
  position: number,
  id: string,
  streamId: string,
  revision: number,
  type: string,
  data: string,
  metadata: string,
  recordedAt: string,
];

type StoredRef = { streamId: string; revision: number; position: number };

type PageParams = {
  after: number;
  head: number;
  limit: number;
  type?: string;
  category?: string;
  types?: string | null;
  categories?: string | null;
};

/** An event serialised at call time, so a value JSON cannot encode fails only its own append. */
type SerializedEvent = { id: string; type: string; data: string; metadata: string };

type PendingAppend = {
  streamId: string;
  category: string;
  events: readonly SerializedEvent[];
  expected: ExpectedRevision;
  /** `durability: 'relaxed'`: this append does not need its transaction's fsync */
  relaxed: boolean;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
};

type Outcome = { ok: true; result: AppendResult; wrote: boolean } | { ok: false; error: unknown };

type Page = LogPage;

function openStatements(db: Database.Database) {
  return {
    findById: db.prepare<[string], StoredRef>(
      'SELECT stream_id AS streamId, revision, position FROM events WHERE id = ?',
    ),
    // ORDER BY … LIMIT 1 is one index seek however long the stream is
    streamRevision: db.prepare<[string], { revision: number }>(
      'SELECT revision FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1',
    ),
    insert: db.prepare<[string, string, string, number, string, string, string, string]>(
      `INSERT INTO events (id, stream_id, category, revision, type, data, metadata, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    streamForwards: db
      .prepare<[string, number, number], EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?`,
      )
      .raw(true),
    streamBackwards: db
      .prepare<[string, number, number], EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
      )
      .raw(true),
    head: db.prepare<[], { head: number }>('SELECT coalesce(max(position), 0) AS head FROM events'),
    ping: db.prepare<[], { ok: number }>('SELECT 1 AS ok'),
    // a relaxed group's transaction (AppendOptions.durability), then back to the store's rule
    synchronousNormal: db.prepare('PRAGMA synchronous = NORMAL'),
    synchronousFull: db.prepare('PRAGMA synchronous = FULL'),
    // Pages of the global log, bounded by the head read just before, so "fewer rows than asked" proves the whole
    // range up to the head was scanned (even with a selective filter) and the next query can start there.
    pageAll: db
      .prepare<PageParams, EventRow>(
        `SELECT ${COLUMNS} FROM events
       WHERE position > $after AND position <= $head ORDER BY position LIMIT $limit`,
      )
      .raw(true),
    // One type or one category (the usual projector filter): walk that index, already in log order.
    pageByType: db
      .prepare<PageParams, EventRow>(
        `SELECT ${COLUMNS} FROM events INDEXED BY events_by_type
       WHERE type = $type AND position > $after AND position <= $head
         AND ($categories IS NULL OR category IN (SELECT value FROM json_each($categories)))
       ORDER BY position LIMIT $limit`,
      )
      .raw(true),
    pageByCategory: db
      .prepare<PageParams, EventRow>(
        `SELECT ${COLUMNS} FROM events INDEXED BY events_by_category
       WHERE category = $category AND position > $after AND position <= $head
         AND ($types IS NULL OR type IN (SELECT value FROM json_each($types)))
       ORDER BY position LIMIT $limit`,
      )
      .raw(true),
    // Several types or categories: scan the log by position (an IN over an index would sort every match).
    pageScan: db
      .prepare<PageParams, EventRow>(
        `SELECT ${COLUMNS} FROM events NOT INDEXED
       WHERE position > $after AND position <= $head
         AND ($types IS NULL OR type IN (SELECT value FROM json_each($types)))
         AND ($categories IS NULL OR category IN (SELECT value FROM json_each($categories)))
       ORDER BY position LIMIT $limit`,
      )
      .raw(true),
  };
}

type Statements = ReturnType<typeof openStatements>;

function migrate(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true });
  if (typeof version !== 'number') throw new Error(`unexpected user_version ${String(version)}`);
  if (version > SCHEMA_VERSION) {
    throw new Error(`schema version ${version} is newer than this code understands (${SCHEMA_VERSION})`);
  }
  if (version === SCHEMA_VERSION) return;
  // IMMEDIATE: two processes opening a new file at once must not both half-create the schema.
  db.transaction(() => {
    db.exec(SCHEMA);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

function toRecorded([position, id, streamId, revision, type, data, metadata, recordedAt]: EventRow): RecordedEvent {
  return {
    id,
    type,
    data: JSON.parse(data) as unknown,
    // most events carry no metadata; skip the parser for the common empty object
    metadata: metadata === '{}' ? {} : (JSON.parse(metadata) as EventMetadata),
    streamId,
    revision,
    position,
    recordedAt,
  };
}

/** Recorded events are immutable; readStream hands out cached objects, so they are frozen all the way down. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * The parsed events of recently read streams, each a prefix from revision 0. Stored events never change, so a
 * cached prefix stays right; a read serves it and asks SQLite only for the revisions after it. This turns the
 * command handler's load-the-whole-stream into one indexed query for the new tail. Bounded by an event count,
 * least recently read streams evicted first.
 */
class StreamCache {
  readonly #streams = new Map<string, RecordedEvent[]>();
  readonly #limit: number;
  #size = 0;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** The cached prefix of a stream (possibly empty), marked as most recently used. */
  prefix(streamId: string): RecordedEvent[] {
    const events = this.#streams.get(streamId);
    if (!events) return [];
    this.#streams.delete(streamId);
    this.#streams.set(streamId, events);
    return events;
  }

  /** Adds the next event of a stream's prefix; anything out of sequence is not cached. */
  extend(streamId: string, event: RecordedEvent): void {
    if (this.#limit <= 0) return;
    let events = this.#streams.get(streamId);
    if (!events) {
      if (event.revision !== 0) return;
      events = [];
      this.#streams.set(streamId, events);
    }
    if (event.revision !== events.length) return;
    events.push(event);
    this.#size += 1;
    while (this.#size > this.#limit) {
      const [oldest, evicted] = this.#streams.entries().next().value ?? [];
      if (oldest === undefined || !evicted) break;
      this.#streams.delete(oldest);
      this.#size -= evicted.length;
    }
  }
}

function serialize(event: NewEvent, index: number, seen: Set<string>): SerializedEvent {
  if (typeof event.id !== 'string' || event.id === '') throw new TypeError(`event ${index} has no id`);
  if (typeof event.type !== 'string' || event.type === '') throw new TypeError(`event ${event.id} has no type`);
  if (seen.has(event.id)) throw new Error(`event id ${event.id} appears twice in one append`);
  seen.add(event.id);
  return {
    id: event.id,
    type: event.type,
    // JSON.stringify(undefined) is undefined; store it as null so every row holds valid JSON
    data: JSON.stringify(event.data) ?? 'null',
    metadata: event.metadata ? JSON.stringify(event.metadata) : '{}',
  };
}

function checkExpected(streamId: string, expected: ExpectedRevision, current: number | null): void {
  const actual = current ?? 'no_stream';
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === null) ||
    (expected === 'stream_exists' && current !== null) ||
    expected === current;
  if (!ok) throw new WrongExpectedRevisionError(streamId, expected, actual);
}

function validExpected(expected: ExpectedRevision): ExpectedRevision {
  if (typeof expected === 'number' && !(Number.isSafeInteger(expected) && expected >= 0)) {
    throw new RangeError(`expected revision must be a non-negative integer, got ${expected}`);
  }
  if (typeof expected === 'string' && !['no_stream', 'stream_exists', 'any'].includes(expected)) {
    throw new RangeError(`unknown expected revision ${String(expected)}`);
  }
  return expected;
}

export class SqliteEventStore implements EventStore {
  readonly path: string;
  readonly #db: Database.Database;
  readonly #stmts: Statements;
  readonly #pollIntervalMs: number;
  readonly #pageSize: number;
  readonly #cache: StreamCache;
  readonly #commitBatch: Database.Transaction<(batch: readonly PendingAppend[], recordedAt: string) => Outcome[]>;
  readonly #insertIsolated: (append: PendingAppend, current: number | null, recordedAt: string) => AppendResult;
  #pending: PendingAppend[] = [];
  #flushTimer: NodeJS.Immediate | undefined;
  #thread: CommitThread | undefined;
  /** the batch the commit thread is committing: the next one waits for it */
  #inFlight: Promise<void> | undefined;
  readonly #waiters = new Set<() => void>();
  readonly #subscriptions = new Set<PagedSubscription>();
  #closed = false;
  #checkpointer: CheckpointThread | undefined;
  #commits = 0;
  #appends = 0;

  constructor(options: SqliteEventStoreOptions) {
    this.path = options.path;
    this.#pollIntervalMs = options.pollIntervalMs ?? 250;
    this.#pageSize = Math.max(1, options.pageSize ?? 500);
    this.#cache = new StreamCache(options.streamCacheSize ?? 20_000);
    let db: Database.Database | undefined;
    try {
      if (options.path !== ':memory:') mkdirSync(dirname(resolve(options.path)), { recursive: true });
      // Personal data: readable by this account only (0600), its WAL and shared-memory files too.
      preparePrivateSqliteFile(options.path);
      db = new Database(options.path, { timeout: BUSY_TIMEOUT_MS });
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      restrictSqliteCompanions(options.path);
      migrate(db);
      if (options.checkpointThread && options.path !== ':memory:')
        reserveWal(
          db,
          options.path,
          typeof options.checkpointThread === 'object'
            ? (options.checkpointThread.walReserveBytes ?? WAL_RESERVE_BYTES)
            : WAL_RESERVE_BYTES,
        );
      this.#stmts = openStatements(db);
    } catch (error) {
      db?.close();
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `Event store ${options.path}: the data directory is corrupt or unreadable (${reason}). ` +
          'Restore the file from a backup or point the event store at another path.',
        { cause: error },
      );
    }
    this.#db = db;
    this.#commitBatch = db.transaction((batch: readonly PendingAppend[], recordedAt: string) =>
      batch.map((append) => this.#apply(append, batch.length > 1, recordedAt)),
    );
    // Called inside the batch transaction, better-sqlite3 turns this into a SAVEPOINT: a failing insert undoes
    // only its own append.
    this.#insertIsolated = db.transaction((append: PendingAppend, current: number | null, recordedAt: string) =>
      this.#insert(append, current, recordedAt),
    );
    if (options.commitThread && options.path !== ':memory:') {
      this.#thread = startCommitThread(options.path, {
        timeoutMs: BUSY_TIMEOUT_MS,
        onFailure: (error) =>
          console.error(
            `Event store ${options.path}: the commit thread failed; committing on the main thread from now on`,
            error,
          ),
      });
    }
    if (options.checkpointThread && options.path !== ':memory:') {
      const intervalMs =
        typeof options.checkpointThread === 'object'
          ? (options.checkpointThread.intervalMs ?? CHECKPOINT_INTERVAL_MS)
          : CHECKPOINT_INTERVAL_MS;
      // this connection's commits no longer checkpoint: the thread does, off the serving thread
      db.pragma('wal_autocheckpoint = 0');
      this.#checkpointer = startCheckpointThread(options.path, {
        intervalMs,
        timeoutMs: BUSY_TIMEOUT_MS,
        onFailure: (error) => {
          if (!this.#closed) this.#db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
          console.error(
            `Event store ${options.path}: the checkpoint thread failed; checkpointing inside commits from now on`,
            error,
          );
        },
      });
    }
  }

  /**
   * A WAL checkpoint on the checkpoint thread now (tests, tools); null without the thread (SQLite then checkpoints
   * inside commits, as it does by default).
   */
  checkpoint(): Promise<CheckpointOutcome | null> {
    return this.#checkpointer?.alive ? this.#checkpointer.checkpoint() : Promise.resolve(null);
  }

  /** How many transactions carried how many appends: group commit shows as appends > commits. */
  get stats(): { commits: number; appends: number } {
    return { commits: this.#commits, appends: this.#appends };
  }

  appendToStream(streamId: string, events: readonly NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    let pending: Omit<PendingAppend, 'resolve' | 'reject'>;
    try {
      if (this.#closed) throw new Error(`Event store ${this.path} is closed`);
      if (typeof streamId !== 'string' || streamId === '') throw new TypeError('stream id must be a non-empty string');
      if (events.length === 0) throw new RangeError(`append to ${streamId} has no events`);
      const seen = new Set<string>();
      pending = {
        streamId,
        category: streamCategory(streamId),
        events: events.map((event, index) => serialize(event, index, seen)),
        expected: validExpected(options.expectedRevision ?? 'any'),
        relaxed: options.durability === 'relaxed',
      };
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<AppendResult>((resolve, reject) => {
      this.#pending.push({ ...pending, resolve, reject });
      // setImmediate rather than a microtask: appends arriving from other I/O callbacks of this loop turn join too.
      this.#flushTimer ??= setImmediate(() => this.#flush());
    });
  }

  #flush(): void {
    this.#flushTimer = undefined;
    // on the commit thread one batch at a time: what arrives meanwhile is the next batch, sent when this one is answered
    if (this.#inFlight) return;
    const batch = this.#pending;
    if (batch.length === 0) return;
    this.#pending = [];
    const recordedAt = new Date().toISOString();
    // a group of relaxed appends only (readers' beacons) is committed without waiting for the disk; any durable
    // append in the group makes the whole transaction durable
    const relaxed = batch.every((append) => append.relaxed);
    const thread = this.#thread;
    if (thread?.alive) {
      const sent = batch.map(({ streamId, category, events, expected }) => ({ streamId, category, events, expected }));
      this.#inFlight = thread
        .commit(sent, recordedAt, relaxed)
        .then(
          (outcomes: ThreadOutcome[]) => this.#settle(batch, outcomes),
          // the transaction rolled back (or the thread died): every caller of the batch gets the error
          (error: unknown) => {
            for (const append of batch) append.reject(error);
          },
        )
        .finally(() => {
          this.#inFlight = undefined;
          if (this.#pending.length > 0) this.#flushTimer ??= setImmediate(() => this.#flush());
        });
      return;
    }
    let outcomes: Outcome[];
    const startedAt = sqliteCommitChannel.hasSubscribers ? performance.now() : 0;
    try {
      if (relaxed) this.#stmts.synchronousNormal.run();
      outcomes = this.#commitBatch.immediate(batch, recordedAt);
    } catch (error) {
      // The transaction rolled back: nothing of this batch is stored, so every caller gets the error.
      for (const append of batch) append.reject(error);
      return;
    } finally {
      if (relaxed) this.#stmts.synchronousFull.run();
      if (startedAt > 0) {
        const trace: SqliteCommitTrace = {
          path: this.path,
          startedAt,
          ms: performance.now() - startedAt,
          appends: batch.length,
          relaxed,
          checkpoints: this.#checkpointer?.alive ? 'thread' : 'in-commit',
        };
        sqliteCommitChannel.publish(trace);
      }
    }
    this.#settle(batch, outcomes);
  }

  /** Answers each append of a committed batch with its own result or error, and wakes the subscriptions. */
  #settle(batch: readonly PendingAppend[], outcomes: ReadonlyArray<Outcome | ThreadOutcome>): void {
    this.#commits += 1;
    this.#appends += batch.length;
    let wrote = false;
    outcomes.forEach((outcome, index) => {
      const append = batch[index];
      if (!append) return;
      if (outcome.ok) {
        wrote ||= outcome.wrote;
        append.resolve(outcome.result);
      } else {
        append.reject(outcome.error);
      }
    });
    if (wrote) this.#notify();
  }

  /** Runs inside the batch transaction. With `isolated`, errors are returned so the other appends still commit. */
  #apply(append: PendingAppend, isolated: boolean, recordedAt: string): Outcome {
    try {
      const stored = this.#alreadyStored(append);
      if (stored) return { ok: true, result: stored, wrote: false };
      const current = this.#stmts.streamRevision.get(append.streamId)?.revision ?? null;
      checkExpected(append.streamId, append.expected, current);
      const result = isolated
        ? this.#insertIsolated(append, current, recordedAt)
        : this.#insert(append, current, recordedAt);
      return { ok: true, result, wrote: true };
    } catch (error) {
      // Some errors (disk full, I/O) make SQLite roll back the whole transaction: then the batch fails as one,
      // rather than letting the remaining appends run outside any transaction.
      if (!isolated || !this.#db.inTransaction) throw error;
      return { ok: false, error };
    }
  }

  #insert(append: PendingAppend, current: number | null, recordedAt: string): AppendResult {
    let revision = current ?? -1;
    let position = 0;
    for (const event of append.events) {
      revision += 1;
      const info = this.#stmts.insert.run(
        event.id,
        append.streamId,
        append.category,
        revision,
        event.type,
        event.data,
        event.metadata,
        recordedAt,
      );
      position = Number(info.lastInsertRowid);
    }
    return { nextExpectedRevision: revision, position };
  }

  /**
   * Idempotency: a batch whose ids are all stored, in order, in this stream is a retry; its original result is
   * returned whatever the expected revision. Any other overlap is a caller bug and is refused.
   */
  #alreadyStored(append: PendingAppend): AppendResult | null {
    const refs = append.events.map((event) => this.#stmts.findById.get(event.id));
    const found = refs.filter((ref) => ref !== undefined);
    if (found.length === 0) return null;
    const first = refs[0];
    const last = refs[refs.length - 1];
    const isRetry =
      first !== undefined &&
      last !== undefined &&
      refs.every(
        (ref, i) => ref !== undefined && ref.streamId === append.streamId && ref.revision === first.revision + i,
      );
    if (isRetry) return { nextExpectedRevision: last.revision, position: last.position };
    const elsewhere = found.find((ref) => ref.streamId !== append.streamId);
    throw new Error(
      `Append to ${append.streamId} refused: ${found.length} of ${append.events.length} event ids are already stored` +
        (elsewhere ? ` (some in stream ${elsewhere.streamId})` : '') +
        '. A retried append must repeat the original batch exactly, and event ids must be unique.',
    );
  }

  #notify(): void {
    for (const wake of [...this.#waiters]) wake();
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error(`Event store ${this.path} is closed`);
  }

  readStream(streamId: string, options: ReadStreamOptions = {}): AsyncIterable<RecordedEvent> {
    const backwards = options.direction === 'backwards';
    const statement = backwards ? this.#stmts.streamBackwards : this.#stmts.streamForwards;
    const select = (from: number, limit: number): RecordedEvent[] => {
      this.#assertOpen();
      return statement.all(streamId, from, limit).map((row) => {
        const event = deepFreeze(toRecorded(row));
        this.#cache.extend(streamId, event);
        return event;
      });
    };
    return pagedStream(options, this.#pageSize, (from, limit) => {
      if (backwards) return select(from, limit);
      // the cached prefix is served from memory; SQLite is asked only for the revisions after it
      const cached = this.#cache.prefix(streamId).slice(from, from + limit);
      if (cached.length === limit) return cached;
      const stored = select(from + cached.length, limit - cached.length);
      return cached.length === 0 ? stored : [...cached, ...stored];
    });
  }

  readAll(options: ReadAllOptions = {}): AsyncIterable<RecordedEvent> {
    return pagedLog(options, this.#pageSize, (after, filter, limit) => {
      this.#assertOpen();
      return this.#readPage(after, filter, limit);
    });
  }

  /** One page of the global log after `after`; `scannedUpTo` is where the next page starts. */
  #readPage(after: number, filter: EventFilter | undefined, limit: number): Page {
    const head = this.#stmts.head.get()?.head ?? 0;
    if (head <= after) return { events: [], scannedUpTo: after };
    const rows = this.#selectPage({ after, head, limit }, filter);
    const last = rows.at(-1);
    return {
      events: rows.map(toRecorded),
      scannedUpTo: rows.length < limit || !last ? head : last[0],
    };
  }

  #selectPage(bounds: { after: number; head: number; limit: number }, filter: EventFilter | undefined): EventRow[] {
    const types = filter?.eventTypes;
    const categories = filter?.streamCategories;
    if (!types && !categories) return this.#stmts.pageAll.all(bounds);
    const typesJson = types ? JSON.stringify(types) : null;
    const categoriesJson = categories ? JSON.stringify(categories) : null;
    const [onlyType] = types ?? [];
    if (types?.length === 1 && onlyType !== undefined) {
      return this.#stmts.pageByType.all({ ...bounds, type: onlyType, categories: categoriesJson });
    }
    const [onlyCategory] = categories ?? [];
    if (categories?.length === 1 && onlyCategory !== undefined) {
      return this.#stmts.pageByCategory.all({ ...bounds, category: onlyCategory, types: typesJson });
    }
    return this.#stmts.pageScan.all({ ...bounds, types: typesJson, categories: categoriesJson });
  }

  subscribeToAll(options: SubscribeOptions = {}): Subscription {
    this.#assertOpen();
    const subscription = new PagedSubscription(
      {
        readPage: (after, filter, limit) => {
          this.#assertOpen();
          return this.#readPage(after, filter, limit);
        },
        addWaiter: (wake) => this.#waiters.add(wake),
        removeWaiter: (wake) => this.#waiters.delete(wake),
        forget: (closed) => this.#subscriptions.delete(closed),
      },
      options,
      this.#pollIntervalMs,
      this.#pageSize,
    );
    this.#subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<number> {
    this.#assertOpen();
    return this.#stmts.head.get()?.head ?? 0;
  }

  async ping(): Promise<void> {
    this.#assertOpen();
    this.#stmts.ping.get();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    // Appends already accepted are committed before the file closes.
    if (this.#flushTimer) {
      clearImmediate(this.#flushTimer);
      this.#flushTimer = undefined;
    }
    while (this.#inFlight || this.#pending.length > 0) {
      if (this.#inFlight) await this.#inFlight;
      else this.#flush();
    }
    this.#closed = true;
    await Promise.all([...this.#subscriptions].map((subscription) => subscription.close()));
    await this.#thread?.close();
    await this.#checkpointer?.close();
    this.#db.close();
  }
}
