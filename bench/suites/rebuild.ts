import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { allProjectors } from '@pocketguide/projections/registry';
import { historyLog, insertIntoSqliteLog } from '@pocketguide/projections/testing/history-log';
import { benchDir, root, type SuiteResult } from '../support.ts';

/**
 * `projections:rebuild --all` over a log of `total` events, run as the CLI itself (a child process), its peak RSS
 * sampled from /proc and its progress lines passed on. The log is a made-up history of accounts, subscriptions,
 * payments and guidebooks with two edits of a living guidebook after each of its events (edits are most of a real
 * log), written straight into the SQLite event table (projections/src/testing/history-log.ts). Every read model of
 * the registry is rebuilt (in worker threads, see projections/src/threaded-rebuild.ts); a projector failing fails the
 * bench. The CPU time is the whole process's, every thread's included.
 */
export async function rebuildSuite(
  total = Number(process.env.REBUILD_BENCH_EVENTS ?? 1_000_000),
): Promise<SuiteResult> {
  const dir = benchDir('rebuild');
  const eventsPath = resolve(dir, 'events.sqlite');

  const seeded = performance.now();
  const written = await insertIntoSqliteLog(eventsPath, historyLog({ total }));
  const seedSeconds = (performance.now() - seeded) / 1000;
  console.error(`rebuild bench: ${written.toLocaleString('en')} events seeded in ${seedSeconds.toFixed(1)} s`);

  const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'projections/src/cli/rebuild.ts', '--all'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dir, EVENTSTORE_URL: '', MONGO_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stderr.write(chunk);
  });
  let peakKb = 0;
  let cpuTicks = 0;
  const sample = () => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      // VmHWM: the process's own peak resident set, so nothing between two samples is missed
      const hwm = /VmHWM:\s+(\d+) kB/.exec(status);
      if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
      // utime + stime (fields 14 and 15): the CPU the CLI used, which a shared machine's load does not inflate
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      cpuTicks = Math.max(cpuTicks, Number(fields[11] ?? 0) + Number(fields[12] ?? 0));
    } catch {
      // the process has just ended
    }
  };
  const timer = setInterval(sample, 50);
  const code = await new Promise<number | null>((resolveExit) => child.on('exit', (exitCode) => resolveExit(exitCode)));
  clearInterval(timer);
  const seconds = (performance.now() - started) / 1000;
  const loadAfter = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  if (code !== 0) throw new Error(`projections:rebuild --all exited with ${String(code)}:\n${output.slice(-2000)}`);
  const summary = /^Rebuilt .*: ([\d,]+) events in ([\d.]+) s \(([\d,]+) events\/s\)$/m.exec(output);
  if (!summary) throw new Error(`projections:rebuild printed no summary:\n${output.slice(-2000)}`);
  const events = Number(summary[1]!.replaceAll(',', ''));
  if (events !== written) throw new Error(`the rebuild replayed ${events} events of ${written}`);
  const rate = Number(summary[3]!.replaceAll(',', ''));
  console.error(`rebuild bench: load average ${loadBefore} before, ${loadAfter} after`);

  return {
    suite: `rebuild --all (${written.toLocaleString('en')} events, ${allProjectors.length} read models, SQLite; load ${loadBefore} → ${loadAfter})`,
    figures: [
      { name: 'replay rate (the CLI summary)', value: rate, unit: 'events/s', aim: '>= 20,000' },
      { name: 'whole CLI run, start to exit', value: seconds, unit: 's' },
      // clock ticks are 1/100 s on Linux; the last sample is at most 50 ms before the exit
      {
        name: 'events per CPU-second of the CLI (startup included; load-independent)',
        value: written / (cpuTicks / 100),
        unit: 'events/s',
      },
      { name: 'CPU time of the CLI (user + system)', value: cpuTicks / 100, unit: 's' },
      { name: 'peak RSS of the CLI process (VmHWM)', value: peakKb / 1024, unit: 'MB', aim: '< 600' },
    ],
  };
}
