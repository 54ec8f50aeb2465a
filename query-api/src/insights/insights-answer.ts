import {
  INSIGHTS_MAX_DAYS,
  READING_DEVICES,
  READING_SOURCES,
  TIME_BUCKETS_MS,
  medianSeconds,
  type InsightsAnswer,
  type InsightsDay,
  type InsightsPage,
  type InsightsTotals,
  type ReadingInsightsDoc,
  type ReadingScope,
  isReadingMonthDoc,
  readingDocId,
} from '@pocketguide/contracts';

/**
 * The insights screens' figures from `reading-insights` documents: pure, so the live read model and an "as of"
 * replay give their answers through the same code. A range is read as the rollups of its whole months and the days
 * of its partial ones (`insightsDocIds`): a year is about a dozen months and the days at its two ends, not 366 days.
 */

const DAY_MS = 24 * 3600_000;

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * The days from `from` to `to` (both calendar days), counted on the calendar rather than through `Date` (a year's
 * answer asked `Date` for 366 of them, which was most of its fold).
 */
export function calendarDays(from: string, to: string): string[] {
  const days: string[] = [];
  let [year, month, day] = from.split('-').map(Number) as [number, number, number];
  const pad = (value: number) => (value < 10 ? `0${value}` : String(value));
  for (;;) {
    const text = `${year}-${pad(month)}-${pad(day)}`;
    if (text > to) return days;
    days.push(text);
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    const length = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
    if (++day > length) {
      day = 1;
      if (++month > 12) {
        month = 1;
        year += 1;
      }
    }
  }
}

/** Whether a string is a real calendar day (2026-02-30 is not). */
export function isCalendarDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
}

/** The range asked for, defaulting to the 30 days up to `today`, and the period of the same length before it. */
export function insightsRange(
  today: string,
  from?: string,
  to?: string,
): { from: string; to: string; previous: { from: string; to: string } } | null {
  const end = to ?? (from !== undefined && addDays(from, 29) < today ? addDays(from, 29) : today);
  const start = from ?? addDays(end, -29);
  if (!isCalendarDay(start) || !isCalendarDay(end) || start > end || daysBetween(start, end) > INSIGHTS_MAX_DAYS)
    return null;
  const length = daysBetween(start, end);
  return { from: start, to: end, previous: { from: addDays(start, -length), to: addDays(start, -1) } };
}

/**
 * The documents that cover `from`–`to` (Korean days) once each: a month's rollup for each calendar month wholly in
 * the range, a day's document for each other day. Their sums are the sums of the range's days.
 */
export function insightsDocIds(scope: ReadingScope, key: string, from: string, to: string): string[] {
  const ids: string[] = [];
  let day = from;
  while (day <= to) {
    const month = day.slice(0, 7);
    const nextMonth = addDays(`${month}-01`, 32).slice(0, 7);
    const lastOfMonth = addDays(`${nextMonth}-01`, -1);
    if (day.endsWith('-01') && lastOfMonth <= to) {
      ids.push(readingDocId(scope, key, month));
      day = `${nextMonth}-01`;
    } else {
      ids.push(readingDocId(scope, key, day));
      day = addDays(day, 1);
    }
  }
  return ids;
}

function totalsOf(docs: readonly ReadingInsightsDoc[]): InsightsTotals {
  const sum = (pick: (doc: ReadingInsightsDoc) => number) => docs.reduce((total, doc) => total + pick(doc), 0);
  const sessions = sum((doc) => doc.sessions);
  const opens = sum((doc) => doc.opens);
  return {
    readers: sum((doc) => doc.readers),
    sessions,
    opens,
    offline: sum((doc) => doc.offline),
    pagesPerSession: sessions === 0 ? 0 : Math.round((opens / sessions) * 10) / 10,
  };
}

function countsOf<K extends string>(
  keys: readonly K[],
  docs: readonly ReadingInsightsDoc[],
  pick: (doc: ReadingInsightsDoc) => Record<K, number>,
): Record<K, number> {
  return Object.fromEntries(
    keys.map((key) => [key, docs.reduce((total, doc) => total + (pick(doc)[key] ?? 0), 0)]),
  ) as Record<K, number>;
}

