import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import { RevisionMismatchError, ValidationError } from '@pocketguide/platform/http/errors';
import { z } from 'zod';
import { EventDecodeError, eventDecoder } from '@pocketguide/contracts/event-decoding';
import { SNAPSHOT_EVENT_TYPE, createCommandHandler, decodedWith, type SnapshotPolicy } from './command-handler.ts';
import { SnapshotCounts } from './snapshot-counts.ts';
import { createPostgresEventStore } from '@pocketguide/platform/event-store/postgres-event-store';
import { createTestDatabase } from '../../../test-support/postgres.ts';
import type { Decider } from './decider.ts';

type Added = { type: 'Added'; data: { amount: number } };
const toEvent = decodedWith(eventDecoder({ schemas: { Added: z.object({ amount: z.number() }) } }));
type Add = { type: 'Add'; amount: number };
/** A tiny decider: a total that refuses to go over 100. */
const total: Decider<number, Add, Added> = {
  initialState: () => 0,
  evolve: (sum, event) => sum + event.data.amount,
  decide(command, sum) {
    if (command.amount === 0) return [];
    if (sum + command.amount > 100) throw new ValidationError('Total may not exceed 100');
    return [{ type: 'Added', data: { amount: command.amount } }];
  },
};

let store: EventStore;
beforeAll(() => {
  store = createSqliteEventStore({ path: resolve(import.meta.dirname, `../../../test-output/tmp/handler-${randomUUID()}.sqlite`) });
});
afterAll(() => store.close());

const handle = () => createCommandHandler(store, total, { toEvent });
const meta = (commandId: string = randomUUID()) => ({ commandId, userId: 'u1', correlationId: 'c1', causationId: 'c1' });
const stream = () => `total-${randomUUID()}`;

async function eventsOf(streamId: string) {
  const events = [];
  for await (const e of store.readStream(streamId)) events.push(e);
  return events;
}

