import { viewsStream, type GuidebookViewed } from '@pocketguide/contracts';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';

/**
 * Reader views (spec 1 §3 `views.count`) without a write per view on the reader's request: the viewer route
 * counts in memory, and every `intervalMs` (at most 30 s) each guidebook viewed since the last flush gets one
 * `GuidebookViewed { count }` on its `views-<id>` stream; `stop()` flushes what is left. A failed append keeps its
 * counts for the next flush. What a crash (not a stop) may lose is bounded by one interval's views of this process.
 */
export type ViewCounter = {
  record(guidebookId: string): void;
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
};

export const MAX_VIEW_FLUSH_INTERVAL_MS = 30_000;

export function createViewCounter({ eventStore, now, newId, intervalMs, onError }: ViewCounterDeps): ViewCounter {
  if (!(intervalMs > 0 && intervalMs <= MAX_VIEW_FLUSH_INTERVAL_MS)) throw new Error(`intervalMs must be in (0, ${MAX_VIEW_FLUSH_INTERVAL_MS}]`);
  let counts = new Map<string, number>();
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
          await eventStore.appendToStream(viewsStream(guidebookId), [{ id: newId(), type: 'GuidebookViewed', data, metadata: { userId: 'system', role: 'system' } }], {
            expectedRevision: 'any',
          });
        } catch (error) {
          counts.set(guidebookId, (counts.get(guidebookId) ?? 0) + count);
          onError?.(error, guidebookId);
        }
      }),
    );
  }

  const flush = () => (flushing = flushing.then(flushNow));

  return {
    record(guidebookId) {
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
