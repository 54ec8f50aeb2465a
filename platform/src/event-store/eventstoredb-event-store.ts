/**
 * The scale-out event store: EventStoreDB over gRPC. The only file that imports `@eventstore/db-client`.
 *
 * Our `position` is the event's commit position in `$all` (unique per event for appends since EventStoreDB 20;
 * bigint on the wire, a safe number in practice). System events (`$`-prefixed types or streams) are never
 * returned from `$all` reads or subscriptions: projections and lag figures only ever see our own events.
 */
import {
  ANY,
  AccessDeniedError,
  MaxAppendSizeExceededError,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type Filter,
  type JSONEventData,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import {
  AppendTooLargeError,
  WrongExpectedRevisionError,
  matchesFilter,
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
import { boundedSubscriptionRead } from './bounded-subscription-read.ts';
import { DONE, SerialSubscription } from './serial-subscription.ts';
import { ResumingSource, type DropReport, type PulledSource } from './resuming-source.ts';

export type EventStoreDbEventStoreOptions = {
  /** e.g. `esdb://localhost:2113?tls=false` */
  connectionString: string;
  /** called when a `$all` subscription dropped and is about to be opened again (default: a warning on stderr) */
  onSubscriptionDrop?: (report: DropReport) => void;
  /** the server's `MaxAppendSize` (EVENTSTORE_MAX_APPEND_SIZE); default the server's own default, 1 MiB */
  maxAppendBytes?: number;
};

/** EventStoreDB's default `MaxAppendSize`. */
export const ESDB_DEFAULT_MAX_APPEND_BYTES = 1_048_576;

/**
 * An append's size as the server counts it against `MaxAppendSize`: each event's data and metadata bytes, plus its
 * type and id, which it also stores. Checked before sending so a too-large append is a clear error, not a failure
 * from deep in the gRPC call.
 */
export function appendSizeOf(events: readonly NewEvent[]): number {
  let bytes = 0;
  for (const event of events) {
    bytes += Buffer.byteLength(typeof event.data === 'string' ? event.data : JSON.stringify(event.data ?? null));
    bytes += Buffer.byteLength(JSON.stringify(event.metadata ?? {}));
    bytes += Buffer.byteLength(event.type) + 16;
  }
  return bytes;
}

export function createEventStoreDbEventStore(options: EventStoreDbEventStoreOptions): EventStore {
  return new EventStoreDbEventStore(EventStoreDBClient.connectionString(options.connectionString), {
    ...(options.onSubscriptionDrop ? { onDrop: options.onSubscriptionDrop } : {}),
    ...(options.maxAppendBytes !== undefined ? { maxAppendBytes: options.maxAppendBytes } : {}),
  });
}

function warnDrop(report: DropReport): void {
  const reason = report.error instanceof Error ? report.error.message : String(report.error);
  console.warn(
    `[eventstoredb] $all subscription dropped (${reason}); reopening after ${report.after} in ${report.delayMs} ms`,
  );
}

/** How far back a conflicting append looks for its own ids before calling it a real conflict. */
const RETRY_LOOKBACK = 1000;

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (expected === 'any') return ANY;
  if (!Number.isSafeInteger(expected) || expected < 0) {
    throw new RangeError(`expected revision must be a non-negative integer, got ${expected}`);
  }
  return BigInt(expected);
}

/** The client JSON-encodes event data itself but types it as object, array or string. */
function toJsonData(event: NewEvent): JSONType {
  const { data } = event;
  if (typeof data === 'string' || Array.isArray(data)) return data;
  if (typeof data === 'object' && data !== null) return data as Record<string, unknown>;
  throw new TypeError(`event ${event.id} (${event.type}): EventStoreDB event data must be an object, array or string`);
}

function toEventData(event: NewEvent): JSONEventData {
  return {
    id: event.id,
    contentType: 'application/json',
    type: event.type,
    data: toJsonData(event),
    metadata: event.metadata ?? {},
  };
}

function toNumber(value: bigint): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError(`EventStoreDB value ${value} is beyond a safe integer`);
  return number;
}

