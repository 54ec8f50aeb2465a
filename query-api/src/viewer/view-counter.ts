import { viewsStream, type GuidebookViewed } from '@pocketguide/contracts';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';

/**
 * Reader views (spec 1 §3 `views.count`) without a write per view on the reader's request: the viewer route
 * counts in memory, and every `intervalMs` (at most 30 s) each guidebook viewed since the last flush gets one
 * `GuidebookViewed { count }` on its `views-<id>` stream; `stop()` flushes what is left. A failed append keeps its
 * counts for the next flush. What a crash (not a stop) may lose is bounded by one interval's views of this process.
 *
 * A reader counts once per guidebook per `readerWindowMs` (30 minutes): `record(id, reader)` with the same reader
 * key (the viewer passes a digest of address and user agent) is ignored inside the window, so a loop of page loads
 * cannot inflate the count. The window is in memory and bounded (`readerCapacity` keys, oldest dropped first).
 */
export type ViewCounter = {
  /** one view of a guidebook; with `reader`, only the first inside the reader window counts */
  record(guidebookId: string, reader?: string): void;
  /** appends the counts gathered so far; concurrent calls wait for the flush in progress */
  flush(): Promise<void>;
  start(): void;
  /** stops the timer and flushes */
  stop(): Promise<void>;
  /** views counted and not yet flushed, by guidebook */
  pending(): ReadonlyMap<string, number>;
};

export type ViewCounterDeps = {
  eventStore: Pick<EventStore, 'appendToStream'>;
  now: () => Date;
  newId: () => string;
  intervalMs: number;
  onError?: (error: unknown, guidebookId: string) => void;
  /** how long one reader's views of one guidebook count once (default 30 minutes) */
  readerWindowMs?: number;
  /** how many (guidebook, reader) pairs the window remembers at most (default 100 000, about 10 MB) */
  readerCapacity?: number;
};

export const READER_VIEW_WINDOW_MS = 30 * 60_000;
export const READER_VIEW_CAPACITY = 100_000;

export const MAX_VIEW_FLUSH_INTERVAL_MS = 30_000;

export function createViewCounter({
  eventStore,
  now,
  newId,
  intervalMs,
  onError,
  readerWindowMs = READER_VIEW_WINDOW_MS,
  readerCapacity = READER_VIEW_CAPACITY,
}: ViewCounterDeps): ViewCounter {
  if (!(intervalMs > 0 && intervalMs <= MAX_VIEW_FLUSH_INTERVAL_MS))
    throw new Error(`intervalMs must be in (0, ${MAX_VIEW_FLUSH_INTERVAL_MS}]`);
  if (!(readerWindowMs >= 0 && readerCapacity >= 1))
    throw new Error('readerWindowMs must be ≥ 0 and readerCapacity ≥ 1');
  let counts = new Map<string, number>();
  /** (guidebook, reader) → until when further views do not count; in insertion order, so oldest first */
  const counted = new Map<string, number>();

  /** true when this reader's view of this guidebook counts (the first one inside the window) */
  function firstInWindow(guidebookId: string, reader: string): boolean {
    const at = now().getTime();
    // Entries go in with the same window, so the oldest are first: drop the expired ones from the front.
    for (const [key, until] of counted) {
      if (until > at) break;
      counted.delete(key);
    }
    const key = `${guidebookId}\u0000${reader}`;
    const until = counted.get(key);
    if (until !== undefined && until > at) return false;
    counted.delete(key);
    counted.set(key, at + readerWindowMs);
    while (counted.size > readerCapacity) counted.delete(counted.keys().next().value ?? key);
    return true;
  }
  let timer: ReturnType<typeof setInterval> | undefined;
  let flushing: Promise<void> = Promise.resolve();

  async function flushNow(): Promise<void> {
    if (counts.size === 0) return;
    const batch = counts;
    counts = new Map();
    const viewedAt = now().toISOString();
    await Promise.all(
      [...batch].map(async ([guidebookId, count]) => {
        const data: GuidebookViewed['data'] = { guidebookId, count, viewedAt };
        try {
          await eventStore.appendToStream(
            viewsStream(guidebookId),
            [{ id: newId(), type: 'GuidebookViewed', data, metadata: { userId: 'system', role: 'system' } }],
            {
              expectedRevision: 'any',
            },
          );
        } catch (error) {
          counts.set(guidebookId, (counts.get(guidebookId) ?? 0) + count);
          onError?.(error, guidebookId);
        }
      }),
    );
  }

  const flush = () => (flushing = flushing.then(flushNow));

  return {
    record(guidebookId, reader) {
      if (reader !== undefined && !firstInWindow(guidebookId, reader)) return;
      counts.set(guidebookId, (counts.get(guidebookId) ?? 0) + 1);
    },
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), intervalMs);
      // The timer alone must not keep a process alive that is otherwise done.
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },
    pending: () => new Map(counts),
  };
}
