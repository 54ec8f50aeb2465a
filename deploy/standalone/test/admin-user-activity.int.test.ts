import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENTS, adminUserActivitySchema } from '@pocketguide/contracts';
import { allProjectors } from '@pocketguide/projections/registry';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';

/**
 * GET /api/admin/users/{userId}/activity: the admin user detail's activity overview (spec 3 §2.6), for
 * administrators only, from the read models.
 */

let product: StartedWithAdmin;

beforeAll(async () => {
  product = await startWithAdmin('admin-user-activity', { env: { VIEW_FLUSH_INTERVAL_MS: '200' } });
});
afterAll(() => product?.app.close());

async function send(method: string, path: string, who: SignedIn | null, body?: unknown): Promise<Response> {
  return fetch(`${product.baseUrl}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(who ? bearer(who.token) : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function json<T = Record<string, unknown>>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

describe('GET /api/admin/users/{userId}/activity', () => {
  it('gives an administrator the user’s guidebooks, published ones, views, months active and last activity', async () => {
    const owner = await product.newUser('activity-owner');
    await json(await send('POST', '/subscriptions/admin/subscribe', product.admin, { customerUid: owner.user.id }));
    const first = await json<{ _id: string; uuid: string }>(
      await send('POST', '/guidebooks', owner, { title: 'First' }),
      201,
    );
    await json(await send('POST', '/guidebooks', owner, { title: 'Second' }), 201);
    const doomed = await json<{ _id: string }>(await send('POST', '/guidebooks', owner, { title: 'Doomed' }), 201);
    await json(await send('PUT', `/guidebooks/${first._id}/publish`, owner));
    const deleted = await json<{ position: number }>(await send('DELETE', `/guidebooks/${doomed._id}`, owner));

    const answer = await send('GET', `/admin/users/${owner.user.id}/activity?after=${deleted.position}`, product.admin);
    const activity = adminUserActivitySchema.parse(await json(answer));
    expect(answer.headers.get('x-read-consistency')).toBe('caught-up');
    expect(activity).toMatchObject({
      userId: owner.user.id,
      monthsActive: 0,
      guidebooksCount: 2,
      publishedCount: 1,
      publicGalleryCount: 0,
      views: 0,
    });
    const user = await json<{ createdAt: string }>(await send('GET', `/users/${owner.user.id}`, product.admin));
    expect(activity.createdAt).toBe(user.createdAt);
    // the guidebook writes came after joining: the last activity is one of them
    expect(activity.lastActivityAt > activity.createdAt).toBe(true);
    // payments are counted from the payments read model when the product builds it, and "not known" otherwise
    const paymentsBuilt = allProjectors.some((projector) => projector.name === PAYMENTS);
    if (paymentsBuilt)
      expect(activity.payments).toMatchObject({ count: expect.any(Number), total: expect.any(Number) });
    else expect(activity.payments).toBeNull();

    // a reader opens the published one: its view is summed into the user's views once counted
    const page = await fetch(`${product.baseUrl}/m/${first.uuid}`, {
      headers: { 'user-agent': 'activity-reader/1.0' },
    });
    expect(page.status).toBe(200);
    await page.arrayBuffer();
    const views = async () =>
      adminUserActivitySchema.parse(
        await json(await send('GET', `/admin/users/${owner.user.id}/activity`, product.admin)),
      ).views;
    await expect.poll(views, { timeout: 5000, interval: 100 }).toBe(1);
  });

  it('counts the payments that went through, and what they came to', async () => {
    const payer = await product.newUser('activity-payer');
    const transfer = await json<{ position: number }>(
      await send('POST', '/payments/transfer', product.admin, {
        customerUid: payer.user.id,
        plan: 'standard',
        amount: 50000,
        note: 'bank transfer',
      }),
    );
    const activity = adminUserActivitySchema.parse(
      await json(await send('GET', `/admin/users/${payer.user.id}/activity?after=${transfer.position}`, product.admin)),
    );
    expect(activity.payments).toMatchObject({ count: 1, total: 50000, lastPaidAt: expect.any(String) });
    expect(activity.lastActivityAt).toBe(activity.payments?.lastPaidAt);
  });

  it('refuses a user (403) and nobody (401), and answers 404 for an unknown user', async () => {
    const someone = await product.newUser('activity-someone');
    const forbidden = await send('GET', `/admin/users/${someone.user.id}/activity`, someone);
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('content-type')).toContain('application/problem+json');
    expect((await send('GET', `/admin/users/${someone.user.id}/activity`, null)).status).toBe(401);
    const unknown = await send('GET', '/admin/users/no-such-user/activity', product.admin);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: 'User not found' });
  });

  it('answers 404 once the user is deleted', async () => {
    const leaving = await product.newUser('activity-leaving');
    const deleted = await json<{ position: number }>(await send('DELETE', `/users/${leaving.user.id}`, product.admin));
    expect(
      (await send('GET', `/admin/users/${leaving.user.id}/activity?after=${deleted.position}`, product.admin)).status,
    ).toBe(404);
  });
});
