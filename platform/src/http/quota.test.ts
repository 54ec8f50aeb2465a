import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from './errors.ts';
import { createQuota } from './quota.ts';

const refused = (run: () => void): TooManyRequestsError | null => {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof TooManyRequestsError) return error;
    throw error;
  }
};

describe('quotas', () => {
  it('given a full window, refuses with the wait; a refused request counts nothing', () => {
    let at = 0;
    const quota = createQuota({ rules: [{ limit: 3, windowMs: 60_000, message: 'slow down' }], now: () => at });
    for (let i = 0; i < 3; i++) quota.take('a');
    const error = refused(() => quota.take('a'));
    expect(error?.message).toBe('slow down');
    expect(Number(error?.extra.headers?.['Retry-After'])).toBe(60);
    // another key has its own window
    quota.take('b');
    // the window slides: a whole window later the old counts are gone
    at = 120_000;
    for (let i = 0; i < 3; i++) quota.take('a');
    expect(refused(() => quota.take('a'))).not.toBeNull();
  });

  it('slides: half a window on, half of the previous window still counts', () => {
    let at = 0;
    const quota = createQuota({ rules: [{ limit: 10, windowMs: 1000, message: 'x' }], now: () => at });
    quota.take('a', 10);
    at = 1500; // the previous bucket (10) overlaps by half: 5 used
    quota.take('a', 5);
    expect(refused(() => quota.take('a', 1))).not.toBeNull();
  });

  it('amounts per rule: refused by either rule, counted in neither', () => {
    const quota = createQuota({
      rules: [
        { limit: 5, windowMs: 60_000, message: 'requests' },
        { limit: 1000, windowMs: 60_000, message: 'bytes' },
      ],
      now: () => 0,
    });
    quota.take('a', [1, 900]);
    expect(refused(() => quota.take('a', [1, 200]))?.message).toBe('bytes');
    // the refused request counted no request either: four more fit
    for (let i = 0; i < 4; i++) quota.take('a', [1, 10]);
    expect(refused(() => quota.take('a', [1, 0]))?.message).toBe('requests');
  });

  it('parallel callers cannot pass the check together: take is one step', async () => {
    const quota = createQuota({ rules: [{ limit: 10, windowMs: 60_000, message: 'x' }] });
    const results = await Promise.allSettled(Array.from({ length: 50 }, async () => quota.take('a')));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
  });

  it('forgets the oldest keys past its memory bound', () => {
    const quota = createQuota({ rules: [{ limit: 1, windowMs: 60_000, message: 'x' }], now: () => 0, maxKeys: 10 });
    quota.take('first');
    for (let i = 0; i < 20; i++) quota.take(`k${i}`);
    quota.take('first');
  });
});
