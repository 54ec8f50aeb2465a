/**
 * What held the serving process's event loop, and when (the mixed-load bench's `MIXED_LOAD_TRACE=1`, issue 24): the
 * loop's stalls (a 2 ms interval timer that fires late), garbage-collection pauses (kind and duration), every
 * event-store commit made on this thread (sqliteCommitChannel: duration, relaxed or durable, and whether the WAL
 * was reset, i.e. checkpointed, since the commit before), and how long each watched process waited for a core
 * (`/proc/<pid>/schedstat`'s run-queue time, sampled every 20 ms). All times are ms since the epoch, from
 * `performance.timeOrigin`, so the load generator's reads (bench/mixed-load.ts, `TracedRead`) line up with them.
 *
 * `lineUp` then takes the slow reads of a step and says what overlapped each: the figures that attribute a p99.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { constants, performance, PerformanceObserver } from 'node:perf_hooks';
import type { SqliteCommitTrace } from '@pocketguide/platform/event-store/sqlite-event-store';
import type { TracedRead } from './mixed-load.ts';

export type Span = { at: number; ms: number };
export type TraceRecord = {
  /** the loop late by more than STALL_MS: [at, at + ms] is when it could not run a callback */
  stalls: Span[];
  gc: Array<Span & { kind: string }>;
  /** walCheckpointed: the WAL was started over at the next commit, so a checkpoint completed in or after this one */
  commits: Array<Span & { appends: number; relaxed: boolean; walCheckpointed: boolean }>;
  /** per watched process: run-queue waits per sample window (only windows that waited) */
  waits: Record<string, Span[]>;
  /** per watched process: total run-queue wait and CPU time over the trace, ms */
  totals: Record<string, { waitMs: number; runMs: number }>;
};

const STALL_MS = 4;
const TICK_MS = 2;
const SAMPLE_MS = 20;
const epoch = (now: number) => performance.timeOrigin + now;
const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

/** run-queue wait and run time so far of a process's main thread, ns (Linux schedstat) */
function schedstat(pid: number): { run: number; wait: number } | null {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { run: run!, wait: wait! };
  } catch {
    return null; // the process has ended
  }
}

/** The WAL's checkpoint sequence number (header bytes 12–15): it moves when a checkpointed WAL is started over. */
function walSequence(walPath: string): number | null {
  let fd: number | undefined;
  try {
    fd = openSync(walPath, 'r');
    const header = Buffer.alloc(16);
    if (readSync(fd, header, 0, 16, 0) < 16) return null;
    return header.readUInt32BE(12);
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function startServerTrace(processes: () => Record<string, number | undefined>) {
  const record: TraceRecord = { stalls: [], gc: [], commits: [], waits: {}, totals: {} };
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    const late = now - last - TICK_MS;
    if (late > STALL_MS) record.stalls.push({ at: epoch(last + TICK_MS), ms: late });
    last = now;
  }, TICK_MS);
  const previous = new Map<string, { run: number; wait: number; at: number }>();
  const sample = () => {
    const now = performance.now();
    for (const [name, pid] of Object.entries(processes())) {
      if (pid === undefined) continue;
      const stat = schedstat(pid);
      if (!stat) continue;
      const before = previous.get(name);
      previous.set(name, { ...stat, at: now });
      if (!before) continue;
      const totals = (record.totals[name] ??= { waitMs: 0, runMs: 0 });
      const waitMs = (stat.wait - before.wait) / 1e6;
      totals.waitMs += waitMs;
      totals.runMs += (stat.run - before.run) / 1e6;
      if (waitMs > 0) (record.waits[name] ??= []).push({ at: epoch(before.at), ms: waitMs });
    }
  };
  sample();
  const sampler = setInterval(sample, SAMPLE_MS);
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      record.gc.push({ at: epoch(entry.startTime), ms: entry.duration, kind: GC_KINDS[kind ?? -1] ?? String(kind) });
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  let sequence: number | null | undefined;
  const onCommit = (message: unknown) => {
    const commit = message as SqliteCommitTrace;
    const now = walSequence(`${commit.path}-wal`);
    const previousCommit = record.commits[record.commits.length - 1];
    // a WAL started over: the commit before it checkpointed, unless the checkpoint thread does that
    if (previousCommit && commit.checkpoints === 'in-commit' && sequence !== undefined && now !== sequence)
      previousCommit.walCheckpointed = true;
    sequence = now;
    record.commits.push({
      at: epoch(commit.startedAt),
      ms: commit.ms,
      appends: commit.appends,
      relaxed: commit.relaxed,
      walCheckpointed: false,
    });
  };
  subscribe('pocketguide:sqlite-event-store:commit', onCommit);
  return {
    stop(): TraceRecord {
      sample();
      clearInterval(ticker);
      clearInterval(sampler);
      gc.disconnect();
      unsubscribe('pocketguide:sqlite-event-store:commit', onCommit);
      return record;
    },
  };
}

