import { describe, expect, it } from 'vitest';
import { ResumingSource, SourceEndedError, type DropReport, type PulledSource } from './resuming-source.ts';

type Item = { position: number };

/** A log of items at byte-offset-like positions (not dense), as EventStoreDB has them. */
const log: Item[] = Array.from({ length: 20 }, (_, i) => ({ position: 100 + i * 37 }));

type Plan = {
  /** items delivered by each opening before it fails (or ends); the last opening runs to the end of the log */
  deliverBeforeDrop: number[];
  /** how each opening ends early */
  drop: 'error' | 'end';
  /** reopening starts AT `after` (inclusive) instead of strictly after it, as a read from a position does */
  inclusive?: boolean;
};

function fakeServer(plan: Plan) {
  const opens: number[] = [];
  let closes = 0;
  const open = (after: number): PulledSource<Item> => {
    const opening = opens.length;
    opens.push(after);
    const start = log.findIndex((item) => (plan.inclusive ? item.position >= after : item.position > after));
    let index = start === -1 ? log.length : start;
    let delivered = 0;
    const limit = plan.deliverBeforeDrop[opening];
    return {
      async next() {
        if (limit !== undefined && delivered >= limit) {
          if (plan.drop === 'error') throw new Error(`connection reset (opening ${opening})`);
          return { done: true, value: undefined };
        }
        const item = log[index];
        if (!item) return new Promise<never>(() => {}); // live: waits for an event that never comes
        index += 1;
        delivered += 1;
        return { done: false, value: item };
      },
      async close() {
        closes += 1;
      },
    };
  };
  return { open, opens, closes: () => closes };
}

async function take(source: ResumingSource<Item>, count: number): Promise<number[]> {
  const positions: number[] = [];
  while (positions.length < count) {
    const step = await source.next();
    if (step.done) break;
    positions.push(step.value.position);
  }
  return positions;
}

describe('ResumingSource', () => {
  it('resumes after a dropped stream from the last delivered position: no item missed or doubled', async () => {
    const server = fakeServer({ deliverBeforeDrop: [3, 4, 0, 5], drop: 'error' });
    const drops: DropReport[] = [];
    const source = new ResumingSource<Item>({
      open: server.open,
      positionOf: (item) => item.position,
      initialDelayMs: 1,
      onDrop: (report) => drops.push(report),
    });
    expect(await take(source, log.length)).toEqual(log.map((item) => item.position));
    expect(server.opens).toEqual([0, log[2]!.position, log[6]!.position, log[6]!.position, log[11]!.position]);
    expect(drops.map((drop) => drop.attempt)).toEqual([1, 1, 2, 1]);
    expect(drops.map((drop) => drop.delayMs)).toEqual([1, 1, 2, 1]);
    await source.close();
  });

  it('drops what an inclusive reopening repeats', async () => {
    const server = fakeServer({ deliverBeforeDrop: [5, 5, 5], drop: 'error', inclusive: true });
    const source = new ResumingSource<Item>({
      open: server.open,
      positionOf: (item) => item.position,
      initialDelayMs: 1,
    });
    expect(await take(source, log.length)).toEqual(log.map((item) => item.position));
    await source.close();
  });

  it('starts after a checkpoint and treats a stream that ends unasked as dropped', async () => {
    const server = fakeServer({ deliverBeforeDrop: [2], drop: 'end' });
    const drops: DropReport[] = [];
    const source = new ResumingSource<Item>({
      open: server.open,
      positionOf: (item) => item.position,
      after: log[9]!.position,
      initialDelayMs: 1,
      onDrop: (report) => drops.push(report),
    });
    expect(await take(source, 10)).toEqual(log.slice(10).map((item) => item.position));
    expect(drops[0]?.error).toBeInstanceOf(SourceEndedError);
    expect(source.after).toBe(log.at(-1)!.position);
    await source.close();
  });

  it('close() during the backoff ends the iteration at once and opens nothing more', async () => {
    const server = fakeServer({ deliverBeforeDrop: [1], drop: 'error' });
    const source = new ResumingSource<Item>({
      open: server.open,
      positionOf: (item) => item.position,
      initialDelayMs: 60_000,
    });
    expect(await take(source, 1)).toEqual([log[0]!.position]);
    const pending = source.next();
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.lastError).toBeInstanceOf(Error);
    await source.close();
    expect(await pending).toEqual({ done: true, value: undefined });
    expect(server.opens).toHaveLength(1);
    expect(server.closes()).toBeGreaterThanOrEqual(1);
  });

  it('a fatal error ends the iteration with that error instead of reopening', async () => {
    const server = fakeServer({ deliverBeforeDrop: [1], drop: 'error' });
    const source = new ResumingSource<Item>({
      open: server.open,
      positionOf: (item) => item.position,
      initialDelayMs: 1,
      isFatal: () => true,
    });
    await take(source, 1);
    await expect(source.next()).rejects.toThrow(/connection reset/);
    expect(server.opens).toHaveLength(1);
    await source.close();
  });

  it('an open that throws is retried like a drop', async () => {
    let failures = 2;
    const server = fakeServer({ deliverBeforeDrop: [], drop: 'error' });
    const source = new ResumingSource<Item>({
      open: (after) => {
        if (failures-- > 0) throw new Error('unavailable');
        return server.open(after);
      },
      positionOf: (item) => item.position,
      initialDelayMs: 1,
    });
    expect(await take(source, 3)).toEqual(log.slice(0, 3).map((item) => item.position));
    await source.close();
  });
});
