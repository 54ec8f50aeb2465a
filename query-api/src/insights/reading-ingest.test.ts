import { describe, expect, it } from 'vitest';
import type { ReadingBeacon } from '@pocketguide/contracts';
import type { AppendOptions, NewEvent } from '@pocketguide/platform/event-store/event-store';
import { READS_PER_EVENT, createReadingIngest, type ReadingIngestDeps } from './reading-ingest.ts';

const TARGETS: Record<string, { guidebookId: string; ownerId: string }> = {
  'uuid-1': { guidebookId: 'g1', ownerId: 'u1' },
  'uuid-2': { guidebookId: 'g2', ownerId: 'u1' },
};

function harness(start = '2026-11-26T03:00:00Z', more: Partial<ReadingIngestDeps> = {}) {
  let clock = new Date(start);
  const appended: Array<{ streamId: string; event: NewEvent; options: AppendOptions | undefined; tick: number }> = [];
  const stored = new Set<string>();
  let failing = false;
  let ids = 0;
  let tick = 0;
  let lookups = 0;
  let lookupFails = false;
  const ingest = createReadingIngest({
    eventStore: {
      async appendToStream(streamId, events, options) {
        if (failing) throw new Error('store down');
        for (const event of events) {
          // the store's own idempotency: a retried event id is not stored twice
          if (stored.has(event.id)) continue;
          stored.add(event.id);
          appended.push({ streamId, event, options, tick });
        }
        return { nextExpectedRevision: appended.length - 1, position: appended.length };
      },
    },
    targetOf: async (uuid) => {
      lookups++;
      if (lookupFails) throw new Error('read store busy');
      return TARGETS[uuid] ?? null;
    },
    now: () => clock,
    newId: () => `id-${++ids}`,
    intervalMs: 1000,
    ...more,
  });
  const nextTick = () => {
    tick++;
    setImmediate(nextTick).unref();
  };
  return {
    ingest,
    appended,
    readsOf: (streamId: string) =>
      appended
        .filter((append) => append.streamId === streamId)
        .flatMap(({ event }) => (event.data as { reads: unknown[] }).reads),
    setNow: (at: string) => (clock = new Date(at)),
    fail: (value: boolean) => (failing = value),
    failLookups: (value: boolean) => (lookupFails = value),
    lookups: () => lookups,
    startTicks: nextTick,
  };
}

const open = (at: string, page = 'cover'): ReadingBeacon['reads'][number] => ({
  kind: 'open',
  page,
  at,
  source: 'qr',
  device: 'phone',
  offline: false,
  first: true,
});
const beacon = (uuid: string, ...reads: ReadingBeacon['reads']): ReadingBeacon => ({ uuid, reads });