const overlap = (span: Span, from: number, to: number) =>
  Math.max(0, Math.min(span.at + span.ms, to) - Math.max(span.at, from));

/**
 * The slowest reads of a step (at or above the `percentile`th latency) lined up with the trace: for each, the
 * longest loop stall inside its wait and what overlapped that stall (a GC pause, a commit), the GC and commit time
 * inside its wait, how long the server's main thread waited for a core in it, and how late the generator sent it.
 */
export function lineUp(reads: readonly TracedRead[], trace: TraceRecord, percentile = 98) {
  const sorted = [...reads].sort((a, b) => a.latencyMs - b.latencyMs);
  const threshold = sorted[Math.min(sorted.length - 1, Math.floor((percentile / 100) * sorted.length))]?.latencyMs ?? 0;
  const slow = reads.filter((read) => read.latencyMs >= threshold);
  const causes = { gc: 0, relaxedCommit: 0, durableCommit: 0, walCheckpoint: 0, coreWait: 0, generator: 0, other: 0 };
  for (const read of slow) {
    const from = read.dueAt;
    const to = read.dueAt + read.latencyMs;
    const stall = trace.stalls.filter((span) => overlap(span, from, to) > 0).sort((a, b) => b.ms - a.ms)[0];
    const serverWait = (trace.waits.server ?? []).reduce((sum, span) => sum + overlap(span, from, to), 0);
    if (read.sendLagMs > read.latencyMs / 2) causes.generator++;
    else if (!stall) causes[serverWait > read.latencyMs / 4 ? 'coreWait' : 'other']++;
    else {
      const gcIn = trace.gc.find((span) => overlap(span, stall.at, stall.at + stall.ms) > stall.ms / 4);
      const commitIn = trace.commits.find((span) => overlap(span, stall.at, stall.at + stall.ms) > stall.ms / 4);
      if (commitIn?.walCheckpointed) causes.walCheckpoint++;
      else if (commitIn) causes[commitIn.relaxed ? 'relaxedCommit' : 'durableCommit']++;
      else if (gcIn) causes.gc++;
      else if (serverWait > stall.ms / 2) causes.coreWait++;
      else causes.other++;
    }
  }
  const sum = (spans: readonly Span[]) => spans.reduce((total, span) => total + span.ms, 0);
  const longest = [...trace.stalls].sort((a, b) => b.ms - a.ms).slice(0, 5);
  return {
    threshold,
    slow: slow.length,
    causes,
    stalls: {
      count: trace.stalls.length,
      over10: trace.stalls.filter((s) => s.ms >= 10).length,
      ms: sum(trace.stalls),
    },
    gc: Object.fromEntries(
      [...new Set(trace.gc.map((span) => span.kind))].map((kind) => {
        const spans = trace.gc.filter((span) => span.kind === kind);
        return [kind, { count: spans.length, ms: sum(spans), max: Math.max(...spans.map((span) => span.ms)) }];
      }),
    ),
    commits: ['relaxed', 'durable'].map((kind) => {
      const spans = trace.commits.filter((span) => span.relaxed === (kind === 'relaxed'));
      return { kind, count: spans.length, ms: sum(spans), max: Math.max(0, ...spans.map((span) => span.ms)) };
    }),
    walCheckpoints: trace.commits.filter((span) => span.walCheckpointed).length,
    coreWaits: trace.totals,
    longestStalls: longest.map((stall) => ({
      ms: stall.ms,
      gc: trace.gc
        .filter((span) => overlap(span, stall.at, stall.at + stall.ms) > 0)
        .map((span) => `${span.kind} ${span.ms.toFixed(1)}`),
      commits: trace.commits
        .filter((span) => overlap(span, stall.at, stall.at + stall.ms) > 0)
        .map(
          (span) =>
            `${span.relaxed ? 'relaxed' : 'durable'}${span.walCheckpointed ? ' (checkpointed)' : ''} ${span.ms.toFixed(1)}`,
        ),
      serverCoreWait: (trace.waits.server ?? []).reduce(
        (total, span) => total + overlap(span, stall.at, stall.at + stall.ms),
        0,
      ),
    })),
  };
}
