import { describe, expect, it } from 'vitest';
import { vatBreakdown, vatOf } from './receipts.ts';

describe('VAT as Korean receipts show it', () => {
  it('is round(total / 11), and supply + VAT is the total', () => {
    expect(vatOf(55_000)).toBe(5_000);
    expect(vatBreakdown(55_000)).toEqual({ supply: 50_000, vat: 5_000, total: 55_000 });
    // 9,900 / 11 = 900; 10,000 / 11 = 909.09… → 909; 10,005 / 11 = 909.5 → 910
    expect(vatBreakdown(9_900)).toEqual({ supply: 9_000, vat: 900, total: 9_900 });
    expect(vatBreakdown(10_000)).toEqual({ supply: 9_091, vat: 909, total: 10_000 });
    expect(vatOf(10_005)).toBe(910);
    expect(vatBreakdown(0)).toEqual({ supply: 0, vat: 0, total: 0 });
  });

  it('a refund is the same breakdown, negative', () => {
    expect(vatBreakdown(-10_000)).toEqual({ supply: -9_091, vat: -909, total: -10_000 });
  });
});
