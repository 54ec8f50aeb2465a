import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import { historyDays, scaleRates, SMALL_HISTORY_RATES } from '@pocketguide/projections/dashboard/dashboard-history';
import { benchDir, root, type SuiteResult } from '../support.ts';

/**
 * `projections:rebuild --all` over a log of `total` events, run as the CLI itself (a child process), its peak RSS
 * sampled from /proc and its progress lines passed on. The log is a made-up history of accounts, subscriptions,
 * payments and guidebooks (dashboard-history.ts), with two edits of a living guidebook after each of its events (edits
 * are most of a real log), written straight into the SQLite event table (the append path would take longer than the
 * rebuild). Every one of the 14 read models is rebuilt in the one pass; a projector failing fails the bench.
 */
export async function rebuildSuite(total = Number(process.env.REBUILD_BENCH_EVENTS ?? 1_000_000)): Promise<SuiteResult> {
  const dir = benchDir('rebuild');
  const eventsPath = resolve(dir, 'events.sqlite');
  await createSqliteEventStore({ path: eventsPath }).close();

  const seeded = performance.now();
  const db = new Database(eventsPath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const insert = db.prepare('INSERT INTO events (id, stream_id, category, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const revisions = new Map<string, number>();
  const living: string[] = [];
  const livingIndex = new Map<string, number>();
  let written = 0;
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const write = (streamId: string, type: string, data: unknown, recordedAt: string) => {
    const revision = revisions.get(streamId) ?? 0;
    revisions.set(streamId, revision + 1);
    const metadata = { userId: 'system', role: 'system', commandId: `k${written}`, correlationId: `c${written}` };
    insert.run(crypto.randomUUID(), streamId, streamId.slice(0, streamId.indexOf('-')), revision, type, JSON.stringify(data), JSON.stringify(metadata), recordedAt);
    written += 1;
  };
  const days = historyDays({ seed: 42, from: new Date('2025-09-01T00:00:00+09:00'), days: 5_000, rates: scaleRates(SMALL_HISTORY_RATES, 250) });
  db.transaction(() => {
    for (const day of days) {
      for (const event of day) {
        if (written >= total) break;
        write(event.streamId, event.type, event.data, event.recordedAt);
        const guidebookId = typeof event.data.guidebookId === 'string' ? event.data.guidebookId : null;
        if (event.type === 'GuidebookCreated' && guidebookId) {
          livingIndex.set(guidebookId, living.length);
          living.push(guidebookId);
        } else if (event.type === 'GuidebookDeleted' && guidebookId) {
          // swap-remove: deleted guidebooks are edited no more
          const at = livingIndex.get(guidebookId);
          const last = living.pop();
          if (at !== undefined && last !== undefined && last !== guidebookId) {
            living[at] = last;
            livingIndex.set(last, at);
          }
          livingIndex.delete(guidebookId);
        }
        for (let k = 0; k < 2 && living.length > 0 && written < total; k += 1) {
          const id = living[Math.floor(random() * living.length)]!;
          const streamId = `guidebook-${id}`;
          const patches = [{ op: 'replace', path: ['title'], value: `Guide ${id} · ${written}` }];
          write(streamId, 'GuidebookEdited', { guidebookId: id, baseRevision: (revisions.get(streamId) ?? 1) - 1, patches, inversePatches: [], summary: [], kind: 'edit', editedAt: event.recordedAt }, event.recordedAt);
        }
      }
      if (written >= total) break;
    }
  })();
  db.close();
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
    suite: `rebuild --all (${written.toLocaleString('en')} events, 14 read models, SQLite; load ${loadBefore} → ${loadAfter})`,
    figures: [
      { name: 'replay rate (the CLI summary)', value: rate, unit: 'events/s', aim: '>= 20,000' },
      { name: 'whole CLI run, start to exit', value: seconds, unit: 's' },
      // clock ticks are 1/100 s on Linux; the last sample is at most 50 ms before the exit
      { name: 'events per CPU-second of the CLI (startup included; load-independent)', value: written / (cpuTicks / 100), unit: 'events/s' },
      { name: 'CPU time of the CLI (user + system)', value: cpuTicks / 100, unit: 's' },
      { name: 'peak RSS of the CLI process (VmHWM)', value: peakKb / 1024, unit: 'MB', aim: '< 600' },
    ],
  };
}
