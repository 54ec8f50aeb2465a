import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import type { Doc, ReadStore } from '@pocketguide/platform/read-store/read-store';
import { createSqliteReadStore } from '@pocketguide/platform/read-store/sqlite-read-store';
import { createProjectionRunner, type ProjectionRunner, type RebuildProgress, type RetryOptions } from './projection-runner.ts';
import { asStored } from './event-readers.ts';
import type { Projector } from './projector.ts';
import {
  appendCountedEvents,
  COUNTED,
  COUNTER_CATEGORY,
  createCountingProjector,
  type CounterDoc,
} from './testing/counting-projector.ts';

const tmpRoot = resolve(import.meta.dirname, '../../test-output/tmp');
const childScript = resolve(import.meta.dirname, 'testing/projection-runner-child.ts');
const repoRoot = resolve(import.meta.dirname, '../..');

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function scratchDir(): string {
  const dir = join(tmpRoot, `projection-runner-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function openEvents(path: string): EventStore {
  const store = createSqliteEventStore({ path });
  cleanups.push(() => store.close());
  return store;
}

function openReads(path: string): ReadStore {
  const store = createSqliteReadStore({ path });
  cleanups.push(() => store.close());
  return store;
}

function runnerFor(eventStore: EventStore, readStore: ReadStore, projectors: readonly Projector[], batchSize?: number, retry?: RetryOptions) {
  const errors: unknown[] = [];
  const runner = createProjectionRunner({
    eventStore,
    readStore,
    projectors,
    batchSize,
    ...(retry ? { retry } : {}),
    onError: (error) => errors.push(error),
  });
  cleanups.push(() => runner.stop());
  return { runner, errors };
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(5);
  }
}

async function waitForHead(runner: ProjectionRunner, eventStore: EventStore, timeoutMs?: number): Promise<void> {
  const head = await eventStore.headPosition();
  await waitFor(
    `the projectors to reach position ${head}`,
    async () => (await runner.status()).every((status) => status.checkpoint === head),
    timeoutMs,
  );
}

async function documents(readStore: ReadStore, collection: string): Promise<Doc[]> {
  return readStore.collection(collection).find({}, { sort: { id: 1 } });
}

/** What the counting read model must hold: every stream counted exactly once, in order. */
function expectExactCounts(docs: Doc[], streams: Map<string, number>): void {
  expect(docs.map((doc) => [doc.id, doc.count, doc.outOfOrder])).toEqual(
    [...streams].sort(([a], [b]) => a.localeCompare(b)).map(([id, count]) => [id, count, 0]),
  );
}

function streamCounts(entries: Array<[prefix: string, streams: number, perStream: number]>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [prefix, streams, perStream] of entries) {
    for (let s = 0; s < streams; s += 1) {
      const id = `${COUNTER_CATEGORY}-${prefix}${s}`;
      counts.set(id, (counts.get(id) ?? 0) + perStream);
    }
  }
  return counts;
}

/** Rebuilds the counting read model from scratch in a separate read store: the reference a test compares with. */
async function freshRebuild(eventStore: EventStore, dir: string, projector: Projector): Promise<Doc[]> {
  const reference = openReads(join(dir, `reference-${randomUUID()}.sqlite`));
  const { runner } = runnerFor(eventStore, reference, [projector]);
  await runner.rebuild(projector.name);
  return documents(reference, projector.collection);
}

describe('projection runner (SQLite stores)', () => {
  it('catches up in batches, then applies live events within milliseconds', async () => {
    const dir = scratchDir();
    const eventStore = openEvents(join(dir, 'events.sqlite'));
    const readStore = openReads(join(dir, 'reads.sqlite'));
    await appendCountedEvents(eventStore, { streams: 50, perStream: 50, prefix: 'a' });
    const projector = createCountingProjector();
    const { runner, errors } = runnerFor(eventStore, readStore, [projector]);

    await runner.start();
    await waitForHead(runner, eventStore);
    await waitFor('state live', async () => (await runner.status())[0]?.state === 'live');
    expectExactCounts(await documents(readStore, 'counting'), streamCounts([['a', 50, 50]]));

    const appendedAt = performance.now();
    await eventStore.appendToStream(`${COUNTER_CATEGORY}-a0`, [{ id: randomUUID(), type: COUNTED, data: { amount: 1 } }]);
    await waitForHead(runner, eventStore, 2000);
    const latencyMs = performance.now() - appendedAt;
    expect(latencyMs).toBeLessThan(500);
    expect((await readStore.collection('counting').get(`${COUNTER_CATEGORY}-a0`))?.count).toBe(51);

    const [status] = await runner.status();
    expect(status).toMatchObject({ name: 'counting', lag: 0, state: 'live' });
    expect(status?.checkpoint).toBe(await eventStore.headPosition());
    expect(errors).toEqual([]);
  });

  it('resumes from its checkpoint after a restart, without replaying what it had committed', async () => {
    const dir = scratchDir();
    const eventsPath = join(dir, 'events.sqlite');
    const readsPath = join(dir, 'reads.sqlite');
    const first = { events: createSqliteEventStore({ path: eventsPath }), reads: createSqliteReadStore({ path: readsPath }) };
    await appendCountedEvents(first.events, { streams: 20, perStream: 30, prefix: 'r' });
    const before = createProjectionRunner({ eventStore: first.events, readStore: first.reads, projectors: [createCountingProjector()] });
    await before.start();
    await waitForHead(before, first.events);
    await before.stop();
    const checkpoint = await first.reads.getCheckpoint('counting');
    await first.events.close();
    await first.reads.close();

    // A new process: new store handles on the same files.
    const eventStore = openEvents(eventsPath);
    const readStore = openReads(readsPath);
    await appendCountedEvents(eventStore, { streams: 20, perStream: 5, prefix: 'r' });
    const counting = createCountingProjector();
    let applied = 0;
    const observed: Projector<CounterDoc> = {
      ...counting,
      evolve: (doc, event, id) => {
        applied += 1;
        return counting.evolve(doc, event, id);
      },
    };
    const { runner } = runnerFor(eventStore, readStore, [observed]);
    await runner.start();
    await waitForHead(runner, eventStore);

    expect(checkpoint).toBeGreaterThan(0);
    expect(applied).toBe(20 * 5);
    expectExactCounts(await documents(readStore, 'counting'), streamCounts([['r', 20, 35]]));
  });

  it('loses nothing and applies nothing twice when the process is killed mid-catch-up', async () => {
    const dir = scratchDir();
    const eventsPath = join(dir, 'events.sqlite');
    const readsPath = join(dir, 'reads.sqlite');
    const eventStore = openEvents(eventsPath);
    await appendCountedEvents(eventStore, { streams: 100, perStream: 100, prefix: 'k' });
    const head = await eventStore.headPosition();
    const readStore = openReads(readsPath);

    const child = spawn(process.execPath, ['--import', 'tsx', childScript, eventsPath, readsPath], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let childOutput = '';
    child.stdout.on('data', (chunk: Buffer) => (childOutput += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (childOutput += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolveExit) => child.on('exit', (_code, signal) => resolveExit(signal)));
    try {
      await waitFor(
        'the child to be half-way',
        async () => ((await readStore.getCheckpoint('counting')) ?? 0) >= head / 3,
        30_000,
      );
    } catch (error) {
      throw new Error(`${String(error)}\nchild output:\n${childOutput}`);
    } finally {
      child.kill('SIGKILL');
    }
    expect(await exited).toBe('SIGKILL');
    const killedAt = (await readStore.getCheckpoint('counting')) ?? 0;
    expect(killedAt).toBeLessThan(head);

    const projector = createCountingProjector();
    const { runner } = runnerFor(eventStore, readStore, [projector]);
    await runner.start();
    await waitForHead(runner, eventStore);
    const resumed = await documents(readStore, 'counting');
    expectExactCounts(resumed, streamCounts([['k', 100, 100]]));
    expect(resumed).toEqual(await freshRebuild(eventStore, dir, projector));
  });

  it('applies nothing twice when documents were written but the checkpoint was not', async () => {
    const dir = scratchDir();
    const eventStore = openEvents(join(dir, 'events.sqlite'));
    const readStore = openReads(join(dir, 'reads.sqlite'));
    const projector = createCountingProjector();
    await appendCountedEvents(eventStore, { streams: 30, perStream: 20, prefix: 'p' });
    const stale = await eventStore.headPosition();
    const { runner } = runnerFor(eventStore, readStore, [projector], 64);
    await runner.start();
    await waitForHead(runner, eventStore);
    await runner.stop();
    const atStale = await documents(readStore, 'counting');

    const { runner: second } = runnerFor(eventStore, readStore, [projector], 64);
    await appendCountedEvents(eventStore, { streams: 30, perStream: 20, prefix: 'p' });
    await second.start();
    await waitForHead(second, eventStore);
    await second.stop();

    // The crash: every batch after `stale` wrote its documents but none of its checkpoints (as a MongoDB commit
    // can), and half the documents lost even their writes (the crash hit mid-batch).
    await readStore.saveCheckpoint('counting', stale);
    for (const doc of atStale.filter((_, index) => index % 2 === 0)) await readStore.collection('counting').upsert(doc);

    const { runner: afterCrash } = runnerFor(eventStore, readStore, [projector], 64);
    await afterCrash.start();
    await waitForHead(afterCrash, eventStore);
    const recovered = await documents(readStore, 'counting');
    expectExactCounts(recovered, streamCounts([['p', 30, 40]]));
    expect(recovered).toEqual(await freshRebuild(eventStore, dir, projector));
  });

  it('gives identical documents when the whole log is replayed over them', async () => {
    const dir = scratchDir();
    const eventStore = openEvents(join(dir, 'events.sqlite'));
    const readStore = openReads(join(dir, 'reads.sqlite'));
    await appendCountedEvents(eventStore, { streams: 40, perStream: 25, prefix: 'i' });
    const projector = createCountingProjector();
    const { runner } = runnerFor(eventStore, readStore, [projector], 100);
    await runner.start();
    await waitForHead(runner, eventStore);
    await runner.stop();
    const once = await documents(readStore, 'counting');

    await readStore.deleteCheckpoint('counting');
    const { runner: replay } = runnerFor(eventStore, readStore, [projector], 100);
    await replay.start();
    await waitForHead(replay, eventStore);
    expect(await documents(readStore, 'counting')).toEqual(once);
    expectExactCounts(once, streamCounts([['i', 40, 25]]));
  });

  it('rebuilds a read model from scratch with progress, then carries on live', async () => {
    const dir = scratchDir();
    const eventStore = openEvents(join(dir, 'events.sqlite'));
    const readStore = openReads(join(dir, 'reads.sqlite'));
    await appendCountedEvents(eventStore, { streams: 30, perStream: 100, prefix: 'b' });
    await appendCountedEvents(eventStore, { streams: 5, perStream: 10, prefix: 'noise', type: 'Ignored' });
    const projector = createCountingProjector();
    const { runner } = runnerFor(eventStore, readStore, [projector], 500);
    await runner.start();
    await waitForHead(runner, eventStore);
    // Damage the read model: a wrong count and a document no event explains.
    await readStore.collection('counting').upsert({ id: `${COUNTER_CATEGORY}-b0`, count: 999, lastRevision: 0, outOfOrder: 0, total: 0 });
    await readStore.collection('counting').upsert({ id: 'stray', count: 1, lastRevision: 0, outOfOrder: 0, total: 0 });

    const progress: RebuildProgress[] = [];
    const head = await eventStore.headPosition();
    const result = await runner.rebuild('counting', (p) => progress.push(p));
    expect(result).toMatchObject({ name: 'counting', events: 3050, checkpoint: head });
    expect(result.eventsPerSecond).toBeGreaterThan(0);
    expect(progress[0]).toMatchObject({ processed: 0, position: 0, headPosition: head });
    expect(progress.at(-1)).toMatchObject({ processed: 3050, position: head, headPosition: head });
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.map((p) => p.processed)).toEqual([...progress.map((p) => p.processed)].sort((a, b) => a - b));
    expectExactCounts(await documents(readStore, 'counting'), streamCounts([['b', 30, 100]]));

    // It was running before, so it is running after.
    await eventStore.appendToStream(`${COUNTER_CATEGORY}-b0`, [{ id: randomUUID(), type: COUNTED, data: { amount: 1 } }]);
    await waitForHead(runner, eventStore);
    expect((await readStore.collection('counting').get(`${COUNTER_CATEGORY}-b0`))?.count).toBe(101);
    await expect(runner.rebuild('nope')).rejects.toThrow(/Unknown projector "nope".*counting/);
  });

  it('moves the checkpoint of a projector that ignores most events up to the head', async () => {
    const dir = scratchDir();
    const eventStore = openEvents(join(dir, 'events.sqlite'));
    const readStore = openReads(join(dir, 'reads.sqlite'));
    const rare: Projector = {
      name: 'rare',
      collection: 'rare',
      filter: { eventTypes: ['Rare'] },
      decode: asStored,
      documentIds: () => ['rare'],
      evolve: (doc, event) => ({ id: 'rare', seen: (typeof doc?.seen === 'number' ? doc.seen : 0) + 1, at: event.position }),
    };
    await appendCountedEvents(eventStore, { streams: 10, perStream: 100, prefix: 'x' });
    await eventStore.appendToStream('other-1', [{ id: randomUUID(), type: 'Rare', data: {} }]);
    await appendCountedEvents(eventStore, { streams: 10, perStream: 10, prefix: 'y' });
    const { runner } = runnerFor(eventStore, readStore, [rare]);
    await runner.start();
    await waitForHead(runner, eventStore);
    expect((await runner.status())[0]).toMatchObject({ lag: 0, checkpoint: await eventStore.headPosition() });
    expect(await readStore.collection('rare').get('rare')).toMatchObject({ seen: 1 });

    // Live: an ignored event alone moves the checkpoint too (read-your-writes waits on it).
    await appendCountedEvents(eventStore, { streams: 1, perStream: 1, prefix: 'z' });
    await waitForHead(runner, eventStore, 2000);
  });

  it('stops only the failing projector, reports the error, and keeps what came before it', async () => {
    const dir = scratchDir();
    const eventStore = openEvents(join(dir, 'events.sqlite'));
    const readStore = openReads(join(dir, 'reads.sqlite'));
    await appendCountedEvents(eventStore, { streams: 10, perStream: 10, prefix: 'f' });
    await eventStore.appendToStream('poison-1', [{ id: randomUUID(), type: 'Poison', data: {} }]);
    const poisonAt = await eventStore.headPosition();
    await appendCountedEvents(eventStore, { streams: 10, perStream: 10, prefix: 'g' });
    const failing: Projector = {
      name: 'failing',
      collection: 'failing',
      decode: asStored,
      documentIds: (event) => [event.streamId],
      evolve: (doc, event) => {
        if (event.type === 'Poison') throw new Error('cannot project Poison');
        return { id: event.streamId, n: (typeof doc?.n === 'number' ? doc.n : 0) + 1 };
      },
    };
    // A long first pause: the status is looked at while the failing projector waits for its retry.
    const { runner, errors } = runnerFor(eventStore, readStore, [failing, createCountingProjector()], undefined, { initialMs: 60_000, maxMs: 60_000 });
    await runner.start();
    await waitFor('the failure', async () => (await runner.status()).some((s) => s.state === 'failed'));
    await waitFor('the healthy projector', async () => (await runner.status())[1]?.checkpoint === (await eventStore.headPosition()));

    const [failed, healthy] = await runner.status();
    expect(failed).toMatchObject({ name: 'failing', state: 'failed', lastError: 'cannot project Poison', checkpoint: poisonAt - 1 });
    expect(healthy).toMatchObject({ name: 'counting', lag: 0, state: 'live' });
    expect(errors).toHaveLength(1);
    expect(await readStore.collection('failing').count()).toBe(10);
  });

  it('projects 100k events into SQLite at a sane rate', { timeout: 180_000 }, async () => {
    const dir = scratchDir();
    const eventStore = openEvents(join(dir, 'events.sqlite'));
    const readStore = openReads(join(dir, 'reads.sqlite'));
    await appendCountedEvents(eventStore, { streams: 1000, perStream: 100, prefix: 't' });
    const projector = createCountingProjector();
    const { runner } = runnerFor(eventStore, readStore, [projector]);

    const startedAt = performance.now();
    await runner.start();
    await waitForHead(runner, eventStore, 120_000);
    const seconds = (performance.now() - startedAt) / 1000;
    const catchUpRate = Math.round(100_000 / seconds);
    await runner.stop();
    const rebuilt = await runner.rebuild('counting');

    console.log(
      `[throughput] catch-up: 100,000 events in ${seconds.toFixed(2)} s = ${catchUpRate.toLocaleString('en-US')} events/s; ` +
        `rebuild: ${rebuilt.seconds.toFixed(2)} s = ${rebuilt.eventsPerSecond.toLocaleString('en-US')} events/s`,
    );
    expectExactCounts(await documents(readStore, 'counting'), streamCounts([['t', 1000, 100]]));
    // A floor far below the measured rate: catches a per-event commit or a quadratic fold, not a slow machine.
    expect(catchUpRate).toBeGreaterThan(5000);
  });
});

/** An event store whose subscriptions are counted and can be made to fail or to end by themselves. */
function instrumentedEvents(eventStore: EventStore, sabotage: Array<{ after: number; how: 'throw' | 'end' }> = []) {
  const opened: Array<number | undefined> = [];
  const wrapped: EventStore = {
    ...eventStore,
    appendToStream: (...args) => eventStore.appendToStream(...args),
    readStream: (...args) => eventStore.readStream(...args),
    readAll: (...args) => eventStore.readAll(...args),
    headPosition: () => eventStore.headPosition(),
    ping: () => eventStore.ping(),
    close: () => eventStore.close(),
    subscribeToAll(options) {
      opened.push(options?.after);
      const inner = eventStore.subscribeToAll(options);
      const plan = sabotage.shift();
      async function* events(): AsyncGenerator<RecordedEvent> {
        let delivered = 0;
        for await (const event of inner) {
          if (plan && delivered >= plan.after) {
            if (plan.how === 'throw') throw new Error('connection to the event store dropped');
            return;
          }
          delivered += 1;
          yield event;
        }
      }
      const iterable = events();
      return { [Symbol.asyncIterator]: () => iterable, close: () => inner.close() };
    },
  };
  return { eventStore: wrapped, opened };
}

/** Counts the commits; the one numbered `failAt` (1-based) throws, as a busy or dropped store would. */
function countingCommits(readStore: ReadStore, failAt = 0) {
  const calls = { commits: 0, single: 0, failures: failAt > 0 ? 1 : 0 };
  const wrapped: ReadStore = {
    ...readStore,
    collection: (name) => readStore.collection(name),
    async commitProjections(commit) {
      calls.commits += 1;
      if (calls.commits === failAt) {
        calls.failures -= 1;
        throw new Error('read store is busy');
      }
      return readStore.commitProjections(commit);
    },
    async commitProjection(batch) {
      calls.single += 1;
      return readStore.commitProjection(batch);
    },
  };
  return { readStore: wrapped, calls };
}

describe('projection runner: one pass for all projectors', () => {
  it('reads the log once and commits every projector in one transaction per batch', async () => {
    const dir = scratchDir();
    const eventStore = openEvents(join(dir, 'events.sqlite'));
    const readStore = openReads(join(dir, 'reads.sqlite'));
    await appendCountedEvents(eventStore, { streams: 40, perStream: 50, prefix: 'o' });
    const { eventStore: events, opened } = instrumentedEvents(eventStore);
    const { readStore: reads, calls } = countingCommits(readStore);
    const projectors = [createCountingProjector('one'), createCountingProjector('two'), createCountingProjector('three')];
    const { runner, errors } = runnerFor(events, reads, projectors, 500);
    await runner.start();
    await waitForHead(runner, eventStore);

    expect(opened).toEqual([undefined]);
    // 2,000 events in batches of 500: about four commits for the three of them, never one per projector or event.
    expect(calls.commits).toBeLessThanOrEqual(6);
    expect(calls.single).toBe(0);
    for (const projector of projectors) expectExactCounts(await documents(readStore, projector.name), streamCounts([['o', 40, 50]]));
    expect(errors).toEqual([]);
  });

  it('lets a projector added later catch up in its own pass, then join the main one', async () => {
    const dir = scratchDir();
    const eventStore = openEvents(join(dir, 'events.sqlite'));
    const readStore = openReads(join(dir, 'reads.sqlite'));
    await appendCountedEvents(eventStore, { streams: 20, perStream: 50, prefix: 'l' });
    const first = runnerFor(eventStore, readStore, [createCountingProjector('early')]);
    await first.runner.start();
    await waitForHead(first.runner, eventStore);
    await first.runner.stop();
    const earlyAt = await readStore.getCheckpoint('early');

    const { eventStore: events, opened } = instrumentedEvents(eventStore);
    const { runner, errors } = runnerFor(events, readStore, [createCountingProjector('early'), createCountingProjector('late')], 100);
    await runner.start();
    // Live events while the late one catches up: both must count them once.
    await appendCountedEvents(eventStore, { streams: 20, perStream: 5, prefix: 'l' });
    await waitForHead(runner, eventStore);
    await waitFor('both live', async () => (await runner.status()).every((s) => s.state === 'live'));
    await appendCountedEvents(eventStore, { streams: 20, perStream: 1, prefix: 'l' });
    await waitForHead(runner, eventStore);

    // The main pass from the early one's checkpoint, the late one's catch-up from the start.
    expect(opened).toEqual([earlyAt, undefined]);
    for (const name of ['early', 'late']) expectExactCounts(await documents(readStore, name), streamCounts([['l', 20, 56]]));
    expect(errors).toEqual([]);
  });

  it('restarts a failed or ended subscription and a failed commit from the checkpoints, missing and doubling nothing', async () => {
    const dir = scratchDir();
    const eventStore = openEvents(join(dir, 'events.sqlite'));
    const readStore = openReads(join(dir, 'reads.sqlite'));
    await appendCountedEvents(eventStore, { streams: 30, perStream: 40, prefix: 'd' });
    const { eventStore: events, opened } = instrumentedEvents(eventStore, [
      { after: 250, how: 'throw' },
      { after: 300, how: 'end' },
    ]);
    const { readStore: reads, calls } = countingCommits(readStore, 6);
    const { runner, errors } = runnerFor(events, reads, [createCountingProjector('a'), createCountingProjector('b')], 100, { initialMs: 150, maxMs: 400 });
    await runner.start();
    await waitFor('the first failure to show', async () => (await runner.status()).every((s) => s.state === 'failed'));
    const [failed] = await runner.status();
    expect(failed?.lastError).toMatch(/read store is busy|connection to the event store dropped/);

    await waitForHead(runner, eventStore);
    await appendCountedEvents(eventStore, { streams: 30, perStream: 2, prefix: 'd' });
    await waitForHead(runner, eventStore);
    await waitFor('live again', async () => (await runner.status()).every((s) => s.state === 'live'));

    const status = await runner.status();
    expect(status.map((s) => s.lastError)).toEqual([undefined, undefined]);
    expect(status[0]?.restarts).toBeGreaterThanOrEqual(3);
    expect(errors.map((error) => (error instanceof Error ? error.message : String(error)))).toEqual(
      expect.arrayContaining(['read store is busy', 'connection to the event store dropped', 'The event subscription ended by itself']),
    );
    // Each restart resumed from a committed checkpoint, later each time.
    expect(opened.length).toBeGreaterThanOrEqual(3);
    expect(opened.slice(1).every((from, i) => from !== undefined && from >= (opened[i] ?? 0))).toBe(true);
    expect(calls.failures).toBe(0);
    for (const name of ['a', 'b']) expectExactCounts(await documents(readStore, name), streamCounts([['d', 30, 42]]));
  });

  it('keeps a 50 ms timer firing and an HTTP server answering during a large rebuild', { timeout: 120_000 }, async () => {
    const dir = scratchDir();
    const eventStore = openEvents(join(dir, 'events.sqlite'));
    const readStore = openReads(join(dir, 'reads.sqlite'));
    await appendCountedEvents(eventStore, { streams: 400, perStream: 100, prefix: 'y' });
    const projectors = Array.from({ length: 6 }, (_, i) => createCountingProjector(`yield-${i}`));
    const { runner } = runnerFor(eventStore, readStore, projectors);

    const server = createServer((_req, res) => res.end('ok'));
    server.listen(0);
    await once(server, 'listening');
    cleanups.push(() => new Promise<void>((resolveClose) => server.close(() => resolveClose())));
    const { port } = server.address() as AddressInfo;

    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 50);
    const answers: number[] = [];
    let rebuilding = true;
    const asking = (async () => {
      while (rebuilding) {
        const sentAt = performance.now();
        const response = await fetch(`http://127.0.0.1:${port}/`);
        await response.text();
        answers.push(performance.now() - sentAt);
      }
    })();
    const startedAt = performance.now();
    const result = await runner.rebuild(projectors.map((p) => p.name));
    const elapsed = performance.now() - startedAt;
    rebuilding = false;
    clearInterval(timer);
    await asking;

    expect(result.events).toBe(40_000);
    for (const projector of projectors) expectExactCounts(await documents(readStore, projector.name), streamCounts([['y', 400, 100]]));
    // Before the runner yielded, the timer fired 0 times and no request was answered until the rebuild ended.
    expect(elapsed).toBeGreaterThan(300);
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(elapsed / 50 / 3));
    expect(answers.length).toBeGreaterThanOrEqual(Math.floor(elapsed / 250));
    console.log(`[yield] rebuild of 40,000 events × 6 projectors in ${Math.round(elapsed)} ms: ${ticks} ticks of 50 ms, ${answers.length} HTTP answers, slowest ${Math.round(Math.max(...answers))} ms`);
  });
});
