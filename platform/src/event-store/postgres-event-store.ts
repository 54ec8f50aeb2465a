/**
 * The event store on PostgreSQL (node-postgres), for the scale-out run that CI proves on every run.
 *
 * Ordering: every append takes one transaction-level advisory lock before it draws positions from the sequence,
 * so positions are drawn and committed in the same order. PostgreSQL makes a commit visible before it releases
 * the transaction's locks, so whenever a reader sees position N, every position below N that will ever exist is
 * already visible: the visible log is always a prefix, and a reader that checkpoints at N can never miss an event
 * that commits later with a smaller position (what a bare bigserial allows). Readers take no lock.
 *
 * Appends are group-committed like the SQLite adapter's: appends that arrive while a batch is in flight go in the
 * next one, and a batch is one statement: a PL/pgSQL function that takes the lock, checks each append against its
 * own expected revision (a retry, recognised by its event ids, answers its first result), inserts, and notifies
 * subscribers. Each append runs in its own subtransaction, so a failing one fails alone.
 *
 * Event data and metadata are stored as `json`, the text exactly as sent: the log is never queried inside the
 * data, and `json` keeps key order and the `\u0000` escape that `jsonb` refuses. Read models use `jsonb`.
 *
 * Subscriptions page through the log and, when caught up, wait for a NOTIFY on a LISTEN connection; a poll timer
 * is the fallback when that connection is down or a notification was missed.
 */
