import { describe, expect, it } from 'vitest';
import {
  arrivalSchedule,
  judgeStep,
  latencyFromScheduled,
  percentileOf,
  servedRate,
  servedWithin,
  type GroupOutcome,
} from './open-loop.ts';

const MIX = [
  { name: 'readers', share: 0.8 },
  { name: 'authors', share: 0.15 },
  { name: 'admins', share: 0.05 },
];

describe('the open-loop schedule', () => {
  it('spaces each group evenly at its share of the rate, for the whole step', () => {
    const arrivals = arrivalSchedule(1000, 2, MIX);
    expect(arrivals).toHaveLength(2000);
    const readers = arrivals.filter((a) => a.group === 'readers').map((a) => a.at);
    expect(readers).toHaveLength(1600);
    const gaps = readers.slice(1).map((at, i) => at - readers[i]!);
    for (const gap of gaps) expect(gap).toBeCloseTo(1000 / 800, 9);
    expect(readers[0]).toBeCloseTo(1000 / 800 / 2, 9);
    expect(arrivals.filter((a) => a.group === 'authors')).toHaveLength(300);
    expect(arrivals.filter((a) => a.group === 'admins')).toHaveLength(100);
    expect(Math.max(...arrivals.map((a) => a.at))).toBeLessThan(2000);
  });

  it('is sorted by time, so no burst: no more than one arrival per group in any gap of that group', () => {
    const arrivals = arrivalSchedule(3000, 1, MIX);
    for (let i = 1; i < arrivals.length; i++) expect(arrivals[i]!.at).toBeGreaterThanOrEqual(arrivals[i - 1]!.at);
    // in any 10 ms window the total is the rate's share of it, give or take one per group
    for (let from = 0; from < 990; from += 10) {
      const inWindow = arrivals.filter((a) => a.at >= from && a.at < from + 10).length;
      expect(Math.abs(inWindow - 30)).toBeLessThanOrEqual(3);
    }
  });

  it('refuses shares that do not add up to the whole, and a rate that is not positive', () => {
    expect(() => arrivalSchedule(100, 1, [{ name: 'readers', share: 0.8 }])).toThrow(/add up/);
    expect(() => arrivalSchedule(0, 1, MIX)).toThrow(/positive/);
  });
});

describe('latency from the scheduled time', () => {
  it('counts the time a request waited before it was sent', () => {
    // due at 100 ms, sent late at 140 ms (a busy generator or a queue), answered at 145 ms: 45 ms, not 5
    expect(latencyFromScheduled(100, 145)).toBe(45);
  });
});

describe('the served rate', () => {
  it('is the successes over the step, stretched to the last answer when the server is behind', () => {
    expect(servedRate(5000, 5, 4990)).toBe(1000);
    expect(servedRate(5000, 5, 10_000)).toBe(500);
  });

  it('is within 2 % of the offered rate or the step does not hold', () => {
    expect(servedWithin(1000, 981)).toBe(true);
    expect(servedWithin(1000, 979)).toBe(false);
  });
});

describe('percentiles', () => {
  it('is the nearest rank, and no latencies give NaN (no work is not 0 ms)', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentileOf(values, 50)).toBe(50);
    expect(percentileOf(values, 99)).toBe(99);
    expect(percentileOf([], 99)).toBeNaN();
  });
});

describe('judging a step', () => {
  const group = (over: Partial<GroupOutcome> = {}): GroupOutcome => ({
    offered: 100,
    succeeded: 100,
    refused: 0,
    failed: 0,
    p50Ms: 2,
    p99Ms: 10,
    maxMs: 12,
    servedPerSecond: 100,
    samples: [],
    ...over,
  });

  it('holds when all answered well and in time', () => {
    expect(
      judgeStep(300, { readers: group(), authors: group(), admins: group() }, { readers: 100, authors: 250 }),
    ).toEqual({ held: true, reasons: [] });
  });

  it('fails on a p99 over its aim, a refusal, a served rate short of the offer, or a group that did nothing', () => {
    const slow = judgeStep(
      300,
      { readers: group({ p99Ms: 100 }), authors: group(), admins: group() },
      { readers: 100 },
    );
    expect(slow.held).toBe(false);
    const refused = judgeStep(300, { readers: group(), authors: group({ refused: 1 }), admins: group() }, {});
    expect(refused.reasons.join()).toMatch(/authors: 1 refused/);
    const short = judgeStep(400, { readers: group(), authors: group(), admins: group() }, {});
    expect(short.reasons.join()).toMatch(/served 300/);
    const idle = judgeStep(
      200,
      { readers: group({ succeeded: 0, servedPerSecond: 0 }), authors: group({ servedPerSecond: 200 }) },
      {},
    );
    expect(idle.reasons.join()).toMatch(/did no work/);
  });
});
