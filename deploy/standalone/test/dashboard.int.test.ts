import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceOf } from '@pocketguide/contracts/payment/plans';
import {
  DASHBOARD_LINKS,
  DASHBOARD_PLANS,
  dashboardLinkSearch,
  dashboardPlanLink,
  type DashboardLink,
  type DashboardSummary,
} from '@pocketguide/contracts/dashboard/dashboard-summary';
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
  const hidden = await product.newUser('dash-hidden');
  const gone = await product.newUser('dash-gone');
  const subscribed = await fetch(`${product.baseUrl}/api/subscriptions/admin/subscribe`, {
    method: 'POST',
    headers: json(product.admin.token),
    body: JSON.stringify({ customerUid: member.user.id, plan: 'pro' }),
  });
  expect(subscribed.status).toBe(200);
  const created = await fetch(`${product.baseUrl}/api/guidebooks`, {
    method: 'POST',
    headers: json(member.token),
    body: JSON.stringify({ source: 'sample' }),
  });
  expect(created.status).toBe(201);
  const { _id } = (await created.json()) as { _id: string };
  const published = await fetch(`${product.baseUrl}/api/guidebooks/${_id}/publish`, {
    method: 'PUT',
    headers: json(member.token),
  });
  expect(published.status).toBe(200);
  const gallery = await fetch(`${product.baseUrl}/api/guidebooks/${_id}/public-gallery`, {
    method: 'PATCH',
    headers: json(product.admin.token),
    body: JSON.stringify({ isPublicGallery: true }),
  });
  expect(gallery.status).toBe(200);
  // a guidebook made and deleted today, an account hidden and one deleted: "today" and the totals must agree with the lists
  const second = await fetch(`${product.baseUrl}/api/guidebooks`, {
    method: 'POST',
    headers: json(member.token),
    body: JSON.stringify({ source: 'sample' }),
  });
  const secondId = ((await second.json()) as { _id: string })._id;
  expect(
    (await fetch(`${product.baseUrl}/api/guidebooks/${secondId}`, { method: 'DELETE', headers: json(member.token) }))
      .status,
  ).toBe(200);
  const third = await fetch(`${product.baseUrl}/api/guidebooks`, {
    method: 'POST',
    headers: json(member.token),
    body: JSON.stringify({ source: 'sample' }),
  });
  expect(third.status).toBe(201);
  const hide = await fetch(`${product.baseUrl}/api/users/${hidden.user.id}`, {
    method: 'PATCH',
    headers: json(product.admin.token),
    body: JSON.stringify({ isHidden: true }),
  });
  expect(hide.status).toBe(200);
  const deleted = await fetch(`${product.baseUrl}/api/users/${gone.user.id}`, {
    method: 'DELETE',
    headers: bearer(product.admin.token),
  });
  expect(deleted.status).toBe(200);
  position = ((await deleted.json()) as { position: number }).position;
}, 60_000);
afterAll(() => product?.app.close());

const get = (path: string, token?: string) =>
  fetch(`${product.baseUrl}${path}`, { headers: token ? bearer(token) : {} });

