/**
 * Pulls a subscription (or any async iterable) in batches: a batch ends when it holds `maxSize` items or when the
 * next item is not already at hand, so a catch-up goes in large batches and a live event is passed on at once.
 * `caughtUp` marks the batch after which the source had nothing at hand (empty when the wait began right after a
 * full batch). Nothing is read ahead of the consumer beyond the one pending `next()` (back-pressure).
 *
 * "At hand" means the pending `next()` settles before the event loop's next macrotask turn (a buffered event
 * resolves in microtasks; one that needs I/O or a poll does not).
 */
export type PulledBatch<T> = { events: T[]; caughtUp: boolean };

export async function* pullBatches<T>(
  source: AsyncIterable<T>,
  maxSize: number,
): AsyncGenerator<PulledBatch<T>, void, undefined> {
  const iterator = source[Symbol.asyncIterator]();
  const idle = createIdleTick();
  let batch: T[] = [];
  try {
    for (;;) {
      const pending = iterator.next();
      let result = await Promise.race([pending, idle()]);
      if (result === IDLE) {
        yield { events: batch, caughtUp: true };
        batch = [];
        result = await pending;
      }
      if (result.done) break;
      batch.push(result.value);
      if (batch.length >= maxSize) {
        yield { events: batch, caughtUp: false };
        batch = [];
      }
    }
    if (batch.length > 0) yield { events: batch, caughtUp: false };
  } finally {
    await iterator.return?.();
  }
}

const IDLE = Symbol('idle');

/**
 * Resolves with IDLE at the next macrotask turn. One tick serves consecutive races until it fires, so a fast
 * catch-up does not queue one immediate per event.
 */
function createIdleTick(): () => Promise<typeof IDLE> {
  let tick: Promise<typeof IDLE> | null = null;
  return () =>
    (tick ??= new Promise((resolve) =>
      setImmediate(() => {
        tick = null;
        resolve(IDLE);
      }),
    ));
}
