/**
 * Pulls a subscription (or any async iterable) in batches: a batch ends when it holds `maxSize` items or when the
 * next item is not already at hand, so a catch-up goes in large batches and a live event is passed on at once.
 * `caughtUp` marks the batch after which the source had nothing at hand (empty when the wait began right after a
 * full batch). Nothing is read ahead of the consumer beyond the one pending `next()` (back-pressure).
 *
 * "At hand" means the pending `next()` settles before the event loop's next macrotask turn (a buffered event
 * resolves in microtasks; one that needs I/O or a poll does not). The loop turns at least once between two full
 * batches, whatever the source and the consumer, so a catch-up never starves the process's timers and requests,
 * and the items raced for within a batch are let go at the end of it.
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
        // A turn of the event loop between two full batches. A source that never waits for I/O (SQLite reads its
        // pages synchronously) and a consumer that does not either would otherwise run on microtasks alone: the
        // idle tick never fires, every race leaves a reaction on it holding the item it raced for (a worker
        // catching up over 300,000 events it ignores held all of them, 400 MB, and went on to run out of heap),
        // and the process's timers and requests wait until the end of the log.
        await idle();
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
