import { hash, randomBytes } from 'node:crypto';
import {
  MAX_READ_AGE_MS,
  MAX_TIME_ON_PAGE_MS,
  readingStream,
  type GuidebookReadsRecorded,
  type ReadingBeacon,
  type RecordedRead,
} from '@pocketguide/contracts';
import type { EventStore, NewEvent } from '@pocketguide/platform/event-store/event-store';

/**
 * Reader beacons in, `GuidebookReadsRecorded` out (issue 24), and nothing per beacon but a push onto a queue.
 *
 * The HTTP side (`beacon-intake.ts`) checks a beacon, decides its reads (`readsOf`: times clipped, the new-reader
 * mark) and hands them over with `accept`, which only queues them: a thousand beacons a second must not cost the
 * serving loop more than their HTTP. The batch is the unit of work: every `intervalMs`, or as soon as
 * `batchReads` reads wait, the queue is taken whole, each guidebook named (its public uuid → id and owner, kept
 * per read-model version; beacons for a guidebook readers cannot see are dropped here, silently), and every
 * guidebook's reads appended as `GuidebookReadsRecorded` events of at most `READS_PER_EVENT` reads on its
 * `reading-` stream. The appends are made in the same turn of the loop, so the embedded event store commits them
 * in one transaction (its group commit), up to `readsPerCommit` reads a transaction (a larger batch takes several,
 * the serving loop free between them). Durability is `relaxed`: a batch of counts does not wait for its own fsync;
 * the next durable commit of the log carries it to disk (event-store.ts).
 *
 * Nothing is lost while the process lives: `stop()` flushes what is queued (the server stops taking beacons first),
 * and a failed append is kept, its events with their ids, and tried again first at the next flush, so a retry of an
 * append that did land is recognised by the store, not doubled. Only past `maxPending` reads (an event store down for
 * long) are the oldest dropped, and counted: insights are counts, not money.
 *
 * Unique readers per day without tracking anyone: `isNewReader` hashes the guidebook's uuid, the address and the
 * User-Agent with a salt made at random for the current Korean day and kept only in memory; the set of today's
 * hashes and the salt are thrown away when the day changes. What is stored is one boolean on a read, never the
 * hash. Scaled out, each replica keeps its own day, so a reader served by two replicas can count twice.
 */
