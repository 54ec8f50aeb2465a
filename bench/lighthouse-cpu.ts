import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';

/**
 * Lighthouse's mobile score as this run's main-thread CPU time gives it (issue 20): on a shared, loaded machine a
 * page's tasks take many times their CPU time on the clock (the thread waits for a core), and Lighthouse's simulated
 * 4x CPU multiplies that waiting too. This takes the run's saved artifacts, shrinks each task of the page's main
 * thread to the CPU time its thread spent on it (the trace's `tdur`, its children in proportion), and audits them
 * again with the same settings: the same page, the same network, only the waiting left out. The network simulation
 * and the observed speed index (from the run's screenshots) are the run's own, so a loaded machine still weighs on
 * them. A figure beside the measured one, not instead of it.
 */
export type NormalizedRun = { score: number; lcp: number; cls: number; tbt: number; waitingMs: number };

type TraceEvent = {
  ph?: string;
  name?: string;
  pid?: number;
  tid?: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};

/** Copies the artifacts in `from` to `to` with the renderer main threads' tasks shrunk to their thread time. */
export function shrinkToThreadTime(from: string, to: string): number {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  const traceFile = readdirSync(to).find((file) => file.endsWith('.trace.json'));
  if (!traceFile) throw new Error(`no trace among the artifacts in ${from}`);
  const trace = JSON.parse(readFileSync(join(to, traceFile), 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (!mainThreads.has(key) || event.ph === 'M') continue;
    const list = byThread.get(key) ?? [];
    list.push(event);
    byThread.set(key, list);
  }
  let waiting = 0;
  for (const list of byThread.values()) {
    const tasks = list
      .filter(
        (e) =>
          e.ph === 'X' &&
          (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
          (e.dur ?? 0) > 0 &&
          e.tdur !== undefined,
      )
      .sort((a, b) => a.ts - b.ts);
    const top: Array<{ start: number; end: number; k: number }> = [];
    for (const task of tasks) {
      const last = top.at(-1);
      if (!last || task.ts >= last.end)
        top.push({
          start: task.ts,
          end: task.ts + (task.dur ?? 0),
          k: Math.min(1, (task.tdur ?? 0) / (task.dur ?? 1)),
        });
    }
    for (const event of list) {
      let low = 0;
      let high = top.length - 1;
      let found = -1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        if (top[middle]!.start <= event.ts) {
          found = middle;
          low = middle + 1;
        } else high = middle - 1;
      }
      const task = found >= 0 ? top[found]! : undefined;
      if (!task || event.ts > task.end) continue;
      event.ts = task.start + (event.ts - task.start) * task.k;
      if (event.dur !== undefined) event.dur *= task.k;
    }
    for (const task of top) waiting += (task.end - task.start) * (1 - task.k);
  }
  writeFileSync(join(to, traceFile), JSON.stringify(trace));
  return waiting / 1000;
}

/** Audits the artifacts a run saved in `artifacts` (gatherMode) again, its tasks shrunk to their CPU time. */
export async function normalizedAudit(artifacts: string, settings: Record<string, unknown>): Promise<NormalizedRun> {
  const shrunk = `${artifacts}-cpu`;
  try {
    const waitingMs = shrinkToThreadTime(artifacts, shrunk);
    const result = await lighthouse(undefined, {
      ...settings,
      auditMode: shrunk,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error('Lighthouse gave no result for the saved artifacts');
    const audit = (id: string) => result.lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
      lcp: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbt: audit('total-blocking-time'),
      waitingMs,
    };
  } finally {
    rmSync(shrunk, { recursive: true, force: true });
  }
}
