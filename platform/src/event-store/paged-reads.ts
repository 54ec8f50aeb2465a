import type { EventFilter, ReadAllOptions, ReadStreamOptions, RecordedEvent } from './event-store.ts';
import type { LogPage } from './paged-subscription.ts';
import { DONE } from './serial-subscription.ts';

/** A page read by a SQL store: synchronous on SQLite, a query on PostgreSQL. */
type Maybe<T> = T | Promise<T>;

/**
 * Up to `limit` events of one stream from revision `from` (inclusive), in the read's direction: fewer than `limit`
 * means the stream has no more that way.
 */
export type StreamPageReader = (from: number, limit: number) => Maybe<readonly RecordedEvent[]>;

/** Up to `limit` events of the log after `after` that match `filter`, and the position the read looked through. */
export type LogPageReader = (after: number, filter: EventFilter | undefined, limit: number) => Maybe<LogPage>;

/**
 * `readStream` of the SQL stores (SQLite, PostgreSQL): pages of at most `pageSize` events, read on demand, until
 * `maxCount` events are read or a page comes back short. Backwards reads walk down from `fromRevision` (default:
 * the end) to revision 0.
 */
export function pagedStream(
  options: ReadStreamOptions,
  pageSize: number,
  readPage: StreamPageReader,
): AsyncIterableIterator<RecordedEvent> {
  const backwards = options.direction === 'backwards';
  let remaining = options.maxCount ?? Number.POSITIVE_INFINITY;
  let from = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
  let exhausted = false;
  return new PagedEvents(() => {
    if (remaining <= 0 || exhausted || from < 0) return null;
    const limit = Math.min(pageSize, remaining);
    return thenApply(readPage(from, limit), (events) => {
      const last = events.at(-1);
      if (events.length < limit || !last) exhausted = true;
      else from = backwards ? last.revision - 1 : last.revision + 1;
      remaining -= events.length;
      return events;
    });
  });
}

/**
 * `readAll` of the SQL stores: pages of at most `pageSize` events of the log, read on demand, each starting where
 * the previous one looked through (past the events its filter left out), until `maxCount` events are read or a page
 * comes back short. Positions there are whole numbers, so `from` (an event's own position, inclusive) is read as
 * `after: from - 1`.
 */
export function pagedLog(
  options: ReadAllOptions,
  pageSize: number,
  readPage: LogPageReader,
): AsyncIterableIterator<RecordedEvent> {
  let after = options.from !== undefined ? Math.max(0, options.from - 1) : (options.after ?? 0);
  let remaining = options.maxCount ?? Number.POSITIVE_INFINITY;
  let exhausted = false;
  return new PagedEvents(() => {
    if (remaining <= 0 || exhausted) return null;
    const limit = Math.min(pageSize, remaining);
    return thenApply(readPage(after, options.filter, limit), (page) => {
      if (page.events.length < limit) exhausted = true;
      remaining -= page.events.length;
      after = page.scannedUpTo;
      return page.events;
    });
  });
}

/** `apply` on the value, at once when it is not a promise: a synchronous page costs no extra turn. */
function thenApply<T, U>(value: Maybe<T>, apply: (value: T) => U): Maybe<U> {
  return value instanceof Promise ? value.then(apply) : apply(value);
}

/**
 * A single-use async iterable over pages that `nextPage` reads on demand (`null`: no more). Hand-rolled rather
 * than an async generator: it costs a third as much per event, which matters when the command handler folds a
 * long stream on every command. A synchronous page is served without waiting; an asynchronous one is awaited, and
 * `next()` calls that arrive meanwhile wait their turn. A failed read ends the iteration with its error.
 */
export class PagedEvents implements AsyncIterableIterator<RecordedEvent> {
  readonly #nextPage: () => Maybe<readonly RecordedEvent[] | null>;
  #page: readonly RecordedEvent[] = [];
  #index = 0;
  #done = false;
  #reading: Promise<unknown> | undefined;

  constructor(nextPage: () => Maybe<readonly RecordedEvent[] | null>) {
    this.#nextPage = nextPage;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<RecordedEvent>> {
    if (this.#reading) return this.#reading.then(() => this.next());
    try {
      for (;;) {
        const event = this.#page[this.#index];
        if (event) {
          this.#index += 1;
          return Promise.resolve({ done: false, value: event });
        }
        const page = this.#done ? null : this.#nextPage();
        if (page instanceof Promise) return this.#awaitPage(page);
        if (!this.#took(page)) return Promise.resolve(DONE);
      }
    } catch (error) {
      this.#done = true;
      return Promise.reject(error);
    }
  }

  #awaitPage(pending: Promise<readonly RecordedEvent[] | null>): Promise<IteratorResult<RecordedEvent>> {
    const read = pending.then(
      (page) => {
        this.#reading = undefined;
        // a return() while the page was read ends the iteration: the page is dropped
        if (this.#done) return DONE;
        return this.#took(page) ? this.next() : DONE;
      },
      (error: unknown) => {
        this.#reading = undefined;
        this.#done = true;
        throw error;
      },
    );
    this.#reading = read.catch(() => undefined);
    return read;
  }

  /** Holds the page read; false when there is none (the iteration is over). */
  #took(page: readonly RecordedEvent[] | null): boolean {
    if (!page) {
      this.#done = true;
      return false;
    }
    this.#page = page;
    this.#index = 0;
    return true;
  }

  return(): Promise<IteratorResult<RecordedEvent>> {
    this.#done = true;
    this.#page = [];
    return Promise.resolve(DONE);
  }
}
