/**
 * The event store port. Two adapters implement it: `sqlite-event-store.ts` (embedded default) and
 * `eventstoredb-event-store.ts` (scale-out). Both are proven by `event-store.contract.ts`.
 *
 * Numbers: a stream revision is the 0-based index of an event in its stream; a global position is a
 * monotonically increasing number over the whole log (SQLite: the row id; EventStoreDB: the commit position).
 * Positions are unique per event and strictly increasing in log order; they are not dense.
 */

export type EventMetadata = {
  /** who caused it: a user id, or 'system' for workers and scripts */
  userId?: string;
  role?: string;
  commandId?: string;
  correlationId?: string;
  causationId?: string;
  [key: string]: unknown;
};

/** An event about to be appended. `id` is a UUID; deriving it from the command id makes retries idempotent. */
export type NewEvent<Type extends string = string, Data = unknown> = {
  id: string;
  type: Type;
  data: Data;
  metadata?: EventMetadata;
};

export type RecordedEvent<Type extends string = string, Data = unknown> = {
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  streamId: string;
  /** 0-based index in its stream */
  revision: number;
  /** position in the global log */
  position: number;
  /** when the store recorded it (ISO 8601) */
  recordedAt: string;
};

/**
 * - `no_stream`: the stream must not exist yet
 * - `stream_exists`: the stream must exist (any revision)
 * - `any`: no check
 * - a number: the revision of the stream's last event must be exactly this
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export type AppendResult = {
  /** revision of the last event now in the stream */
  nextExpectedRevision: number;
  /** global position of the last event appended (or of the already stored duplicate) */
  position: number;
};

export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** the stream's actual last revision, or 'no_stream' when it does not exist */
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}

/**
 * An append larger than the engine accepts (EventStoreDB's `MaxAppendSize`), refused before it reaches the engine
 * or mapped from the engine's own refusal. The API answers it with 413 `payload_too_large`, never a 500.
 */
export class AppendTooLargeError extends Error {
  override readonly name = 'AppendTooLargeError';
  constructor(
    readonly streamId: string,
    /** the append's size as the engine counts it, when known */
    readonly bytes: number | undefined,
    readonly maxBytes: number,
  ) {
    super(
      `Append to ${streamId} is too large to store: ${bytes === undefined ? 'over' : `${bytes} B, over`} the event store's limit of ${maxBytes} B`,
    );
  }
}

export type ReadStreamOptions = {
  direction?: 'forwards' | 'backwards';
  /** inclusive; forwards defaults to 0, backwards to the end */
  fromRevision?: number;
  maxCount?: number;
};

export type ReadAllOptions = {
  /** exclusive: events strictly after this position; omitted means from the start */
  after?: number;
  /**
   * inclusive: events at or after this position, which must be an event's own position (read from a RecordedEvent).
   * Positions are opaque, not dense: on EventStoreDB they are byte offsets, so `position - 1` is not a place the log
   * can be read from. Overrides `after`.
   */
  from?: number;
  maxCount?: number;
  filter?: EventFilter;
};

export type EventFilter = {
  /** keep only these event types */
  eventTypes?: readonly string[];
  /** keep only streams whose category (the part of the id before the first '-') is one of these */
  streamCategories?: readonly string[];
};

export type SubscribeOptions = {
  /** exclusive checkpoint: deliver events strictly after this position; omitted means from the start */
  after?: number;
  filter?: EventFilter;
  /** stops the subscription; the iterator then ends */
  signal?: AbortSignal;
};

/**
 * A catch-up subscription: history first, then live events, in log order. It is pulled with
 * `for await`, so a slow consumer slows the reads (back-pressure): nothing is buffered without bound.
 */
export interface Subscription extends AsyncIterable<RecordedEvent> {
  /** ends the iteration; pending `next()` calls resolve with done */
  close(): Promise<void>;
}

export type AppendOptions = {
  expectedRevision?: ExpectedRevision;
  /**
   * `durable` (the default): answered once the append is on disk. `relaxed`: answered once it is committed, its
   * own fsync spared; the next durable commit (or checkpoint) carries it to disk, so only a machine's crash (not the
   * process's) can lose it. For events a loss costs a count of, never money or an author's work: readers' beacons
   * (issue 24), whose batches must not stop the serving thread for an fsync. An adapter may treat every append as
   * durable; the embedded store commits a group relaxed only when all its appends are.
   */
  durability?: 'durable' | 'relaxed';
};

export interface EventStore {
  /**
   * The largest append this store accepts, in bytes, when it has a limit of its own (EventStoreDB's `MaxAppendSize`,
   * the PostgreSQL store's per-event limit); a larger one is refused with `AppendTooLargeError`. Undefined: none
   * below what the process can hold (SQLite). Writers of optional events (snapshots) check it before building one.
   */
  readonly maxAppendBytes?: number;

  appendToStream(streamId: string, events: readonly NewEvent[], options?: AppendOptions): Promise<AppendResult>;

  /** Reads one stream. A missing stream yields nothing (no error). */
  readStream(streamId: string, options?: ReadStreamOptions): AsyncIterable<RecordedEvent>;

  /** Reads the global log forwards from a position. */
  readAll(options?: ReadAllOptions): AsyncIterable<RecordedEvent>;

  subscribeToAll(options?: SubscribeOptions): Subscription;

  /** Position of the newest event in the log (0 when empty): what lag is measured against. */
  headPosition(): Promise<number>;

  /** Cheap liveness check used by /api/health. */
  ping(): Promise<void>;

  close(): Promise<void>;
}

/** `guidebook-123` → `guidebook` */
export function streamCategory(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
}

export function matchesFilter(event: Pick<RecordedEvent, 'type' | 'streamId'>, filter?: EventFilter): boolean {
  if (!filter) return true;
  if (filter.eventTypes && !filter.eventTypes.includes(event.type)) return false;
  if (filter.streamCategories && !filter.streamCategories.includes(streamCategory(event.streamId))) return false;
  return true;
}
