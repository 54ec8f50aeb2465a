import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { startStandalone } from '@pocketguide/standalone/app';
import { BENCH_ADMIN, benchDir, loadTest, signInAdmin, type SuiteResult } from '../support.ts';

/**
 * Read-by-id through query-api over HTTP, beside a bare express handler returning a constant JSON document of the
 * same size, both measured in this run by autocannon from a second process.
 */
export async function readByIdSuite(seconds = 5, connections = 16): Promise<SuiteResult> {
  const app = await startStandalone({
    port: 0,
    dataDir: benchDir('read-by-id'),
    env: { LOG_LEVEL: 'warn', ...BENCH_ADMIN },
  });
  const bare = express();
  let server: ReturnType<typeof bare.listen> | undefined;
  try {
    // The measured read is the editor's document (GET /guidebooks/:id), which only its owner may read: every
    // request carries the token, as the editor's do, so the figure includes verifying it.
    const { token, headers } = await signInAdmin(app.url);
    const created = await fetch(`${app.url}/api/guidebooks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: '서울 2박 3일 미식 여행' }),
    });
    const { _id, position } = (await created.json()) as { _id: string; position: number };
    const url = `${app.url}/api/guidebooks/${_id}`;
    const auth = { authorization: `Bearer ${token}` };
    const first = await fetch(`${url}?after=${position}`, { headers: auth });
    if (first.status !== 200) throw new Error(`GET ${url} answered ${first.status}`);
    const document = await first.text();

    bare.get('/doc', (_req, res) => {
      res.json(JSON.parse(document) as unknown);
    });
    server = bare.listen(0);
    await once(server, 'listening');
    const bareUrl = `http://localhost:${(server.address() as AddressInfo).port}/doc`;

    await loadTest(bareUrl, 1, connections); // warm-up both
    await loadTest(url, 1, connections, auth);
    const baseline = await loadTest(bareUrl, seconds, connections);
    const measured = await loadTest(url, seconds, connections, auth);
    if (measured.non2xx > 0 || measured.errors > 0)
      throw new Error(`read-by-id had ${measured.non2xx} non-2xx and ${measured.errors} errors`);
    const base = { name: 'bare express, constant JSON of the same size', value: baseline.requestsPerSecond };
    return {
      suite: 'read by id over HTTP (query-api)',
      figures: [
        { name: 'bare express requests/s', value: baseline.requestsPerSecond, unit: 'req/s' },
        {
          name: 'query-api requests/s',
          value: measured.requestsPerSecond,
          unit: 'req/s',
          baseline: base,
          ratio: measured.requestsPerSecond / baseline.requestsPerSecond,
          aim: '>= 0.7',
        },
        {
          name: 'query-api latency p50',
          value: measured.latencyP50Ms,
          unit: 'ms',
          baseline: { name: 'bare p50', value: baseline.latencyP50Ms },
        },
        {
          name: 'query-api latency p99',
          value: measured.latencyP99Ms,
          unit: 'ms',
          baseline: { name: 'bare p99', value: baseline.latencyP99Ms },
        },
        { name: 'document size', value: Buffer.byteLength(document), unit: 'bytes' },
      ],
    };
  } finally {
    server?.close();
    await app.close();
  }
}
