import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtWebDist } from '../../../test-support/browser.ts';
import { bearer, startWithAdmin, type StartedWithAdmin } from './testing/accounts.ts';
import { appendedSince } from './testing/log.ts';

/**
 * Bad input is the client's fault, never a 500 (issue: hardening): bad percent-encoding and lone surrogates in
 * route parameters, a missing asset, absurd page numbers, lone surrogates in JSON bodies. Each answer is a 4xx
 * problem detail and appends nothing.
 */

let product: StartedWithAdmin;
const webDist = builtWebDist();

beforeAll(async () => {
  product = await startWithAdmin('bad-input', existsSync(resolve(webDist, 'index.html')) ? { webDist } : {});
});
afterAll(() => product?.app.close());

async function clientError(path: string, init: RequestInit = {}): Promise<number> {
  const before = await product.app.eventStore.headPosition();
  const response = await fetch(`${product.baseUrl}${path}`, { ...init, headers: { ...bearer(product.admin.token), ...(init.headers as Record<string, string> | undefined) } });
  expect(response.status, `${init.method ?? 'GET'} ${path}`).toBeGreaterThanOrEqual(400);
  expect(response.status, `${init.method ?? 'GET'} ${path}`).toBeLessThan(500);
  expect(response.headers.get('content-type') ?? '', path).toContain('application/problem+json');
  expect(await appendedSince(product.app.eventStore, before)).toEqual([]);
  return response.status;
}

describe('bad input gets a 4xx, never a 500', () => {
  it.each([
    '/api/guidebooks/%ff',
    '/api/guidebooks/%ED%A0%80',
    '/api/users/%ff',
    '/api/viewer/%ff',
    '/api/messages/%ff',
    '/api/admin/messages/%E0%A4%A',
    '/m/%ff',
    '/media/%ff',
  ])('a route parameter that is not valid percent-encoding: %s', async (path) => {
    await clientError(path);
  });

  it.skipIf(!existsSync(resolve(webDist, 'index.html')))('a missing asset is a 404', async () => {
    expect(await clientError('/assets/no-such-file.js')).toBe(404);
    await clientError('/assets/%ff');
  });

  it.each(['/api/guidebooks?page=1e15', '/api/users?page=1e15', '/api/admin/guidebooks?page=1e15', '/api/guidebooks/public-gallery?page=1e15', '/api/admin/messages?page=1e15', '/api/messages?page=1e15', '/api/admin/feedback?page=1e15', '/api/guidebooks?page=NaN'])(
    'a page number past any list: %s',
    async (path) => {
      expect(await clientError(path)).toBe(400);
    },
  );

  it('writes with bad ids or lone surrogates in the body', async () => {
    await clientError('/api/guidebooks/%ff/publish', { method: 'PUT' });
    await clientError('/api/icons/%ED%A0%80', { method: 'DELETE' });
    const json = { 'content-type': 'application/json' };
    expect(await clientError('/api/guidebooks', { method: 'POST', headers: json, body: '{"title":"\\ud800"}' })).toBe(400);
    expect(await clientError('/api/admin/messages', { method: 'POST', headers: json, body: '{"title":"a","message":"\\udc00b","messageDate":"2026-11-30"}' })).toBe(400);
    expect(await clientError('/api/feedback', { method: 'POST', headers: json, body: '{"\\ud800":1}' })).toBe(400);
  });

  it('bodies nested deeper than 200 levels, anonymous or signed in, with or without an Idempotency-Key', async () => {
    const json = { 'content-type': 'application/json' };
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const deepObject = `${'{"a":'.repeat(300)}1${'}'.repeat(300)}`;
    expect(await clientError('/api/users/verify/a%40b.kr', { method: 'POST', headers: { ...json, 'idempotency-key': 'deep-1' }, body: deep })).toBe(400);
    expect(await clientError('/api/feedback', { method: 'POST', headers: json, body: deepObject })).toBe(400);
    expect(await clientError('/api/guidebooks', { method: 'POST', headers: json, body: `{"title":"x","contents":${deep}}` })).toBe(400);
  });
});
