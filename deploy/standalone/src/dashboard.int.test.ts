import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceOf } from '@pocketguide/contracts/payment/plans';
import type { DashboardSummary } from '@pocketguide/contracts/dashboard/dashboard-summary';
import { reportingDay } from '@pocketguide/projections/dashboard/dashboard-docs';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';

/** GET /api/admin/dashboard: administrators only; live from the read model, or replayed as of a day. */

let product: StartedWithAdmin;
let member: SignedIn;
let position = 0;

const json = (token: string) => ({ ...bearer(token), 'content-type': 'application/json' });

beforeAll(async () => {
  product = await startWithAdmin('dashboard');
  member = await product.newUser('dash-member');
  await product.newUser('dash-free');
  const subscribed = await fetch(`${product.baseUrl}/api/subscriptions/admin/subscribe`, {
    method: 'POST',
    headers: json(product.admin.token),
    body: JSON.stringify({ customerUid: member.user.id, plan: 'pro' }),
  });
  expect(subscribed.status).toBe(200);
  const created = await fetch(`${product.baseUrl}/api/guidebooks`, { method: 'POST', headers: json(member.token), body: JSON.stringify({ source: 'sample' }) });
  expect(created.status).toBe(201);
  const { _id } = (await created.json()) as { _id: string };
  const published = await fetch(`${product.baseUrl}/api/guidebooks/${_id}/publish`, { method: 'PUT', headers: json(member.token) });
  expect(published.status).toBe(200);
  position = ((await published.json()) as { position: number }).position;
}, 60_000);
afterAll(() => product?.app.close());

const get = (path: string, token?: string) => fetch(`${product.baseUrl}${path}`, { headers: token ? bearer(token) : {} });

describe('GET /api/admin/dashboard', () => {
  it('answers administrators with the figures of the product as it is', async () => {
    const response = await get(`/api/admin/dashboard?after=${position}`, product.admin.token);
    expect(response.status).toBe(200);
    const summary = (await response.json()) as DashboardSummary;
    expect(summary).toMatchObject({
      replayed: false,
      today: reportingDay(new Date()),
      usersTotal: 3,
      usersToday: 3,
      paidUsers: 1,
      conversionRate: 33.3,
      guidebooksTotal: 1,
      guidebooksToday: 1,
      publishedGuidebooks: 1,
      publicGalleryGuidebooks: 0,
      publishedRate: 100,
      mrr: priceOf('pro', new Date()),
    });
    expect(summary.plans).toMatchObject({ free: 2, pro: 1 });
    expect(summary.usersTrend).toHaveLength(12);
    expect(summary.usersTrend.at(-1)).toEqual({ month: summary.month, paidUsers: 1 });
    expect(summary.guidebooksTrend.at(-1)).toEqual({ month: summary.month, total: 1 });
    expect(summary.paymentsTrend.every((point) => point.amount === 0)).toBe(true);
  });

  it('refuses people who are not administrators (403) and anonymous callers (401)', async () => {
    const asMember = await get('/api/admin/dashboard', member.token);
    expect(asMember.status).toBe(403);
    expect(asMember.headers.get('content-type')).toContain('application/problem+json');
    expect((await get('/api/admin/dashboard')).status).toBe(401);
    expect((await get(`/api/admin/dashboard?asOf=${reportingDay(new Date())}`, member.token)).status).toBe(403);
  });

  it('?asOf replays the log: today gives the same figures, yesterday had nothing yet', async () => {
    const live = (await (await get(`/api/admin/dashboard?after=${position}`, product.admin.token)).json()) as DashboardSummary;
    const today = await get(`/api/admin/dashboard?asOf=${reportingDay(new Date())}`, product.admin.token);
    expect(today.status).toBe(200);
    const replayed = (await today.json()) as DashboardSummary;
    expect(replayed.replayed).toBe(true);
    expect({ ...replayed, asOf: '', replayed: false }).toEqual({ ...live, asOf: '' });

    const yesterday = reportingDay(new Date(Date.now() - 86_400_000));
    const before = (await (await get(`/api/admin/dashboard?asOf=${yesterday}`, product.admin.token)).json()) as DashboardSummary;
    expect(before).toMatchObject({ replayed: true, today: yesterday, usersTotal: 0, paidUsers: 0, guidebooksTotal: 0, paymentsTotal: 0, mrr: 0 });
  });

  it('?asOf must be a calendar day, not after today', async () => {
    for (const asOf of ['2026-02-31', 'yesterday', '2026-1-01', reportingDay(new Date(Date.now() + 2 * 86_400_000))]) {
      const response = await get(`/api/admin/dashboard?asOf=${encodeURIComponent(asOf)}`, product.admin.token);
      expect(response.status, asOf).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('validation_failed');
    }
  });
});