describe('the reading ingest', () => {
  it('given many beacons, when a batch is written, then events of at most 500 reads per guidebook, up to 1,000 reads a commit (one turn of the loop), relaxed', async () => {
    const { ingest, appended, lookups, startTicks } = harness();
    startTicks();
    for (let index = 0; index < 1200; index++)
      ingest.accept('uuid-1', ingest.readsOf(beacon('uuid-1', open('2026-11-26T02:59:00Z')), false));
    ingest.accept('uuid-2', ingest.readsOf(beacon('uuid-2', open('2026-11-26T02:59:00Z')), false));
    expect(appended).toHaveLength(0);
    await ingest.flush();
    const sizesOf = (streamId: string) =>
      appended
        .filter((append) => append.streamId === streamId)
        .map(({ event }) => (event.data as { reads: unknown[] }).reads.length);
    expect(sizesOf('reading-g1')).toEqual([READS_PER_EVENT, READS_PER_EVENT, 200]);
    expect(sizesOf('reading-g2')).toEqual([1]);
    expect(appended[0]!.event.data).toMatchObject({ guidebookId: 'g1', ownerId: 'u1' });
    // two group commits (1,000 reads, then 201), each of appends issued in one turn of the loop, none waiting for its fsync
    const ticks = appended.map((append) => append.tick);
    expect(ticks[0]).toBe(ticks[1]);
    expect(ticks[2]).toBe(ticks[3]);
    expect(ticks[2]).toBeGreaterThan(ticks[0]!);
    expect(appended.every((append) => append.options?.durability === 'relaxed')).toBe(true);
    // a guidebook is looked up once a batch, not once a beacon
    expect(lookups()).toBe(2);
    expect(ingest.pendingReads()).toBe(0);
    expect(ingest.stats()).toEqual({ accepted: 1201, stored: 1201, dropped: 0, batches: 1 });
  });

  it('drops the reads of a guidebook readers cannot see, at the batch, and counts them', async () => {
    const { ingest, appended } = harness();
    ingest.accept('unknown', ingest.readsOf(beacon('unknown', open('2026-11-26T02:59:00Z')), false));
    ingest.accept('uuid-1', ingest.readsOf(beacon('uuid-1', open('2026-11-26T02:59:00Z')), false));
    await ingest.flush();
    expect(appended.map((append) => append.streamId)).toEqual(['reading-g1']);
    expect(ingest.stats()).toMatchObject({ accepted: 2, stored: 1, dropped: 1 });
  });

  it('marks only the first open of a new reader, clips time on a page to an hour, drops reads older than a week and moves future ones to now', () => {
    const { ingest } = harness();
    const reads = ingest.readsOf(
      beacon(
        'uuid-1',
        open('2026-11-26T02:00:00Z'),
        { kind: 'time', page: 'cover', at: '2026-11-26T02:10:00+00:00', ms: 5 * 3600_000, offline: false },
        open('2026-11-26T11:11:00+09:00', 'p1'),
        open('2026-11-01T00:00:00Z', 'old'),
        open('2026-11-27T00:00:00Z', 'future'),
      ),
      true,
    );
    expect(reads.map((read) => read.page)).toEqual(['cover', 'cover', 'p1', 'future']);
    expect(reads[0]).toMatchObject({ newReader: true, at: '2026-11-26T02:00:00.000Z' });
    // times are stored in one form, UTC, whatever offset the viewer wrote
    expect(reads[1]).toMatchObject({ ms: 3600_000, at: '2026-11-26T02:10:00.000Z' });
    expect(reads[2]).toMatchObject({ newReader: false, at: '2026-11-26T02:11:00.000Z' });
    expect(reads[3]).toMatchObject({ at: '2026-11-26T03:00:00.000Z' });
  });

  it('counts a reader new once a Korean day, and again the next day (a new salt), never storing the address', () => {
    const { ingest, setNow } = harness('2026-11-26T03:00:00Z');
    expect(ingest.isNewReader('uuid-1', '203.0.113.9', 'phone')).toBe(true);
    expect(ingest.isNewReader('uuid-1', '203.0.113.9', 'phone')).toBe(false);
    expect(ingest.isNewReader('uuid-2', '203.0.113.9', 'phone')).toBe(true);
    expect(ingest.isNewReader('uuid-1', '203.0.113.9', 'other agent')).toBe(true);
    setNow('2026-11-26T14:59:59Z'); // 23:59:59 in Korea: still the same day
    expect(ingest.isNewReader('uuid-1', '203.0.113.9', 'phone')).toBe(false);
    setNow('2026-11-26T15:00:00Z'); // midnight in Korea
    expect(ingest.isNewReader('uuid-1', '203.0.113.9', 'phone')).toBe(true);
    expect(ingest.isNewReader('uuid-1', '203.0.113.9', 'phone')).toBe(false);
  });

  it('when an append fails, then its events wait, ids and all, and go first at the next batch; stop() writes what is left', async () => {
    const { ingest, appended, fail } = harness();
    ingest.accept('uuid-1', ingest.readsOf(beacon('uuid-1', open('2026-11-26T02:59:00Z')), false));
    fail(true);
    await ingest.flush();
    expect(appended).toHaveLength(0);
    expect(ingest.pendingReads()).toBe(1);
    fail(false);
    ingest.accept('uuid-1', ingest.readsOf(beacon('uuid-1', open('2026-11-26T02:59:30Z', 'p2')), false));
    await ingest.stop();
    expect(appended.map(({ event }) => event.id)).toEqual(['id-1', 'id-2']);
    expect(ingest.pendingReads()).toBe(0);
    expect(ingest.stats()).toMatchObject({ accepted: 2, stored: 2, dropped: 0 });
  });

  it('when the look-up fails, then the reads wait for the next batch', async () => {
    const { ingest, appended, failLookups } = harness();
    ingest.accept('uuid-1', ingest.readsOf(beacon('uuid-1', open('2026-11-26T02:59:00Z')), false));
    failLookups(true);
    await ingest.flush();
    expect(ingest.pendingReads()).toBe(1);
    failLookups(false);
    await ingest.flush();
    expect(appended).toHaveLength(1);
  });

  it('starts a batch at once when enough reads wait, without waiting for the timer', async () => {
    const { ingest, appended } = harness('2026-11-26T03:00:00Z', { batchReads: 10 });
    ingest.start();
    for (let index = 0; index < 10; index++)
      ingest.accept('uuid-1', ingest.readsOf(beacon('uuid-1', open('2026-11-26T02:59:00Z')), false));
    await new Promise((done) => setTimeout(done, 20));
    expect(appended).toHaveLength(1);
    await ingest.stop();
  });

  it('holds at most maxPending reads: past it a beacon is dropped and counted', async () => {
    const { ingest, fail } = harness('2026-11-26T03:00:00Z', { maxPending: 3 });
    fail(true);
    for (let index = 0; index < 5; index++)
      ingest.accept('uuid-1', ingest.readsOf(beacon('uuid-1', open('2026-11-26T02:59:00Z')), false));
    expect(ingest.pendingReads()).toBe(3);
    expect(ingest.stats()).toMatchObject({ accepted: 3, dropped: 2 });
    await ingest.flush();
    expect(ingest.pendingReads()).toBe(3);
  });
});
