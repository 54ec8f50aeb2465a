import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';

/**
 * The V8 heap alive after the last full garbage collection. `process.memoryUsage().heapUsed` counts the garbage not
 * yet collected too, which may be most of it: a rebuild that flushed by that figure would flush again and again
 * until V8 chose to collect, writing and reading back the same documents for nothing.
 */
export type LiveHeap = {
  /** bytes in use right after the last full collection, and how many full collections have been seen (null: none yet) */
  live(): { bytes: number; collections: number } | null;
  stop(): void;
};

export function watchLiveHeap(): LiveHeap {
  let last: { bytes: number; collections: number } | null = null;
  let collections = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } | null }).detail?.kind;
      if (kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      collections += 1;
      last = { bytes: getHeapStatistics().used_heap_size, collections };
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    live: () => last,
    stop: () => observer.disconnect(),
  };
}
