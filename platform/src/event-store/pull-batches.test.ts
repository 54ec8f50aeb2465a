import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { pullBatches, type PulledBatch } from './pull-batches.ts';

/** Opened by the consumer once it holds the caught-up batch: the source's wait lasts exactly until then. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * An async source: `ready` items at hand, then one more only once `more` resolves (a wait, as for a live event),
 * then the end. A batcher that waited for that item instead of passing on a caught-up batch would never get it.
 */
async function* source(ready: number, pulled: number[], more: Promise<void> = Promise.resolve()) {
  for (let i = 1; i <= ready; i += 1) {
    pulled.push(i);
    yield i;
  }
  await more;
  pulled.push(ready + 1);
  yield ready + 1;
}

/** The batches of a source whose wait ends when the consumer has seen the caught-up batch. */
async function batchesOf(ready: number, maxSize: number): Promise<PulledBatch<number>[]> {
  const wait = gate();
  const batches: PulledBatch<number>[] = [];
  for await (const batch of pullBatches(source(ready, [], wait.opened), maxSize)) {
    batches.push(batch);
    if (batch.caughtUp) wait.open();
  }
  return batches;
}

describe('pullBatches', () => {
  it('cuts full batches while items are at hand and a caught-up batch when the source must wait', async () => {
    expect(await batchesOf(7, 3)).toEqual([
      { events: [1, 2, 3], caughtUp: false },
      { events: [4, 5, 6], caughtUp: false },
      { events: [7], caughtUp: true },
      { events: [8], caughtUp: false }, // the end of the source, not a wait
    ]);
  });

  it('reports an empty caught-up batch when the wait starts right after a full one', async () => {
    const batches = await batchesOf(3, 3);
    expect(batches.map((b) => [b.events.length, b.caughtUp])).toEqual([
      [3, false],
      [0, true],
      [1, false],
    ]);
  });

  it('pulls no further than one item past the batch the consumer holds, and closes the source on break', async () => {
    const pulled: number[] = [];
    const iterable = source(100, pulled);
    for await (const batch of pullBatches(iterable, 10)) {
      expect(batch.events).toHaveLength(10);
      expect(pulled.length).toBeLessThanOrEqual(10);
      break;
    }
    expect(await iterable.next()).toEqual({ done: true, value: undefined });
  });
});

/** A source that never waits for I/O, like a SQLite subscription reading its pages synchronously: items settle in microtasks. */
async function* synchronousSource(count: number, made: (item: { n: number }) => void = () => undefined) {
  for (let n = 1; n <= count; n += 1) {
    const item = { n };
    made(item);
    yield item;
  }
}

describe('pullBatches over a source that never waits (issue 24: the workers ran out of heap catching up)', () => {
  it('lets the event loop turn between two full batches, though neither the source nor the consumer waits', async () => {
    let turnedAt: number | null = null;
    let batches = 0;
    setImmediate(() => (turnedAt = batches));
    for await (const { events } of pullBatches(synchronousSource(10_000), 100)) {
      expect(events.length).toBeGreaterThan(0);
      batches += 1;
    }
    expect(batches).toBe(100);
    // Without the turn, the timer ran after the whole source: a server catching up its workers answered nothing.
    expect(turnedAt).toBe(1);
  });

  it('lets go of the items of a batch the consumer has dropped, before the source ends', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let first: WeakRef<{ n: number }> | undefined;
    let collected: boolean | undefined;
    let batches = 0;
    for await (const { events } of pullBatches(
      synchronousSource(5_000, (item) => (first ??= new WeakRef(item))),
      100,
    )) {
      batches += 1;
      expect(events).toHaveLength(100);
      if (batches === 5) {
        gc();
        collected = first?.deref() === undefined;
      }
    }
    // Without the turn, every item raced for stayed in a reaction on the idle tick until the source ended.
    expect(collected).toBe(true);
  });
});
