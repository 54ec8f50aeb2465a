import { fork } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { startStandalone } from '@pocketguide/standalone/app';
import { BENCH_ADMIN, benchDir, percentile, publishedSample, root, signInAdmin, type SuiteResult } from '../support.ts';

/**
 * What it proves: the CPU time the serving process spends on one reader's page (`GET /m/{uuid}`, brotli) and on one
 * author's save (a PATCH changing the title, If-Match from the last answer), measured one request after another
 * with process.cpuUsage() on the HTTP process of `npm start`'s shape (projections and workers in a child, as
 * main.ts runs them, so their work is not counted here). CPU time is the figure a busy shared machine disturbs
 * least, so this is the A/B for the hot paths of issue 20 (the page cache, the kept folded state). Every read must
 * be the page (200, its size) and every save must answer a new revision, else the suite fails.
 */
export async function requestCostSuite(reads = 2000, saves = 400): Promise<SuiteResult> {
  const dir = benchDir('request-cost');
  const env = {
    LOG_LEVEL: 'warn',
    CHROMIUM_PATH: '/nonexistent/chromium',
    GUIDEBOOK_WRITES_PER_MINUTE: '100000000',
    ...BENCH_ADMIN,
  };
  const app = await startStandalone({ port: 0, dataDir: dir, env: { ...env, ROLES: 'command-api,query-api' } });
  const background = fork(resolve(root, 'deploy/standalone/src/background.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, DATA_DIR: dir, ROLES: 'projections,workers,relay' },
    stdio: 'inherit',
  });
  try {
    await once(background, 'message');
    const admin = await signInAdmin(app.url);
    const book = await publishedSample(app.url, admin);
    await fetch(`${app.url}/api/guidebooks/${book._id}?after=${book.position}`, { headers: admin.headers });
    const created = await fetch(`${app.url}/api/guidebooks`, {
      method: 'POST',
      headers: admin.headers,
      body: JSON.stringify({ source: 'sample' }),
    });
    const answer = (await created.json()) as { _id: string; revision: number };
    const authorBook = answer._id;
    let { revision } = answer;
    const url = new URL(`/m/${book.uuid}`, app.url);
    const get = () =>
      new Promise<number>((resolveRead, reject) => {
        request(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () =>
            res.statusCode === 200
              ? resolveRead(bytes)
              : reject(new Error(`GET ${url.pathname} answered ${res.statusCode}`)),
          );
        })
          .on('error', reject)
          .end();
      });
    for (let n = 0; n < 200; n++) await get();
    const readMs: number[] = [];
    let cpu = process.cpuUsage();
    for (let n = 0; n < reads; n++) {
      const start = performance.now();
      if ((await get()) < 1000) throw new Error('a reader got no page');
      readMs.push(performance.now() - start);
    }
    const readCpu = process.cpuUsage(cpu);
    const saveMs: number[] = [];
    cpu = process.cpuUsage();
    for (let n = 0; n < saves; n++) {
      const start = performance.now();
      const saved = await fetch(`${app.url}/api/guidebooks/${authorBook}`, {
        method: 'PATCH',
        headers: { ...admin.headers, 'if-match': String(revision) },
        body: JSON.stringify({ patches: [{ op: 'replace', path: ['title'], value: `비용 ${n}` }] }),
      });
      const answer = (await saved.json()) as { revision?: number };
      if (saved.status !== 200 || answer.revision !== revision + 1)
        throw new Error(`save ${n} answered ${saved.status} ${JSON.stringify(answer).slice(0, 200)}`);
      revision = answer.revision;
      saveMs.push(performance.now() - start);
    }
    const saveCpu = process.cpuUsage(cpu);
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    return {
      suite: 'CPU per request on the HTTP process (npm start shape)',
      figures: [
        {
          name: `reader's page /m/ (brotli), CPU per read (${reads} in a row)`,
          value: (readCpu.user + readCpu.system) / 1000 / reads,
          unit: 'ms',
        },
        {
          name: "reader's page, wall p50 / p99",
          value: percentile(sorted(readMs), 50),
          unit: `ms (p99 ${percentile(sorted(readMs), 99).toFixed(2)})`,
        },
        {
          name: `save (PATCH title), CPU per save (${saves} in a row)`,
          value: (saveCpu.user + saveCpu.system) / 1000 / saves,
          unit: 'ms',
        },
        {
          name: 'save, wall p50 / p99',
          value: percentile(sorted(saveMs), 50),
          unit: `ms (p99 ${percentile(sorted(saveMs), 99).toFixed(2)})`,
        },
      ],
    };
  } finally {
    await app.close();
    if (background.exitCode === null) {
      const exited = once(background, 'exit');
      background.kill('SIGTERM');
      await exited;
    }
  }
}
