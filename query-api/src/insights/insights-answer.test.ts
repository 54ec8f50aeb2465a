import { describe, expect, it } from 'vitest';
import {
  READING_DEVICES,
  READING_SOURCES,
  isReadingMonthDoc,
  readingInsightAfter,
  readingInsightIdsOf,
  type ReadingEvent,
  type ReadingInsightsDoc,
  type ReadingScope,
  type RecordedRead,
} from '@pocketguide/contracts';
import {
  addDays,
  calendarDays,
  insightsAnswer,
  insightsCsv,
  insightsDocIds,
  insightsRange,
} from './insights-answer.ts';

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

describe('calendarDays', () => {
  it('counts the days of a range as Date does, over month ends, leap days and years', () => {
    for (const [from, length] of [
      ['2023-12-25', 400],
      ['2024-02-27', 5],
      ['2100-02-27', 4],
      ['2000-02-28', 3],
      ['2026-11-27', 1],
    ] as const) {
      const to = addDays(from, length - 1);
      expect(calendarDays(from, to)).toEqual(Array.from({ length }, (_, index) => addDays(from, index)));
    }
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

describe("a range read as its whole months' rollups and its other days", () => {
  // a small deterministic generator: the same log and ranges every run
  let seed = 24;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const pages = ['cover', 'p1', 'p2', 'p3', 'gone'];
  // 3,000 events over 26 months (from 2025-01-01 in Korea), as the projector folds them: days and months
  const start = Date.parse('2024-12-31T15:00:00Z');
  const span = 790 * 86_400_000;
  const docs = new Map<string, ReadingInsightsDoc>();
  for (let n = 0; n < 3000; n++) {
    const guidebookId = pick(['g1', 'g2', 'g3']);
    const event: ReadingEvent = {
      type: 'GuidebookReadsRecorded',
      data: {
        guidebookId,
        ownerId: guidebookId === 'g3' ? 'u2' : 'u1',
        reads: Array.from({ length: 1 + Math.floor(next() * 5) }, (): RecordedRead => {
          const at = new Date(start + Math.floor(next() * span)).toISOString();
          return next() < 0.6
            ? {
                kind: 'open',
                page: pick(pages),
                at,
                source: pick(READING_SOURCES),
                device: pick(READING_DEVICES),
                offline: next() < 0.2,
                first: next() < 0.5,
                newReader: next() < 0.4,
              }
            : { kind: 'time', page: pick(pages), at, ms: Math.floor(next() * 2_500_000), offline: false };
        }),
      },
    };
    for (const id of readingInsightIdsOf(event)) docs.set(id, readingInsightAfter(docs.get(id) ?? null, event, id)!);
  }
  const titles = new Map([
    ['cover', ''],
    ['p1', 'Day 1'],
    ['p2', 'Day 2'],
    ['p3', 'Day 3'],
    ['never', 'Never read'],
  ]);
  /** The read as it was: every day document of the range, for each key, folded day by day. */
  const dayByDay = (scope: ReadingScope, keys: readonly string[], from: string, to: string) =>
    [...docs.values()].filter(
      (doc) =>
        !isReadingMonthDoc(doc) && doc.scope === scope && keys.includes(doc.key) && doc.day >= from && doc.day <= to,
    );
  const byIds = (scope: ReadingScope, keys: readonly string[], from: string, to: string) =>
    keys.flatMap((key) => insightsDocIds(scope, key, from, to)).flatMap((id) => docs.get(id) ?? []);

  it('covers every day of a range exactly once, with a month for each whole month in it', () => {
    expect(insightsDocIds('site', '*', '2025-01-30', '2025-03-02')).toEqual([
      'site:*:2025-01-30',
      'site:*:2025-01-31',
      'site:*:2025-02',
      'site:*:2025-03-01',
      'site:*:2025-03-02',
    ]);
    expect(insightsDocIds('guidebook', 'g1', '2024-02-01', '2024-02-29')).toEqual(['guidebook:g1:2024-02']);
    expect(insightsDocIds('guidebook', 'g1', '2024-02-01', '2024-02-28')).toHaveLength(28);
    expect(insightsDocIds('owner', 'u1', '2025-12-31', '2025-12-31')).toEqual(['owner:u1:2025-12-31']);
  });

  it('gives the answer the day-by-day fold gives, for 400 random ranges at every scope, periods before included', () => {
    let months = 0;
    for (let n = 0; n < 400; n++) {
      const today = addDays('2025-01-01', Math.floor(next() * 800));
      const from = addDays(today, -Math.floor(next() * 400));
      const to = addDays(from, Math.floor(next() * 366));
      const range = insightsRange(today, from, to);
      if (!range) continue;
      const [scope, keys, answerScope] = pick([
        ['guidebook', ['g1'], 'guidebook'],
        ['guidebook', ['g3'], 'guidebook'],
        ['owner', ['u1', 'u2'], 'company'],
        ['site', ['*'], 'site'],
      ] as const);
      const read = (of: typeof byIds) => ({
        scope: answerScope,
        range,
        asOf: null,
        docs: of(scope, keys, range.from, range.to),
        previousDocs: of(scope, keys, range.previous.from, range.previous.to),
        titles: scope === 'guidebook' ? titles : undefined,
      });
      const rolled = read(byIds);
      months += rolled.docs.filter(isReadingMonthDoc).length;
      expect(insightsAnswer(rolled)).toEqual(insightsAnswer(read(dayByDay)));
    }
    // the ranges did read months (a test of days alone would prove nothing)
    expect(months).toBeGreaterThan(1000);
  });
});
