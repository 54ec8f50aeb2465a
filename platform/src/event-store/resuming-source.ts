/**
 * Resumption of a dropped log subscription, kept apart from any client library so it can be proven without a
 * server. A source is opened from a position; when it fails, or ends although nobody closed it (a server never
 * ends a live subscription on its own), the source is closed and opened again from the position of the last item
 * it delivered, after a growing delay. Items at or before that position are dropped, so a source that restarts
 * inclusively (or replays a window) delivers nothing twice, and nothing after the position is missed.
 */
import type { EventStore, RecordedEvent, SubscribeOptions, Subscription } from './event-store.ts';

export type PulledSource<Item> = {
  next(): Promise<IteratorResult<Item>>;
  /** ends the source; must not throw for a source that has already failed */
  close(): Promise<void>;
};

export type DropReport = {
  error: unknown;
  /** 1 for the first reopening after a delivery, then 2, 3… */
  attempt: number;
  /** the position the source is reopened after */
  after: number;
  delayMs: number;
};

export type ResumingSourceOptions<Item> = {
  /** opens the source so that it delivers the items strictly after `after` (0: from the start) */
  open(after: number): PulledSource<Item>;
  /** the item's position in the log; undefined for an item that carries none (it is passed on as it is) */
  positionOf(item: Item): number | undefined;
  after?: number;
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** an error that reopening cannot cure (a refused credential, a bad argument): it ends the iteration */
  isFatal?(error: unknown): boolean;
  onDrop?(report: DropReport): void;
};

/** The source ended cleanly without being closed: reported to `onDrop` like an error. */
export class SourceEndedError extends Error {
  override readonly name = 'SourceEndedError';
  constructor() {
    super('the subscription ended although it was not closed');
  }
}

export class ResumingSource<Item> implements PulledSource<Item> {
  readonly #options: ResumingSourceOptions<Item>;
  #source: PulledSource<Item>;
  #after: number;
  #attempt = 0;
  #closed = false;
  #wake: (() => void) | undefined;
  #lastError: unknown;

  constructor(options: ResumingSourceOptions<Item>) {
    this.#options = options;
    this.#after = options.after ?? 0;
    this.#source = openSafely(options, this.#after);
  }

  /** the position of the last item delivered (or the starting position) */
  get after(): number {
    return this.#after;
  }

  /** the failure that caused the reopening still in progress, if any */
  get lastError(): unknown {
    return this.#lastError;
  }

  async next(): Promise<IteratorResult<Item>> {
    for (;;) {
      if (this.#closed) return { done: true, value: undefined };
      let step: IteratorResult<Item>;
      try {
        step = await this.#source.next();
      } catch (error) {
        if (this.#closed) return { done: true, value: undefined };
        if (this.#options.isFatal?.(error)) throw error;
        await this.#reopen(error);
        continue;
      }
      if (this.#closed) return { done: true, value: undefined };
      if (step.done) {
        await this.#reopen(new SourceEndedError());
        continue;
      }
      const position = this.#options.positionOf(step.value);
      if (position !== undefined) {
        if (position <= this.#after) continue; // already delivered before the source was reopened
        this.#after = position;
      }
      this.#attempt = 0;
      this.#lastError = undefined;
      return step;
    }
  }

  async #reopen(error: unknown): Promise<void> {
    this.#lastError = error;
    this.#attempt += 1;
    const initial = this.#options.initialDelayMs ?? 500;
    const delayMs = Math.min(this.#options.maxDelayMs ?? 30_000, initial * 2 ** (this.#attempt - 1));
    this.#options.onDrop?.({ error, attempt: this.#attempt, after: this.#after, delayMs });
    await this.#source.close().catch(() => undefined);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delayMs);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.#wake = undefined;
    if (!this.#closed) this.#source = openSafely(this.#options, this.#after);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#wake?.();
    await this.#source.close().catch(() => undefined);
  }
}

/** An `open` that throws becomes a source whose first pull fails, so it is retried like any drop. */
function openSafely<Item>(options: ResumingSourceOptions<Item>, after: number): PulledSource<Item> {
  try {
    return options.open(after);
  } catch (error) {
    return { next: () => Promise.reject(error), close: async () => undefined };
  }
}

export type ResumingSubscriptionOptions = SubscribeOptions & {
  onDrop?: (report: DropReport) => void;
  initialDelayMs?: number;
  maxDelayMs?: number;
};

/**
 * `eventStore.subscribeToAll`, opened again from the last delivered event whenever it fails, for any adapter: what
 * a long-lived follower (a worker, the user-access cache) uses so that one dropped connection does not stop it for
 * good. It ends when `signal` aborts or `close()` is called.
 */
export function resumingSubscription(eventStore: EventStore, options: ResumingSubscriptionOptions): Subscription {
  const { signal, filter } = options;
  const holder: { source?: ResumingSource<RecordedEvent> } = {};
  const onAbort = (): void => void holder.source?.close();
  // registered before any inner subscription, so an abort closes this source before an inner one reports its end
  signal?.addEventListener('abort', onAbort, { once: true });
  const resuming = new ResumingSource<RecordedEvent>({
    open: (after) => {
      const subscription = eventStore.subscribeToAll({
        ...(after > 0 ? { after } : {}),
        ...(filter ? { filter } : {}),
        ...(signal ? { signal } : {}),
      });
      const iterator = subscription[Symbol.asyncIterator]();
      return { next: () => iterator.next(), close: () => subscription.close() };
    },
    positionOf: (event) => event.position,
    after: options.after ?? 0,
    ...(options.onDrop ? { onDrop: options.onDrop } : {}),
    ...(options.initialDelayMs !== undefined ? { initialDelayMs: options.initialDelayMs } : {}),
    ...(options.maxDelayMs !== undefined ? { maxDelayMs: options.maxDelayMs } : {}),
  });
  holder.source = resuming;
  if (signal?.aborted) void resuming.close();
  const close = async (): Promise<void> => {
    signal?.removeEventListener('abort', onAbort);
    await resuming.close();
  };
  return {
    close,
    [Symbol.asyncIterator]: () => ({
      next: () => resuming.next(),
      return: async () => {
        await close();
        return { done: true, value: undefined };
      },
    }),
  };
}
