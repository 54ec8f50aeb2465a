import { describe, expect, it } from 'vitest';
import { monthsActiveOf } from './admin-user-activity.ts';

describe('months active (from createdAt, on Korean calendar days)', () => {
  it('is 0 in the first month and counts whole months after', () => {
    expect(monthsActiveOf('2026-11-25T01:00:00.000Z', new Date('2026-11-25T02:00:00.000Z'))).toBe(0);
    expect(monthsActiveOf('2026-10-26T01:00:00.000Z', new Date('2026-11-25T02:00:00.000Z'))).toBe(0);
    expect(monthsActiveOf('2026-10-25T01:00:00.000Z', new Date('2026-11-25T02:00:00.000Z'))).toBe(1);
    expect(monthsActiveOf('2025-11-01T00:00:00.000Z', new Date('2026-11-25T02:00:00.000Z'))).toBe(12);
  });

  it('completes a month on a shorter month’s last day, and reads the day in Korea', () => {
    expect(monthsActiveOf('2026-01-31T03:00:00.000Z', new Date('2026-02-28T03:00:00.000Z'))).toBe(1);
    expect(monthsActiveOf('2026-01-31T03:00:00.000Z', new Date('2026-02-27T03:00:00.000Z'))).toBe(0);
    // 2026-01-31 16:00 UTC is Feb 1 in Korea: one month is complete on Mar 1 (Korea), not before
    expect(monthsActiveOf('2026-01-31T16:00:00.000Z', new Date('2026-02-28T14:00:00.000Z'))).toBe(0);
    expect(monthsActiveOf('2026-01-31T16:00:00.000Z', new Date('2026-02-28T15:30:00.000Z'))).toBe(1);
  });

  it('is never negative, and 0 for an unreadable date', () => {
    expect(monthsActiveOf('2027-01-01T00:00:00.000Z', new Date('2026-11-25T00:00:00.000Z'))).toBe(0);
    expect(monthsActiveOf('not a date', new Date('2026-11-25T00:00:00.000Z'))).toBe(0);
  });
});
