import { Transform, type TransformCallback } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  boundedSubscriptionRead,
  checkpointEnds,
  eventStep,
  type BoundedReadOptions,
  type SubscriptionStream,
} from './bounded-subscription-read.ts';

/**
 * A subscription shaped like `@eventstore/db-client`'s (a Transform in object mode fed the server's responses):
 * an event response is pushed to the readable buffer, a caughtUp response emits `caughtUp`, and a checkpoint
 * response calls the checkpoint callback, each while that response is transformed. Responses are written by the
 * test, as the gRPC stream would pipe them in.
 */
type Record = { position: number; stream: string };
type Response = { event: Record } | { caughtUp: true } | { checkpoint: number } | { fail: Error };

class FakeSubscription extends Transform implements SubscriptionStream<Record> {
  unsubscribed = 0;
  readonly #onCheckpoint: (position: number) => void;

  constructor(onCheckpoint: (position: number) => void) {
    super({ objectMode: true });
    this.#onCheckpoint = onCheckpoint;
  }

  override _transform(response: Response, _encoding: BufferEncoding, next: TransformCallback): void {
    if ('fail' in response) return next(response.fail);
    if ('caughtUp' in response) this.emit('caughtUp');
    if ('checkpoint' in response) this.#onCheckpoint(response.checkpoint);
    if ('event' in response) return next(null, response.event);
    next();
  }

  async unsubscribe(): Promise<void> {
    this.unsubscribed += 1;
  }
}

const event = (position: number, stream = 'guidebook-1'): Response => ({ event: { position, stream } });

function reader(
  responses: Response[],
  options: Partial<BoundedReadOptions<Record, Record>> & { end: number },
): { read: AsyncGenerator<Record>; subscription: () => FakeSubscription } {
  let subscription: FakeSubscription | undefined;
  const read = boundedSubscriptionRead<Record, Record>({
    open: (onCheckpoint) => {
      subscription = new FakeSubscription(onCheckpoint);
      for (const response of responses) subscription.write(response);
      return subscription;
    },
    positionOf: (record) => record.position,
    accept: (record) => (record.stream.startsWith('$') ? undefined : record),
    ...options,
  });
  return {
    read,
    subscription: () => {
      if (!subscription) throw new Error('not opened');
      return subscription;
    },
  };
}

async function positions(read: AsyncIterable<Record>): Promise<number[]> {
  const seen: number[] = [];
  for await (const record of read) seen.push(record.position);
  return seen;
}

describe('the stopping rule', () => {
  it('takes events before the end, takes the one at the end and stops, stops before one past it', () => {
    expect(eventStep(10, 50)).toBe('take');
    expect(eventStep(50, 50)).toBe('take-and-stop');
    expect(eventStep(51, 50)).toBe('stop');
  });

  it('a checkpoint at or past the end ends the read; one before it does not', () => {
    expect(checkpointEnds(49, 50)).toBe(false);
    expect(checkpointEnds(50, 50)).toBe(true);
    expect(checkpointEnds(90, 50)).toBe(true);
  });
});

describe('a filtered read through a subscription', () => {
  it('stops on caughtUp, after the events still buffered before it', async () => {
    // more events than the readable buffer's high-water mark, all pushed before caughtUp is signalled
    const before = Array.from({ length: 40 }, (_, i) => event(100 + i * 10));
    const { read, subscription } = reader([...before, { caughtUp: true }, event(9000)], { end: 10_000 });
    expect(await positions(read)).toEqual(before.map((_, i) => 100 + i * 10));
    expect(subscription().unsubscribed).toBe(1);
  });

  it('ends on a checkpoint past the end when nothing matched and the server never says caughtUp', async () => {
    const { read, subscription } = reader([{ checkpoint: 400 }, { checkpoint: 1200 }], { end: 1000 });
    expect(await positions(read)).toEqual([]);
    expect(subscription().unsubscribed).toBe(1);
  });

  it('a checkpoint before the end does not end it; the event at the end does', async () => {
    const { read, subscription } = reader([event(100), { checkpoint: 500 }, event(1000), event(1100)], {
      end: 1000,
    });
    expect(await positions(read)).toEqual([100, 1000]);
    expect(subscription().unsubscribed).toBe(1);
  });

  it('does not hand out an event appended after the read began (past the end)', async () => {
    const { read } = reader([event(100), event(1500), { caughtUp: true }], { end: 1000 });
    expect(await positions(read)).toEqual([100]);
  });

  it('respects maxCount, counting only accepted events', async () => {
    const { read, subscription } = reader(
      [event(100), event(200, '$stats'), event(300), event(400), { caughtUp: true }],
      { end: 1000, maxCount: 2 },
    );
    expect(await positions(read)).toEqual([100, 300]);
    expect(subscription().unsubscribed).toBe(1);
  });

  it('waits for responses that arrive later (a slow catch-up) and ends on the checkpoint that follows them', async () => {
    const { read, subscription } = reader([event(100)], { end: 1000 });
    const seen: number[] = [];
    const consumed = (async () => {
      for await (const record of read) seen.push(record.position);
    })();
    await new Promise((resolve) => setImmediate(resolve));
    subscription().write(event(600));
    await new Promise((resolve) => setImmediate(resolve));
    subscription().write({ checkpoint: 1040 });
    await consumed;
    expect(seen).toEqual([100, 600]);
    expect(subscription().unsubscribed).toBe(1);
  });

  it('unsubscribes when the consumer stops early', async () => {
    const { read, subscription } = reader([event(100), event(200), event(300)], { end: 1000 });
    for await (const record of read) {
      expect(record.position).toBe(100);
      break;
    }
    expect(subscription().unsubscribed).toBe(1);
    expect(subscription().destroyed).toBe(true);
  });

  it('propagates an error of the subscription, after the events before it, and unsubscribes', async () => {
    const failure = new Error('connection reset');
    const { read, subscription } = reader([event(100), { fail: failure }], { end: 1000 });
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const record of read) seen.push(record.position);
      })(),
    ).rejects.toBe(failure);
    expect(seen).toEqual([100]);
    expect(subscription().unsubscribed).toBe(1);
  });

  it('a subscription that ends before reaching the end of the log is an error, not a short result', async () => {
    const { read, subscription } = reader([event(100)], { end: 1000 });
    const consumed = positions(read);
    await new Promise((resolve) => setImmediate(resolve));
    subscription().end();
    await expect(consumed).rejects.toThrow(/ended before the read reached the end/);
    expect(subscription().unsubscribed).toBe(1);
  });

  it('maxCount 0 reads nothing and opens nothing', async () => {
    const { read, subscription } = reader([event(100)], { end: 1000, maxCount: 0 });
    expect(await positions(read)).toEqual([]);
    expect(() => subscription()).toThrow('not opened');
  });
});