describe('GET /api/admin/dashboard', () => {
  it('answers administrators with the figures of the product as it is', async () => {
    const response = await get(`/api/admin/dashboard?after=${position}`, product.admin.token);
    expect(response.status).toBe(200);
    const summary = (await response.json()) as DashboardSummary;
    // the administrator is not a member; the deleted account and the deleted guidebook are gone from today too
    expect(summary).toMatchObject({
      replayed: false,
      today: reportingDay(new Date()),
      usersTotal: 3,
      usersToday: 3,
      paidUsers: 1,
      conversionRate: 33.3,
      hiddenUsers: 1,
      guidebooksTotal: 2,
      guidebooksToday: 2,
      publishedGuidebooks: 1,
      publicGalleryGuidebooks: 1,
      publishedRate: 50,
      mrr: priceOf('pro', new Date()),
    });
    expect(summary.plans).toMatchObject({ free: 2, pro: 1 });
    expect(summary.usersTrend).toHaveLength(12);
    expect(summary.usersTrend.at(-1)).toEqual({ month: summary.month, paidUsers: 1 });
    expect(summary.guidebooksTrend.at(-1)).toEqual({ month: summary.month, total: 2 });
    expect(summary.paymentsTrend.every((point) => point.amount === 0)).toBe(true);
  });

  // one test per link the dashboard shows: the list it opens, with the link's own filters, totals the figure
  const listPath = (link: DashboardLink) => {
    const search = new URLSearchParams({ ...link.query, pageSize: '1', after: String(position) });
    return `${link.list === 'users' ? '/api/users' : '/api/admin/guidebooks'}?${search.toString()}`;
  };
  const linked: Array<[string, DashboardLink, (summary: DashboardSummary) => number]> = [
    ...Object.entries(DASHBOARD_LINKS).map(
      ([figure, link]): [string, DashboardLink, (summary: DashboardSummary) => number] => [
        figure,
        link,
        (summary) => summary[figure as keyof typeof DASHBOARD_LINKS],
      ],
    ),
    ...DASHBOARD_PLANS.map((plan): [string, DashboardLink, (summary: DashboardSummary) => number] => [
      `plans.${plan}`,
      dashboardPlanLink(plan),
      (summary) => summary.plans[plan],
    ]),
  ];
  it.each(linked)('%s agrees with the list its link opens', async (_figure, link, figureOf) => {
    const summary = (await (
      await get(`/api/admin/dashboard?after=${position}`, product.admin.token)
    ).json()) as DashboardSummary;
    const list = await get(listPath(link), product.admin.token);
    expect(list.status, dashboardLinkSearch(link)).toBe(200);
    expect(((await list.json()) as { totalCount: number }).totalCount).toBe(figureOf(summary));
  });

  it('"today" never exceeds the total', async () => {
    const summary = (await (
      await get(`/api/admin/dashboard?after=${position}`, product.admin.token)
    ).json()) as DashboardSummary;
    expect(summary.usersToday).toBeLessThanOrEqual(summary.usersTotal);
    expect(summary.guidebooksToday).toBeLessThanOrEqual(summary.guidebooksTotal);
  });

  it('the account list refuses a role or a paid flag it does not know, changing nothing', async () => {
    for (const query of ['role=owner', 'paid=yes']) {
      const response = await get(`/api/users?${query}`, product.admin.token);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('validation_failed');
    }
  });

  it('refuses people who are not administrators (403) and anonymous callers (401)', async () => {
    const asMember = await get('/api/admin/dashboard', member.token);
    expect(asMember.status).toBe(403);
    expect(asMember.headers.get('content-type')).toContain('application/problem+json');
    expect((await get('/api/admin/dashboard')).status).toBe(401);
    expect((await get(`/api/admin/dashboard?asOf=${reportingDay(new Date())}`, member.token)).status).toBe(403);
  });

  it('?asOf replays the log: today gives the same figures, yesterday had nothing yet', async () => {
    const live = (await (
      await get(`/api/admin/dashboard?after=${position}`, product.admin.token)
    ).json()) as DashboardSummary;
    const today = await get(`/api/admin/dashboard?asOf=${reportingDay(new Date())}`, product.admin.token);
    expect(today.status).toBe(200);
    const replayed = (await today.json()) as DashboardSummary;
    expect(replayed.replayed).toBe(true);
    expect({ ...replayed, asOf: '', replayed: false }).toEqual({ ...live, asOf: '' });

    const yesterday = reportingDay(new Date(Date.now() - 86_400_000));
    const before = (await (
      await get(`/api/admin/dashboard?asOf=${yesterday}`, product.admin.token)
    ).json()) as DashboardSummary;
    expect(before).toMatchObject({
      replayed: true,
      today: yesterday,
      usersTotal: 0,
      paidUsers: 0,
      guidebooksTotal: 0,
      paymentsTotal: 0,
      mrr: 0,
    });
  });

  it('?asOf must be a calendar day, not after today', async () => {
    for (const asOf of ['2026-02-31', 'yesterday', '2026-1-01', reportingDay(new Date(Date.now() + 2 * 86_400_000))]) {
      const response = await get(`/api/admin/dashboard?asOf=${encodeURIComponent(asOf)}`, product.admin.token);
      expect(response.status, asOf).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('validation_failed');
    }
  });
});