export type PageTitles = ReadonlyMap<string, string>;

/**
 * Builds the answer. `docs` are the documents that cover the range once (its days, or `insightsDocIds`' months and
 * days; one scope, one or several keys: a company adds its owners up), `previousDocs` those of the period before;
 * a month's rollup gives the chart its days' lines. Pages come from guidebook-scope documents only; a page
 * still in the guidebook but never opened is listed with 0 (it is the least read), one that was read and has since
 * been deleted keeps its figures with no title.
 */
export function insightsAnswer(input: {
  scope: InsightsAnswer['scope'];
  title?: string | null;
  range: { from: string; to: string; previous: { from: string; to: string } };
  asOf: string | null;
  docs: readonly ReadingInsightsDoc[];
  previousDocs: readonly ReadingInsightsDoc[];
  titles?: PageTitles;
}): InsightsAnswer {
  const { range, docs } = input;
  const byDay = new Map<string, InsightsDay>();
  for (const day of calendarDays(range.from, range.to)) byDay.set(day, { day, readers: 0, sessions: 0, opens: 0 });
  const addLine = (at: string, line: { readers: number; sessions: number; opens: number }) => {
    const day = byDay.get(at);
    if (!day) return;
    day.readers += line.readers;
    day.sessions += line.sessions;
    day.opens += line.opens;
  };
  for (const doc of docs) {
    if (!isReadingMonthDoc(doc)) addLine(doc.day, doc);
    else {
      const { readers, sessions, opens } = doc.daily;
      for (let index = 0; index < opens.length; index++) {
        if (opens[index] === 0 && readers[index] === 0 && sessions[index] === 0) continue;
        addLine(`${doc.month}-${String(index + 1).padStart(2, '0')}`, {
          readers: readers[index] ?? 0,
          sessions: sessions[index] ?? 0,
          opens: opens[index] ?? 0,
        });
      }
    }
  }

  const pageSums = new Map<string, { opens: number; buckets: number[] }>();
  for (const [page] of input.titles ?? [])
    pageSums.set(page, { opens: 0, buckets: TIME_BUCKETS_MS.map(() => 0).concat(0) });
  for (const doc of docs) {
    if (doc.scope !== 'guidebook') continue;
    for (const [page, reading] of Object.entries(doc.pages)) {
      const sum = pageSums.get(page) ?? { opens: 0, buckets: TIME_BUCKETS_MS.map(() => 0).concat(0) };
      sum.opens += reading.opens;
      reading.timeBuckets.forEach((count, index) => (sum.buckets[index] = (sum.buckets[index] ?? 0) + count));
      pageSums.set(page, sum);
    }
  }
  const pages: InsightsPage[] = [...pageSums]
    .map(([page, sum]) => ({
      page,
      title: input.titles?.get(page) ?? null,
      opens: sum.opens,
      medianSeconds: medianSeconds(sum.buckets),
    }))
    .sort((a, b) => b.opens - a.opens || a.page.localeCompare(b.page));

  return {
    scope: input.scope,
    title: input.title ?? null,
    from: range.from,
    to: range.to,
    previous: range.previous,
    asOf: input.asOf,
    totals: totalsOf(docs),
    previousTotals: totalsOf(input.previousDocs),
    days: [...byDay.values()],
    pages,
    sources: countsOf(READING_SOURCES, docs, (doc) => doc.sources),
    devices: countsOf(READING_DEVICES, docs, (doc) => doc.devices),
  };
}

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet: quote it as text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) || safe !== text ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The answer as CSV: one row per day, then one per page (with its median time), UTF-8 with a BOM for Excel. */
export function insightsCsv(answer: InsightsAnswer): string {
  const rows: Array<Array<string | number | null>> = [
    ['section', 'day_or_page', 'title', 'readers', 'sessions', 'opens', 'median_seconds'],
  ];
  for (const day of answer.days) rows.push(['day', day.day, null, day.readers, day.sessions, day.opens, null]);
  for (const page of answer.pages)
    rows.push(['page', page.page, page.title, null, null, page.opens, page.medianSeconds]);
  for (const [source, count] of Object.entries(answer.sources))
    rows.push(['source', source, null, null, count, null, null]);
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
