import type { EventStore, RecordedEvent, SubscribeOptions, Subscription } from './event-store.ts';

/**
 * A real event store whose `$all` subscriptions drop like a reset connection: each one fails after delivering
 * `dropAfter` events (the next pull rejects). Everything else goes to the store underneath. For tests of the
 * resumption of followers; the store itself is real.
 */
export function droppingEventStore(store: EventStore, dropAfter: number): EventStore & { opened: number[] } {
  const opened: number[] = [];
  return {
    opened,
    appendToStream: (...args) => store.appendToStream(...args),
    readStream: (...args) => store.readStream(...args),
    readAll: (...args) => store.readAll(...args),
    headPosition: () => store.headPosition(),
    ping: () => store.ping(),
    close: () => store.close(),
    subscribeToAll(options: SubscribeOptions = {}): Subscription {
      opened.push(options.after ?? 0);
      const inner = store.subscribeToAll(options);
      const iterator = inner[Symbol.asyncIterator]();
      let delivered = 0;
      return {
        close: () => inner.close(),
        [Symbol.asyncIterator]: () => ({
          async next(): Promise<IteratorResult<RecordedEvent>> {
            if (delivered >= dropAfter) {
              await inner.close();
              throw new Error('14 UNAVAILABLE: Connection dropped');
            }
            const step = await iterator.next();
            if (!step.done) delivered += 1;
            return step;
          },
          return: async () => {
            await inner.close();
            return { done: true, value: undefined };
          },
        }),
      };
    },
  };
}
