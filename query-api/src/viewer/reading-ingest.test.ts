import { describe, expect, it } from 'vitest';
import type { ReadingBeacon } from '@pocketguide/contracts';
import type { NewEvent } from '@pocketguide/platform/event-store/event-store';
import { READS_PER_EVENT, createReadingIngest } from './reading-ingest.ts';

function harness(start = '2026-11-26T03:00:00Z') {
  let clock = new Date(start);
  const appended: Array<{ streamId: string; event: NewEvent }> = [];
  let failing = false;
  let ids = 0;
  const ingest = createReadingIngest({
    eventStore: {
      async appendToStream(streamId, events) {
        if (failing) throw new Error('store down');
        for (const event of events) appended.push({ streamId, event });
        return { nextExpectedRevision: appended.length - 1, position: appended.length };
      },
    },
    now: () => clock,
    newId: () => `id-${++ids}`,
    intervalMs: 1000,
  });
  return {
    ingest,
    appended,
    setNow: (at: string) => (clock = new Date(at)),
    fail: (value: boolean) => (failing = value),
  };
}

const open = (at: string, page = 'cover'): ReadingBeacon['reads'][number] => ({ kind: 'open', page, at, source: 'qr', device: 'phone', offline: false, first: true });
const target = { guidebookId: 'g1', ownerId: 'u1' };

describe('the reading ingest', () => {
  it('given many beacons, when flushed, then one event per guidebook of at most 500 reads, on reading-<id>', async () => {
    const { ingest, appended } = harness();
    for (let index = 0; index < 1200; index++) ingest.record(target, { uuid: 'x', reads: [open('2026-11-26T02:59:00Z')] }, false);
    ingest.record({ guidebookId: 'g2', ownerId: 'u1' }, { uuid: 'y', reads: [open('2026-11-26T02:59:00Z')] }, false);
    await ingest.flush();
    const sizesOf = (streamId: string) =>
      appended.filter((append) => append.streamId === streamId).map(({ event }) => (event.data as { reads: unknown[] }).reads.length);
    expect(appended).toHaveLength(4);
    expect(sizesOf('reading-g1')).toEqual([READS_PER_EVENT, READS_PER_EVENT, 200]);
    expect(sizesOf('reading-g2')).toEqual([1]);
    expect(ingest.pendingReads()).toBe(0);
  });

  it('marks only the first open of a new reader, clips time on a page to an hour, drops reads older than a week and moves future ones to now', async () => {
    const { ingest, appended } = harness();
    ingest.record(
      target,
      {
        uuid: 'x',
        reads: [
          open('2026-11-26T02:00:00Z'),
          { kind: 'time', page: 'cover', at: '2026-11-26T02:10:00Z', ms: 5 * 3600_000, offline: false },
          open('2026-11-26T02:11:00Z', 'p1'),
          open('2026-11-01T00:00:00Z', 'old'),
          open('2026-11-27T00:00:00Z', 'future'),
        ],
      },
      true,
    );
    await ingest.flush();
    const reads = (appended[0]!.event.data as { reads: Array<Record<string, unknown>> }).reads;
    expect(reads.map((read) => read.page)).toEqual(['cover', 'cover', 'p1', 'future']);
    expect(reads[0]).toMatchObject({ newReader: true });
    expect(reads[1]).toMatchObject({ ms: 3600_000 });
    expect(reads[2]).toMatchObject({ newReader: false });
    expect(reads[3]).toMatchObject({ at: '2026-11-26T03:00:00.000Z' });
  });

  it('counts a reader new once a Korean day, and again the next day (a new salt), never storing the address', () => {
    const { ingest, setNow } = harness('2026-11-26T03:00:00Z');
    expect(ingest.isNewReader('g1', '203.0.113.9', 'phone')).toBe(true);
    expect(ingest.isNewReader('g1', '203.0.113.9', 'phone')).toBe(false);
    expect(ingest.isNewReader('g2', '203.0.113.9', 'phone')).toBe(true);
    expect(ingest.isNewReader('g1', '203.0.113.9', 'other agent')).toBe(true);
    setNow('2026-11-26T14:59:00Z'); // 23:59 in Korea: still the same day
    expect(ingest.isNewReader('g1', '203.0.113.9', 'phone')).toBe(false);
    setNow('2026-11-26T15:00:00Z'); // midnight in Korea
    expect(ingest.isNewReader('g1', '203.0.113.9', 'phone')).toBe(true);
  });

  it('when an append fails, then its reads wait for the next flush', async () => {
    const { ingest, appended, fail } = harness();
    ingest.record(target, { uuid: 'x', reads: [open('2026-11-26T02:59:00Z')] }, false);
    fail(true);
    await ingest.flush();
    expect(appended).toHaveLength(0);
    expect(ingest.pendingReads()).toBe(1);
    fail(false);
    await ingest.stop();
    expect(appended).toHaveLength(1);
  });
});
