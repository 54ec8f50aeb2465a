import { describe, expect, it } from 'vitest';
import { groupDigits, longDate } from './plain-format.ts';

describe('plain number and date texts', () => {
  it('group digits as Intl does in Korean and British English', () => {
    for (const value of [0, 7, 999, 1000, 11_000, 50_000, 150_000, 330_000, 1_234_567, -4200]) {
      expect(groupDigits(value)).toBe(new Intl.NumberFormat('ko-KR').format(value));
      expect(groupDigits(value)).toBe(new Intl.NumberFormat('en-GB').format(value));
    }
  });

  it('write a day as Intl does, in both languages, every month', () => {
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 28]) {
        const date = new Date(2025, month, day);
        const options = { year: 'numeric', month: 'long', day: 'numeric' } as const;
        expect(longDate(date, 'ko')).toBe(new Intl.DateTimeFormat('ko-KR', options).format(date));
        expect(longDate(date, 'en')).toBe(new Intl.DateTimeFormat('en-GB', options).format(date));
      }
    }
  });
});
