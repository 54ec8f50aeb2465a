import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentStream, renewalMerchantUid, userStream } from '@pocketguide/contracts';
import { bearer, startWithAdmin, type StartedWithAdmin } from './testing/accounts.ts';

/**
 * The billing worker as the product runs it (issue 12): on the bus, with its timer (BILLING_TICK_MS), the DEBUG
 * provider the payment routes use, the real billing commands and the outbox. The months-long scenarios are in
 * `workers/src/billing/billing-worker.test.ts`; this proves the wiring.
 */

let product: StartedWithAdmin;
beforeAll(async () => {
  product = await startWithAdmin('billing-worker', { env: { BILLING_TICK_MS: '200' } });
});
afterAll(() => product?.app.close());

async function typesIn(streamId: string): Promise<string[]> {
  const types: string[] = [];
  for await (const event of product.app.eventStore.readStream(streamId)) types.push(event.type);
  return types;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the billing worker in the standalone product', () => {
  it('renews a subscription that reached its end: one DEBUG charge, recorded, a month more', async () => {
    const owner = await product.newUser('billing-owner');
    const userId = owner.user.id;
    const expiresAt = new Date(Date.now() - 60_000).toISOString();
    const now = new Date().toISOString();
    await product.app.eventStore.appendToStream(userStream(userId), [
      {
        id: randomUUID(),
        type: 'PaymentMethodChanged',
        data: { userId, customerUid: `cust_${userId}`, cardName: 'DEBUG card', changedAt: now },
      },
      {
        id: randomUUID(),
        type: 'UserSubscribed',
        data: { userId, plan: 'standard', billingCycle: 'month', expiresAt, subscribedAt: now },
      },
    ]);

    await waitFor(async () => (await typesIn(userStream(userId))).includes('SubscriptionRenewed'));
    const merchantUid = renewalMerchantUid(userId, expiresAt, 1);
    expect(await typesIn(paymentStream(merchantUid))).toEqual(['PaymentRequested', 'PaymentSucceeded']);
    const renewed = [];
    for await (const event of product.app.eventStore.readStream(userStream(userId)))
      if (event.type === 'SubscriptionRenewed') renewed.push(event.data);
    expect(renewed).toEqual([expect.objectContaining({ merchantUid, plan: 'standard' })]);

    const health = (await (await fetch(`${product.baseUrl}/api/health`)).json()) as unknown;
    expect(JSON.stringify(health)).toContain('"billing"');
  });

  it('a notice also shows in the person’s bell (the inbox), in their language; they may dismiss it, nobody else', async () => {
    const owner = await product.newUser('billing-notice');
    const other = await product.newUser('billing-notice-other');
    const userId = owner.user.id;
    const expiresAt = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
    const now = new Date().toISOString();
    await product.app.eventStore.appendToStream(userStream(userId), [
      {
        id: randomUUID(),
        type: 'PaymentMethodChanged',
        data: { userId, customerUid: `cust_${userId}`, cardName: 'DEBUG card', changedAt: now },
      },
      {
        id: randomUUID(),
        type: 'UserSubscribed',
        data: { userId, plan: 'standard', billingCycle: 'month', expiresAt, subscribedAt: now },
      },
    ]);
    await waitFor(async () => (await typesIn(userStream(userId))).includes('BillingNoticeSent'));

    type Inbox = { messages: Array<{ _id: string; title: string; message: string; type: string }> };
    let inbox: Inbox = { messages: [] };
    await waitFor(async () => {
      inbox = (await (
        await fetch(`${product.baseUrl}/api/messages`, { headers: bearer(owner.token) })
      ).json()) as Inbox;
      return inbox.messages.length > 0;
    });
    const [notice] = inbox.messages;
    expect(notice?._id).toMatch(/^billing-renewal-upcoming-/);
    expect(notice?.title).toMatch(/스탠다드 요금제가 갱신됩니다/);
    expect(notice?.message).toContain('50,000원');
    expect(notice?.type).toBe('information');

    const dismiss = (who: { token: string }) =>
      fetch(`${product.baseUrl}/api/messages/${notice!._id}/dismiss`, { method: 'POST', headers: bearer(who.token) });
    expect((await dismiss(other)).status).toBe(404);
    expect((await dismiss(owner)).status).toBe(200);
  });
});
