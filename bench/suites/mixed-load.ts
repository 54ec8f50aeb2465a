import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { startStandalone } from '@pocketguide/standalone/app';
import { BENCH_ADMIN, benchDir, root, signInAdmin, type Figure, type SuiteResult } from '../support.ts';
import type { GroupResult, MixedPlan } from '../mixed-load.ts';

const READ_P99_AIM_MS = 100;
const READERS_PAGES = 10;
const AUTHORS = 8;

/**
 * Readers, authors and administrators at once on one standalone process (issue: hardening): readers open
 * published guidebooks at /m/{uuid} (80 % of requests), authors save their guidebooks whole (15 %),
 * administrators list users (5 %). The total rate steps up (50, 100, 200, … req/s) for `seconds` each until the
 * readers' p99 passes 100 ms or requests fail; the figures are the curve (rate asked → read p99, save p99, rate
 * served) and the highest rate held. Load comes from a second process (bench/mixed-load.ts); thumbnails are off.
 */
export async function mixedLoadSuite(seconds = 5): Promise<SuiteResult> {
  const app = await startStandalone({
    port: 0,
    dataDir: benchDir('mixed-load'),
    // the per-person write quota would stop the authors long before the server does: it is measured separately
    env: { LOG_LEVEL: 'warn', CHROMIUM_PATH: '/nonexistent/chromium', GUIDEBOOK_WRITES_PER_MINUTE: '1000000', ...BENCH_ADMIN },
  });
  try {
    const admin = await signInAdmin(app.url);
    const readerPaths: string[] = [];
    for (let n = 0; n < READERS_PAGES; n++) {
      const created = await fetch(`${app.url}/api/guidebooks`, { method: 'POST', headers: admin.headers, body: JSON.stringify({ source: 'sample' }) });
      const { _id, uuid } = (await created.json()) as { _id: string; uuid: string };
      const published = await fetch(`${app.url}/api/guidebooks/${_id}/publish`, { method: 'PUT', headers: admin.headers });
      if (published.status !== 200) throw new Error(`publish answered ${published.status}`);
      readerPaths.push(`/m/${uuid}`);
    }
    // authors: the administrator's own guidebooks made from the sample (a save needs no subscription)
    const authors: MixedPlan['authors'] = [];
    for (let n = 0; n < AUTHORS; n++) {
      const created = await fetch(`${app.url}/api/guidebooks`, { method: 'POST', headers: admin.headers, body: JSON.stringify({ source: 'sample' }) });
      const { _id, revision } = (await created.json()) as { _id: string; revision: number };
      authors.push({ token: admin.token, guidebookId: _id, revision: revision ?? 0 });
    }
    for (const path of readerPaths) {
      const page = await fetch(`${app.url}${path}`);
      if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}`);
    }

    const dir = benchDir('mixed-load-plans');
    const curve: Array<{ rate: number; readers: GroupResult; authors: GroupResult; admins: GroupResult }> = [];
    let held = 0;
    for (let rate = 50; rate <= 3200; rate *= 2) {
      const plan: MixedPlan = { baseUrl: app.url, rate, seconds, readerPaths, authors, adminToken: admin.token };
      const planFile = resolve(dir, `plan-${rate}.json`);
      writeFileSync(planFile, JSON.stringify(plan));
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', resolve(root, 'bench/mixed-load.ts'), planFile], {
        cwd: root,
        maxBuffer: 10 * 1024 * 1024,
      });
      const step = { rate, ...(JSON.parse(stdout) as { readers: GroupResult; authors: GroupResult; admins: GroupResult }) };
      curve.push(step);
      console.error(
        `  mixed ${rate} req/s: reads p99 ${step.readers.latencyP99Ms} ms (${Math.round(step.readers.requestsPerSecond)}/s), saves p99 ${step.authors.latencyP99Ms} ms (${Math.round(step.authors.requestsPerSecond)}/s, ${step.authors.non2xx} non-2xx), lists p99 ${step.admins.latencyP99Ms} ms`,
      );
      const failed = [step.readers, step.authors, step.admins].some((group) => group.errors > 0 || group.non2xx > 0);
      if (failed || step.readers.latencyP99Ms >= READ_P99_AIM_MS) break;
      held = rate;
    }

    const figures: Figure[] = [{ name: 'highest total rate held with read p99 < 100 ms', value: held, unit: 'req/s', aim: 'reported' }];
    for (const step of curve) {
      const served = step.readers.requestsPerSecond + step.authors.requestsPerSecond + step.admins.requestsPerSecond;
      figures.push(
        { name: `@${step.rate} req/s: read p99`, value: step.readers.latencyP99Ms, unit: 'ms', aim: `< ${READ_P99_AIM_MS}` },
        { name: `@${step.rate} req/s: save p99`, value: step.authors.latencyP99Ms, unit: 'ms' },
        { name: `@${step.rate} req/s: admin list p99`, value: step.admins.latencyP99Ms, unit: 'ms' },
        { name: `@${step.rate} req/s: served`, value: served, unit: 'req/s' },
      );
    }
    return { suite: 'mixed load: readers on /m/, authors saving, admins listing (one process)', figures };
  } finally {
    await app.close();
  }
}
