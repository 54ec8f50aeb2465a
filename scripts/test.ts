/**
 * `npm test`: the test suite in stages, each a separate vitest run, so that the browser journeys never share the
 * machine's cores with anything but their Chromium and the product they drive.
 *
 *   1. unit + web   pure code and components (parallel)
 *   2. int          real SQLite files, PostgreSQL, HTTP servers, spawned processes
 *   3. e2e          browser journeys, alone and last
 *
 * The web app is built first (the int and e2e stages serve it). Every stage runs even when an earlier one failed,
 * so one log shows every failure. Each stage writes its vitest JSON report; the reports are merged into
 * `test-output/vitest-report.json`, and the run ends with the ten slowest test files and one closing line
 * `tests: N passed, N failed, N skipped`.
 *
 * Arguments after `--` go to every stage (file filters, `-t <name>`); `TEST_STAGES=unit,int` runs only the named
 * stages. The exit code is 0 only when every stage passed and at least one test ran.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { mergeReports, slowestFiles, type Report } from './test-report.ts';

const root = resolve(import.meta.dirname, '..');
const output = resolve(root, 'test-output');

interface Stage {
  name: string;
  projects: string[];
}

const stages: Stage[] = [
  { name: 'unit', projects: ['unit', 'web'] },
  { name: 'int', projects: ['int'] },
  { name: 'e2e', projects: ['e2e'] },
];

function selectedStages(): Stage[] {
  const wanted = process.env.TEST_STAGES?.split(',').map((s) => s.trim()).filter(Boolean);
  if (!wanted || wanted.length === 0) return stages;
  const unknown = wanted.filter((name) => !stages.some((stage) => stage.name === name));
  if (unknown.length > 0) throw new Error(`TEST_STAGES names unknown stage(s) ${unknown.join(', ')}; known: ${stages.map((s) => s.name).join(', ')}`);
  return stages.filter((stage) => wanted.includes(stage.name));
}

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.error) throw result.error;
  // a stage killed by a signal counts as failed
  return result.status ?? 1;
}

function main(): number {
  const passThrough = process.argv.slice(2);
  const chosen = selectedStages();
  mkdirSync(output, { recursive: true });

  const started = Date.now();
  if (chosen.some((stage) => stage.name !== 'unit')) {
    console.log('\n== build web');
    if (run('npm', ['run', 'build:web']) !== 0) {
      console.error('building the web app failed; no test stage ran');
      return 1;
    }
  }

  const reports: Report[] = [];
  const timings: string[] = [];
  let failedStages = 0;
  for (const stage of chosen) {
    const file = resolve(output, `vitest-${stage.name}.json`);
    rmSync(file, { force: true });
    console.log(`\n== stage ${stage.name} (${stage.projects.join(' + ')})`);
    const stageStarted = Date.now();
    const code = run('npx', [
      'vitest', 'run',
      ...stage.projects.flatMap((project) => ['--project', project]),
      '--passWithNoTests',
      '--reporter=default', '--reporter=json', `--outputFile.json=${file}`,
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

process.exitCode = main();
