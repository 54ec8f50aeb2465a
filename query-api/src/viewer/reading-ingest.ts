import { createHash, randomBytes } from 'node:crypto';
import {
  MAX_READ_AGE_MS,
  MAX_TIME_ON_PAGE_MS,
  koreanDay,
  readingStream,
  type GuidebookReadsRecorded,
  type ReadingBeacon,
  type RecordedRead,
} from '@pocketguide/contracts';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';

/**
 * Reader beacons in, `GuidebookReadsRecorded` out (issue 24), without a write per beacon: reads are kept in memory
 * per guidebook and appended every `intervalMs` (at most 500 reads an event), so a thousand readers a second cost a
 * handful of appends. `stop()` flushes what is left; a failed append keeps its reads for the next flush (up to
 * `maxPending`, then the oldest are dropped: insights are counts, not money).
 *
 * Unique readers per day without tracking anyone: `isNewReader` hashes the guidebook, the address and the User-Agent
 * with a salt made at random for the current Korean day and kept only in memory; the set of today's hashes and the
 * salt are thrown away when the day changes. What is stored is one boolean on a read, never the hash. Scaled out,
 * each replica keeps its own day, so a reader served by two replicas can count twice.
 */
export type ReadingIngest = {
  /** Adds a beacon's reads for a guidebook; `newReader` marks its first page open. */
  record(target: { guidebookId: string; ownerId: string }, beacon: ReadingBeacon, newReader: boolean): number;
  /** true the first time today this (guidebook, address, agent) is seen */
  isNewReader(guidebookId: string, address: string, userAgent: string): boolean;
  flush(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
  /** reads waiting for the next flush */
  pendingReads(): number;
};

export type ReadingIngestDeps = {
  eventStore: Pick<EventStore, 'appendToStream'>;
  now: () => Date;
  newId: () => string;
  intervalMs: number;
  onError?: (error: unknown, guidebookId: string) => void;
  /** reads kept in memory at most (default 200 000) */
  maxPending?: number;
  /** distinct readers remembered for today at most (default 1 000 000, about 60 MB); past it, none counts as new */
  maxReadersPerDay?: number;
};

export const READS_PER_EVENT = 500;

type Pending = { ownerId: string; reads: RecordedRead[] };

export function createReadingIngest({
  eventStore,
  now,
  newId,
  intervalMs,
  onError,
  maxPending = 200_000,
  maxReadersPerDay = 1_000_000,
}: ReadingIngestDeps): ReadingIngest {
  let pending = new Map<string, Pending>();
  let pendingCount = 0;
  let day = '';
  let salt = randomBytes(32);
  let seen = new Set<string>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let flushing: Promise<void> = Promise.resolve();

  function add(guidebookId: string, ownerId: string, reads: readonly RecordedRead[]): void {
    const entry = pending.get(guidebookId) ?? { ownerId, reads: [] };
    entry.ownerId = ownerId;
    entry.reads.push(...reads);
    pending.set(guidebookId, entry);
    pendingCount += reads.length;
    // Over the bound (an event store down for long): drop the oldest guidebook's oldest reads.
    while (pendingCount > maxPending) {
      const [oldestId, oldest] = pending.entries().next().value as [string, Pending];
      const drop = Math.min(oldest.reads.length, pendingCount - maxPending);
      oldest.reads.splice(0, drop);
      pendingCount -= drop;
      if (oldest.reads.length === 0) pending.delete(oldestId);
    }
  }

  async function flushNow(): Promise<void> {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    pendingCount = 0;
    await Promise.all(
      [...batch].map(async ([guidebookId, { ownerId, reads }]) => {
        for (let start = 0; start < reads.length; start += READS_PER_EVENT) {
          const slice = reads.slice(start, start + READS_PER_EVENT);
          const data: GuidebookReadsRecorded['data'] = { guidebookId, ownerId, reads: slice };
          try {
            await eventStore.appendToStream(
              readingStream(guidebookId),
              [{ id: newId(), type: 'GuidebookReadsRecorded', data, metadata: { userId: 'system', role: 'system' } }],
              { expectedRevision: 'any' },
            );
          } catch (error) {
            add(guidebookId, ownerId, reads.slice(start));
            onError?.(error, guidebookId);
            return;
          }
        }
      }),
    );
  }

  const flush = () => (flushing = flushing.then(flushNow));

  return {
    record({ guidebookId, ownerId }, beacon, newReader) {
      const at = now().getTime();
      let markedNew = !newReader;
      const reads: RecordedRead[] = [];
      for (const read of beacon.reads) {
        const readAt = Date.parse(read.at);
        // Reads from the future (a wrong clock) count now; reads older than a week are dropped.
        if (at - readAt > MAX_READ_AGE_MS) continue;
        const when = readAt > at ? new Date(at).toISOString() : new Date(readAt).toISOString();
        if (read.kind === 'open') {
          reads.push({ ...read, at: when, newReader: !markedNew });
          markedNew = true;
        } else {
          reads.push({ ...read, at: when, ms: Math.min(read.ms, MAX_TIME_ON_PAGE_MS) });
        }
      }
      if (reads.length > 0) add(guidebookId, ownerId, reads);
      return reads.length;
    },
    isNewReader(guidebookId, address, userAgent) {
      const today = koreanDay(now());
      if (today !== day) {
        // A new day: yesterday's salt and readers are forgotten for good.
        day = today;
        salt = randomBytes(32);
        seen = new Set();
      }
      const hash = createHash('sha256').update(salt).update(`${guidebookId}\n${address}\n${userAgent}`).digest('base64url').slice(0, 16);
      if (seen.has(hash) || seen.size >= maxReadersPerDay) return false;
      seen.add(hash);
      return true;
    },
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },
    pendingReads: () => pendingCount,
  };
}