function positionOf(event: EsdbRecordedEvent): number {
  // Recorded events carry their position from server 22.6 on; the pinned image is 24.10.
  if (!event.position) throw new Error(`EventStoreDB returned event ${event.id} without a position (server < 22.6?)`);
  return toNumber(event.position.commit);
}

function toMetadata(metadata: unknown): EventMetadata {
  if (
    typeof metadata === 'object' &&
    metadata !== null &&
    !Array.isArray(metadata) &&
    !(metadata instanceof Uint8Array)
  ) {
    return metadata as EventMetadata;
  }
  return {};
}

function toRecorded(event: EsdbRecordedEvent): RecordedEvent {
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: toMetadata(event.metadata),
    streamId: event.streamId,
    revision: toNumber(event.revision),
    position: positionOf(event),
    recordedAt: event.created.toISOString(),
  };
}

function isSystemEvent(event: Pick<EsdbRecordedEvent, 'type' | 'streamId'>): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

/** `after` is exclusive for us; EventStoreDB reads from a position inclusively, so the caller skips `<= after`. */
function fromPosition(after: number | undefined): ReadPosition {
  if (!after || after <= 0) return START;
  const position: Position = { commit: BigInt(after), prepare: BigInt(after) };
  return position;
}

/**
 * The server filters on one thing only, by prefix: categories become stream-name prefixes `category-`, else event
 * types become type prefixes. Prefixes over-match (`Order` matches `OrderLine`), so `matchesFilter` still runs on
 * every delivered event.
 */
function serverFilter(filter: EventFilter | undefined): Filter | undefined {
  if (filter?.streamCategories && filter.streamCategories.length > 0) {
    return streamNameFilter({ prefixes: filter.streamCategories.map((category) => `${category}-`) });
  }
  if (filter?.eventTypes && filter.eventTypes.length > 0) {
    return eventTypeFilter({ prefixes: [...filter.eventTypes] });
  }
  return undefined;
}

/** Converts a `$all` event to ours, or undefined when it is a system event, filtered out or not after `after`. */
function acceptFromAll(
  resolved: AllStreamResolvedEvent,
  after: number,
  filter: EventFilter | undefined,
): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || isSystemEvent(event)) return undefined;
  const recorded = toRecorded(event);
  if (recorded.position <= after || !matchesFilter(recorded, filter)) return undefined;
  return recorded;
}

export class EventStoreDbEventStore implements EventStore {
  readonly #client: EventStoreDBClient;
  readonly #subscriptions = new Set<EventStoreDbSubscription>();
  readonly #resume: { onDrop: (report: DropReport) => void; initialDelayMs?: number; maxDelayMs?: number };
  readonly #maxAppendBytes: number;
  #closed = false;

  constructor(
    client: EventStoreDBClient,
    settings: {
      onDrop?: (report: DropReport) => void;
      initialDelayMs?: number;
      maxDelayMs?: number;
      maxAppendBytes?: number;
    } = {},
  ) {
    this.#client = client;
    const { maxAppendBytes, ...resume } = settings;
    this.#resume = { ...resume, onDrop: resume.onDrop ?? warnDrop };
    this.#maxAppendBytes = maxAppendBytes ?? ESDB_DEFAULT_MAX_APPEND_BYTES;
  }

