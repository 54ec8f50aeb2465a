import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPageProgress, PAGE_PROGRESS, type PageProgressState } from './page-progress.ts';

describe('page progress timing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setUp({ random = (): number => 0.5, loaded = false }: { random?: () => number; loaded?: boolean } = {}) {
    const states: PageProgressState[] = [];
    const page = { loaded };
    const progress = createPageProgress({
      onChange: (state) => states.push(state),
      isLoaded: () => page.loaded,
      random,
    });
    return { progress, states, page, last: () => states.at(-1)! };
  }

  it('starts at 0 and advances every 100 ms in steps of 3 to 11', () => {
    const { progress, states, last } = setUp({ random: () => 0 });
    progress.start();
    expect(last()).toMatchObject({ visible: true, value: 0 });
    vi.advanceTimersByTime(99);
    expect(last().value).toBe(0);
    vi.advanceTimersByTime(1);
    expect(last().value).toBe(PAGE_PROGRESS.minStep);
    vi.advanceTimersByTime(100);
    expect(last().value).toBe(2 * PAGE_PROGRESS.minStep);
    expect(states.every((state) => state.visible)).toBe(true);
  });

  it('takes the largest step (11) when the dice say so, and never passes the 80% cap', () => {
    const { progress, last } = setUp({ random: () => 0.999 });
    progress.start();
    vi.advanceTimersByTime(100);
    expect(last().value).toBe(PAGE_PROGRESS.maxStep);
    vi.advanceTimersByTime(700); // 8 steps of 11 would be 88
    expect(last().value).toBe(80);
    vi.advanceTimersByTime(1000);
    expect(last().value).toBe(80);
  });

  it('every step is between 3 and 11', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const { progress, states } = setUp({ random });
    progress.start();
    vi.advanceTimersByTime(700);
    const values = states.map((state) => state.value);
    for (let i = 1; i < values.length; i++) {
      const step = values[i]! - values[i - 1]!;
      expect(step).toBeGreaterThanOrEqual(3);
      expect(step).toBeLessThanOrEqual(11);
    }
  });

  it('completes to 100% on the first step after the page has loaded, and hides 150 ms later', () => {
    const { progress, page, last } = setUp();
    progress.start();
    vi.advanceTimersByTime(300);
    expect(last().value).toBeLessThan(80);
    page.loaded = true;
    vi.advanceTimersByTime(100);
    expect(last()).toMatchObject({ visible: true, value: 100 });
    vi.advanceTimersByTime(149);
    expect(last().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(last()).toMatchObject({ visible: false, value: 100 });
  });

  it('completes after 3 s even if the page never says it has loaded', () => {
    const { progress, last } = setUp();
    progress.start();
    vi.advanceTimersByTime(2999);
    expect(last().value).toBe(80);
    vi.advanceTimersByTime(1);
    expect(last()).toMatchObject({ visible: true, value: 100 });
    vi.advanceTimersByTime(150);
    expect(last().visible).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(last()).toMatchObject({ visible: false, value: 100 });
  });

  it('restarts from 0 on a new path, cancelling the earlier run (and its pending hide)', () => {
    const { progress, page, last } = setUp();
    progress.start();
    const firstRun = last().run;
    page.loaded = true;
    vi.advanceTimersByTime(100);
    expect(last().value).toBe(100);
    page.loaded = false;
    progress.start();
    expect(last()).toMatchObject({ visible: true, value: 0, run: firstRun + 1 });
    vi.advanceTimersByTime(150);
    expect(last().visible).toBe(true); // the first run's hide did not fire
    expect(last().value).toBeGreaterThan(0);
  });

  it('done() completes at once; a second done() changes nothing', () => {
    const { progress, states } = setUp();
    progress.start();
    progress.done();
    const count = states.length;
    progress.done();
    expect(states).toHaveLength(count);
    expect(states.at(-1)?.value).toBe(100);
  });
});
