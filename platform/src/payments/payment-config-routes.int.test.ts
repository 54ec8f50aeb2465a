import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, test } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { paymentConfigRoutes } from './payment-config-routes.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function get(env: NodeJS.ProcessEnv): Promise<{ status: number; body: unknown }> {
  server = express()
    .use('/api', paymentConfigRoutes(loadConfig(env)))
    .listen(0, '127.0.0.1');
  await new Promise((resolve) => server?.once('listening', resolve));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/config`);
  return { status: response.status, body: await response.json() };
}

describe('GET /api/payments/config', () => {
  test('DEBUG: the browser skips the window', async () => {
    expect(await get({})).toEqual({ status: 200, body: { provider: 'debug' } });
  });

  test('PortOne: the merchant code and channel, never the key or secret', async () => {
    const { status, body } = await get({
      PORTONE_API_KEY: 'key-123',
      PORTONE_API_SECRET: 'very-secret-value',
      PORTONE_IMP_CODE: 'imp12345678',
      PORTONE_CHANNEL_KEY: 'ch-1',
    });
    expect(status).toBe(200);
    expect(body).toEqual({ provider: 'portone', impCode: 'imp12345678', channelKey: 'ch-1' });
    expect(JSON.stringify(body)).not.toMatch(/key-123|very-secret/);
  });
});
