import { describe, expect, it } from 'vitest';
import { waitBudgetMs } from './wait-budget.ts';

describe('the wait budget', () => {
  it('is TEST_WAIT_MS when set, else 10 s, or 30 s under CI', () => {
    expect(waitBudgetMs({ TEST_WAIT_MS: '2500' })).toBe(2500);
    expect(waitBudgetMs({ TEST_WAIT_MS: '2500', CI: 'true' })).toBe(2500);
    expect(waitBudgetMs({})).toBe(10_000);
    expect(waitBudgetMs({ CI: 'true' })).toBe(30_000);
  });

  it('refuses a budget that is not a whole number of milliseconds', () => {
    expect(() => waitBudgetMs({ TEST_WAIT_MS: 'soon' })).toThrow(/TEST_WAIT_MS/);
    expect(() => waitBudgetMs({ TEST_WAIT_MS: '5' })).toThrow(/at least 100/);
  });
});