  get maxAppendBytes(): number {
    return this.#maxAppendBytes;
  }

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    this.#assertOpen();
    if (events.length === 0) throw new RangeError(`append to ${streamId} has no events`);
    const expected = options.expectedRevision ?? 'any';
    const bytes = appendSizeOf(events);
    if (bytes > this.#maxAppendBytes) throw new AppendTooLargeError(streamId, bytes, this.#maxAppendBytes);
    // The server recognises a retry only when its expected revision is older than the stream's: a retry whose
    // expected revision is the current one (the batch itself is the tail) would be stored twice. Look first.
    if (typeof expected === 'number') {
      const stored = await this.#storedAtTail(streamId, events, expected);
      if (stored) return stored;
    }
    try {
      const result = await this.#client.appendToStream(streamId, events.map(toEventData), {
        expectedRevision: toEsdbExpected(expected),
      });
      const nextExpectedRevision = toNumber(result.nextExpectedRevision);
      // A single event's commit position is its own. For a batch, or an idempotent retry (the server sends no
      // position), read the last event back to report the position a subscriber will see.
      const position =
        events.length === 1 && result.position
          ? toNumber(result.position.commit)
          : await this.#positionAt(streamId, nextExpectedRevision);
      return { nextExpectedRevision, position };
    } catch (error) {
      if (error instanceof MaxAppendSizeExceededError) {
        throw new AppendTooLargeError(streamId, bytes, error.maxAppendSize);
      }
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      // The server only recognises a retry when the expected revision is the original one; ours are idempotent
      // whatever the expected revision, like the SQLite store.
      const original = await this.#findStoredBatch(streamId, events);
      if (original) return original;
      const actual = error.actualVersion === NO_STREAM ? 'no_stream' : toNumber(error.actualVersion);
      throw new WrongExpectedRevisionError(streamId, expected, actual);
    }
  }

  /** The original result when the stream's last events are this batch and the last one is at `expected`. */
  async #storedAtTail(streamId: string, events: readonly NewEvent[], expected: number): Promise<AppendResult | null> {
    if (expected < events.length - 1) return null;
    const tail: RecordedEvent[] = [];
    for await (const event of this.readStream(streamId, { direction: 'backwards', maxCount: events.length }))
      tail.unshift(event);
    const last = tail.at(-1);
    if (!last || last.revision !== expected || tail.length !== events.length) return null;
    if (!events.every((event, i) => tail[i]?.id === event.id)) return null;
    return { nextExpectedRevision: last.revision, position: last.position };
  }

  async #positionAt(streamId: string, revision: number): Promise<number> {
    const read = this.#client.readStream(streamId, { fromRevision: BigInt(revision), maxCount: 1 });
    for await (const resolved of read) {
      if (resolved.event) return positionOf(resolved.event);
    }
    throw new Error(`EventStoreDB: event ${revision} of ${streamId} vanished right after it was appended`);
  }

  /** The original result when every id of the batch is already at the tail of the stream, in order. */
  async #findStoredBatch(streamId: string, events: readonly NewEvent[]): Promise<AppendResult | null> {
    const wanted = new Map(events.map((event, index) => [event.id, index]));
    const found: { revision: number; position: number }[] = [];
    for await (const event of this.readStream(streamId, { direction: 'backwards', maxCount: RETRY_LOOKBACK })) {
      const index = wanted.get(event.id);
      if (index === undefined) continue;
      found[index] = { revision: event.revision, position: event.position };
      wanted.delete(event.id);
      if (wanted.size === 0) break;
    }
    const stored = found.filter((ref) => ref !== undefined);
    if (stored.length === 0) return null;
    const first = found[0];
    const last = found[events.length - 1];
    const inOrder =
      first !== undefined && last !== undefined && events.every((_, i) => found[i]?.revision === first.revision + i);
    if (inOrder) return { nextExpectedRevision: last.revision, position: last.position };
    throw new Error(
      `Append to ${streamId} refused: ${stored.length} of ${events.length} event ids are already stored. ` +
        'A retried append must repeat the original batch exactly, and event ids must be unique.',
    );
  }

  async *readStream(streamId: string, options: ReadStreamOptions = {}): AsyncIterable<RecordedEvent> {
    this.#assertOpen();
    if (options.maxCount !== undefined && options.maxCount <= 0) return;
    const backwards = options.direction === 'backwards';
    const read = this.#client.readStream(streamId, {
      direction: backwards ? BACKWARDS : FORWARDS,
      fromRevision: options.fromRevision !== undefined ? BigInt(options.fromRevision) : backwards ? END : START,
      ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
    });
    let finished = false;
    try {
      // The gRPC stream is pulled with back-pressure, so a long stream arrives a window at a time.
      for await (const resolved of read) {
        if (resolved.event) yield toRecorded(resolved.event);
      }
      finished = true;
    } catch (error) {
      finished = true;
      if (error instanceof StreamNotFoundError) return;
      throw error;
    } finally {
      // the consumer stopped early: end the server-side read too
      if (!finished) await read.cancel();
    }
  }

  async *readAll(options: ReadAllOptions = {}): AsyncIterable<RecordedEvent> {
    this.#assertOpen();
    // `from` is an event's own position, read inclusively; `after` is a checkpoint, read exclusively. Never
    // `position - 1`: positions are byte offsets and the server refuses one that is not an event's.
    const from = options.from;
    const after = from !== undefined ? from - 1 : (options.after ?? 0);
    let remaining = options.maxCount ?? Number.POSITIVE_INFINITY;
    if (remaining <= 0) return;
    const filter = serverFilter(options.filter);
    if (filter) {
      yield* this.#readAllFiltered(filter, options, remaining);
      return;
    }
    const read = this.#client.readAll({ direction: FORWARDS, fromPosition: fromPosition(from ?? after) });
    let finished = false;
    try {
      for await (const resolved of read) {
        const event = acceptFromAll(resolved, after, options.filter);
        if (!event) continue;
        yield event;
        remaining -= 1;
        if (remaining <= 0) break;
      }
      finished = remaining > 0;
    } finally {
      if (!finished) await read.cancel();
    }
  }

  /**
   * A filtered `readAll` filtered on the server: the client's `readAll` takes no filter, so this reads through a
   * filtered subscription from the start position and ends it at `maxCount`, at `caughtUp`, or at an event or
   * checkpoint at or past the last record of `$all` read before subscribing (`boundedSubscriptionRead`). Only the
   * matching events (and a checkpoint every 32 records considered) cross the wire; `matchesFilter` still runs on
   * each, since prefixes over-match.
   */
  async *#readAllFiltered(filter: Filter, options: ReadAllOptions, maxCount: number): AsyncGenerator<RecordedEvent> {
    const end = await this.#lastRecordPosition();
    if (end === undefined) return;
    let remaining = maxCount;
    const { from } = options;
    if (from !== undefined) {
      // a subscription starts after its position: the event at `from` itself is read directly
      for await (const resolved of this.#client.readAll({
        direction: FORWARDS,
        fromPosition: fromPosition(from),
        maxCount: 1,
      })) {
        const event = acceptFromAll(resolved, from - 1, options.filter);
        if (event && event.position === from) {
          yield event;
          remaining -= 1;
        }
      }
      if (remaining <= 0) return;
    }
    const after = from ?? options.after ?? 0;
    yield* boundedSubscriptionRead<AllStreamResolvedEvent, RecordedEvent>({
      open: (onCheckpoint) =>
        this.#client.subscribeToAll({
          fromPosition: after > 0 ? fromPosition(after) : START,
          filter: {
            ...filter,
            checkpointReached: (_subscription, position) => onCheckpoint(toNumber(position.commit)),
          },
        }),
      end,
      maxCount: remaining,
      positionOf: (resolved) => (resolved.event ? positionOf(resolved.event) : after),
      accept: (resolved) => acceptFromAll(resolved, after, options.filter),
    });
  }

  /** The commit position of the last record in `$all`, system records included; undefined when there is none. */
  async #lastRecordPosition(): Promise<number | undefined> {
    for await (const resolved of this.#client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 })) {
      if (resolved.event) return positionOf(resolved.event);
    }
    return undefined;
  }

  subscribeToAll(options: SubscribeOptions = {}): Subscription {
    this.#assertOpen();
    const subscription = new EventStoreDbSubscription(this.#client, options, this.#resume, (closed) =>
      this.#subscriptions.delete(closed),
    );
    this.#subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<number> {
    this.#assertOpen();
    // The newest event that is not a system event: the one a caught-up subscriber has seen last.
    const read = this.#client.readAll({ direction: BACKWARDS, fromPosition: END });
    let finished = false;
    try {
      for await (const resolved of read) {
        const event = resolved.event;
        if (event && !isSystemEvent(event)) return positionOf(event);
      }
      finished = true;
      return 0;
    } finally {
      if (!finished) await read.cancel();
    }
  }

  /** Bounded by its own timer too: the gRPC deadline does not end a read that a hung server never answers. */
  async ping(timeoutMs = 5000): Promise<void> {
    this.#assertOpen();
    const read = this.#client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, deadline: timeoutMs });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`EventStoreDB did not answer within ${timeoutMs} ms`)), timeoutMs);
    });
    const first = (async () => {
      for await (const _ of read) break;
    })();
    try {
      await Promise.race([first, timeout]);
    } catch (error) {
      void read.cancel().catch(() => undefined);
      first.catch(() => undefined);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.all([...this.#subscriptions].map((subscription) => subscription.close()));
    await this.#client.dispose();
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('EventStoreDB event store is closed');
  }
}

const CLOSED = Symbol('closed');

function openClientSubscription(
  client: EventStoreDBClient,
  after: number,
  filter: Filter | undefined,
): PulledSource<AllStreamResolvedEvent> {
  const source: AllStreamSubscription = client.subscribeToAll({
    fromPosition: after > 0 ? fromPosition(after) : START,
    ...(filter ? { filter } : {}),
  });
  const iterator = source[Symbol.asyncIterator]();
  return {
    next: () => iterator.next(),
    async close() {
      try {
        await source.unsubscribe();
      } catch {
        // the connection is already gone, which ends the server side too
      }
      source.destroy();
    },
  };
}

/**
 * Wraps the client's catch-up subscription (a Readable consumed with `for await`, so gRPC flow control gives
 * back-pressure). A dropped subscription (a reset connection, a leader change, a stream the server ended) is
 * opened again from the last event delivered, with backoff, by `ResumingSource`: nothing missed or doubled.
 * `close()` must end a `next()` that is waiting for a live event, which the client's own iterator does not do on
 * unsubscribe, so each pull races the source against close.
 */
class EventStoreDbSubscription extends SerialSubscription {
  readonly #source: ResumingSource<AllStreamResolvedEvent>;
  readonly #filter: EventFilter | undefined;
  readonly #signal: AbortSignal | undefined;
  readonly #forget: (subscription: EventStoreDbSubscription) => void;
  #after: number;
  #closed = false;
  #interrupt: (() => void) | undefined;
  readonly #onAbort = (): void => void this.close();

  constructor(
    client: EventStoreDBClient,
    options: SubscribeOptions,
    settings: { onDrop: (report: DropReport) => void; initialDelayMs?: number; maxDelayMs?: number },
    forget: (subscription: EventStoreDbSubscription) => void,
  ) {
    super();
    this.#filter = options.filter;
    this.#after = options.after ?? 0;
    const filter = serverFilter(options.filter);
    this.#source = new ResumingSource<AllStreamResolvedEvent>({
      open: (after) => openClientSubscription(client, after, filter),
      positionOf: (resolved) => (resolved.event?.position ? toNumber(resolved.event.position.commit) : undefined),
      after: this.#after,
      isFatal: (error) => error instanceof AccessDeniedError,
      onDrop: settings.onDrop,
      ...(settings.initialDelayMs !== undefined ? { initialDelayMs: settings.initialDelayMs } : {}),
      ...(settings.maxDelayMs !== undefined ? { maxDelayMs: settings.maxDelayMs } : {}),
    });
    this.#signal = options.signal;
    this.#forget = forget;
    if (this.#signal?.aborted) void this.close();
    else this.#signal?.addEventListener('abort', this.#onAbort, { once: true });
  }

  protected async pull(): Promise<IteratorResult<RecordedEvent>> {
    for (;;) {
      if (this.#closed) return DONE;
      let step: IteratorResult<AllStreamResolvedEvent> | typeof CLOSED;
      try {
        step = await new Promise<IteratorResult<AllStreamResolvedEvent> | typeof CLOSED>((resolve, reject) => {
          this.#interrupt = () => resolve(CLOSED);
          this.#source.next().then(resolve, reject);
        });
      } catch (error) {
        if (this.#closed) return DONE;
        await this.close();
        throw error;
      } finally {
        this.#interrupt = undefined;
      }
      if (step === CLOSED || this.#closed) return DONE;
      if (step.done) {
        await this.close();
        return DONE;
      }
      const event = acceptFromAll(step.value, this.#after, this.#filter);
      if (!event) continue;
      this.#after = event.position;
      return { done: false, value: event };
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#signal?.removeEventListener('abort', this.#onAbort);
    this.#interrupt?.();
    this.#forget(this);
    await this.#source.close();
  }
}
