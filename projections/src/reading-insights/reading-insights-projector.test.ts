import { describe, expect, it } from 'vitest';
import {
  READING_DEVICES,
  READING_SOURCES,
  isReadingMonthDoc,
  medianSeconds,
  readingStream,
  type ReadingDayDoc,
  type ReadingMonthDoc,
  type RecordedRead,
} from '@pocketguide/contracts';
import { expectIdempotent, recordedEvents } from '../testing/project.ts';
import { readingInsightsProjector } from './reading-insights-projector.ts';

const open = (page: string, at: string, more: Partial<Extract<RecordedRead, { kind: 'open' }>> = {}): RecordedRead => ({
  kind: 'open',
  page,
  at,
  source: 'qr',
  device: 'phone',
  offline: false,
  first: false,
  newReader: false,
  ...more,
});
const time = (page: string, at: string, ms: number): RecordedRead => ({ kind: 'time', page, at, ms, offline: false });
const recorded = (guidebookId: string, ownerId: string, reads: RecordedRead[]) => ({
  streamId: readingStream(guidebookId),
  type: 'GuidebookReadsRecorded',
  data: { guidebookId, ownerId, reads },
});

describe('the reading-insights read model', () => {
  it('given reads of two guidebooks, then each guidebook, owner and the site get their day, in Korean time', () => {
    const docs = expectIdempotent(
      readingInsightsProjector,
      recordedEvents([
        recorded('g1', 'u1', [
          open('cover', '2026-11-25T15:30:00Z', { first: true, newReader: true }), // 00:30 on the 26th in Korea
          open('p1', '2026-11-25T15:31:00Z'),
          time('p1', '2026-11-25T15:32:00Z', 42_000),
          open('cover', '2026-11-25T14:00:00Z', {
            first: true,
            newReader: true,
            source: 'kakao',
            device: 'desktop',
            offline: true,
          }), // 23:00 on the 25th
        ]),
        recorded('g2', 'u1', [
          open('cover', '2026-11-26T01:00:00Z', { first: true, newReader: true, source: 'gallery' }),
        ]),
        { streamId: 'guidebook-g1', type: 'GuidebookPublished', data: { guidebookId: 'g1' } },
      ]),
    );
    expect([...docs.keys()].sort()).toEqual(
      [
        'guidebook:g1:2026-11-26',
        'guidebook:g1:2026-11-25',
        'owner:u1:2026-11-26',
        'owner:u1:2026-11-25',
        'site:*:2026-11-26',
        'site:*:2026-11-25',
        'guidebook:g2:2026-11-26',
        // and each one's month
        'guidebook:g1:2026-11',
        'owner:u1:2026-11',
        'site:*:2026-11',
        'guidebook:g2:2026-11',
      ].sort(),
    );
    const g1Day = docs.get('guidebook:g1:2026-11-26')!;
    expect(g1Day).toMatchObject({
      scope: 'guidebook',
      key: 'g1',
      day: '2026-11-26',
      readers: 1,
      sessions: 1,
      opens: 2,
      offline: 0,
    });
    expect(g1Day.sources).toEqual({ qr: 1, link: 0, gallery: 0, kakao: 0, other: 0 });
    expect(g1Day.pages.p1?.opens).toBe(1);
    expect(medianSeconds(g1Day.pages.p1!.timeBuckets)).toBe(60);
    expect(docs.get('guidebook:g1:2026-11-25')).toMatchObject({
      readers: 1,
      sessions: 1,
      opens: 1,
      offline: 1,
      devices: { phone: 0, tablet: 0, desktop: 1 },
    });
    // The owner's and the site's days add both guidebooks up, without pages.
    expect(docs.get('owner:u1:2026-11-26')).toMatchObject({ readers: 2, sessions: 2, opens: 3, pages: {} });
    expect(docs.get('site:*:2026-11-26')!.sources).toEqual({ qr: 1, link: 0, gallery: 1, kakao: 0, other: 0 });
  });

  it('when more reads of the same day arrive, then they add to it', () => {
    const docs = expectIdempotent(
      readingInsightsProjector,
      recordedEvents([
        recorded('g1', 'u1', [
          open('p1', '2026-11-26T01:00:00Z', { first: true, newReader: true }),
          time('p1', '2026-11-26T01:00:05Z', 3_000),
        ]),
        recorded('g1', 'u1', [
          open('p1', '2026-11-26T02:00:00Z', { first: true }),
          time('p1', '2026-11-26T02:00:05Z', 4_000),
          time('p1', '2026-11-26T02:00:09Z', 900_000),
        ]),
      ]),
    );
    const day = docs.get('guidebook:g1:2026-11-26')!;
    expect(day).toMatchObject({ readers: 1, sessions: 2, opens: 2 });
    expect(day.pages.p1).toMatchObject({ opens: 2, timed: 3 });
    expect(medianSeconds(day.pages.p1!.timeBuckets)).toBe(5);
  });
});

