import { describe, expect, it } from 'vitest';
import { insightsAnswer, insightsCsv, insightsRange } from './insights-answer.ts';

describe('insightsRange', () => {
  it('defaults to the 30 days up to today, with the 30 before as the comparison', () => {
    expect(insightsRange('2026-11-26')).toEqual({
      from: '2026-10-28',
      to: '2026-11-26',
      previous: { from: '2026-09-28', to: '2026-10-27' },
    });
  });
  it('takes a range, compares it with the same length before, and refuses a reversed, too long or impossible one', () => {
    expect(insightsRange('2026-11-26', '2026-11-01', '2026-11-07')?.previous).toEqual({
      from: '2026-10-25',
      to: '2026-10-31',
    });
    expect(insightsRange('2026-11-26', '2026-11-07', '2026-11-01')).toBeNull();
    expect(insightsRange('2026-11-26', '2024-01-01', '2026-01-01')).toBeNull();
    expect(insightsRange('2026-11-26', '2026-02-30', '2026-03-01')).toBeNull();
  });
});

describe('insightsCsv', () => {
  it('quotes a page title that a spreadsheet would run as a formula, and commas', () => {
    const answer = insightsAnswer({
      scope: 'guidebook',
      range: { from: '2026-11-26', to: '2026-11-26', previous: { from: '2026-11-25', to: '2026-11-25' } },
      asOf: null,
      docs: [],
      previousDocs: [],
      titles: new Map([
        ['p1', '=HYPERLINK("x")'],
        ['p2', 'Seoul, day 1'],
      ]),
    });
    const csv = insightsCsv(answer);
    expect(csv).toContain(`page,p1,"'=HYPERLINK(""x"")",,,0,`);
    expect(csv).toContain('page,p2,"Seoul, day 1",,,0,');
  });
});
