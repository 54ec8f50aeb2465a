/**
 * A catch-up subscription turned into a read that ends. EventStoreDB filters `$all` on the server only for
 * subscriptions (`@eventstore/db-client` 6.x sends no filter with `readAll`), so a filtered `readAll` reads through a
 * filtered subscription and must decide when the read is over. It stops at whichever comes first:
 *
 * - `maxCount` accepted events;
 * - the server saying it has caught up (`caughtUp`, EventStoreDB 23.10 and later);
 * - an event or a filter checkpoint at or past `end`, the position of the last record in `$all` read once before
 *   subscribing: everything at or before it existed when the read began. A server that never says `caughtUp` still
 *   sends a checkpoint at the end of its catch-up (the end of the log, past `end`), so the read ends there too, also
 *   when nothing matched.
 *
 * The client's subscription is a Transform: events are pushed to its readable buffer, while `caughtUp` and
 * checkpoints are signalled while the response after those events is transformed. So a signal can arrive while
 * events before it still sit in the buffer; it is placed after them (events read so far + `readableLength`), and the
 * buffer is read with `read()` (paused mode), so no event is in flight between the buffer and this reader.
 *
 * This file knows nothing of the client library; the adapter passes in the subscription and its conversions.
 */

/** What the read needs of the client's subscription (a Node Readable in object mode plus `unsubscribe`). */
export type SubscriptionStream<R> = {
  read(): R | null;
  readonly readableLength: number;
  on(event: 'readable' | 'end' | 'close' | 'caughtUp', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'readable' | 'end' | 'close' | 'caughtUp', listener: () => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
  unsubscribe(): Promise<void>;
  destroy(): unknown;
};

/** What a record at `position` means for a read that ends at `end` (the last record when the read began). */
export type EventStep = 'take' | 'take-and-stop' | 'stop';

/**
 * The stopping rule for an event: before the end it is taken; at the end it is taken and the read stops; past the
 * end (appended after the read began) the read stops without it.
 */
export function eventStep(position: number, end: number): EventStep {
  if (position < end) return 'take';
  return position === end ? 'take-and-stop' : 'stop';
}

/**
 * The stopping rule for a filter checkpoint: the server sends one after every record up to its position has been
 * considered, so one at or past the end means nothing more before the end can come.
 */
export function checkpointEnds(position: number, end: number): boolean {
  return position >= end;
}

export type BoundedReadOptions<R, E> = {
  /**
   * Opens the subscription. `onCheckpoint` must be called by the subscription's checkpoint callback (the client
   * awaits it while transforming the checkpoint response, after the events before it were pushed).
   */
  open: (onCheckpoint: (position: number) => void) => SubscriptionStream<R>;
  /** the position of the last record in the log when the read began */
  end: number;
  /** stop after this many accepted events (default: no limit) */
  maxCount?: number;
  /** the record's position in the log */
  positionOf: (record: R) => number;
  /** the record as an event to hand out, or undefined to skip it (system events, prefix over-matches) */
  accept: (record: R) => E | undefined;
};

type Signal = { afterRead: number; kind: 'caughtUp' } | { afterRead: number; kind: 'checkpoint'; position: number };

/** Reads the subscription until the first stopping condition; always unsubscribes, also on an early `break`. */
export async function* boundedSubscriptionRead<R, E>(options: BoundedReadOptions<R, E>): AsyncGenerator<E> {
  const maxCount = options.maxCount ?? Number.POSITIVE_INFINITY;
  if (maxCount <= 0) return;
  // the checkpoint callback is handed over before the subscription exists
  const opened: { stream?: SubscriptionStream<R> } = {};
  let read = 0;
  let taken = 0;
  const signals: Signal[] = [];
  let failure: { error: Error } | undefined;
  let ended = false;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  const pending = (): number => read + (opened.stream?.readableLength ?? 0);
  const onCheckpoint = (position: number): void => {
    signals.push({ afterRead: pending(), kind: 'checkpoint', position });
    notify();
  };
  const onCaughtUp = (): void => {
    signals.push({ afterRead: pending(), kind: 'caughtUp' });
    notify();
  };
  const onError = (error: Error): void => {
    failure ??= { error };
    notify();
  };
  const onEnd = (): void => {
    ended = true;
    notify();
  };

  const stream = options.open(onCheckpoint);
  opened.stream = stream;
  stream.on('readable', notify);
  stream.on('caughtUp', onCaughtUp);
  stream.on('error', onError);
  stream.on('end', onEnd);
  stream.on('close', onEnd);
  try {
    for (;;) {
      // a signal takes effect once every record pushed before it has been read
      const signal = signals[0];
      if (signal && signal.afterRead <= read) {
        signals.shift();
        if (signal.kind === 'caughtUp' || checkpointEnds(signal.position, options.end)) return;
        continue;
      }
      const record = stream.read();
      if (record !== null) {
        read += 1;
        const step = eventStep(options.positionOf(record), options.end);
        if (step === 'stop') return;
        const event = options.accept(record);
        if (event !== undefined) {
          taken += 1;
          yield event;
          if (taken >= maxCount) return;
        }
        if (step === 'take-and-stop') return;
        continue;
      }
      if (failure) throw failure.error;
      if (ended) {
        throw new Error(
          `the subscription ended before the read reached the end of the log (position ${options.end}); ` +
            `${taken} events were read`,
        );
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    stream.off('readable', notify);
    stream.off('caughtUp', onCaughtUp);
    stream.off('end', onEnd);
    stream.off('close', onEnd);
    try {
      await stream.unsubscribe();
    } catch {
      // the connection is already gone, which ends the server side too
    }
    stream.destroy();
    // destroy() may still emit an error of the cancelled call; it has nothing left to tell
    stream.off('error', onError);
    stream.on('error', () => undefined);
  }
}
