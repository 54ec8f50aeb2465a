import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { skippedDir } from './engines.ts';

// Every project inherits this setup; it must act once per run (module state is shared in vitest's main process).
let started = false;
let reported = false;

/** Every run starts with an empty scratch folder for databases, outboxes and skip records. */
export default function setup(): () => void {
  if (!started) {
    started = true;
    const scratch = resolve(import.meta.dirname, '../test-output/tmp');
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
  }
  // Printed once for the whole run: which real-engine suites did not run, and why.
  return () => {
    if (reported || !existsSync(skippedDir)) return;
    reported = true;
    const lines = readdirSync(skippedDir).map((file) => readFileSync(resolve(skippedDir, file), 'utf8').trim());
    if (lines.length === 0) return;
    console.log(`\nSkipped suites (${lines.length}), each for the reason given:\n${lines.map((l) => `  - ${l}`).join('\n')}\n`);
  };
}