describe('the generic command handler', () => {
  it('loads, decides and appends with the expected revision, recording the metadata', async () => {
    const id = stream();
    const first = await handle()(id, { type: 'Add', amount: 10 }, { metadata: meta() });
    const second = await handle()(id, { type: 'Add', amount: 5 }, { metadata: meta('cmd-two') });
    expect(first).toMatchObject({ state: 10, revision: 0, alreadyHandled: false });
    expect(second).toMatchObject({ state: 15, revision: 1, alreadyHandled: false });
    expect(second.position).toBeGreaterThan(first.position);
    const events = await eventsOf(id);
    expect(events.map((e) => e.data)).toEqual([{ amount: 10 }, { amount: 5 }]);
    expect(events[1]?.metadata).toMatchObject({ commandId: 'cmd-two', userId: 'u1', correlationId: 'c1', causationId: 'c1' });
  });

  it('reads the stream through its decoder: a stored event that does not fit refuses the command, naming it, and appends nothing', async () => {
    const id = stream();
    await handle()(id, { type: 'Add', amount: 10 }, { metadata: meta() });
    await store.appendToStream(id, [{ id: randomUUID(), type: 'Added', data: { amount: 'ten' } }]);
    const refused = handle()(id, { type: 'Add', amount: 1 }, { metadata: meta() });
    await expect(refused).rejects.toThrow(EventDecodeError);
    await expect(refused).rejects.toThrow('Added: amount:');
    expect(await eventsOf(id)).toHaveLength(2);
  });

  it('a command id seen before appends nothing and answers as the first time', async () => {
    const id = stream();
    const metadata = meta();
    const first = await handle()(id, { type: 'Add', amount: 10 }, { metadata });
    const again = await handle()(id, { type: 'Add', amount: 10 }, { metadata });
    expect(again).toMatchObject({ alreadyHandled: true, position: first.position, state: 10 });
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it('the same command sent twice at once is stored once', async () => {
    const id = stream();
    const metadata = meta();
    const results = await Promise.all([
      handle()(id, { type: 'Add', amount: 7 }, { metadata }),
      handle()(id, { type: 'Add', amount: 7 }, { metadata }),
    ]);
    expect(new Set(results.map((r) => r.position)).size).toBe(1);
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it('refused commands append nothing', async () => {
    const id = stream();
    await handle()(id, { type: 'Add', amount: 90 }, { metadata: meta() });
    await expect(handle()(id, { type: 'Add', amount: 20 }, { metadata: meta() })).rejects.toBeInstanceOf(ValidationError);
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it('a command that changes nothing appends nothing', async () => {
    const id = stream();
    const result = await handle()(id, { type: 'Add', amount: 0 }, { metadata: meta() });
    expect(result).toMatchObject({ events: [], revision: -1 });
    expect(await eventsOf(id)).toHaveLength(0);
  });

  it('a stale If-Match revision is refused with 412 and the current revision', async () => {
    const id = stream();
    await handle()(id, { type: 'Add', amount: 1 }, { metadata: meta() });
    await handle()(id, { type: 'Add', amount: 1 }, { metadata: meta() });
    const error = await handle()(id, { type: 'Add', amount: 1 }, { metadata: meta(), expectedRevision: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RevisionMismatchError);
    expect((error as RevisionMismatchError).extra.currentRevision).toBe(1);
    expect((error as RevisionMismatchError).status).toBe(412);
    expect(await eventsOf(id)).toHaveLength(2);
  });

  it('a guard refuses before a stale revision is reported (403 before 412), appending nothing', async () => {
    const id = stream();
    await handle()(id, { type: 'Add', amount: 1 }, { metadata: meta() });
    const guard = (sum: number) => {
      if (sum < 5) throw new ValidationError('too small to touch');
    };
    const error = await handle()(id, { type: 'Add', amount: 1 }, { metadata: meta(), expectedRevision: 7, guard }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it('concurrent different commands: without retry one loses with 412; with retry both land', async () => {
    const id = stream();
    await handle()(id, { type: 'Add', amount: 1 }, { metadata: meta() });
    const noRetry = await Promise.allSettled([
      handle()(id, { type: 'Add', amount: 2 }, { metadata: meta() }),
      handle()(id, { type: 'Add', amount: 3 }, { metadata: meta() }),
    ]);
    const rejected = noRetry.filter((r) => r.status === 'rejected');
    // both loaded revision 0; the store lets exactly one append at that revision
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toBeInstanceOf(RevisionMismatchError);

    const withRetry = await Promise.all([
      handle()(id, { type: 'Add', amount: 4 }, { metadata: meta(), retryOnConflict: true }),
      handle()(id, { type: 'Add', amount: 5 }, { metadata: meta(), retryOnConflict: true }),
    ]);
    expect(withRetry.map((r) => r.revision).sort()).toEqual([2, 3]);
    const events = await eventsOf(id);
    const winner = noRetry[0]?.status === 'fulfilled' ? 2 : 3;
    expect(events.map((e) => (e.data as { amount: number }).amount)).toEqual([1, winner, ...[...withRetry].sort((a, b) => a.revision - b.revision).map((r) => (r.events[0]?.data as { amount: number }).amount)]);
  });
});

describe('snapshots', () => {
  const policy = (every = 100, version = 1): SnapshotPolicy<number> => ({ streamOf: (id) => id.replace(/^total-/, 'total_snapshot-'), every, version });
  const withSnapshots = (every = 100, version = 1) => createCommandHandler(store, total, { toEvent, snapshots: policy(every, version) });
  /** many small events at once, straight into the store (quicker than one command each) */
  async function appendMany(id: string, count: number) {
    for (let done = 0; done < count; done += 500) {
      const batch = Array.from({ length: Math.min(500, count - done) }, (_, i) => ({ id: randomUUID(), type: 'Added', data: { amount: 0.001 * ((done + i) % 3) } }));
      await store.appendToStream(id, batch, { expectedRevision: done === 0 ? 'no_stream' : done - 1 });
    }
  }
  const snapshotsOf = (id: string) => eventsOf(id.replace(/^total-/, 'total_snapshot-'));

  it('after 10,000 events a command snapshots, and the next loads read fewer than 200 events with the same state', async () => {
    const id = stream();
    await appendMany(id, 9_990);
    const handle = withSnapshots();
    const first = await handle(id, { type: 'Add', amount: 1 }, { metadata: meta() });
    expect(first.revision).toBe(9_990);
    const snapshots = await snapshotsOf(id);
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]).toMatchObject({ type: SNAPSHOT_EVENT_TYPE, data: { version: 1, revision: 9_990, position: first.position } });

    for (let i = 0; i < 10; i++) await handle(id, { type: 'Add', amount: 1 }, { metadata: meta() });
    const loaded = await withSnapshots().load(id);
    expect(loaded.eventsRead).toBeLessThan(200);
    expect(loaded.eventsRead).toBe(10);
    expect(loaded.revision).toBe(10_000);
    const full = await createCommandHandler(store, total, { toEvent }).load(id);
    expect(full.eventsRead).toBe(10_001);
    expect(loaded.state).toBeCloseTo(full.state, 9);
    expect(loaded.position).toBe(full.position);
  });

  it('takes one every N events; a snapshot of another version is ignored; refusals and stale revisions still hold', async () => {
    const id = stream();
    const handle = withSnapshots(5);
    for (let i = 0; i < 12; i++) await handle(id, { type: 'Add', amount: 1 }, { metadata: meta() });
    expect((await snapshotsOf(id)).map((e) => (e.data as { revision: number }).revision)).toEqual([4, 9]);
    expect((await handle.load(id)).eventsRead).toBe(2);

    const otherVersion = await withSnapshots(5, 2).load(id);
    expect(otherVersion).toMatchObject({ eventsRead: 12, state: 12, revision: 11 });

    await expect(handle(id, { type: 'Add', amount: 100 }, { metadata: meta() })).rejects.toBeInstanceOf(ValidationError);
    const stale = await handle(id, { type: 'Add', amount: 1 }, { metadata: meta(), expectedRevision: 3 }).catch((e: unknown) => e);
    expect((stale as RevisionMismatchError).extra.currentRevision).toBe(11);
    expect(await eventsOf(id)).toHaveLength(12);
  });

  it('a command id seen after the snapshot is still answered from its events; an exact retry before it is absorbed by the store', async () => {
    const id = stream();
    const handle = withSnapshots(3);
    const early = meta();
    const first = await handle(id, { type: 'Add', amount: 1 }, { metadata: early });
    for (let i = 0; i < 3; i++) await handle(id, { type: 'Add', amount: 1 }, { metadata: meta() });
    const late = meta();
    const recent = await handle(id, { type: 'Add', amount: 1 }, { metadata: late });
    const again = await handle(id, { type: 'Add', amount: 1 }, { metadata: late });
    expect(again).toMatchObject({ alreadyHandled: true, position: recent.position });
    // the early command lies before the snapshot: it is decided again, appended with the same event id, and the
    // store answers with the original append instead of storing it twice
    const retried = await handle(id, { type: 'Add', amount: 1 }, { metadata: early });
    expect(retried).toMatchObject({ position: first.position, alreadyHandled: true, state: 5 });
    expect(await eventsOf(id)).toHaveLength(5);
  });

  it('refuses a snapshot stream in the aggregate’s own category', async () => {
    const handle = createCommandHandler(store, total, { toEvent, snapshots: { streamOf: (id) => `${id}-snapshot`, every: 10, version: 1 } });
    await expect(handle(stream(), { type: 'Add', amount: 1 }, { metadata: meta() })).rejects.toThrow(/category/);
  });
});

describe('a snapshot too large for the event store', () => {
  /**
   * The same six commands on a fresh real SQLite store each time, so positions and sizes repeat exactly: a snapshot
   * after the fifth event, padded to some 3 kB, under a given limit. Returns the stored snapshots and the counts.
   */
  async function run(maxBytes?: number) {
    const fresh = createSqliteEventStore({ path: resolve(import.meta.dirname, `../../../test-output/tmp/snapshot-size-${randomUUID()}.sqlite`) });
    try {
      const counts = new SnapshotCounts();
      const handle = createCommandHandler(fresh, total, {
        toEvent,
        snapshots: {
          streamOf: (id) => id.replace(/^total-/, 'total_snapshot-'),
          every: 5,
          version: 1,
          toSnapshot: (sum) => ({ sum, notes: '노트'.repeat(500) }),
          fromSnapshot: (stored) => (stored as { sum: number }).sum,
          ...(maxBytes !== undefined ? { maxBytes } : {}),
          counts,
        },
      });
      for (let i = 0; i < 6; i++) await handle('total-1', { type: 'Add', amount: 1 }, { metadata: meta(`command-${i}`) });
      const snapshots = [];
      for await (const event of fresh.readStream('total_snapshot-1')) snapshots.push(event);
      const reloaded = await handle.load('total-1');
      return { snapshots, health: counts.health(), reloaded };
    } finally {
      await fresh.close();
    }
  }

  it('at the limit it is written; one byte over it is skipped, counted and the commands still succeed', async () => {
    const unlimited = await run();
    expect(unlimited.snapshots).toHaveLength(1);
    // the size as the store holds it: the whole stored snapshot as JSON
    const size = Buffer.byteLength(JSON.stringify(unlimited.snapshots[0]!.data));
    expect(size).toBeGreaterThan(3_000);
    expect(unlimited.health).toMatchObject({ written: 1, tooLarge: 0, failed: 0, maxBytes: null });

    for (const limit of [size, size + 1]) {
      const fits = await run(limit);
      expect(fits.snapshots.map((e) => e.data)).toEqual(unlimited.snapshots.map((e) => e.data));
      expect(fits.health).toEqual({ written: 1, tooLarge: 0, failed: 0, maxBytes: limit });
    }

    const over = await run(size - 1);
    expect(over.snapshots).toHaveLength(0);
    // skipped on the sixth command too (still 5 events after the last snapshot): each skip is counted
    expect(over.health).toMatchObject({
      written: 0,
      tooLarge: 2,
      failed: 0,
      maxBytes: size - 1,
      lastTooLarge: { streamId: 'total-1', maxBytes: size - 1 },
    });
    expect(over.health.lastTooLarge!.bytes).toBeGreaterThanOrEqual(size);
    // the stream is whole: loaded from its events, the same state as with the snapshot
    expect(over.reloaded).toMatchObject({ state: 6, revision: 5, eventsRead: 6 });
    expect(unlimited.reloaded).toMatchObject({ state: 6, revision: 5, eventsRead: 1 });
  });

  it("the store's own refusal (PostgreSQL's per-event limit, counted its way) is a skip too, not a failure", async (context) => {
    const database = await createTestDatabase('snapshot_size', 'snapshot size: PostgreSQL');
    if (!database.available) return context.skip(database.reason);
    const pgStore = await createPostgresEventStore({ connectionString: database.url, maxEventBytes: 2_000 });
    try {
      const counts = new SnapshotCounts();
      const failures: unknown[] = [];
      const handle = createCommandHandler(pgStore, total, {
        toEvent,
        snapshots: {
          streamOf: (id) => id.replace(/^total-/, 'total_snapshot-'),
          every: 5,
          version: 1,
          toSnapshot: (sum) => ({ sum, notes: 'n'.repeat(2_000) }),
          maxBytes: 10_000_000, // the handler lets it through: the store refuses it
          counts,
          onError: (error) => failures.push(error),
        },
      });
      expect(pgStore.maxAppendBytes).toBe(2_000);
      for (let i = 0; i < 5; i++) await handle('total-1', { type: 'Add', amount: 1 }, { metadata: meta() });
      expect(counts.health()).toMatchObject({ written: 0, tooLarge: 1, failed: 0, lastTooLarge: { streamId: 'total-1', maxBytes: 2_000 } });
      expect(counts.health().lastTooLarge!.bytes).toBeGreaterThan(2_000);
      expect(failures).toEqual([]);
      expect(await handle.load('total-1')).toMatchObject({ state: 5, revision: 4, eventsRead: 5 });
    } finally {
      await pgStore.close();
      await database.drop();
    }
  });
});

describe('the kept state (stateCacheSize)', () => {
  const policy: SnapshotPolicy<number> = { streamOf: (id) => id.replace(/^total-/, 'total_snapshot-'), every: 7, version: 1 };
  const fresh = () => createCommandHandler(store, total, { toEvent, snapshots: policy });

  it('equals a fresh fold after commands, evictions, snapshots and appends by another handler, and folds nothing after its own command', async () => {
    const kept = createCommandHandler(store, total, { toEvent, snapshots: policy, stateCacheSize: 2 });
    const other = fresh();
    const ids = [stream(), stream(), stream()];
    for (let step = 0; step < 30; step++) {
      const id = ids[step % 3]!;
      // one in four commands goes through another handler (another process, a worker): the kept state must follow
      const handler = step % 4 === 3 ? other : kept;
      await handler(id, { type: 'Add', amount: 1 }, { metadata: meta() });
      if (handler === kept) expect((await kept.load(id)).eventsRead).toBe(0);
    }
    for (const id of ids) {
      const cached = await kept.load(id);
      const folded = await fresh().load(id);
      expect({ state: cached.state, revision: cached.revision, position: cached.position }).toEqual({ state: folded.state, revision: folded.revision, position: folded.position });
    }
    expect(kept.load.cachedStreams()).toBe(2);
    // snapshots kept being written every 7 events from the kept state
    const snapshots = await eventsOf(ids[0]!.replace(/^total-/, 'total_snapshot-'));
    expect(snapshots.length).toBeGreaterThan(0);
  });

  it('answers a retried command id from its events, not with 412, though its state is kept', async () => {
    const kept = createCommandHandler(store, total, { toEvent, stateCacheSize: 10 });
    const id = stream();
    await kept(id, { type: 'Add', amount: 1 }, { metadata: meta() });
    const metadata = meta();
    const first = await kept(id, { type: 'Add', amount: 2 }, { metadata, expectedRevision: 0 });
    const retried = await kept(id, { type: 'Add', amount: 2 }, { metadata, expectedRevision: 0 });
    expect(retried).toMatchObject({ alreadyHandled: true, position: first.position, revision: 1 });
    expect(await eventsOf(id)).toHaveLength(2);
  });

  it('a stale revision is still refused when the state is kept and another handler moved the stream', async () => {
    const kept = createCommandHandler(store, total, { toEvent, stateCacheSize: 10 });
    const id = stream();
    await kept(id, { type: 'Add', amount: 1 }, { metadata: meta() });
    await fresh()(id, { type: 'Add', amount: 1 }, { metadata: meta() });
    await expect(kept(id, { type: 'Add', amount: 1 }, { metadata: meta(), expectedRevision: 0 })).rejects.toBeInstanceOf(RevisionMismatchError);
    expect((await kept(id, { type: 'Add', amount: 1 }, { metadata: meta(), expectedRevision: 1 })).state).toBe(3);
  });

  it('folding a long stream without a snapshot gives the event loop back (others are answered meanwhile)', async () => {
    const id = stream();
    for (let batch = 0; batch < 6; batch++) {
      await store.appendToStream(
        id,
        Array.from({ length: 500 }, (_, n) => ({ id: randomUUID(), type: 'Added', data: { amount: batch * 500 + n === 0 ? 1 : 0 }, metadata: { userId: 'u1' } })),
      );
    }
    let turns = 0;
    let loading = true;
    const spin = () => {
      turns++;
      if (loading) setImmediate(spin);
    };
    setImmediate(spin);
    const loaded = await fresh().load(id);
    loading = false;
    expect(loaded.eventsRead).toBe(3000);
    expect(turns).toBeGreaterThanOrEqual(3000 / 500 - 1);
  });
});
