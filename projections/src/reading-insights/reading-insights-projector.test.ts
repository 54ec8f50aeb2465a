import { describe, expect, it } from 'vitest';
import { medianSeconds, readingStream, type RecordedRead } from '@pocketguide/contracts';
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

describe('medianSeconds', () => {
  it('reads the bucket that holds the middle read, and nothing from an empty histogram', () => {
    expect(medianSeconds([])).toBeNull();
    expect(medianSeconds([0, 0, 0])).toBeNull();
    expect(medianSeconds([1, 0, 2])).toBe(5);
    expect(medianSeconds([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3])).toBe(1800);
  });
});