export type ReadingIngest = {
  /** A checked beacon's reads as they are stored: reads older than a week dropped, future ones moved to now, time clipped. */
  readsOf(beacon: ReadingBeacon, newReader: boolean): RecordedRead[];
  /** true the first time today this (guidebook, address, agent) is seen */
  isNewReader(uuid: string, address: string, userAgent: string): boolean;
  /** Queues reads for the guidebook of public uuid `uuid` until the next batch; false when the queue is full (dropped). */
  accept(uuid: string, reads: readonly RecordedRead[]): boolean;
  flush(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
  /** reads waiting for the next batch (queued, or kept from a failed append) */
  pendingReads(): number;
  stats(): ReadingIngestStats;
};

export type ReadingIngestStats = {
  /** reads accepted from beacons */
  accepted: number;
  /** reads appended to the log */
  stored: number;
  /** reads dropped: for a guidebook readers cannot see, or past `maxPending` */
  dropped: number;
  /** batches that appended something */
  batches: number;
};

/** What a beacon's uuid names: the guidebook and its owner, or null (unknown, unpublished, hidden owner). */
export type ReadingTargetOf = (uuid: string) => Promise<{ guidebookId: string; ownerId: string } | null>;

export type ReadingIngestDeps = {
  eventStore: Pick<EventStore, 'appendToStream'>;
  targetOf: ReadingTargetOf;
  now: () => Date;
  newId: () => string;
  intervalMs: number;
  /** a batch starts at once when this many reads wait (default 2 000) */
  batchReads?: number;
  /** reads appended in one commit at most; a larger batch is several commits, the loop free between them (default 1 000) */
  readsPerCommit?: number;
  onError?: (error: unknown, what: { guidebookId?: string; dropped?: number }) => void;
  /** reads kept in memory at most (default 200 000) */
  maxPending?: number;
  /** distinct readers remembered for today at most (default 1 000 000, about 60 MB); past it, none counts as new */
  maxReadersPerDay?: number;
};

export const READS_PER_EVENT = 500;

/** One event of a batch, ready to append (kept as it is when the append fails). */
type Prepared = {
  guidebookId: string;
  event: NewEvent<'GuidebookReadsRecorded', GuidebookReadsRecorded['data']>;
  reads: number;
};

/** The start of the Korean day after instant `at` (KST is UTC+9, no daylight saving). */
const nextKoreanMidnight = (at: number): number => {
  const day = 86_400_000;
  const shifted = at + 9 * 3600_000;
  return shifted - (shifted % day) + day - 9 * 3600_000;
};

export function createReadingIngest({
  eventStore,
  targetOf,
  now,
  newId,
  intervalMs,
  batchReads = 2_000,
  readsPerCommit = 1_000,
  onError,
  maxPending = 200_000,
  maxReadersPerDay = 1_000_000,
}: ReadingIngestDeps): ReadingIngest {
  // the queue: uuids and their reads, in arrival order
  let queue: Array<{ uuid: string; reads: readonly RecordedRead[] }> = [];
  let queuedReads = 0;
  // appends that failed, tried again first
  let retry: Prepared[] = [];
  let retryReads = 0;
  const counts: ReadingIngestStats = { accepted: 0, stored: 0, dropped: 0, batches: 0 };

  let dayEnds = 0;
  let salt = '';
  let seen = new Set<string>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let soon: ReturnType<typeof setImmediate> | undefined;
  let flushing: Promise<void> = Promise.resolve();

  function drop(reads: number): void {
    counts.dropped += reads;
    onError?.(new Error(`${reads} reads dropped: more than ${maxPending} waiting`), { dropped: reads });
  }

  async function flushNow(): Promise<void> {
    const taken = queue;
    queue = [];
    queuedReads = 0;
    const prepared = retry;
    retry = [];
    retryReads = 0;
    if (taken.length > 0) {
      // the reads per uuid, then per guidebook (a uuid is looked up once a batch)
      const byUuid = new Map<string, RecordedRead[]>();
      for (const { uuid, reads } of taken) {
        const list = byUuid.get(uuid);
        if (list) for (const read of reads) list.push(read);
        else byUuid.set(uuid, [...reads]);
      }
      const byGuidebook = new Map<string, { ownerId: string; reads: RecordedRead[] }>();
      for (const [uuid, reads] of byUuid) {
        let target: Awaited<ReturnType<ReadingTargetOf>>;
        try {
          target = await targetOf(uuid);
        } catch (error) {
          // the read store cannot say now: the reads wait for the next batch
          onError?.(error, {});
          queue.push({ uuid, reads });
          queuedReads += reads.length;
          continue;
        }
        if (!target) {
          counts.dropped += reads.length;
          continue;
        }
        const entry = byGuidebook.get(target.guidebookId);
        if (entry) for (const read of reads) entry.reads.push(read);
        else byGuidebook.set(target.guidebookId, { ownerId: target.ownerId, reads });
      }
      for (const [guidebookId, { ownerId, reads }] of byGuidebook) {
        for (let start = 0; start < reads.length; start += READS_PER_EVENT) {
          const slice = reads.slice(start, start + READS_PER_EVENT);
          const event: Prepared['event'] = {
            id: newId(),
            type: 'GuidebookReadsRecorded',
            data: { guidebookId, ownerId, reads: slice },
            metadata: { userId: 'system', role: 'system' },
          };
          prepared.push({ guidebookId, event, reads: slice.length });
        }
      }
    }
    if (prepared.length === 0) return;
    // The appends of up to `readsPerCommit` reads are made in one turn of the loop: one transaction where the store
    // group-commits (the embedded one), relaxed, so no fsync. A larger batch is several such commits with the loop
    // free between them: serialising and inserting a commit holds the serving thread, and a reader's page waiting
    // behind it is what must not move (at 1,000 beacons a second a batch of 250 ms is about one commit).
    let stored = 0;
    for (let start = 0; start < prepared.length;) {
      // the loop serves what waits before each further commit
      if (start > 0) await new Promise((next) => setImmediate(next));
      const chunk: Prepared[] = [];
      let reads = 0;
      while (start < prepared.length && (chunk.length === 0 || reads + prepared[start]!.reads <= readsPerCommit)) {
        reads += prepared[start]!.reads;
        chunk.push(prepared[start++]!);
      }
      const outcomes = await Promise.allSettled(
        chunk.map(({ guidebookId, event }) =>
          eventStore.appendToStream(readingStream(guidebookId), [event], {
            expectedRevision: 'any',
            durability: 'relaxed',
          }),
        ),
      );
      outcomes.forEach((outcome, index) => {
        const failed = chunk[index]!;
        if (outcome.status === 'fulfilled') {
          stored += failed.reads;
          return;
        }
        onError?.(outcome.reason, { guidebookId: failed.guidebookId });
        retry.push(failed);
        retryReads += failed.reads;
      });
    }
    counts.stored += stored;
    if (stored > 0) counts.batches += 1;
    // an event store down for long: the oldest kept appends go first
    while (retryReads + queuedReads > maxPending && retry.length > 0) {
      const oldest = retry.shift()!;
      retryReads -= oldest.reads;
      drop(oldest.reads);
    }
  }

  const flush = (): Promise<void> => {
    if (soon) clearImmediate(soon);
    soon = undefined;
    return (flushing = flushing.then(flushNow));
  };

  return {
    readsOf(beacon, newReader) {
      const at = now().getTime();
      let marked = !newReader;
      const reads: RecordedRead[] = [];
      for (const read of beacon.reads) {
        const readAt = Date.parse(read.at);
        // Reads from the future (a wrong clock) count now; reads older than a week are dropped.
        if (at - readAt > MAX_READ_AGE_MS) continue;
        // stored in one form, toISOString's: the viewer's own text when it is already that (24 characters, UTC)
        const when =
          readAt > at
            ? new Date(at).toISOString()
            : read.at.length === 24 && read.at.endsWith('Z')
              ? read.at
              : new Date(readAt).toISOString();
        if (read.kind === 'open') {
          reads.push({ ...read, at: when, newReader: !marked });
          marked = true;
        } else {
          reads.push({ ...read, at: when, ms: Math.min(read.ms, MAX_TIME_ON_PAGE_MS) });
        }
      }
      return reads;
    },
    isNewReader(uuid, address, userAgent) {
      const at = now().getTime();
      if (at >= dayEnds) {
        // A new day: yesterday's salt and readers are forgotten for good.
        dayEnds = nextKoreanMidnight(at);
        salt = randomBytes(32).toString('base64');
        seen = new Set();
      }
      const key = hash('sha256', `${salt}\n${uuid}\n${address}\n${userAgent}`, 'base64url').slice(0, 16);
      if (seen.has(key) || seen.size >= maxReadersPerDay) return false;
      seen.add(key);
      return true;
    },
    accept(uuid, reads) {
      if (reads.length === 0) return true;
      if (queuedReads + retryReads + reads.length > maxPending) {
        drop(reads.length);
        return false;
      }
      queue.push({ uuid, reads });
      queuedReads += reads.length;
      counts.accepted += reads.length;
      if (queuedReads >= batchReads && !soon) soon = setImmediate(() => void flush());
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
    pendingReads: () => queuedReads + retryReads,
    stats: () => ({ ...counts }),
  };
}
