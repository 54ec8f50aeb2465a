/**
 * `npm run bench [-- suite...]`: speed figures beside their baselines, measured in one run on this machine.
 * Prints a table and the JSON, and writes the JSON to test-output/bench/results.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { root, type SuiteResult } from './support.ts';
import { appendsSuite } from './suites/appends.ts';
import { editorSuite } from './suites/editor.ts';
import { guidebookSaveSuite } from './suites/guidebook-save.ts';
import { projectionCatchUpSuite } from './suites/projection-catch-up.ts';
import { readByIdSuite } from './suites/read-by-id.ts';
import { thumbnailsSuite } from './suites/thumbnails.ts';
import { viewerSuite } from './suites/viewer.ts';
import { gallerySuite } from './suites/gallery.ts';
import { appShellSuite } from './suites/app-shell.ts';
import { mixedLoadSuite } from './suites/mixed-load.ts';
import { dashboardSuite } from './suites/dashboard.ts';
import { eventExplorerSuite } from './suites/event-explorer.ts';
import { requestCostSuite } from './suites/request-cost.ts';
import { rebuildSuite } from './suites/rebuild.ts';
import { insightsSuite } from './suites/insights.ts';
import { readingCostSuite } from './suites/reading-cost.ts';

const suites: Record<string, () => Promise<SuiteResult>> = {
  appends: appendsSuite,
  'catch-up': () => projectionCatchUpSuite(),
  'read-by-id': () => readByIdSuite(),
  'guidebook-save': () => guidebookSaveSuite(),
  viewer: () => viewerSuite(),
  editor: () => editorSuite(),
  thumbnails: () => thumbnailsSuite(),
  gallery: () => gallerySuite(),
  'app-shell': () => appShellSuite(),
  'mixed-load': () => mixedLoadSuite(),
  dashboard: () => dashboardSuite(Number(process.env.DASHBOARD_BENCH_EVENTS ?? 1_000_000)),
  'event-explorer': () => eventExplorerSuite(),
  'request-cost': () => requestCostSuite(),
  rebuild: () => rebuildSuite(),
  insights: () => insightsSuite(Number(process.env.INSIGHTS_BENCH_EVENTS ?? 1_000_000)),
  'reading-cost': () => readingCostSuite(),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !(w in suites));
if (unknown.length > 0) {
  console.error(`Unknown suite(s): ${unknown.join(', ')}. Known: ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}

const results: SuiteResult[] = [];
for (const [name, run] of Object.entries(suites)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  console.error(`running ${name}…`);
  results.push(await run());
}

const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en') : n.toFixed(2));
const rows = results.flatMap((r) =>
  r.figures.map((f) => ({
    suite: r.suite,
    figure: f.name,
    value: `${fmt(f.value)} ${f.unit}`,
    baseline: f.baseline ? `${fmt(f.baseline.value)} (${f.baseline.name})` : '',
    ratio: f.ratio !== undefined ? f.ratio.toFixed(2) : '',
    aim: f.aim ?? '',
  })),
);
console.table(rows);
const report = {
  machine: { node: process.version, cpus: (await import('node:os')).cpus().length },
  at: new Date().toISOString(),
  results,
};
console.log(JSON.stringify(report, null, 2));
mkdirSync(resolve(root, 'test-output/bench'), { recursive: true });
writeFileSync(resolve(root, 'test-output/bench/results.json'), JSON.stringify(report, null, 2));
process.exit(0);
