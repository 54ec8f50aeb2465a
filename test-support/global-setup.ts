import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { skippedDir } from './engines.ts';

const scratch = resolve(import.meta.dirname, '../test-output/tmp');
// Every project runs this setup (each with its own module instance), so "once per run" is kept in marker files
// named after vitest's main process.
const startedMarker = resolve(scratch, `.run-${process.pid}`);
const reportedMarker = resolve(scratch, `.reported-${process.pid}`);

/** Every run starts with an empty scratch folder for databases, outboxes and skip records. */
export default function setup(): () => void {
  if (!existsSync(startedMarker)) {
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    writeFileSync(startedMarker, '');
  }
  // Printed once for the whole run: which real-engine suites did not run, and why.
  return () => {
    if (existsSync(reportedMarker) || !existsSync(skippedDir)) return;
    writeFileSync(reportedMarker, '');
    const lines = readdirSync(skippedDir).map((file) => readFileSync(resolve(skippedDir, file), 'utf8').trim());
    if (lines.length === 0) return;
    console.log(`\nSkipped suites (${lines.length}), each for the reason given:\n${lines.map((l) => `  - ${l}`).join('\n')}\n`);
  };
}
