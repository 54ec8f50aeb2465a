import type { RecordedEvent, Subscription } from './event-store.ts';

export const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * The iterator half every adapter's subscription shares: `next()` calls are served one after another (callers
 * that ask concurrently still get events in log order), and leaving a `for await` early closes the subscription.
 * An adapter supplies `pull` (the next event, or DONE) and `close`.
 */
export abstract class SerialSubscription implements Subscription {
  #queue: Promise<unknown> = Promise.resolve();

  protected abstract pull(): Promise<IteratorResult<RecordedEvent>>;
  abstract close(): Promise<void>;

  [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    return {
      next: () => this.next(),
      return: async () => {
        await this.close();
        return DONE;
      },
    };
  }

  next(): Promise<IteratorResult<RecordedEvent>> {
    const result = this.#queue.then(() => this.pull());
    this.#queue = result.catch(() => undefined);
    return result;
  }
}
