import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { shrinkToThreadTime } from './lighthouse-cpu.ts';

type Event = {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An artifacts folder holding only a trace: the renderer's main thread (1:10) and another thread (1:20). */
function artifactsWith(events: Event[]): { from: string; to: string } {
  const dir = mkdtempSync(join(tmpdir(), 'lighthouse-cpu-test-'));
  dirs.push(dir);
  const from = join(dir, 'run');
  const to = join(dir, 'run-cpu');
  const meta: Event[] = [
    { ph: 'M', name: 'thread_name', pid: 1, tid: 10, ts: 0, args: { name: 'CrRendererMain' } },
    { ph: 'M', name: 'thread_name', pid: 1, tid: 20, ts: 0, args: { name: 'Compositor' } },
  ];
  // the folder Lighthouse's gather mode writes: artifacts.json beside defaultPass.trace.json
  mkdirSync(from);
  writeFileSync(join(from, 'artifacts.json'), '{}');
  writeFileSync(join(from, 'defaultPass.trace.json'), JSON.stringify({ traceEvents: [...meta, ...events] }));
  return { from, to };
}

const traceOf = (dir: string) =>
  (JSON.parse(readFileSync(join(dir, 'defaultPass.trace.json'), 'utf8')) as { traceEvents: Event[] }).traceEvents;

describe('shrinkToThreadTime', () => {
  it('shrinks a main-thread task and what runs inside it to the CPU time it had, and leaves other threads alone', () => {
    const { from, to } = artifactsWith([
      { ph: 'X', name: 'RunTask', pid: 1, tid: 10, ts: 1_000, dur: 400, tdur: 100 },
      { ph: 'X', name: 'EvaluateScript', pid: 1, tid: 10, ts: 1_200, dur: 200 },
      { ph: 'X', name: 'RunTask', pid: 1, tid: 20, ts: 1_000, dur: 400, tdur: 100 },
    ]);
    const waitingMs = shrinkToThreadTime(from, to);
    expect(waitingMs).toBeCloseTo(0.3);
    const [task, child, other] = traceOf(to).filter((event) => event.ph === 'X');
    expect(task).toMatchObject({ ts: 1_000, dur: 100 });
    expect(child).toMatchObject({ ts: 1_050, dur: 50 });
    expect(other).toMatchObject({ ts: 1_000, dur: 400 });
    // the run's own artifacts are untouched
    expect(traceOf(from).find((event) => event.name === 'RunTask')?.dur).toBe(400);
  });

  it('never stretches a task whose CPU time exceeds its wall time', () => {
    const { from, to } = artifactsWith([{ ph: 'X', name: 'RunTask', pid: 1, tid: 10, ts: 0, dur: 100, tdur: 150 }]);
    expect(shrinkToThreadTime(from, to)).toBe(0);
    expect(traceOf(to).find((event) => event.name === 'RunTask')?.dur).toBe(100);
  });
});
