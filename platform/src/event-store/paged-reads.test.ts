import { describe, expect, it } from 'vitest';
import { matchesFilter, type EventFilter, type RecordedEvent } from './event-store.ts';
import type { LogPage } from './paged-subscription.ts';
import { PagedEvents, pagedLog, pagedStream } from './paged-reads.ts';

/** A log of `count` events at positions 10, 20, 30…, alternating between two streams of two categories. */
function log(count: number): RecordedEvent[] {
  const revisions = new Map<string, number>();
  return Array.from({ length: count }, (_, i) => {
    const streamId = i % 2 === 0 ? 'guidebook-1' : 'user-1';
    const revision = revisions.get(streamId) ?? 0;
    revisions.set(streamId, revision + 1);
    return {
      id: `e${i}`,
      type: i % 3 === 0 ? 'Special' : 'Plain',
      data: { i },
      metadata: {},
      streamId,
      revision,
      position: (i + 1) * 10,
      recordedAt: '2026-11-27T00:00:00.000Z',
    };
  });
}

/** The page readers a SQL store gives, over `events`, each call recorded; `async` answers as PostgreSQL does. */
function store(events: RecordedEvent[], async: boolean) {
  const calls: string[] = [];
  const answer = <T>(value: T) => (async ? Promise.resolve(value) : value);
  const stream = (streamId: string, backwards: boolean) => (from: number, limit: number) => {
    calls.push(`stream ${from} ${limit}`);
    const own = events.filter((event) => event.streamId === streamId);
    const page = backwards
      ? own.filter((event) => event.revision <= from).reverse()
      : own.filter((event) => event.revision >= from);
    return answer(page.slice(0, limit));
  };
  const logPage = (after: number, filter: EventFilter | undefined, limit: number) => {
    calls.push(`log ${after} ${limit}`);
    const head = events.at(-1)?.position ?? 0;
    const later = events.filter((event) => event.position > after);
    const found: RecordedEvent[] = [];
    let scannedUpTo = head;
    for (const event of later) {
      if (found.length === limit) {
        scannedUpTo = found.at(-1)?.position ?? after;
        break;
      }
      if (matchesFilter(event, filter)) found.push(event);
    }
    return answer<LogPage>({ events: found, scannedUpTo: Math.max(scannedUpTo, after) });
  };
  return { calls, stream, logPage };
}

async function all(events: AsyncIterable<RecordedEvent>): Promise<string[]> {
  const ids: string[] = [];
  for await (const event of events) ids.push(event.id);
  return ids;
}

const ids = (events: RecordedEvent[]) => events.map((event) => event.id);