import pg from 'pg';
import {
  AppendTooLargeError,
  WrongExpectedRevisionError,
  streamCategory,
  type AppendResult,
  type EventFilter,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './event-store.ts';
import { PagedSubscription, type LogPage } from './paged-subscription.ts';
import { pagedLog, pagedStream } from './paged-reads.ts';
import { isConnectionLoss } from '../postgres/connection-loss.ts';

export type PostgresEventStoreOptions = {
  /** postgres://user:password@host:port/database */
  connectionString: string;
  /** the schema that holds the log (default `event_store`); created when missing */
  schema?: string;
  /** how often an idle subscription looks for appends when no notification came (default 500 ms) */
  pollIntervalMs?: number;
  /** rows read per query by readStream, readAll and subscriptions (default 500) */
  pageSize?: number;
  /** largest serialised event (data + metadata) accepted, in bytes (default 16 MiB) */
  maxEventBytes?: number;
  /** how long ping() waits for the server (default 2,000 ms) */
  pingTimeoutMs?: number;
  /** connections in the pool (default 5: five roles of three stores each stay within the server's default 100) */
  poolSize?: number;
  /**
   * told when a lost connection (a killed backend, a restarted or unreachable server) made a page read or an
   * append be tried again (default: a warning on stderr)
   */
  onConnectionLoss?: (report: ConnectionLossReport) => void;
};

export type ConnectionLossReport = {
  what: 'subscription' | 'append';
  error: unknown;
  attempt: number;
  delayMs: number;
};

const RETRY_FIRST_MS = 50;
const RETRY_MAX_MS = 2_000;

/** Appends sent again after a lost connection before the error reaches the caller. */
const APPEND_ATTEMPTS = 3;

function warnConnectionLoss(report: ConnectionLossReport): void {
  const reason = report.error instanceof Error ? report.error.message : String(report.error);
  console.warn(
    `[postgresql] ${report.what}: connection lost (${reason}); trying again in ${report.delayMs} ms (attempt ${report.attempt})`,
  );
}

/**
 * An event too large for this store: refused before anything is sent, so nothing of its append is stored. An
 * `AppendTooLargeError`, so the API answers 413 and a snapshot writer counts it as skipped, as on EventStoreDB.
 */
export class EventTooLargeError extends AppendTooLargeError {
  readonly code = 'EVENT_TOO_LARGE';
  constructor(
    streamId: string,
    readonly eventType: string,
    bytes: number,
    readonly limit: number,
  ) {
    super(streamId, bytes, limit);
    this.message = `Event ${eventType} for ${streamId} is ${bytes} bytes; this event store accepts at most ${limit}`;
  }
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** "pock" "guid": one key for every PocketGuide log in a database (logs in other schemas only wait on each other). */
const APPEND_LOCK_KEY = '8098521744451332452';
const NOTIFY_CHANNEL = 'pocketguide_events';
const MAX_APPENDS_PER_BATCH = 500;
const MAX_BATCH_BYTES = 32 * 1024 * 1024;

function schemaSql(schema: string): string {
  return `
  CREATE SCHEMA IF NOT EXISTS ${schema};
  CREATE TABLE IF NOT EXISTS ${schema}.events (
    position    bigserial   PRIMARY KEY,
    id          text        NOT NULL UNIQUE,
    stream_id   text        NOT NULL,
    category    text        NOT NULL,
    revision    bigint      NOT NULL,
    type        text        NOT NULL,
    data        json        NOT NULL,
    metadata    json        NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (stream_id, revision)
  );
  CREATE INDEX IF NOT EXISTS events_by_type ON ${schema}.events (type, position);
  CREATE INDEX IF NOT EXISTS events_by_category ON ${schema}.events (category, position);

  -- One call appends a whole group commit. Arrays are parallel: one entry per append (streams, categories,
  -- expected, counts), or per event (ids, types, datas, metas). Returns one outcome per append.
  CREATE OR REPLACE FUNCTION ${schema}.append_batch(
    streams text[], categories text[], expected text[], counts int[],
    ids text[], types text[], datas text[], metas text[]
  ) RETURNS jsonb LANGUAGE plpgsql AS $fn$
  DECLARE
    outcomes jsonb := '[]'::jsonb;
    outcome jsonb;
    wrote boolean := false;
    first_event int := 1;
    n int;
    batch_ids text[];
    found_ids int;
    refs record;
    current_rev bigint;
    rev bigint;
    pos bigint;
    matches boolean;
  BEGIN
    -- The single-writer lock: positions are drawn and committed in one order (see the adapter's header).
    PERFORM pg_advisory_xact_lock(${APPEND_LOCK_KEY});
    FOR i IN 1 .. coalesce(array_length(streams, 1), 0) LOOP
      n := counts[i];
      batch_ids := ids[first_event : first_event + n - 1];
      BEGIN
        SELECT count(*) INTO found_ids FROM ${schema}.events WHERE id = ANY (batch_ids);
        IF found_ids > 0 THEN
          -- A retry repeats a stored batch exactly: same stream, consecutive revisions, in order.
          SELECT bool_and(x.stream_id IS NOT DISTINCT FROM streams[i]
                          AND x.revision IS NOT DISTINCT FROM x.first_rev + x.ord - 1) AS retry,
                 max(x.revision) FILTER (WHERE x.ord = n) AS last_rev,
                 max(x.position) FILTER (WHERE x.ord = n) AS last_pos,
                 min(x.stream_id) FILTER (WHERE x.stream_id <> streams[i]) AS elsewhere
            INTO refs
            FROM (SELECT o.ord, e.stream_id, e.revision, e.position,
                         first_value(e.revision) OVER (ORDER BY o.ord) AS first_rev
                    FROM unnest(batch_ids) WITH ORDINALITY AS o(id, ord)
                    LEFT JOIN ${schema}.events e ON e.id = o.id) AS x;
          IF refs.retry AND found_ids = n THEN
            outcome := jsonb_build_object('ok', true, 'revision', refs.last_rev, 'position', refs.last_pos, 'wrote', false);
          ELSE
            outcome := jsonb_build_object('ok', false, 'kind', 'duplicate', 'found', found_ids, 'elsewhere', refs.elsewhere);
          END IF;
        ELSE
          SELECT revision INTO current_rev FROM ${schema}.events
           WHERE stream_id = streams[i] ORDER BY revision DESC LIMIT 1;
          IF NOT FOUND THEN current_rev := NULL; END IF;
          matches := CASE expected[i]
            WHEN 'any' THEN true
            WHEN 'no_stream' THEN current_rev IS NULL
            WHEN 'stream_exists' THEN current_rev IS NOT NULL
            ELSE current_rev IS NOT NULL AND current_rev = expected[i]::bigint
          END;
          IF NOT matches THEN
            outcome := jsonb_build_object('ok', false, 'kind', 'wrong_expected', 'actual', current_rev);
          ELSE
            rev := coalesce(current_rev, -1);
            FOR j IN first_event .. first_event + n - 1 LOOP
              rev := rev + 1;
              INSERT INTO ${schema}.events (id, stream_id, category, revision, type, data, metadata)
              VALUES (ids[j], streams[i], categories[i], rev, types[j], datas[j]::json, metas[j]::json)
              RETURNING position INTO pos;
            END LOOP;
            wrote := true;
            outcome := jsonb_build_object('ok', true, 'revision', rev, 'position', pos, 'wrote', true);
          END IF;
        END IF;
      EXCEPTION WHEN OTHERS THEN
        outcome := jsonb_build_object('ok', false, 'kind', 'failed', 'state', SQLSTATE, 'message', SQLERRM);
      END;
      outcomes := outcomes || jsonb_build_array(outcome);
      first_event := first_event + n;
    END LOOP;
    IF wrote THEN PERFORM pg_notify('${NOTIFY_CHANNEL}', ''); END IF;
    RETURN outcomes;
  END
  $fn$;
`;
}

/** An event serialised at call time, so a value JSON cannot encode fails only its own append. */
type SerializedEvent = { id: string; type: string; data: string; metadata: string };

type PendingAppend = {
  streamId: string;
  category: string;
  events: readonly SerializedEvent[];
  expected: ExpectedRevision;
  bytes: number;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
};

type Outcome =
  | { ok: true; revision: number | string; position: number | string; wrote: boolean }
  | { ok: false; kind: 'wrong_expected'; actual: number | string | null }
  | { ok: false; kind: 'duplicate'; found: number; elsewhere: string | null }
  | { ok: false; kind: 'failed'; state: string; message: string };

type EventRow = {
  position: string;
  id: string;
  stream_id: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
};

type Page = LogPage;

const COLUMNS = 'position, id, stream_id, revision, type, data, metadata, recorded_at';

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: Number(row.revision),
    position: Number(row.position),
    recordedAt: row.recorded_at.toISOString(),
  };
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

function validExpected(expected: ExpectedRevision): ExpectedRevision {
  if (typeof expected === 'number' && !(Number.isSafeInteger(expected) && expected >= 0)) {
    throw new RangeError(`expected revision must be a non-negative integer, got ${expected}`);
  }
  if (typeof expected === 'string' && !['no_stream', 'stream_exists', 'any'].includes(expected)) {
    throw new RangeError(`unknown expected revision ${String(expected)}`);
  }
  return expected;
}

/** Opens the store: creates the schema when missing (one process at a time, under a lock). */
export async function createPostgresEventStore(options: PostgresEventStoreOptions): Promise<PostgresEventStore> {
  const schema = options.schema ?? 'event_store';
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Event store: invalid schema name ${JSON.stringify(schema)}`);
  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.poolSize ?? 5 });
  // An idle pooled connection the server dropped must not crash the process; the next query opens another.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(${APPEND_LOCK_KEY} + 1)`);
      await client.query(schemaSql(schema));
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Event store: cannot open PostgreSQL at ${redact(options.connectionString)} (${reason})`, {
      cause: error,
    });
  }
  return new PostgresEventStore(pool, schema, options);
}

export class PostgresEventStore implements EventStore {
  readonly #pool: pg.Pool;
  readonly #schema: string;
  readonly #connectionString: string;
  readonly #pollIntervalMs: number;
  readonly #pageSize: number;
  readonly #maxEventBytes: number;
  readonly #pingTimeoutMs: number;
  readonly #onConnectionLoss: (report: ConnectionLossReport) => void;
  #pending: PendingAppend[] = [];
  #flushTimer: NodeJS.Immediate | undefined;
  #inFlight: Promise<void> | undefined;
  readonly #waiters = new Set<() => void>();
  readonly #subscriptions = new Set<PagedSubscription>();
  #listener: Promise<pg.Client | null> | undefined;
  #closed = false;
  #commits = 0;
  #appends = 0;

  /** the per-event limit: an append's events are each checked against it */
  get maxAppendBytes(): number {
    return this.#maxEventBytes;
  }

  constructor(pool: pg.Pool, schema: string, options: PostgresEventStoreOptions) {
    this.#pool = pool;
    this.#schema = schema;
    this.#connectionString = options.connectionString;
    this.#pollIntervalMs = options.pollIntervalMs ?? 500;
    this.#pageSize = Math.max(1, options.pageSize ?? 500);
    this.#maxEventBytes = options.maxEventBytes ?? 16 * 1024 * 1024;
    this.#pingTimeoutMs = options.pingTimeoutMs ?? 2_000;
    this.#onConnectionLoss = options.onConnectionLoss ?? warnConnectionLoss;
  }

  /** How many statements carried how many appends: group commit shows as appends > commits. */
  get stats(): { commits: number; appends: number } {
    return { commits: this.#commits, appends: this.#appends };
  }

  appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    let pending: Omit<PendingAppend, 'resolve' | 'reject'>;
    try {
      this.#assertOpen();
      if (typeof streamId !== 'string' || streamId === '') throw new TypeError('stream id must be a non-empty string');
      if (events.length === 0) throw new RangeError(`append to ${streamId} has no events`);
      const seen = new Set<string>();
      const serialized = events.map((event, index) => serialize(event, index, seen));
      let bytes = 0;
      for (const event of serialized) {
        const size = Buffer.byteLength(event.data) + Buffer.byteLength(event.metadata);
        if (size > this.#maxEventBytes) throw new EventTooLargeError(streamId, event.type, size, this.#maxEventBytes);
        bytes += size;
      }
      pending = {
        streamId,
        category: streamCategory(streamId),
        events: serialized,
        expected: validExpected(options.expectedRevision ?? 'any'),
        bytes,
      };
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<AppendResult>((resolve, reject) => {
      this.#pending.push({ ...pending, resolve, reject });
      this.#scheduleFlush();
    });
  }

  #scheduleFlush(): void {
    // One batch in flight at a time: appends arriving meanwhile wait and go together in the next one.
    if (this.#inFlight || this.#flushTimer || this.#pending.length === 0) return;
    this.#flushTimer = setImmediate(() => {
      this.#flushTimer = undefined;
      this.#inFlight = this.#flush().finally(() => {
        this.#inFlight = undefined;
        this.#scheduleFlush();
      });
    });
  }

  async #flush(): Promise<void> {
    const batch: PendingAppend[] = [];
    let bytes = 0;
    while (batch.length < MAX_APPENDS_PER_BATCH) {
      const next = this.#pending[0];
      if (!next || (batch.length > 0 && bytes + next.bytes > MAX_BATCH_BYTES)) break;
      batch.push(next);
      bytes += next.bytes;
      this.#pending.shift();
    }
    if (batch.length === 0) return;
    const events = batch.flatMap((append) => append.events);
    let outcomes: Outcome[] = [];
    for (let attempt = 1; ; attempt += 1) {
      try {
        outcomes = await this.#appendBatch(batch, events);
        break;
      } catch (error) {
        // A lost connection leaves it unknown whether the statement committed. Sending the batch again is safe:
        // append_batch recognises an append already stored by its event ids and answers its original result.
        if (isConnectionLoss(error) && attempt < APPEND_ATTEMPTS) {
          const delayMs = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 4 ** (attempt - 1));
          this.#onConnectionLoss({ what: 'append', error, attempt, delayMs });
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          continue;
        }
        // Otherwise the statement rolled back: nothing of this batch is stored, so every caller gets the error.
        for (const append of batch) append.reject(error);
        return;
      }
    }
    this.#commits += 1;
    this.#appends += batch.length;
    batch.forEach((append, index) => {
      const outcome = outcomes[index];
      if (!outcome) append.reject(new Error(`Event store: no outcome for the append to ${append.streamId}`));
      else if (outcome.ok)
        append.resolve({ nextExpectedRevision: Number(outcome.revision), position: Number(outcome.position) });
      else append.reject(this.#failure(append, outcome));
    });
    // Subscribers in this process need not wait for the NOTIFY round trip.
    if (outcomes.some((outcome) => outcome.ok && outcome.wrote)) this.#notify();
  }

  /** One statement for the whole batch: each append in its own subtransaction of one transaction. */
  async #appendBatch(batch: readonly PendingAppend[], events: readonly SerializedEvent[]): Promise<Outcome[]> {
    const result = await this.#pool.query<{ outcomes: Outcome[] }>(
      `SELECT ${this.#schema}.append_batch($1, $2, $3, $4, $5, $6, $7, $8) AS outcomes`,
      [
        batch.map((append) => append.streamId),
        batch.map((append) => append.category),
        batch.map((append) => String(append.expected)),
        batch.map((append) => append.events.length),
        events.map((event) => event.id),
        events.map((event) => event.type),
        events.map((event) => event.data),
        events.map((event) => event.metadata),
      ],
    );
    return result.rows[0]?.outcomes ?? [];
  }

  #failure(append: PendingAppend, outcome: Exclude<Outcome, { ok: true }>): Error {
    switch (outcome.kind) {
      case 'wrong_expected':
        return new WrongExpectedRevisionError(
          append.streamId,
          append.expected,
          outcome.actual === null ? 'no_stream' : Number(outcome.actual),
        );
      case 'duplicate':
        return new Error(
          `Append to ${append.streamId} refused: ${outcome.found} of ${append.events.length} event ids are already stored` +
            (outcome.elsewhere ? ` (some in stream ${outcome.elsewhere})` : '') +
            '. A retried append must repeat the original batch exactly, and event ids must be unique.',
        );
      case 'failed':
        return Object.assign(new Error(`Append to ${append.streamId} failed: ${outcome.message}`), {
          code: outcome.state,
        });
    }
  }

  #notify(): void {
    for (const wake of [...this.#waiters]) wake();
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('Event store (PostgreSQL) is closed');
  }

  readStream(streamId: string, options: ReadStreamOptions = {}): AsyncIterable<RecordedEvent> {
    const sql =
      options.direction === 'backwards'
        ? `SELECT ${COLUMNS} FROM ${this.#schema}.events WHERE stream_id = $1 AND revision <= $2 ORDER BY revision DESC LIMIT $3`
        : `SELECT ${COLUMNS} FROM ${this.#schema}.events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision LIMIT $3`;
    return pagedStream(options, this.#pageSize, async (from, limit) => {
      this.#assertOpen();
      const { rows } = await this.#pool.query<EventRow>(sql, [streamId, from, limit]);
      return rows.map(toRecorded);
    });
  }

  readAll(options: ReadAllOptions = {}): AsyncIterable<RecordedEvent> {
    return pagedLog(options, this.#pageSize, (after, filter, limit) => {
      this.#assertOpen();
      return this.#readPage(after, filter, limit);
    });
  }

  /**
   * One page of the log after `after`, filtered in SQL, bounded by the head read in the same statement (one
   * snapshot): "fewer rows than asked" then proves everything up to the head was scanned, so the next page starts
   * there even when a selective filter matched nothing.
   */
  async #readPage(after: number, filter: EventFilter | undefined, limit: number): Promise<Page> {
    const types = filter?.eventTypes ? [...filter.eventTypes] : null;
    const categories = filter?.streamCategories ? [...filter.streamCategories] : null;
    const { rows } = await this.#pool.query<{ head: string } & Partial<EventRow>>(
      `SELECT h.head, e.* FROM (SELECT coalesce(max(position), 0) AS head FROM ${this.#schema}.events) AS h
       LEFT JOIN LATERAL (
         SELECT ${COLUMNS} FROM ${this.#schema}.events
          WHERE position > $1 AND position <= h.head
            AND ($2::text[] IS NULL OR type = ANY ($2::text[]))
            AND ($3::text[] IS NULL OR category = ANY ($3::text[]))
          ORDER BY position LIMIT $4
       ) AS e ON true`,
      [after, types, categories, limit],
    );
    const head = Number(rows[0]?.head ?? 0);
    const events = rows.flatMap((row) =>
      row.position === null || row.position === undefined ? [] : [toRecorded(row as EventRow)],
    );
    const last = events.at(-1);
    return { events, scannedUpTo: events.length < limit || !last ? Math.max(head, after) : last.position };
  }

  subscribeToAll(options: SubscribeOptions = {}): Subscription {
    this.#assertOpen();
    const subscription = new PagedSubscription(
      {
        readPage: (after, filter, limit) => {
          this.#assertOpen();
          return this.#readPage(after, filter, limit);
        },
        addWaiter: (wake) => {
          this.#waiters.add(wake);
          void this.#listen();
        },
        removeWaiter: (wake) => this.#waiters.delete(wake),
        forget: (closed) => this.#subscriptions.delete(closed),
        // A lost connection: the same page is read again from the same position, on a new connection, after a
        // growing pause. Any other failure ends the subscription.
        retryDelay: (error, attempt) => {
          if (!isConnectionLoss(error)) return undefined;
          const delayMs = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (attempt - 1));
          this.#onConnectionLoss({ what: 'subscription', error, attempt, delayMs });
          return delayMs;
        },
      },
      options,
      this.#pollIntervalMs,
      this.#pageSize,
    );
    this.#subscriptions.add(subscription);
    return subscription;
  }

  /**
   * The LISTEN connection, opened when a subscription first waits. When it fails, subscriptions fall back to their
   * poll timer and the next wait opens it again.
   */
  #listen(): Promise<pg.Client | null> {
    if (this.#listener) return this.#listener;
    const client = new pg.Client({ connectionString: this.#connectionString });
    let listening = false;
    let lost = false;
    const attempt: Promise<pg.Client | null> = (async () => {
      // A connection lost while subscribers wait (a killed backend, a restarted server) wakes them: each looks
      // once, which also catches commits whose NOTIFY went nowhere, and its next wait opens a new connection.
      // One that never opened wakes no one (the poll timer is the fallback), so a server that is down is not
      // reconnected to in a loop.
      const drop = (): void => {
        if (lost) return;
        lost = true;
        if (this.#listener === attempt) this.#listener = undefined;
        void client.end().catch(() => undefined);
        if (listening && !this.#closed) this.#notify();
      };
      client.on('error', drop);
      client.on('end', drop);
      client.on('notification', () => this.#notify());
      try {
        await client.connect();
        await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
        listening = true;
        if (this.#closed) {
          await client.end();
          return null;
        }
        // Appends made while the connection was opening notified no one: wake the waiters to look once.
        this.#notify();
        return client;
      } catch {
        drop();
        return null;
      }
    })();
    if (!lost) this.#listener = attempt;
    return attempt;
  }

  async headPosition(): Promise<number> {
    this.#assertOpen();
    const { rows } = await this.#pool.query<{ head: string }>(
      `SELECT coalesce(max(position), 0) AS head FROM ${this.#schema}.events`,
    );
    return Number(rows[0]?.head ?? 0);
  }

  async ping(): Promise<void> {
    this.#assertOpen();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Event store (PostgreSQL) did not answer within ${this.#pingTimeoutMs} ms`)),
        this.#pingTimeoutMs,
      );
    });
    try {
      await Promise.race([this.#pool.query('SELECT 1'), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    // Appends already accepted are committed before the pool closes.
    while (this.#inFlight || this.#flushTimer || this.#pending.length > 0) {
      if (this.#flushTimer) {
        clearImmediate(this.#flushTimer);
        this.#flushTimer = undefined;
        this.#inFlight = this.#flush().finally(() => {
          this.#inFlight = undefined;
        });
      }
      await this.#inFlight;
      if (!this.#inFlight && !this.#flushTimer && this.#pending.length > 0) this.#scheduleFlush();
    }
    this.#closed = true;
    await Promise.all([...this.#subscriptions].map((subscription) => subscription.close()));
    const listener = await this.#listener;
    this.#listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.#pool.end();
  }
}

/** Connection strings may carry credentials; messages show them without. */
function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
