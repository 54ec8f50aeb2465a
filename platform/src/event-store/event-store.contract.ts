/**
 * The one contract every event store adapter passes. Each adapter's `*.int.test.ts` calls `eventStoreContract`
 * with a factory; a factory that cannot reach its engine returns `{ skip: reason }` and the suite is reported as
 * skipped with that reason.
 *
 * Tests share one store per suite and never assume an empty log: every test uses its own random stream category
 * and event types and reads the log only after the head it saw first, so the suite also runs against a shared
 * EventStoreDB server.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type Subscription,
} from './event-store.ts';
import { selectEvents } from '../cli/events-export.ts';

export type EventStoreContractFactory = () => Promise<
  { store: EventStore; cleanup(): Promise<void> } | { skip: string }
>;

/** A fresh stream category (lowercase, no dash) for one test. */
function newCategory(): string {
  return `c${randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

function newEvent(type: string, data: Record<string, unknown> = {}, metadata?: NewEvent['metadata']): NewEvent {
  return { id: randomUUID(), type, data, ...(metadata ? { metadata } : {}) };
}

async function collect(events: AsyncIterable<RecordedEvent>): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

async function within<T>(promise: Promise<T>, what: string, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Pulls exactly `count` events, failing instead of hanging when they do not come. */
async function take(iterator: AsyncIterator<RecordedEvent>, count: number): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  while (events.length < count) {
    const step = await within(iterator.next(), `event ${events.length + 1} of ${count}`);
    if (step.done) throw new Error(`subscription ended after ${events.length} of ${count} events`);
    events.push(step.value);
  }
  return events;
}

/** Lets a pulled next() reach the point where it waits for live events. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 50));

const ids = (events: readonly { id: string }[]): string[] => events.map((event) => event.id);

export function eventStoreContract(name: string, factory: EventStoreContractFactory): void {
  describe(`event store contract: ${name}`, async () => {
    const created = await factory();
    if ('skip' in created) {
      describe.skip(`${name} skipped: ${created.skip}`, () => {
        it('runs the event store contract', () => {});
      });
      return;
    }
    const { store, cleanup } = created;
    afterAll(cleanup);

    /** Appends and returns the result, for tests that build a log step by step. */
    const append = (streamId: string, events: NewEvent[], expectedRevision?: ExpectedRevision) =>
      store.appendToStream(streamId, events, expectedRevision === undefined ? {} : { expectedRevision });

    describe('appending and reading a stream', () => {
      it('round-trips id, type, data, metadata, stream id and revisions', async () => {
        const streamId = `${newCategory()}-1`;
        const metadata = {
          userId: 'user-1',
          role: 'author',
          commandId: randomUUID(),
          correlationId: randomUUID(),
          causationId: randomUUID(),
        };
        const first = newEvent(
          'GuidebookCreated',
          { title: 'Seoul', tags: ['food', 'night'], nested: { n: 1 } },
          metadata,
        );
        const second = newEvent('GuidebookRenamed', { title: 'Seoul by night', price: 12.5, draft: true });
        await append(streamId, [first, second], 'no_stream');

        const read = await collect(store.readStream(streamId));
        expect(read).toHaveLength(2);
        expect(read[0]).toMatchObject({
          id: first.id,
          type: first.type,
          data: first.data,
          metadata,
          streamId,
          revision: 0,
        });
        expect(read[1]).toMatchObject({
          id: second.id,
          type: second.type,
          data: second.data,
          metadata: {},
          streamId,
          revision: 1,
        });
        for (const event of read) expect(Number.isNaN(Date.parse(event.recordedAt))).toBe(false);
        expect(read[1]!.position).toBeGreaterThan(read[0]!.position);
      });

      it('reports the revision and global position of the last appended event', async () => {
        const streamId = `${newCategory()}-1`;
        const first = await append(streamId, [newEvent('A'), newEvent('B'), newEvent('C')], 'no_stream');
        const second = await append(streamId, [newEvent('D')], 2);
        const read = await collect(store.readStream(streamId));
        expect(first).toEqual({ nextExpectedRevision: 2, position: read[2]!.position });
        expect(second).toEqual({ nextExpectedRevision: 3, position: read[3]!.position });
      });

      it('reads a stream that does not exist as empty', async () => {
        expect(await collect(store.readStream(`${newCategory()}-missing`))).toEqual([]);
        expect(await collect(store.readStream(`${newCategory()}-missing`, { direction: 'backwards' }))).toEqual([]);
      });
    });

    describe('expected revision', () => {
      async function conflict(promise: Promise<AppendResult>): Promise<WrongExpectedRevisionError> {
        const error: unknown = await promise.then(
          () => undefined,
          (reason: unknown) => reason,
        );
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        return error as WrongExpectedRevisionError;
      }

      it('no_stream appends to a new stream and refuses an existing one, naming its revision', async () => {
        const streamId = `${newCategory()}-1`;
        await append(streamId, [newEvent('A'), newEvent('B')], 'no_stream');
        const error = await conflict(append(streamId, [newEvent('C')], 'no_stream'));
        expect(error).toMatchObject({ streamId, expected: 'no_stream', actual: 1 });
        expect(await collect(store.readStream(streamId))).toHaveLength(2);
      });

      it('stream_exists refuses a missing stream and appends to an existing one', async () => {
        const streamId = `${newCategory()}-1`;
        const error = await conflict(append(streamId, [newEvent('A')], 'stream_exists'));
        expect(error).toMatchObject({ streamId, expected: 'stream_exists', actual: 'no_stream' });
        await append(streamId, [newEvent('A')], 'no_stream');
        expect(await append(streamId, [newEvent('B')], 'stream_exists')).toMatchObject({ nextExpectedRevision: 1 });
      });

      it('any appends whatever the state of the stream', async () => {
        const streamId = `${newCategory()}-1`;
        expect(await append(streamId, [newEvent('A')], 'any')).toMatchObject({ nextExpectedRevision: 0 });
        expect(await append(streamId, [newEvent('B')], 'any')).toMatchObject({ nextExpectedRevision: 1 });
        expect(await append(streamId, [newEvent('C')])).toMatchObject({ nextExpectedRevision: 2 });
      });

      it('an exact revision appends when it matches and refuses a stale one with the actual revision', async () => {
        const streamId = `${newCategory()}-1`;
        await append(streamId, [newEvent('A')], 'no_stream');
        expect(await append(streamId, [newEvent('B')], 0)).toMatchObject({ nextExpectedRevision: 1 });
        const stale = await conflict(append(streamId, [newEvent('C')], 0));
        expect(stale).toMatchObject({ streamId, expected: 0, actual: 1 });
        const ahead = await conflict(append(streamId, [newEvent('C')], 5));
        expect(ahead).toMatchObject({ expected: 5, actual: 1 });
        expect(await collect(store.readStream(streamId))).toHaveLength(2);
      });

      it('an exact revision on a missing stream reports no_stream', async () => {
        const streamId = `${newCategory()}-1`;
        const error = await conflict(append(streamId, [newEvent('A')], 0));
        expect(error).toMatchObject({ streamId, expected: 0, actual: 'no_stream' });
      });

      it('of concurrent appends with the same expected revision exactly one wins', async () => {
        const streamId = `${newCategory()}-1`;
        await append(streamId, [newEvent('Created')], 'no_stream');
        const contenders = Array.from({ length: 8 }, (_, i) => newEvent('Edited', { contender: i }));
        const outcomes = await Promise.allSettled(contenders.map((event) => append(streamId, [event], 0)));

        const winners = outcomes.flatMap((outcome, i) => (outcome.status === 'fulfilled' ? [contenders[i]!] : []));
        expect(winners).toHaveLength(1);
        for (const outcome of outcomes) {
          if (outcome.status === 'rejected') {
            expect(outcome.reason).toBeInstanceOf(WrongExpectedRevisionError);
            expect(outcome.reason).toMatchObject({ expected: 0, actual: 1 });
          }
        }
        expect(ids(await collect(store.readStream(streamId))).slice(1)).toEqual(ids(winners));
      });
    });

    describe('idempotent append', () => {
      it('stores the same event ids once and returns the original result', async () => {
        const streamId = `${newCategory()}-1`;
        const batch = [newEvent('A'), newEvent('B')];
        const first = await append(streamId, batch, 'no_stream');
        const retry = await append(streamId, batch, 'no_stream');
        expect(retry).toEqual(first);
        expect(ids(await collect(store.readStream(streamId)))).toEqual(ids(batch));
      });

      it('returns the original result for a retry after the stream moved on', async () => {
        const streamId = `${newCategory()}-1`;
        const batch = [newEvent('A'), newEvent('B')];
        const first = await append(streamId, batch, 'no_stream');
        const later = await append(streamId, [newEvent('C')], 1);
        expect(await append(streamId, batch, 'no_stream')).toEqual(first);
        expect(await store.appendToStream(streamId, [batch[1]!], { expectedRevision: 0 })).toEqual(first);
        const read = await collect(store.readStream(streamId));
        expect(read).toHaveLength(3);
        expect(read[2]!.position).toBe(later.position);
      });
    });

    describe('reading a stream', () => {
      async function fiveEvents() {
        const streamId = `${newCategory()}-1`;
        await append(
          streamId,
          Array.from({ length: 5 }, (_, n) => newEvent('Step', { n })),
          'no_stream',
        );
        return (options?: Parameters<EventStore['readStream']>[1]) =>
          collect(store.readStream(streamId, options)).then((events) => events.map((event) => event.revision));
      }

      it('reads forwards and backwards', async () => {
        const revisions = await fiveEvents();
        expect(await revisions()).toEqual([0, 1, 2, 3, 4]);
        expect(await revisions({ direction: 'forwards' })).toEqual([0, 1, 2, 3, 4]);
        expect(await revisions({ direction: 'backwards' })).toEqual([4, 3, 2, 1, 0]);
      });

      it('starts at an inclusive fromRevision in either direction', async () => {
        const revisions = await fiveEvents();
        expect(await revisions({ fromRevision: 2 })).toEqual([2, 3, 4]);
        expect(await revisions({ direction: 'backwards', fromRevision: 2 })).toEqual([2, 1, 0]);
        expect(await revisions({ fromRevision: 9 })).toEqual([]);
      });

      it('stops after maxCount events', async () => {
        const revisions = await fiveEvents();
        expect(await revisions({ maxCount: 2 })).toEqual([0, 1]);
        expect(await revisions({ fromRevision: 1, maxCount: 3 })).toEqual([1, 2, 3]);
        expect(await revisions({ direction: 'backwards', maxCount: 2 })).toEqual([4, 3]);
        expect(await revisions({ direction: 'backwards', fromRevision: 3, maxCount: 2 })).toEqual([3, 2]);
      });
    });

    describe('the global log', () => {
      /** Appends to three streams of one category in an interleaved order; returns what readAll should give. */
      async function interleaved() {
        const category = newCategory();
        const start = await store.headPosition();
        const steps: [string, NewEvent[]][] = [
          [`${category}-a`, [newEvent(`${category}.Opened`), newEvent(`${category}.Noted`)]],
          [`${category}-b`, [newEvent(`${category}.Opened`)]],
          [`${category}-a`, [newEvent(`${category}.Closed`)]],
          [`${category}-c`, [newEvent(`${category}.Opened`)]],
          [`${category}-b`, [newEvent(`${category}.Noted`), newEvent(`${category}.Closed`)]],
        ];
        const results: AppendResult[] = [];
        for (const [streamId, events] of steps) results.push(await append(streamId, events));
        const expected = steps.flatMap(([streamId, events]) => events.map((event) => ({ ...event, streamId })));
        return { category, start, steps, results, expected };
      }

      it('orders events across streams by strictly increasing position, as appended', async () => {
        const { category, start, steps, results, expected } = await interleaved();
        const read = await collect(store.readAll({ after: start, filter: { streamCategories: [category] } }));
        expect(ids(read)).toEqual(ids(expected));
        expect(read.map((event) => event.streamId)).toEqual(expected.map((event) => event.streamId));
        for (let i = 1; i < read.length; i += 1) expect(read[i]!.position).toBeGreaterThan(read[i - 1]!.position);
        for (const event of read) expect(event.position).toBeGreaterThan(start);
        // each append reports the position of its own last event
        let index = -1;
        steps.forEach(([, events], step) => {
          index += events.length;
          expect(results[step]!.position).toBe(read[index]!.position);
        });
      });

      it('reads strictly after a position and stops after maxCount', async () => {
        const { category, start, expected } = await interleaved();
        const filter = { streamCategories: [category] };
        const all = await collect(store.readAll({ after: start, filter }));
        const third = all[2]!;
        expect(ids(await collect(store.readAll({ after: third.position, filter })))).toEqual(ids(expected.slice(3)));
        expect(ids(await collect(store.readAll({ after: start, filter, maxCount: 2 })))).toEqual(
          ids(expected.slice(0, 2)),
        );
        expect(await collect(store.readAll({ after: all.at(-1)!.position, filter }))).toEqual([]);
      });

      it('a non-event position: reads from an event position inclusively, without stepping to position - 1', async () => {
        const { category, start, expected } = await interleaved();
        const filter = { streamCategories: [category] };
        const all = await collect(store.readAll({ after: start, filter }));
        const third = all[2]!;
        const fromThird = await collect(store.readAll({ from: third.position, filter }));
        expect(ids(fromThird)).toEqual(ids(expected.slice(2)));
        expect((await collect(store.readAll({ from: third.position, maxCount: 1 })))[0]?.id).toBe(third.id);
        // `from` wins over `after`
        expect(
          ids(await collect(store.readAll({ after: all.at(-1)!.position, from: third.position, filter }))),
        ).toEqual(ids(expected.slice(2)));
      });

      it('every event position, inside a batch or not, is a place to read and export from (events:export --from)', async () => {
        // EventStoreDB positions are byte offsets with a commit and a prepare part; an event inside a multi-event
        // append is the case where they could differ. Each one must still read back exactly the log after it.
        const { category, start, expected } = await interleaved();
        const byCategory = { streamCategories: [category] };
        const types = [`${category}.Opened`, `${category}.Noted`, `${category}.Closed`];
        const all = await collect(store.readAll({ after: start, filter: byCategory }));
        expect(ids(all)).toEqual(ids(expected));
        for (const [index, event] of all.entries()) {
          const at = `event ${index} (${event.type} at ${event.position})`;
          expect(ids(await collect(store.readAll({ after: event.position, filter: byCategory }))), at).toEqual(
            ids(expected.slice(index + 1)),
          );
          expect(ids(await collect(store.readAll({ from: event.position, filter: byCategory }))), at).toEqual(
            ids(expected.slice(index)),
          );
          expect(
            ids(await collect(store.readAll({ after: event.position, filter: { eventTypes: types } }))),
            at,
          ).toEqual(ids(expected.slice(index + 1)));
          // what `events:export --from <position> --type …` writes
          expect(ids(await collect(selectEvents(store, { after: event.position, types }))), at).toEqual(
            ids(expected.slice(index + 1)),
          );
        }

        // an export resumed from its last line's position after more appends (a batch among them) gives exactly those
        const lastLine = (await collect(selectEvents(store, { after: start, types }))).at(-1)!;
        expect(lastLine.id).toBe(expected.at(-1)!.id);
        const more = [newEvent(`${category}.Opened`), newEvent(`${category}.Noted`), newEvent(`${category}.Closed`)];
        await append(`${category}-d`, more);
        await append(`${newCategory()}-x`, [newEvent('Unrelated')]);
        await append(`${category}-a`, [newEvent(`${category}.Noted`)]);
        const resumed = await collect(selectEvents(store, { after: lastLine.position, types }));
        expect(resumed.map((event) => [event.streamId, event.type])).toEqual([
          [`${category}-d`, `${category}.Opened`],
          [`${category}-d`, `${category}.Noted`],
          [`${category}-d`, `${category}.Closed`],
          [`${category}-a`, `${category}.Noted`],
        ]);
        expect(ids(resumed.slice(0, 3))).toEqual(ids(more));
      });

      it('filters by event type and by stream category', async () => {
        const { category, start, expected } = await interleaved();
        const other = newCategory();
        await append(`${other}-a`, [newEvent(`${category}.Opened`)]);

        const opened = await collect(store.readAll({ after: start, filter: { eventTypes: [`${category}.Opened`] } }));
        expect(opened.map((event) => event.streamId)).toEqual([
          `${category}-a`,
          `${category}-b`,
          `${category}-c`,
          `${other}-a`,
        ]);

        const openedOrClosed = await collect(
          store.readAll({
            after: start,
            filter: { eventTypes: [`${category}.Opened`, `${category}.Closed`], streamCategories: [category] },
          }),
        );
        expect(ids(openedOrClosed)).toEqual(ids(expected.filter((event) => !event.type.endsWith('.Noted'))));

        const both = await collect(store.readAll({ after: start, filter: { streamCategories: [category, other] } }));
        expect(both).toHaveLength(expected.length + 1);
      });

      it('reports the newest position as head and answers ping', async () => {
        const result = await append(`${newCategory()}-1`, [newEvent('Pinged')]);
        expect(await store.headPosition()).toBeGreaterThanOrEqual(result.position);
        await expect(store.ping()).resolves.toBeUndefined();
      });
    });

    describe('subscribeToAll', () => {
      it('delivers history, then live events, in order', async () => {
        const category = newCategory();
        const start = await store.headPosition();
        const history = [newEvent('Opened'), newEvent('Noted')];
        await append(`${category}-1`, history);
        const subscription = store.subscribeToAll({ after: start, filter: { streamCategories: [category] } });
        const iterator = subscription[Symbol.asyncIterator]();
        try {
          expect(ids(await take(iterator, 2))).toEqual(ids(history));
          const waiting = iterator.next();
          const live = [newEvent('Closed')];
          await append(`${category}-2`, live);
          const more = [newEvent('Reopened'), newEvent('Closed')];
          await append(`${category}-1`, more);
          const first = await within(waiting, 'the first live event');
          expect(first).toMatchObject({ done: false, value: { id: live[0]!.id, streamId: `${category}-2` } });
          expect(ids(await take(iterator, 2))).toEqual(ids(more));
        } finally {
          await subscription.close();
        }
      });

      it('resumes from a checkpoint with exactly the events after it', async () => {
        const category = newCategory();
        const start = await store.headPosition();
        const events = Array.from({ length: 4 }, (_, n) => newEvent('Step', { n }));
        for (const event of events) await append(`${category}-1`, [event]);
        const logged = await collect(store.readAll({ after: start, filter: { streamCategories: [category] } }));
        const checkpoint = logged[1]!.position;

        const subscription = store.subscribeToAll({ after: checkpoint, filter: { streamCategories: [category] } });
        const iterator = subscription[Symbol.asyncIterator]();
        try {
          expect(ids(await take(iterator, 2))).toEqual(ids(events.slice(2)));
          // the next delivery is the next append: nothing was repeated or left out in between
          const sentinel = newEvent('Step', { n: 4 });
          await append(`${category}-1`, [sentinel]);
          expect(ids(await take(iterator, 1))).toEqual([sentinel.id]);
        } finally {
          await subscription.close();
        }
      });

      it('filters by event type', async () => {
        const category = newCategory();
        const start = await store.headPosition();
        const wanted = `${category}.Published`;
        const published = [newEvent(wanted), newEvent(wanted)];
        await append(`${category}-1`, [published[0]!, newEvent(`${category}.Edited`)]);
        await append(`${newCategory()}-1`, [newEvent(`${category}.PublishedLater`), published[1]!]);
        const sentinel = newEvent(wanted);

        const subscription = store.subscribeToAll({ after: start, filter: { eventTypes: [wanted] } });
        const iterator = subscription[Symbol.asyncIterator]();
        try {
          expect(ids(await take(iterator, 2))).toEqual(ids(published));
          await append(`${category}-1`, [newEvent(`${category}.Edited`), sentinel]);
          expect(ids(await take(iterator, 1))).toEqual([sentinel.id]);
        } finally {
          await subscription.close();
        }
      });

      it('filters by stream category', async () => {
        const category = newCategory();
        const start = await store.headPosition();
        const mine = [newEvent('Opened'), newEvent('Opened')];
        await append(`${category}-1`, [mine[0]!]);
        await append(`${category}x-1`, [newEvent('Opened')]);
        await append(`${newCategory()}-1`, [newEvent('Opened')]);
        await append(`${category}-2`, [mine[1]!]);

        const subscription = store.subscribeToAll({ after: start, filter: { streamCategories: [category] } });
        const iterator = subscription[Symbol.asyncIterator]();
        try {
          const delivered = await take(iterator, 2);
          expect(ids(delivered)).toEqual(ids(mine));
          const sentinel = newEvent('Closed');
          await append(`${category}x-1`, [newEvent('Closed')]);
          await append(`${category}-1`, [sentinel]);
          expect(ids(await take(iterator, 1))).toEqual([sentinel.id]);
        } finally {
          await subscription.close();
        }
      });

      async function idleSubscription(signal?: AbortSignal): Promise<Subscription> {
        const start = await store.headPosition();
        return store.subscribeToAll({
          after: start,
          filter: { streamCategories: [newCategory()] },
          ...(signal ? { signal } : {}),
        });
      }

      it('close() ends a next() that is waiting for live events', async () => {
        const subscription = await idleSubscription();
        const iterator = subscription[Symbol.asyncIterator]();
        const waiting = iterator.next();
        await settle();
        await subscription.close();
        await expect(within(waiting, 'the end of the subscription')).resolves.toMatchObject({ done: true });
        await expect(iterator.next()).resolves.toMatchObject({ done: true });
      });

      it('an aborted signal ends the iteration', async () => {
        const controller = new AbortController();
        const subscription = await idleSubscription(controller.signal);
        const consumed = (async () => {
          const events: RecordedEvent[] = [];
          for await (const event of subscription) events.push(event);
          return events;
        })();
        await settle();
        controller.abort();
        await expect(within(consumed, 'the loop to end')).resolves.toEqual([]);

        const aborted = await idleSubscription(AbortSignal.abort());
        await expect(within(collect(aborted), 'an already aborted subscription')).resolves.toEqual([]);
      });

      it('breaking out of for await closes the subscription', async () => {
        const category = newCategory();
        const start = await store.headPosition();
        await append(`${category}-1`, [newEvent('A'), newEvent('B')]);
        const subscription = store.subscribeToAll({ after: start, filter: { streamCategories: [category] } });
        let seen = 0;
        for await (const _ of subscription) {
          seen += 1;
          break;
        }
        expect(seen).toBe(1);
        await expect(subscription[Symbol.asyncIterator]().next()).resolves.toMatchObject({ done: true });
      });

      it('closing the store ends its open subscriptions', async () => {
        const second = await factory();
        if ('skip' in second) throw new Error(`the factory skipped on a second call: ${second.skip}`);
        try {
          const subscription = second.store.subscribeToAll({
            after: await second.store.headPosition(),
            filter: { streamCategories: [newCategory()] },
          });
          const waiting = subscription[Symbol.asyncIterator]().next();
          await settle();
          await second.store.close();
          await expect(within(waiting, 'the end of the subscription')).resolves.toMatchObject({ done: true });
        } finally {
          await second.cleanup();
        }
      });
    });
  });
}
