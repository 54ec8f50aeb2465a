import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { skippedDir } from './engines.ts';

const scratch = resolve(import.meta.dirname, '../test-output/tmp');
// Every project runs this setup (each with its own module instance), so "once per run" is kept in marker files
// named after vitest's main process.
const startedMarker = resolve(scratch, `.run-${process.pid}`);
const reportedMarker = resolve(scratch, `.reported-${process.pid}`);

/** Whether another vitest run in this checkout is still going (its marker names a live process). */
function anotherRunAlive(): boolean {
  if (!existsSync(scratch)) return false;
  return readdirSync(scratch).some((name) => {
    const pid = /^\.run-(\d+)$/.exec(name)?.[1];
    if (!pid || Number(pid) === process.pid) return false;
    try {
      process.kill(Number(pid), 0);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Every run starts with an empty scratch folder for databases, outboxes and skip records, unless another run in
 * this checkout is still using it: then its files are left alone (each suite makes its own folders in it).
 */
export default function setup(): () => void {
  if (!existsSync(startedMarker)) {
    if (!anotherRunAlive()) rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    writeFileSync(startedMarker, '');
  }
  // Printed once for the whole run: which real-engine suites did not run, and why.
  return () => {
    if (existsSync(reportedMarker) || !existsSync(skippedDir)) return;
    writeFileSync(reportedMarker, '');
    const lines = readdirSync(skippedDir).map((file) => readFileSync(resolve(skippedDir, file), 'utf8').trim());
    if (lines.length === 0) return;
    console.log(
      `\nSkipped suites (${lines.length}), each for the reason given:\n${lines.map((l) => `  - ${l}`).join('\n')}\n`,
    );
  };
}
