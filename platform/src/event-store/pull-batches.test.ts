import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { pullBatches, type PulledBatch } from './pull-batches.ts';

/** An async source: `ready` items at hand, then one more after a real wait, then the end. */
async function* source(ready: number, pulled: number[]) {
  for (let i = 1; i <= ready; i += 1) {
    pulled.push(i);
    yield i;
  }
  await sleep(20);
  pulled.push(ready + 1);
  yield ready + 1;
}

describe('pullBatches', () => {
  it('cuts full batches while items are at hand and a caught-up batch when the source must wait', async () => {
    const batches: PulledBatch<number>[] = [];
    for await (const batch of pullBatches(source(7, []), 3)) batches.push(batch);
    expect(batches).toEqual([
      { events: [1, 2, 3], caughtUp: false },
      { events: [4, 5, 6], caughtUp: false },
      { events: [7], caughtUp: true },
      { events: [8], caughtUp: false }, // the end of the source, not a wait
    ]);
  });

  it('reports an empty caught-up batch when the wait starts right after a full one', async () => {
    const batches: PulledBatch<number>[] = [];
    for await (const batch of pullBatches(source(3, []), 3)) batches.push(batch);
    expect(batches.map((b) => [b.events.length, b.caughtUp])).toEqual([[3, false], [0, true], [1, false]]);
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
