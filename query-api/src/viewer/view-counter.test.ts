import { describe, expect, it, vi } from 'vitest';
import type { AppendResult, ExpectedRevision, NewEvent } from '@pocketguide/platform/event-store/event-store';
import { createViewCounter } from './view-counter.ts';

type Appended = { streamId: string; events: readonly NewEvent[]; expectedRevision: ExpectedRevision | undefined };

function fakeStore(failFor = new Set<string>()) {
  const appended: Appended[] = [];
  return {
    appended,
    failFor,
    appendToStream: async (
      streamId: string,
      events: readonly NewEvent[],
      options?: { expectedRevision?: ExpectedRevision },
    ): Promise<AppendResult> => {
      if (failFor.has(streamId)) throw new Error('store down');
      appended.push({ streamId, events, expectedRevision: options?.expectedRevision });
      return { nextExpectedRevision: appended.length - 1, position: appended.length };
    },
  };
}

let ids = 0;
const deps = (store: ReturnType<typeof fakeStore>, intervalMs = 10_000) => ({
  eventStore: store,
  now: () => new Date('2026-05-01T09:00:00.000Z'),
  newId: () => `id-${++ids}`,
  intervalMs,
});

describe('the view counter', () => {
  it('given views of two guidebooks, when flushed, then one GuidebookViewed with the count per guidebook, nothing twice', async () => {
    const store = fakeStore();
    const counter = createViewCounter(deps(store));
    for (let view = 0; view < 3; view++) counter.record('g1');
    counter.record('g2');
    expect(store.appended).toEqual([]);
    await counter.flush();
    expect(
      store.appended.map(({ streamId, events, expectedRevision }) => ({
        streamId,
        type: events[0]?.type,
        data: events[0]?.data,
        expectedRevision,
      })),
    ).toEqual([
      {
        streamId: 'views-g1',
        type: 'GuidebookViewed',
        data: { guidebookId: 'g1', count: 3, viewedAt: '2026-05-01T09:00:00.000Z' },
        expectedRevision: 'any',
      },
      {
        streamId: 'views-g2',
        type: 'GuidebookViewed',
        data: { guidebookId: 'g2', count: 1, viewedAt: '2026-05-01T09:00:00.000Z' },
        expectedRevision: 'any',
      },
    ]);
    await counter.flush();
    expect(store.appended).toHaveLength(2);
  });

  it('keeps the counts of a failed append for the next flush', async () => {
    const store = fakeStore(new Set(['views-g1']));
    const onError = vi.fn();
    const counter = createViewCounter({ ...deps(store), onError });
    counter.record('g1');
    counter.record('g1');
    await counter.flush();
    expect(onError).toHaveBeenCalledOnce();
    expect(counter.pending().get('g1')).toBe(2);
    counter.record('g1');
    store.failFor.clear();
    await counter.flush();
    expect(store.appended.map((entry) => entry.events[0]?.data)).toEqual([
      { guidebookId: 'g1', count: 3, viewedAt: '2026-05-01T09:00:00.000Z' },
    ]);
  });

  it('flushes on its interval and once more when stopped', async () => {
    vi.useFakeTimers();
    try {
      const store = fakeStore();
      const counter = createViewCounter(deps(store, 1000));
      counter.start();
      counter.record('g1');
      await vi.advanceTimersByTimeAsync(1000);
      expect(store.appended).toHaveLength(1);
      counter.record('g1');
      await counter.stop();
      expect(store.appended).toHaveLength(2);
      counter.record('g1');
      await vi.advanceTimersByTimeAsync(5000);
      expect(store.appended).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('given one reader loading a guidebook 100 times, when flushed, then it counted once; another reader or guidebook counts again', async () => {
    const store = fakeStore();
    const counter = createViewCounter(deps(store));
    for (let view = 0; view < 100; view++) counter.record('g1', 'reader-a');
    counter.record('g1', 'reader-b');
    counter.record('g2', 'reader-a');
    expect(counter.pending()).toEqual(
      new Map([
        ['g1', 2],
        ['g2', 1],
      ]),
    );
  });

  it('counts the same reader again once the window has passed', () => {
    let at = Date.parse('2026-05-01T09:00:00.000Z');
    const counter = createViewCounter({ ...deps(fakeStore()), now: () => new Date(at), readerWindowMs: 30 * 60_000 });
    counter.record('g1', 'reader-a');
    at += 29 * 60_000;
    counter.record('g1', 'reader-a');
    expect(counter.pending().get('g1')).toBe(1);
    at += 2 * 60_000;
    counter.record('g1', 'reader-a');
    expect(counter.pending().get('g1')).toBe(2);
  });

  it('remembers at most readerCapacity readers: the oldest is forgotten first', () => {
    const counter = createViewCounter({ ...deps(fakeStore()), readerCapacity: 3 });
    for (const reader of ['r1', 'r2', 'r3', 'r4']) counter.record('g1', reader);
    expect(counter.pending().get('g1')).toBe(4);
    counter.record('g1', 'r4');
    expect(counter.pending().get('g1')).toBe(4);
    counter.record('g1', 'r1');
    expect(counter.pending().get('g1')).toBe(5);
  });

  it('refuses an interval over 30 s (the bound on what a crash may lose)', () => {
    expect(() => createViewCounter(deps(fakeStore(), 30_001))).toThrow();
  });
});