describe("the reading-insights months (a long range's read)", () => {
  it('given reads over three months, each delivered twice, then every month holds the sums of its days and their lines', () => {
    // a small deterministic generator: the same reads every run
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const start = Date.parse('2026-09-30T10:00:00Z'); // 19:00 on 30 September in Korea, so a month starts at once
    const events = recordedEvents(
      Array.from({ length: 300 }, (_, n) => {
        const guidebook = pick(['g1', 'g2', 'g3']);
        const reads = Array.from({ length: 1 + Math.floor(next() * 6) }, (): RecordedRead => {
          const at = new Date(start + Math.floor(next() * 70 * 86_400_000)).toISOString();
          return next() < 0.6
            ? open(pick(['cover', 'p1', 'p2']), at, {
                first: next() < 0.5,
                newReader: next() < 0.4,
                source: pick(READING_SOURCES),
                device: pick(READING_DEVICES),
                offline: next() < 0.2,
              })
            : time(pick(['cover', 'p1', 'p2']), at, Math.floor(next() * 2_000_000));
        });
        return { ...recorded(guidebook, guidebook === 'g3' ? 'u2' : 'u1', reads), id: `event-${n}` };
      }),
    );
    const docs = expectIdempotent(readingInsightsProjector, events);
    const months = [...docs.values()].filter(isReadingMonthDoc);
    expect(months.map((month) => month.month).sort()).toContain('2026-09');
    expect(new Set(months.map((month) => month.month))).toEqual(new Set(['2026-09', '2026-10', '2026-11', '2026-12']));
    for (const month of months) {
      const days = [...docs.values()].filter(
        (doc): doc is ReadingDayDoc =>
          !isReadingMonthDoc(doc) &&
          doc.scope === month.scope &&
          doc.key === month.key &&
          doc.day.startsWith(month.month),
      );
      const sum = (pick: (doc: ReadingDayDoc) => number) => days.reduce((total, day) => total + pick(day), 0);
      const expected: Omit<ReadingMonthDoc, 'id' | 'scope' | 'key' | 'month' | 'pages' | 'daily'> = {
        readers: sum((day) => day.readers),
        sessions: sum((day) => day.sessions),
        opens: sum((day) => day.opens),
        offline: sum((day) => day.offline),
        sources: Object.fromEntries(
          READING_SOURCES.map((s) => [s, sum((day) => day.sources[s])]),
        ) as ReadingMonthDoc['sources'],
        devices: Object.fromEntries(
          READING_DEVICES.map((d) => [d, sum((day) => day.devices[d])]),
        ) as ReadingMonthDoc['devices'],
      };
      expect(month).toMatchObject(expected);
      // each day's line, at its place in the month (the 1st first), 0 for a day without reads
      const length = new Date(Date.UTC(Number(month.month.slice(0, 4)), Number(month.month.slice(5)), 0)).getUTCDate();
      const line = (pick: (doc: ReadingDayDoc) => number) =>
        Array.from({ length }, (_, index) => {
          const day = days.find((doc) => doc.day === `${month.month}-${String(index + 1).padStart(2, '0')}`);
          return day ? pick(day) : 0;
        });
      expect(month.daily).toEqual({
        readers: line((day) => day.readers),
        sessions: line((day) => day.sessions),
        opens: line((day) => day.opens),
      });
      const pages = new Set(days.flatMap((day) => Object.keys(day.pages)));
      expect(new Set(Object.keys(month.pages))).toEqual(pages);
      for (const page of pages) {
        const of = days.flatMap((day) => (day.pages[page] ? [day.pages[page]] : []));
        expect(month.pages[page]).toEqual({
          opens: of.reduce((total, reading) => total + reading.opens, 0),
          timed: of.reduce((total, reading) => total + reading.timed, 0),
          timeBuckets: month.pages[page]!.timeBuckets.map((_, index) =>
            of.reduce((total, reading) => total + reading.timeBuckets[index]!, 0),
          ),
        });
      }
    }
    expect(months.some((month) => month.scope === 'guidebook' && month.daily.opens.filter(Boolean).length > 15)).toBe(
      true,
    );
  });
});

describe('medianSeconds', () => {
  it('reads the bucket that holds the middle read, and nothing from an empty histogram', () => {
    expect(medianSeconds([])).toBeNull();
    expect(medianSeconds([0, 0, 0])).toBeNull();
    expect(medianSeconds([1, 0, 2])).toBe(5);
    expect(medianSeconds([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3])).toBe(1800);
  });
});
