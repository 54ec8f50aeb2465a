import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import express from 'express';
import lighthouse from 'lighthouse';
import { startStandalone } from '@pocketguide/standalone/app';
import { viewerAssetPaths } from '@pocketguide/query-api/viewer/viewer-assets';
import { chromiumPath } from '../../test-support/browser.ts';
import { benchDir, loadTest, percentile, root, type Figure, type SuiteResult } from '../support.ts';

/**
 * The readers' viewer with the published sample guidebook:
 * - `GET /api/viewer/{uuid}` requests/s and latency beside a bare express handler answering a constant JSON of the
 *   same size, both loaded by autocannon from a second process in this run (aim: at least 0.7 of the bare one);
 * - the JavaScript a reader downloads (the viewer entry and what it imports), gzipped (aim: under 80 KB), and a
 *   check that none of the web app's own chunks (router, query cache, i18next, editor) is among it;
 * - Lighthouse 12, mobile preset with its default simulated throttling, on `/m/{uuid}` in the system Chromium:
 *   performance score and LCP (aims: 95 and under 1.5 s), the median of `runs`.
 */
export async function viewerSuite(seconds = 5, connections = 16, runs = 3): Promise<SuiteResult> {
  const webDist = resolve(root, 'web/dist');
  if (!existsSync(resolve(webDist, 'viewer.html'))) throw new Error('web/dist/viewer.html is missing: run `npm run build -w @pocketguide/web` first');
  const admin = { ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'Bench1!pass' };
  const app = await startStandalone({ port: 0, dataDir: benchDir('viewer'), webDist, env: { LOG_LEVEL: 'warn', ...admin } });
  const bare = express();
  let server: ReturnType<typeof bare.listen> | undefined;
  try {
    const signedIn = await fetch(`${app.url}/api/auth`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${admin.ADMIN_EMAIL}:${admin.ADMIN_PASSWORD}`).toString('base64')}` },
    });
    const { token } = (await signedIn.json()) as { token: string };
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const created = await fetch(`${app.url}/api/guidebooks`, { method: 'POST', headers, body: JSON.stringify({ source: 'sample' }) });
    const { _id, uuid } = (await created.json()) as { _id: string; uuid: string };
    const published = await fetch(`${app.url}/api/guidebooks/${_id}/publish`, { method: 'PUT', headers });
    const { position } = (await published.json()) as { position: number };
    const apiUrl = `${app.url}/api/viewer/${uuid}`;
    const document = await (await fetch(`${apiUrl}?after=${position}`)).text();

    // ---- the viewer API beside a bare handler
    bare.get('/doc', (_req, res) => {
      res.json(JSON.parse(document) as unknown);
    });
    server = bare.listen(0);
    await once(server, 'listening');
    const bareUrl = `http://localhost:${(server.address() as AddressInfo).port}/doc`;
    await loadTest(bareUrl, 1, connections);
    await loadTest(apiUrl, 1, connections);
    const baseline = await loadTest(bareUrl, seconds, connections);
    const measured = await loadTest(apiUrl, seconds, connections);
    if (measured.non2xx > 0 || measured.errors > 0) throw new Error(`viewer API had ${measured.non2xx} non-2xx and ${measured.errors} errors`);

    // ---- what a reader's browser downloads: the viewer's script and every chunk it loads (the fonts' included)
    const loaded = [...viewerAssetPaths(webDist)].filter((path) => path.endsWith('.js'));
    const jsGzip = loaded.reduce((sum, script) => sum + gzipSync(readFileSync(resolve(webDist, `.${script}`))).length, 0);
    // None of the app's own chunks (Vite's small preload helper is shared by design), and none of its libraries:
    // fingerprints of React, react-router, TanStack Query, i18next, zod and Slate.
    const indexHtml = readFileSync(resolve(webDist, 'index.html'), 'utf8');
    const appChunks = new Set([...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]));
    const shared = loaded.filter((script) => appChunks.has(script) && !/\/assets\/preload-helper-/.test(script));
    const scriptText = loaded.map((script) => readFileSync(resolve(webDist, `.${script}`), 'utf8')).join('\n');
    const foreign = ['react.transitional.element', '__reactRouter', 'QueryClient', 'i18next', 'ZodError', 'slate'].filter((marker) => scriptText.includes(marker));
    // fetch() would decompress; the bytes on the wire are what a phone waits for.
    const pageBytes = await new Promise<number>((done, fail) => {
      get(`${app.url}/m/${uuid}`, { headers: { 'accept-encoding': 'br' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => done(bytes));
      }).on('error', fail);
    });

    // ---- Lighthouse, mobile
    const scores: number[] = [];
    const lcps: number[] = [];
    for (let run = 0; run < runs; run++) {
      const chrome = await chromeLauncher.launch({
        chromePath: chromiumPath(),
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      });
      try {
        const result = await lighthouse(`${app.url}/m/${uuid}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        if (!result) throw new Error('Lighthouse gave no result');
        scores.push(Math.round((result.lhr.categories.performance?.score ?? 0) * 100));
        lcps.push(result.lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
      } finally {
        chrome.kill();
      }
    }
    const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

    const base = { name: 'bare express, constant JSON of the same size', value: baseline.requestsPerSecond };
    const figures: Figure[] = [
      { name: 'bare express requests/s', value: baseline.requestsPerSecond, unit: 'req/s' },
      { name: 'viewer API requests/s', value: measured.requestsPerSecond, unit: 'req/s', baseline: base, ratio: measured.requestsPerSecond / baseline.requestsPerSecond, aim: '>= 0.7' },
      { name: 'viewer API latency p50', value: measured.latencyP50Ms, unit: 'ms', baseline: { name: 'bare p50', value: baseline.latencyP50Ms } },
      { name: 'viewer API latency p99', value: measured.latencyP99Ms, unit: 'ms', baseline: { name: 'bare p99', value: baseline.latencyP99Ms } },
      { name: 'viewer document size', value: Buffer.byteLength(document), unit: 'bytes' },
      { name: 'viewer JavaScript, gzipped', value: jsGzip / 1024, unit: 'KB', aim: '< 80' },
      { name: 'web app chunks or libraries in the viewer', value: shared.length + foreign.length, unit: foreign.concat(shared).join(', ') || 'none', aim: '0' },
      { name: 'first response of /m/{uuid} on the wire (brotli; styles and guidebook inlined)', value: pageBytes / 1024, unit: 'KB' },
      { name: `Lighthouse mobile performance (median of ${runs})`, value: median(scores), unit: `score (runs: ${scores.join(', ')})`, aim: '>= 95' },
      { name: `Lighthouse mobile LCP (median of ${runs})`, value: median(lcps) / 1000, unit: `s (runs: ${lcps.map((lcp) => (lcp / 1000).toFixed(2)).join(', ')})`, aim: '< 1.5' },
    ];
    return { suite: 'readers’ viewer (sample guidebook)', figures };
  } finally {
    server?.close();
    await app.close();
  }
}
