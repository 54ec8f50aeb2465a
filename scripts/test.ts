/**
 * `npm test`: the test suite in stages, each a separate vitest run, so that the browser journeys never share the
 * machine's cores with anything but their Chromium and the product they drive.
 *
 *   1. unit + web   pure code and components (parallel)
 *   2. int          real SQLite files, PostgreSQL, HTTP servers, spawned processes
 *   3. e2e          browser journeys, alone and last
 *
 * The web app is built beside the unit stage (only the int and e2e stages serve it). Each stage names its worker
 * count: vitest's default on a 2-core machine is one worker (cores minus one), which leaves a core idle while the
 * unit and int stages wait on imports, processes and databases. Every stage runs even when an earlier one failed,
 * so one log shows every failure. Each stage writes its vitest JSON report; the reports are merged into
 * `test-output/vitest-report.json`, and the run ends with the ten slowest test files and one closing line
 * `tests: N passed, N failed, N skipped`.
 *
 * Arguments after `--` go to every stage (file filters, `-t <name>`); `TEST_STAGES=unit,int` runs only the named
 * stages. The exit code is 0 only when every stage passed and at least one test ran.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { mergeReports, slowestFiles, type Report } from './test-report.ts';
import { e2eWorkers } from './test-workers.ts';

const root = resolve(import.meta.dirname, '..');
const output = resolve(root, 'test-output');

interface Stage {
  name: string;
  projects: string[];
  /** vitest's worker count for the stage (vitest's own default on 2 cores is one: cores minus one) */
  workers: number;
}

const stages: Stage[] = [
  // pure code and jsdom: CPU-bound, one worker per core
  { name: 'unit', projects: ['unit', 'web'], workers: 2 },
  // real stores, servers and spawned processes: much of a file's time is spent waiting on them
  { name: 'int', projects: ['int'], workers: 2 },
  // two journeys at a time on a machine with two cores or more (E2E_WORKERS overrides): each file has its own
  // product, data folder, port and Chromium, so they share nothing, and a journey spends much of its time waiting
  // on its product, its Chromium or a timer of the app (the auto-save's 3 s), time the other journey uses
  { name: 'e2e', projects: ['e2e'], workers: e2eWorkers(process.env.E2E_WORKERS, availableParallelism()) },
];

function selectedStages(): Stage[] {
  const wanted = process.env.TEST_STAGES?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!wanted || wanted.length === 0) return stages;
  const unknown = wanted.filter((name) => !stages.some((stage) => stage.name === name));
  if (unknown.length > 0)
    throw new Error(
      `TEST_STAGES names unknown stage(s) ${unknown.join(', ')}; known: ${stages.map((s) => s.name).join(', ')}`,
    );
  return stages.filter((stage) => wanted.includes(stage.name));
}

/** Runs a command to its end; `quiet` keeps its output and hands it back instead of printing it. */
function run(command: string, args: string[], quiet = false): Promise<{ code: number; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', fail);
    // a stage killed by a signal counts as failed
    child.once('close', (code) => done({ code: code ?? 1, output }));
  });
}

async function main(): Promise<number> {
  const passThrough = process.argv.slice(2);
  const chosen = selectedStages();
  mkdirSync(output, { recursive: true });

  const started = Date.now();
  // The web build (which only the int and e2e stages serve) runs beside the unit stage: the build is mostly one
  // core's work, so on 2 cores it costs the unit stage little and the run its whole length. Its output is printed
  // once it ends, not interleaved with the unit stage's.
  let web: Promise<boolean> | undefined;
  if (chosen.some((stage) => stage.name !== 'unit')) {
    console.log('\n== build web (beside the first stage; its output follows when it ends)');
    web = run('npm', ['run', 'build:web'], true).then(({ code, output }) => {
      console.log(
        `\n== build web: ${code === 0 ? 'done' : `failed (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(0)} s\n${output}`,
      );
      return code === 0;
    });
  }

  const reports: Report[] = [];
  const timings: string[] = [];
  let failedStages = 0;
  for (const stage of chosen) {
    if (stage.name !== 'unit' && web && !(await web)) {
      failedStages++;
      console.error(`building the web app failed; stage ${stage.name} did not run`);
      continue;
    }
    const file = resolve(output, `vitest-${stage.name}.json`);
    rmSync(file, { force: true });
    console.log(
      `\n== stage ${stage.name} (${stage.projects.join(' + ')}, ${stage.workers} worker${stage.workers === 1 ? '' : 's'})`,
    );
    const stageStarted = Date.now();
    const { code } = await run('npx', [
      'vitest',
      'run',
      ...stage.projects.flatMap((project) => ['--project', project]),
      `--maxWorkers=${stage.workers}`,
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
      ...passThrough,
    ]);
    timings.push(`${stage.name}: ${((Date.now() - stageStarted) / 1000).toFixed(0)} s`);
    if (existsSync(file)) reports.push(JSON.parse(readFileSync(file, 'utf8')) as Report);
    if (code !== 0) {
      failedStages++;
      console.error(`stage ${stage.name} failed (exit ${code})`);
    }
  }

  const merged = mergeReports(reports);
  writeFileSync(resolve(output, 'vitest-report.json'), JSON.stringify(merged));
  console.log('\nTen slowest test files:');
  for (const line of slowestFiles(merged, 10, root)) console.log(line);
  console.log(`\nstages: ${timings.join(', ')}; total ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const skipped = merged.numPendingTests + merged.numTodoTests;
  console.log(`tests: ${merged.numPassedTests} passed, ${merged.numFailedTests} failed, ${skipped} skipped`);
  if (merged.numTotalTests === 0) {
    console.error('no test ran');
    return 1;
  }
  return failedStages > 0 || merged.numFailedTests > 0 ? 1 : 0;
}

process.exitCode = await main();
