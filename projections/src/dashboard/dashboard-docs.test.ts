import { describe, expect, it } from 'vitest';
import { reportingDay, reportingMonth } from './dashboard-docs.ts';

/** The day and month as the reporting time zone (Korea, UTC+9) sees them, spelled from the instant the long way. */
const longWay = (at: string | Date) => new Date(new Date(at).getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

describe('reportingDay', () => {
  it('turns at 15:00 UTC, midnight in Korea, and agrees with the instant spelled the long way', () => {
    expect(reportingDay('2026-01-01T14:59:59.999Z')).toBe('2026-01-01');
    expect(reportingDay('2026-01-01T15:00:00.000Z')).toBe('2026-01-02');
    expect(reportingDay(new Date('2026-12-31T15:00:00.000Z'))).toBe('2027-01-01');
    expect(reportingMonth('2026-02-28T15:00:00.000Z')).toBe('2026-03');
    // asked again (the spelling is kept): the same answers
    expect(reportingDay('2026-01-01T14:00:00.000Z')).toBe('2026-01-01');
    expect(reportingDay('2026-01-01T15:30:00.000Z')).toBe('2026-01-02');
    for (let time = Date.parse('1969-12-30T00:00:00Z'); time < Date.parse('1970-01-03T00:00:00Z'); time += 3_599_999)
      expect(reportingDay(new Date(time).toISOString())).toBe(longWay(new Date(time)));
    for (const at of ['2024-02-29T15:00:00+09:00', '2025-06-30T23:59:59.999+09:00', '2025-07-01T00:00:00+09:00'])
      expect(reportingDay(at)).toBe(longWay(at));
  });

  it('refuses an instant that is not one, as toISOString does', () => {
    expect(() => reportingDay('not a time')).toThrow(RangeError);
    expect(() => reportingDay(new Date(Number.NaN))).toThrow(RangeError);
  });
});
