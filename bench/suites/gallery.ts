import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { startStandalone } from '@pocketguide/standalone/app';
import { BENCH_ADMIN, benchDir, loadTest, signInAdmin, type SuiteResult } from '../support.ts';

/**
 * The public gallery's first page (GET /api/guidebooks/public-gallery?page=1&limit=20, anonymous, 60 guidebooks in
 * the gallery) beside a bare express handler answering the same JSON, both measured in this run by autocannon from
 * a second process. Thumbnails are not drawn meanwhile (no Chromium for this process), so only the read is measured.
 * What it proves: how close the gallery read comes to answering stored JSON with nothing else to do.
 */
export async function gallerySuite(seconds = 5, connections = 16): Promise<SuiteResult> {
  const app = await startStandalone({
    port: 0,
    dataDir: benchDir('gallery'),
    // the setup makes 180 writes (create, publish, show) as one person in seconds; the per-person quota (120 a
    // minute, sized for an editor) is configured for that, as an operator would for an import
    env: {
      LOG_LEVEL: 'warn',
      CHROMIUM_PATH: '/nonexistent/chromium',
      GUIDEBOOK_WRITES_PER_MINUTE: '1000',
      ...BENCH_ADMIN,
    },
  });
  const bare = express();
  let server: ReturnType<typeof bare.listen> | undefined;
  try {
    const { headers } = await signInAdmin(app.url);
    let position = 0;
    for (let n = 1; n <= 60; n += 1) {
      const answer = await fetch(`${app.url}/api/guidebooks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: `갤러리 여행 ${n}` }),
      });
      if (answer.status !== 201)
        throw new Error(`creating guidebook ${n} answered ${answer.status}: ${await answer.text()}`);
      const created = (await answer.json()) as { _id: string };
      const published = await fetch(`${app.url}/api/guidebooks/${created._id}/publish`, { method: 'PUT', headers });
      if (published.status !== 200)
        throw new Error(`publishing guidebook ${n} answered ${published.status}: ${await published.text()}`);
      const shown = await fetch(`${app.url}/api/guidebooks/${created._id}/public-gallery`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ isPublicGallery: true }),
      });
      if (shown.status !== 200)
        throw new Error(`showing guidebook ${n} in the gallery answered ${shown.status}: ${await shown.text()}`);
      position = ((await shown.json()) as { position: number }).position;
    }
    const url = `${app.url}/api/guidebooks/public-gallery?page=1&limit=20`;
    const first = await fetch(`${url}&after=${position}`);
    if (first.status !== 200) throw new Error(`GET ${url} answered ${first.status}`);
    const page = await first.text();
    if ((JSON.parse(page) as { totalCount: number }).totalCount !== 60)
      throw new Error('the gallery does not hold the 60 guidebooks');

    bare.get('/gallery', (_req, res) => {
      res.json(JSON.parse(page) as unknown);
    });
    server = bare.listen(0);
    await once(server, 'listening');
    const bareUrl = `http://localhost:${(server.address() as AddressInfo).port}/gallery`;

    await loadTest(bareUrl, 1, connections);
    await loadTest(url, 1, connections);
    const baseline = await loadTest(bareUrl, seconds, connections);
    const measured = await loadTest(url, seconds, connections);
    if (measured.total === 0 || baseline.total === 0)
      throw new Error('the gallery load answered no request: a figure that did no work');
    if (measured.non2xx > 0 || measured.errors > 0)
      throw new Error(`gallery had ${measured.non2xx} non-2xx and ${measured.errors} errors`);
    const base = { name: 'bare express, the same JSON', value: baseline.requestsPerSecond };
    return {
      suite: 'public gallery page over HTTP (query-api)',
      figures: [
        { name: 'bare express requests/s', value: baseline.requestsPerSecond, unit: 'req/s' },
        {
          name: 'gallery page requests/s',
          value: measured.requestsPerSecond,
          unit: 'req/s',
          baseline: base,
          ratio: measured.requestsPerSecond / baseline.requestsPerSecond,
          aim: '>= 0.7',
        },
        {
          name: 'gallery latency p50',
          value: measured.latencyP50Ms,
          unit: 'ms',
          baseline: { name: 'bare p50', value: baseline.latencyP50Ms },
        },
        {
          name: 'gallery latency p99',
          value: measured.latencyP99Ms,
          unit: 'ms',
          baseline: { name: 'bare p99', value: baseline.latencyP99Ms },
        },
        { name: 'page size', value: Buffer.byteLength(page), unit: 'bytes' },
      ],
    };
  } finally {
    server?.close();
    await app.close();
  }
}