describe.each([
  ['synchronous pages (SQLite)', false],
  ['asynchronous pages (PostgreSQL)', true],
])('paged reads over %s', (_, async) => {
  const events = log(23);
  const guidebook = events.filter((event) => event.streamId === 'guidebook-1');

  it('reads a stream forwards page by page, stopping at the first short page', async () => {
    const { calls, stream } = store(events, async);
    expect(await all(pagedStream({}, 5, stream('guidebook-1', false)))).toEqual(ids(guidebook));
    // 12 events: pages of 5, 5, then 2 (short: the end)
    expect(calls).toEqual(['stream 0 5', 'stream 5 5', 'stream 10 5']);
  });

  it('reads a stream backwards from its end or from a revision, down to revision 0', async () => {
    const backwards = store(events, async);
    expect(await all(pagedStream({ direction: 'backwards' }, 5, backwards.stream('guidebook-1', true)))).toEqual(
      ids([...guidebook].reverse()),
    );
    const fromFive = store(events, async);
    expect(
      await all(pagedStream({ direction: 'backwards', fromRevision: 5 }, 3, fromFive.stream('guidebook-1', true))),
    ).toEqual(ids(guidebook.slice(0, 6).reverse()));
    // 5, 4, 3 / 2, 1, 0: the page that reaches revision 0 is full, and there is nothing below it to ask for
    expect(fromFive.calls).toEqual(['stream 5 3', 'stream 2 3']);
  });

  it('stops at maxCount, asking no more than is left', async () => {
    const { calls, stream } = store(events, async);
    expect(await all(pagedStream({ fromRevision: 2, maxCount: 7 }, 5, stream('guidebook-1', false)))).toEqual(
      ids(guidebook.slice(2, 9)),
    );
    expect(calls).toEqual(['stream 2 5', 'stream 7 2']);
    const none = store(events, async);
    expect(await all(pagedStream({ maxCount: 0 }, 5, none.stream('guidebook-1', false)))).toEqual([]);
    expect(none.calls).toEqual([]);
  });

  it('a missing stream yields nothing after one read', async () => {
    const { calls, stream } = store(events, async);
    expect(await all(pagedStream({}, 5, stream('nothing-1', false)))).toEqual([]);
    expect(calls).toEqual(['stream 0 5']);
  });

  it('reads the log after a position or from an event’s own position, each page where the last one looked', async () => {
    const after = store(events, async);
    expect(await all(pagedLog({ after: 50 }, 10, after.logPage))).toEqual(ids(events.slice(5)));
    expect(after.calls).toEqual(['log 50 10', 'log 150 10']);
    const from = store(events, async);
    expect(await all(pagedLog({ from: 50, maxCount: 3 }, 10, from.logPage))).toEqual(ids(events.slice(4, 7)));
    expect(from.calls).toEqual(['log 49 3']);
  });

  it('a filtered log read goes on from where the page looked through, past the events left out', async () => {
    const { calls, logPage } = store(events, async);
    const filter = { eventTypes: ['Special'] };
    expect(await all(pagedLog({ filter }, 3, logPage))).toEqual(ids(events.filter((e) => e.type === 'Special')));
    // Special: e0, e3, e6 | e9, e12, e15 | e18, e21 (short)
    expect(calls).toEqual(['log 0 3', 'log 70 3', 'log 160 3']);
  });

  it('a failed page read ends the iteration with its error; the iterator is then done', async () => {
    let reads = 0;
    const failing = (from: number, limit: number) => {
      reads += 1;
      if (reads === 2) {
        if (async) return Promise.reject(new Error('connection lost'));
        throw new Error('connection lost');
      }
      return store(events, async).stream('guidebook-1', false)(from, limit);
    };
    const iterator = pagedStream({}, 5, failing);
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const event of iterator) seen.push(event.id);
      })(),
    ).rejects.toThrow('connection lost');
    expect(seen).toEqual(ids(guidebook.slice(0, 5)));
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
    expect(reads).toBe(2);
  });

  it('leaving early reads no further page', async () => {
    const { calls, stream } = store(events, async);
    const seen: string[] = [];
    for await (const event of pagedStream({}, 5, stream('guidebook-1', false))) {
      seen.push(event.id);
      if (seen.length === 6) break;
    }
    expect(seen).toEqual(ids(guidebook.slice(0, 6)));
    expect(calls).toEqual(['stream 0 5', 'stream 5 5']);
  });
});

describe('paged events', () => {
  it('serves next() calls made at once in order, one page read at a time', async () => {
    const events = log(6);
    let reading = 0;
    let most = 0;
    const pages = [events.slice(0, 2), [], events.slice(2, 5), events.slice(5)];
    const iterator = new PagedEvents(async () => {
      reading += 1;
      most = Math.max(most, reading);
      await new Promise<void>((resolve) => setImmediate(resolve));
      reading -= 1;
      return pages.shift() ?? null;
    });
    const results = await Promise.all(Array.from({ length: 8 }, () => iterator.next()));
    expect(results.map((result) => (result.done ? 'done' : result.value.id))).toEqual([...ids(events), 'done', 'done']);
    expect(most).toBe(1);
  });

  it('a synchronous page is served without waiting on a read', async () => {
    const events = log(3);
    let reads = 0;
    const iterator = new PagedEvents(() => {
      reads += 1;
      return reads === 1 ? events : null;
    });
    expect(await all(iterator)).toEqual(ids(events));
    expect(reads).toBe(2);
  });

  it('return() while a page is read drops that page', async () => {
    const events = log(3);
    let release = () => {};
    const iterator = new PagedEvents(
      () => new Promise<readonly RecordedEvent[]>((resolve) => (release = () => resolve(events))),
    );
    const pending = iterator.next();
    await iterator.return();
    release();
    expect(await pending).toEqual({ done: true, value: undefined });
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });
});
