import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eventStoreContract } from './event-store.contract.ts';
import { WrongExpectedRevisionError, type NewEvent, type RecordedEvent } from './event-store.ts';
import { SqliteEventStore, createSqliteEventStore } from './sqlite-event-store.ts';

const scratch = resolve(import.meta.dirname, '../../../test-output/tmp/event-store');
const run = randomUUID().slice(0, 8);
let files = 0;

/** A new database file for this run (the scratch folder is emptied at the start of every vitest run). */
function newPath(label: string): string {
  mkdirSync(scratch, { recursive: true });
  files += 1;
  return resolve(scratch, `${label}-${run}-${files}.db`);
}

eventStoreContract('SQLite', async () => {
  const store = createSqliteEventStore({ path: newPath('contract') });
  return { store, cleanup: () => store.close() };
});

// Two-row pages push every read and subscription in the contract through many page boundaries.
eventStoreContract('SQLite, two-row pages', async () => {
  const store = createSqliteEventStore({ path: newPath('contract-paged'), pageSize: 2, pollIntervalMs: 50 });
  return { store, cleanup: () => store.close() };
});

// Commits on the worker thread (issue 20): the same contract, the same answers.
eventStoreContract('SQLite, commit thread', async () => {
  const store = createSqliteEventStore({ path: newPath('contract-thread'), commitThread: true });
  return { store, cleanup: () => store.close() };
});

// WAL checkpoints on their own thread (issue 24), one every few milliseconds: appends, reads and subscriptions
// while checkpoints run beside them give the same answers.
eventStoreContract('SQLite, checkpoint thread', async () => {
  const store = createSqliteEventStore({ path: newPath('contract-checkpoints'), checkpointThread: { intervalMs: 5 } });
  return { store, cleanup: () => store.close() };
});

const event = (type = 'Noted', data: unknown = {}): NewEvent => ({ id: randomUUID(), type, data });

async function collect(events: AsyncIterable<RecordedEvent>): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for await (const recorded of events) all.push(recorded);
  return all;
}

