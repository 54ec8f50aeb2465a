import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  basic,
  bearer,
  startWithAdmin,
  type SignedIn,
  type StartedWithAdmin,
} from './testing/accounts.ts';

/**
 * Limits that parallel requests must not slip past (issue: hardening): an attempt is counted before the password
 * is checked, every path that checks a share password shares one limit, and failures from elsewhere never lock an
 * owner out of their own address. The product trusts X-Forwarded-For from loopback here, to play many addresses.
 */

let product: StartedWithAdmin;
let owner: SignedIn;
let reader: SignedIn;
let guidebook: { _id: string; uuid: string };

async function command(path: string, who: SignedIn, method: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${product.baseUrl}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...bearer(who.token) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status >= 300)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

const from = (address: string) => ({ 'x-forwarded-for': address });

beforeAll(async () => {
  product = await startWithAdmin('security-limits', {
    env: { TRUST_PROXY: 'loopback', BEACONS_PER_ADDRESS_PER_MINUTE: '5' },
  });
  [owner, reader] = await Promise.all([product.newUser('limits-owner'), product.newUser('limits-reader')]);
  await command('/subscriptions/admin/subscribe', product.admin, 'POST', { customerUid: owner.user.id });
  const created = await command('/guidebooks', owner, 'POST', { title: '비밀 여행' });
  guidebook = { _id: String(created._id), uuid: String(created.uuid) };
  await command(`/guidebooks/${guidebook._id}/publish`, owner, 'PUT');
  const set = await command(`/guidebooks/${guidebook._id}/password`, owner, 'PUT', { password: '4821' });
  await fetch(`${product.baseUrl}/api/viewer/${guidebook.uuid}?after=${String(set.position)}`);
  await fetch(`${product.baseUrl}/api/guidebooks/${guidebook._id}?mode=preview&after=${String(set.position)}`, {
    headers: bearer(reader.token),
  });
});
afterAll(() => product?.app.close());

describe('share passwords', () => {
  it('50 parallel wrong guesses on the preview read: at most the limit is tried, the rest are refused with 429', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${product.baseUrl}/api/guidebooks/${guidebook._id}?mode=preview`, {
          headers: { ...bearer(reader.token), ...from('203.0.113.7'), 'x-guidebook-password': String(1000 + i) },
        }),
      ),
    );
    const statuses = guesses.map((response) => response.status);
    expect(statuses.filter((status) => status === 403).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(40);
    expect(statuses.every((status) => status === 403 || status === 429)).toBe(true);
  });

  it('the viewer’s unlock shares that limit: the same address is refused there too, even with the right password', async () => {
    const unlock = await fetch(`${product.baseUrl}/api/viewer/${guidebook.uuid}/unlock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from('203.0.113.7') },
      body: JSON.stringify({ password: '4821' }),
    });
    expect(unlock.status).toBe(429);
    expect(Number(unlock.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('another address still opens it with the right password, on either path', async () => {
    const unlock = await fetch(`${product.baseUrl}/api/viewer/${guidebook.uuid}/unlock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from('198.51.100.20') },
      body: JSON.stringify({ password: '4821' }),
    });
    expect(unlock.status).toBe(200);
    const preview = await fetch(`${product.baseUrl}/api/guidebooks/${guidebook._id}?mode=preview`, {
      headers: { ...bearer(reader.token), ...from('198.51.100.21'), 'x-guidebook-password': '4821' },
    });
    expect(preview.status).toBe(200);
  });
});

describe('sign-in', () => {
  const login = (password: string, address: string) =>
    fetch(`${product.baseUrl}/api/auth`, {
      method: 'POST',
      headers: { authorization: basic(owner.user.email, password), ...from(address) },
    });

  it('50 parallel wrong passwords from one address: at most 10 are tried, the rest refused with 429', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(`Wrong${i}!pass`, '203.0.113.50')));
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(40);
  });

  it('110 wrong logins from other addresses do not lock the owner out of their own', async () => {
    for (let i = 0; i < 110; i++) {
      const answer = await login('Wrong!pass1', `198.18.${Math.floor(i / 9)}.${i % 9}`);
      expect([401, 429]).toContain(answer.status);
    }
    const mine = await login(TEST_PASSWORD, '192.0.2.1');
    expect(mine.status).toBe(201);
  });
});

describe("readers' beacons", () => {
  it('are counted per reader address behind a trusted proxy, as every other limit (the beacon intake runs before express)', async () => {
    const beacon = (address: string) =>
      fetch(`${product.baseUrl}/api/reading`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...from(address) },
        body: JSON.stringify({
          uuid: guidebook.uuid,
          reads: [
            {
              kind: 'open',
              page: 'cover',
              at: new Date().toISOString(),
              source: 'qr',
              device: 'phone',
              offline: false,
              first: true,
            },
          ],
        }),
      });
    const statuses: number[] = [];
    for (let sent = 0; sent < 6; sent++) statuses.push((await beacon('203.0.113.50')).status);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
    expect((await beacon('203.0.113.51')).status).toBe(204);
  });
});
