import type { EventFilter, RecordedEvent, SubscribeOptions } from './event-store.ts';
import { DONE, SerialSubscription } from './serial-subscription.ts';

/** A page of the log: the events found, and the position the read looked through (past filtered-out events). */
export type LogPage = { events: RecordedEvent[]; scannedUpTo: number };

/** What a paged subscription needs of the store that made it. */
export type PagedSubscriptionHost = {
  /** the events after `after` that match `filter`, at most `limit` (synchronous on SQLite, a query on PostgreSQL) */
  readPage(after: number, filter: EventFilter | undefined, limit: number): LogPage | Promise<LogPage>;
  /** `wake` is called on the next commit the store hears of (its own appends, NOTIFY on PostgreSQL) */
  addWaiter(wake: () => void): void;
  removeWaiter(wake: () => void): void;
  forget(subscription: PagedSubscription): void;
  /**
   * For a failed page read: how long to wait before reading the same page again (a lost connection), or
   * undefined to end the subscription with the error. `attempt` counts the failures in a row. Absent: every
   * failure ends it.
   */
  retryDelay?(error: unknown, attempt: number): number | undefined;
};

/**
 * The catch-up subscription of the SQL stores (SQLite, PostgreSQL): pull-based, so a page is read only when the
 * consumer asks for the next event and the previous page is used up, and at most one page is held in memory. With
 * the log read to its end, it waits for a commit the store hears of, for the poll timer (commits by other
 * processes) or for close. A read that fails and is retried reads the same page from the same position: nothing is
 * skipped or delivered twice.
 */
export class PagedSubscription extends SerialSubscription {
  readonly #host: PagedSubscriptionHost;
  readonly #filter: EventFilter | undefined;
  readonly #signal: AbortSignal | undefined;
  readonly #pollIntervalMs: number;
  readonly #pageSize: number;
  #after: number;
  #buffer: RecordedEvent[] = [];
  #index = 0;
  #closed = false;
  #failures = 0;
  #wake: (() => void) | undefined;
  readonly #onAbort = (): void => void this.close();

  constructor(host: PagedSubscriptionHost, options: SubscribeOptions, pollIntervalMs: number, pageSize: number) {
    super();
    this.#host = host;
    this.#filter = options.filter;
    this.#after = options.after ?? 0;
    this.#signal = options.signal;
    this.#pollIntervalMs = pollIntervalMs;
    this.#pageSize = pageSize;
    if (this.#signal?.aborted) this.#closed = true;
    else this.#signal?.addEventListener('abort', this.#onAbort, { once: true });
  }

  protected async pull(): Promise<IteratorResult<RecordedEvent>> {
    for (;;) {
      if (this.#closed) return DONE;
      const buffered = this.#buffer[this.#index];
      if (buffered) {
        this.#index += 1;
        return { done: false, value: buffered };
      }
      // Registered before the read: an append that commits while the page is being read still wakes us.
      const woken = this.#armWake();
      let page: LogPage;
      try {
        page = await this.#host.readPage(this.#after, this.#filter, this.#pageSize);
        this.#failures = 0;
      } catch (error) {
        woken.cancel();
        if (this.#closed) return DONE;
        this.#failures += 1;
        const delayMs = this.#host.retryDelay?.(error, this.#failures);
        if (delayMs !== undefined) {
          await this.#pause(delayMs);
          continue;
        }
        await this.close();
        throw error;
      }
      if (this.#closed) {
        woken.cancel();
        return DONE;
      }
      this.#after = page.scannedUpTo;
      this.#buffer = page.events;
      this.#index = 0;
      if (page.events.length === 0) await woken.promise;
      else woken.cancel();
    }
  }

  /** Waits `ms`, or less when the subscription is closed meanwhile. */
  #pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    }).finally(() => {
      this.#wake = undefined;
    });
  }

  /** Resolves on a commit the store hears of, on the poll timer, or on close. */
  #armWake(): { promise: Promise<void>; cancel(): void } {
    let resolveWait: () => void = () => undefined;
    const promise = new Promise<void>((resolve) => {
      resolveWait = resolve;
    });
    const wake = (): void => {
      clearTimeout(timer);
      this.#host.removeWaiter(wake);
      if (this.#wake === wake) this.#wake = undefined;
      resolveWait();
    };
    const timer = setTimeout(wake, this.#pollIntervalMs);
    this.#wake = wake;
    this.#host.addWaiter(wake);
    return { promise, cancel: wake };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#buffer = [];
    this.#signal?.removeEventListener('abort', this.#onAbort);
    this.#wake?.();
    this.#host.forget(this);
  }
}