describe.each([
  ['on the serving thread', false],
  ['on its commit thread', true],
])('SQLite event store, committing %s', (_where, commitThread) => {
  const open: SqliteEventStore[] = [];
  const openStore = (path: string, options: { pollIntervalMs?: number } = {}): SqliteEventStore => {
    const store = new SqliteEventStore({ path, commitThread, ...options });
    open.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((store) => store.close()));
  });

  it('keeps appended events across close and reopen', async () => {
    const path = newPath('durable');
    const first = openStore(path);
    const created = await first.appendToStream('guidebook-1', [event('GuidebookCreated', { title: 'Busan' })], {
      expectedRevision: 'no_stream',
    });
    await first.appendToStream('user-1', [event('UserRegistered')]);
    await first.close();

    const reopened = openStore(path);
    const read = await collect(reopened.readAll());
    expect(read.map((recorded) => [recorded.streamId, recorded.type, recorded.position])).toEqual([
      ['guidebook-1', 'GuidebookCreated', created.position],
      ['user-1', 'UserRegistered', created.position + 1],
    ]);
    expect(read[0]?.data).toEqual({ title: 'Busan' });
    await expect(
      reopened.appendToStream('guidebook-1', [event()], { expectedRevision: 'no_stream' }),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await reopened.appendToStream('guidebook-1', [event()], { expectedRevision: 0 })).toMatchObject({
      nextExpectedRevision: 1,
    });
  });

  it('commits appends accepted before close()', async () => {
    const path = newPath('close-flush');
    const store = openStore(path);
    const pending = store.appendToStream('guidebook-1', [event()]);
    await store.close();
    await expect(pending).resolves.toMatchObject({ nextExpectedRevision: 0 });
    await expect(store.appendToStream('guidebook-1', [event()])).rejects.toThrow(/closed/);
    expect(await collect(openStore(path).readStream('guidebook-1'))).toHaveLength(1);
  });

  it('lets a second store on the same file see appends, live through its subscription', async () => {
    const path = newPath('two-processes');
    const writer = openStore(path);
    const reader = openStore(path, { pollIntervalMs: 50 });
    await writer.appendToStream('guidebook-1', [event('Before')]);

    const subscription = reader.subscribeToAll();
    const iterator = subscription[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toMatchObject({ type: 'Before' });
    // The reader is idle now; only its poll can notice the writer's commit.
    const waiting = iterator.next();
    const appended = await writer.appendToStream('guidebook-1', [event('After')]);
    const next = await waiting;
    expect(next.value).toMatchObject({ type: 'After', position: appended.position, revision: 1 });
    expect(await reader.headPosition()).toBe(appended.position);
    await subscription.close();
  });

  it("commits relaxed appends (readers' beacons) like any other, alone or in a group with durable ones", async () => {
    const path = newPath('relaxed');
    const store = openStore(path);
    const relaxed = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        store.appendToStream(`reading-${i}`, [event('GuidebookReadsRecorded', { i })], { durability: 'relaxed' }),
      ),
    );
    const mixed = await Promise.all([
      store.appendToStream('reading-0', [event('GuidebookReadsRecorded', { i: 5 })], { durability: 'relaxed' }),
      store.appendToStream('guidebook-1', [event('GuidebookCreated')], { expectedRevision: 'no_stream' }),
    ]);
    expect(relaxed.map((result) => result.nextExpectedRevision)).toEqual([0, 0, 0, 0, 0]);
    expect(mixed.map((result) => result.nextExpectedRevision)).toEqual([1, 0]);
    await store.close();
    const read = await collect(openStore(path).readAll());
    expect(read.map((recorded) => recorded.streamId)).toEqual([
      'reading-0',
      'reading-1',
      'reading-2',
      'reading-3',
      'reading-4',
      'reading-0',
      'guidebook-1',
    ]);
  });

  it('group-commits concurrent appends in one transaction, each with its own result', async () => {
    const store = openStore(newPath('group-commit'));
    await store.appendToStream('warmup-1', [event()]);
    const before = store.stats;
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        store.appendToStream(`guidebook-${i}`, [event('Created', { i })], { expectedRevision: 'no_stream' }),
      ),
    );
    const elapsed = performance.now() - started;

    expect(store.stats.appends - before.appends).toBe(200);
    expect(store.stats.commits - before.commits).toBe(1);
    expect(new Set(results.map((result) => result.position)).size).toBe(200);
    for (const [i, result] of results.entries()) {
      expect(result.nextExpectedRevision).toBe(0);
      const [stored] = await collect(store.readStream(`guidebook-${i}`));
      expect(stored).toMatchObject({ position: result.position, data: { i } });
    }
    // one fsync instead of 200; generous, since the test machine is shared
    expect(elapsed).toBeLessThan(2000);
  });

  it('acknowledges an append once it is durable: another connection reads it at once, and the stream moved on', async () => {
    const path = newPath('durable-ack');
    const store = openStore(path);
    const other = openStore(path);
    for (let n = 0; n < 20; n++) {
      const appended = await store.appendToStream('guidebook-1', [event('Edited', { n })], {
        expectedRevision: n === 0 ? 'no_stream' : n - 1,
      });
      expect(await other.headPosition()).toBe(appended.position);
      expect((await collect(store.readStream('guidebook-1'))).at(-1)).toMatchObject({ revision: n, data: { n } });
    }
  });

  it('two saves of one stream at the same revision: one is stored, the other refused with the revision it lost to', async () => {
    const store = openStore(newPath('same-revision'));
    await store.appendToStream('guidebook-1', [event('Created')], { expectedRevision: 'no_stream' });
    // in one batch, and in two batches one after the other (the second sent while the first commits)
    const together = await Promise.allSettled([
      store.appendToStream('guidebook-1', [event('Edited')], { expectedRevision: 0 }),
      store.appendToStream('guidebook-1', [event('Edited')], { expectedRevision: 0 }),
    ]);
    expect(together.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const first = store.appendToStream('guidebook-1', [event('Edited')], { expectedRevision: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    const second = store.appendToStream('guidebook-1', [event('Edited')], { expectedRevision: 1 });
    await expect(first).resolves.toMatchObject({ nextExpectedRevision: 2 });
    await expect(second).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', actual: 2 });
    expect(await collect(store.readStream('guidebook-1'))).toHaveLength(3);
  });

  it('fails only the appends of a batch whose checks fail', async () => {
    const store = openStore(newPath('group-isolation'));
    const existing = event('Created');
    await store.appendToStream('guidebook-1', [existing]);
    const before = store.stats;

    const outcomes = await Promise.allSettled([
      store.appendToStream('guidebook-1', [event('Edited')], { expectedRevision: 0 }),
      store.appendToStream('guidebook-1', [event('Edited')], { expectedRevision: 0 }),
      store.appendToStream('guidebook-2', [event('Created')], { expectedRevision: 'stream_exists' }),
      store.appendToStream('guidebook-3', [existing, event('Created')]),
      store.appendToStream('guidebook-4', [event('Created')], { expectedRevision: 'no_stream' }),
    ]);
    expect(store.stats.commits - before.commits).toBe(1);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect(outcomes[1]).toMatchObject({ reason: { actual: 1 } });
    expect(outcomes[2]).toMatchObject({ reason: { actual: 'no_stream' } });
    expect(outcomes[3]).toMatchObject({
      reason: { message: expect.stringMatching(/already stored \(some in stream guidebook-1\)/) },
    });
    expect(await collect(store.readStream('guidebook-1'))).toHaveLength(2);
    expect(await collect(store.readStream('guidebook-3'))).toEqual([]);
    expect(await collect(store.readStream('guidebook-4'))).toHaveLength(1);
  });

  it('treats a fully stored batch as a retry whatever the expected revision, and refuses a partial one', async () => {
    const store = openStore(newPath('idempotency'));
    const batch = [event('A'), event('B')];
    const original = await store.appendToStream('guidebook-1', batch, { expectedRevision: 'no_stream' });
    await store.appendToStream('guidebook-1', [event('C')], { expectedRevision: 1 });

    for (const expectedRevision of ['no_stream', 'stream_exists', 'any', 0, 7] as const) {
      expect(await store.appendToStream('guidebook-1', batch, { expectedRevision })).toEqual(original);
    }
    await expect(store.appendToStream('guidebook-1', [batch[0]!, event('D')])).rejects.toThrow(
      /1 of 2 event ids are already stored/,
    );
    await expect(store.appendToStream('guidebook-1', [batch[1]!, batch[0]!])).rejects.toThrow(/already stored/);
    await expect(store.appendToStream('guidebook-1', [batch[0]!, batch[0]!])).rejects.toThrow(/appears twice/);
    expect(await collect(store.readStream('guidebook-1'))).toHaveLength(3);
  });

  it('serves repeated stream reads from its cache, frozen, and still sees appends made elsewhere', async () => {
    const path = newPath('stream-cache');
    const store = openStore(path);
    const other = openStore(path);
    await store.appendToStream('guidebook-1', [event('Created', { pages: [{ title: 'Day 1' }] }), event('Edited')]);
    const first = await collect(store.readStream('guidebook-1'));
    const again = await collect(store.readStream('guidebook-1'));
    expect(again).toEqual(first);
    expect(Object.isFrozen(again[0])).toBe(true);
    const data = again[0]?.data as { pages: { title: string }[] };
    expect(() => {
      data.pages[0]!.title = 'changed';
    }).toThrow(TypeError);

    await other.appendToStream('guidebook-1', [event('Published')], { expectedRevision: 1 });
    await store.appendToStream('guidebook-1', [event('Unpublished')], { expectedRevision: 2 });
    expect((await collect(store.readStream('guidebook-1'))).map((recorded) => recorded.type)).toEqual([
      'Created',
      'Edited',
      'Published',
      'Unpublished',
    ]);
  });

  it('reads correctly through a tiny cache that keeps evicting', async () => {
    const store = new SqliteEventStore({ path: newPath('tiny-cache'), streamCacheSize: 3, pageSize: 2 });
    open.push(store);
    for (const stream of ['a', 'b', 'c']) {
      await store.appendToStream(
        `guidebook-${stream}`,
        Array.from({ length: 5 }, () => event()),
      );
    }
    const revisions = async (streamId: string, options?: Parameters<SqliteEventStore['readStream']>[1]) =>
      (await collect(store.readStream(streamId, options))).map((recorded) => recorded.revision);
    for (let round = 0; round < 3; round += 1) {
      for (const stream of ['a', 'b', 'c']) {
        const streamId = `guidebook-${stream}`;
        expect(await revisions(streamId, { maxCount: 2 })).toEqual([0, 1]);
        expect(await revisions(streamId, { fromRevision: 1, maxCount: 3 })).toEqual([1, 2, 3]);
        expect(await revisions(streamId)).toEqual([0, 1, 2, 3, 4]);
        expect(await revisions(streamId, { fromRevision: 3 })).toEqual([3, 4]);
        expect(await revisions(streamId, { direction: 'backwards', maxCount: 2 })).toEqual([4, 3]);
      }
    }
  });

  it('refuses to open a file that is not a database, naming the path', () => {
    const path = newPath('corrupt');
    writeFileSync(path, Buffer.alloc(8192, 'this is not an SQLite database '));
    expect(() => createSqliteEventStore({ path })).toThrow(/corrupt or unreadable/);
    expect(() => createSqliteEventStore({ path })).toThrow(path);
  });

  it('creates missing parent folders', async () => {
    const store = openStore(resolve(scratch, `nested-${run}-${String(commitThread)}`, 'deeper', 'events.db'));
    await store.appendToStream('guidebook-1', [event()]);
    expect(await store.headPosition()).toBe(1);
  });
});

describe('SQLite event store on its commit thread', () => {
  it('commits what arrives while a batch is being committed as the next batch, in one transaction', async () => {
    const store = new SqliteEventStore({ path: newPath('thread-batches'), commitThread: true });
    try {
      await store.appendToStream('warmup-1', [event()]);
      const before = store.stats;
      const first = store.appendToStream('guidebook-0', [event()], { expectedRevision: 'no_stream' });
      // the first batch is on its way to the thread: these come in while it commits
      await new Promise((resolve) => setImmediate(resolve));
      const rest = Array.from({ length: 50 }, (_, i) =>
        store.appendToStream(`guidebook-${i + 1}`, [event()], { expectedRevision: 'no_stream' }),
      );
      await Promise.all([first, ...rest]);
      expect(store.stats.appends - before.appends).toBe(51);
      expect(store.stats.commits - before.commits).toBe(2);
    } finally {
      await store.close();
    }
  });

  it('answers every append accepted before close(), however many batches that takes', async () => {
    const path = newPath('thread-close');
    const store = new SqliteEventStore({ path, commitThread: true });
    const first = store.appendToStream('guidebook-1', [event()]);
    await new Promise((resolve) => setImmediate(resolve));
    const second = store.appendToStream('guidebook-1', [event()]);
    await store.close();
    await expect(first).resolves.toMatchObject({ nextExpectedRevision: 0 });
    await expect(second).resolves.toMatchObject({ nextExpectedRevision: 1 });
    const reopened = new SqliteEventStore({ path });
    expect(await collect(reopened.readStream('guidebook-1'))).toHaveLength(2);
    await reopened.close();
  });
});

describe('SQLite event store with its checkpoint thread', () => {
  // about 6 MB of events, 40 appends: past SQLite's automatic checkpoint (1,000 pages of 4 KB) several times
  const fillWal = async (store: SqliteEventStore) => {
    const text = 'x'.repeat(3000);
    for (let n = 0; n < 40; n++)
      await store.appendToStream(
        `guidebook-${n}`,
        Array.from({ length: 50 }, () => event('Noted', { text })),
      );
  };

  it('never checkpoints inside a commit of its own connection: the file grows only when the thread checkpoints', async () => {
    const path = newPath('checkpoint-thread');
    const store = new SqliteEventStore({ path, checkpointThread: { intervalMs: 0 } });
    try {
      const before = statSync(path).size;
      await fillWal(store);
      // nothing was copied into the database file by the 40 commits (SQLite's own checkpoint would have)
      expect(statSync(path).size).toBe(before);
      const outcome = await store.checkpoint();
      expect(outcome).toMatchObject({ busy: false });
      expect(outcome!.log).toBeGreaterThan(1000);
      expect(outcome!.checkpointed).toBe(outcome!.log);
      expect(statSync(path).size).toBeGreaterThan(5_000_000);
    } finally {
      await store.close();
    }
  });

  it('without it, SQLite checkpoints inside the commits (what the thread takes off the serving thread)', async () => {
    const path = newPath('checkpoint-in-commit');
    const store = new SqliteEventStore({ path });
    try {
      const before = statSync(path).size;
      await fillWal(store);
      expect(statSync(path).size).toBeGreaterThan(before + 3_000_000);
      expect(await store.checkpoint()).toBeNull();
    } finally {
      await store.close();
    }
  });

  // about 1 MB of events in 20 commits
  const appendMegabyte = async (store: SqliteEventStore) => {
    const text = 'y'.repeat(5000);
    for (let n = 0; n < 20; n++)
      await store.appendToStream(
        `reading-${n}`,
        Array.from({ length: 10 }, () => event('Noted', { text })),
      );
  };

  it('grows its WAL once at open, so that commits overwrite the file instead of extending it (an fsync that must also write its size)', async () => {
    const path = newPath('wal-reserve');
    const reserve = 4 * 1024 * 1024;
    const store = new SqliteEventStore({ path, checkpointThread: { intervalMs: 0, walReserveBytes: reserve } });
    try {
      const reserved = statSync(`${path}-wal`).size;
      expect(reserved).toBeGreaterThanOrEqual(reserve);
      await appendMegabyte(store);
      expect(statSync(`${path}-wal`).size).toBe(reserved);
      expect(await collect(store.readStream('reading-19'))).toHaveLength(10);
    } finally {
      await store.close();
    }
    // the reserve leaves no table behind, and a second open with the WAL already that large writes no second one
    const reopened = new SqliteEventStore({ path, checkpointThread: { intervalMs: 0, walReserveBytes: reserve } });
    try {
      expect(await collect(reopened.readStream('reading-0'))).toHaveLength(10);
      expect(await collect(reopened.readAll())).toHaveLength(200);
    } finally {
      await reopened.close();
    }
  });

  it('without the reserve, the same commits extend the WAL file', async () => {
    const path = newPath('wal-no-reserve');
    const store = new SqliteEventStore({ path, checkpointThread: { intervalMs: 0, walReserveBytes: 0 } });
    try {
      const before = statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0;
      await appendMegabyte(store);
      expect(statSync(`${path}-wal`).size).toBeGreaterThan(before + 1_000_000);
    } finally {
      await store.close();
    }
  });

  it('loses nothing acknowledged when the process dies between two checkpoints: the WAL is replayed on open', async () => {
    const path = newPath('checkpoint-crash');
    const store = new SqliteEventStore({ path, checkpointThread: { intervalMs: 0 } });
    try {
      await fillWal(store);
      await store.appendToStream('guidebook-last', [event('Noted', { n: 1 })]);
      // the files as a crash would leave them (no close, no final checkpoint): the database file and its WAL
      const copy = newPath('checkpoint-crash-copy');
      copyFileSync(path, copy);
      copyFileSync(`${path}-wal`, `${copy}-wal`);
      const reopened = new SqliteEventStore({ path: copy });
      try {
        expect(await collect(reopened.readStream('guidebook-39'))).toHaveLength(50);
        expect(await collect(reopened.readStream('guidebook-last'))).toHaveLength(1);
      } finally {
        await reopened.close();
      }
    } finally {
      await store.close();
    }
  });
});
