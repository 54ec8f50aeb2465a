import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES as P, paymentStream, priceOf, renewalMerchantUid, userStream, type PaidPlan } from '@pocketguide/contracts';
import { postForgedWebhook, startFakePortOne, type FakePortOne } from '@pocketguide/platform/payments/testing/fake-portone-server';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';

/**
 * Purchases against "PortOne" (the local fake PortOne server, platform/src/payments/testing/fake-portone-server.ts):
 * money is counted where it moves, at the provider. One charge stands per purchase whatever the browser does
 * (twenty purchases at once), and PortOne's webhook records and grants a purchase exactly once in every order
 * with the browser's return; forged and replayed webhooks change nothing.
 */

let fake: FakePortOne;
let product: StartedWithAdmin;

beforeAll(async () => {
  fake = await startFakePortOne();
  product = await startWithAdmin('payments-portone-flows', {
    env: { PORTONE_API_URL: fake.url, PORTONE_API_KEY: fake.impKey, PORTONE_API_SECRET: fake.impSecret, PORTONE_IMP_CODE: 'imp12345678' },
  });
});
afterAll(async () => {
  await product?.app.close();
  await fake?.close();
});
beforeEach(() => {
  fake.refuseReusedMerchantUid = true;
});

const price = (plan: PaidPlan) => priceOf(plan, new Date());
const purchaseUid = (kind: 'purchase' | 'onemonth' = 'purchase') => `pg_${kind}_${Date.now()}${randomBytes(4).toString('hex')}`;
const cardOf = (who: SignedIn) => `pg_card_${who.user.id}_${randomBytes(3).toString('hex')}`;
const webhookUrl = () => `${product.baseUrl}/api/payments/webhook`;

/** The buyer paying in PortOne's window: the fake holds the payment, the browser gets its imp_uid. */
function payInWindow(who: SignedIn, plan: PaidPlan = 'standard') {
  const merchantUid = purchaseUid(plan === 'onemonth' ? 'onemonth' : 'purchase');
  const customerUid = cardOf(who);
  const impUid = fake.browserPayment({ merchantUid, amount: price(plan), customerUid, buyerEmail: who.user.email });
  return { merchantUid, customerUid, impUid, plan };
}

/** The browser's return: POST subscriptions/subscribe with what the window answered. */
async function browserReturns(who: SignedIn, paid: ReturnType<typeof payInWindow>) {
  const response = await fetch(`${product.baseUrl}/api/subscriptions/${paid.plan === 'onemonth' ? 'subscribe-one-month' : 'subscribe'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(who.token) },
    body: JSON.stringify({ customer_uid: paid.customerUid, merchant_uid: paid.merchantUid, imp_uid: paid.impUid, plan: paid.plan, billingCycle: 'month' }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function webhook(body: { imp_uid: string; merchant_uid?: string; status?: string }) {
  const response = await postForgedWebhook(webhookUrl(), body);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function typesOf(streamId: string): Promise<string[]> {
  const found: string[] = [];
  for await (const event of product.app.eventStore.readStream(streamId)) found.push(event.type);
  return found;
}

/** What the provider holds for these merchant_uids: charges standing (paid, nothing cancelled) and cancelled ones. */
function atProvider(merchantUids: readonly string[]) {
  const ours = fake.payments().filter((p) => merchantUids.includes(p.merchant_uid));
  return {
    standing: ours.filter((p) => p.status === 'paid' && p.cancel_amount === 0).length,
    cancelled: ours.filter((p) => p.status === 'cancelled' && p.cancel_amount === p.amount).length,
    total: ours.length,
  };
}

describe('one charge per purchase', () => {
  it('twenty purchases paid in twenty windows at once: one plan granted, one charge standing, nineteen cancelled with the provider', async () => {
    const buyer = await product.newUser('portone-parallel');
    const paid = Array.from({ length: 20 }, () => payInWindow(buyer));
    const answers = await Promise.all(paid.map((p) => browserReturns(buyer, p)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.message).toBe(`${P.alreadySubscribed} ${P.notGrantedRefunded}`);
    expect(atProvider(paid.map((p) => p.merchantUid))).toEqual({ standing: 1, cancelled: 19, total: 20 });
    expect((await typesOf(userStream(buyer.user.id))).filter((t) => t === 'UserSubscribed')).toHaveLength(1);
    // the ledger agrees with the provider: one paid, nineteen paid then refunded
    const ledgers = await Promise.all(paid.map((p) => typesOf(paymentStream(p.merchantUid))));
    expect(ledgers.filter((l) => l.join() === 'PaymentRequested,PaymentSucceeded')).toHaveLength(1);
    expect(ledgers.filter((l) => l.join() === 'PaymentRequested,PaymentSucceeded,PaymentRefunded')).toHaveLength(19);
  });
});

describe("PortOne's webhook", () => {
  /** one granted purchase: one UserSubscribed, the payment recorded once, its charge standing */
  async function expectGrantedOnce(who: SignedIn, paid: ReturnType<typeof payInWindow>) {
    expect((await typesOf(userStream(who.user.id))).filter((t) => t === 'UserSubscribed')).toHaveLength(1);
    expect(await typesOf(paymentStream(paid.merchantUid))).toEqual(['PaymentRequested', 'PaymentSucceeded']);
    expect(atProvider([paid.merchantUid])).toEqual({ standing: 1, cancelled: 0, total: 1 });
  }

  it('the browser never returns (a closed tab): the webhook alone records and grants', async () => {
    const buyer = await product.newUser('portone-webhook-only');
    const paid = payInWindow(buyer, 'pro');
    const answer = await webhook({ imp_uid: paid.impUid, merchant_uid: paid.merchantUid, status: 'paid' });
    expect(answer).toMatchObject({ status: 200, body: { outcome: 'recorded', merchantUid: paid.merchantUid } });
    await expectGrantedOnce(buyer, paid);
    const me = await fetch(`${product.baseUrl}/api/users/${buyer.user.id}?after=${answer.body.position as number}`, { headers: bearer(buyer.token) });
    expect(await me.json()).toMatchObject({ subscription: true, subscriptionType: 'pro' });
  });

  it('webhook first, then the browser: the browser gets its session, nothing is recorded twice', async () => {
    const buyer = await product.newUser('portone-webhook-first');
    const paid = payInWindow(buyer);
    expect((await webhook({ imp_uid: paid.impUid, merchant_uid: paid.merchantUid })).status).toBe(200);
    const back = await browserReturns(buyer, paid);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.user).toMatchObject({ subscription: true, subscriptionType: 'standard' });
    await expectGrantedOnce(buyer, paid);
  });

  it('the browser first, then the webhook (and its replays): nothing more', async () => {
    const buyer = await product.newUser('portone-browser-first');
    const paid = payInWindow(buyer, 'onemonth');
    expect((await browserReturns(buyer, paid)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect(await webhook({ imp_uid: paid.impUid, merchant_uid: paid.merchantUid, status: 'paid' })).toMatchObject({ status: 200, body: { outcome: 'recorded' } });
    }
    await expectGrantedOnce(buyer, paid);
  });

  it('the webhook and the browser at the same moment (and the webhook twice): one grant, one charge', async () => {
    const buyer = await product.newUser('portone-together');
    const paid = payInWindow(buyer);
    const [first, back, second] = await Promise.all([
      webhook({ imp_uid: paid.impUid, merchant_uid: paid.merchantUid }),
      browserReturns(buyer, paid),
      webhook({ imp_uid: paid.impUid }),
    ]);
    expect([first.status, back.status, second.status]).toEqual([200, 200, 200]);
    await expectGrantedOnce(buyer, paid);
  });

  it('forged webhooks change nothing: an unknown imp_uid, a real one under another merchant_uid, "paid" for an unpaid window, a renewal id, a bad body', async () => {
    const buyer = await product.newUser('portone-forged');
    // every event but the money mails' records (MailSent), which the mail worker appends for earlier tests' payments
    const head = async () => {
      let count = 0;
      for await (const event of product.app.eventStore.readAll({ after: 0 })) if (event.type !== 'MailSent') count += 1;
      return count;
    };
    const before = await head();
    expect(await webhook({ imp_uid: 'imp_999999999999', merchant_uid: purchaseUid(), status: 'paid' })).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const real = payInWindow(buyer);
    expect(await webhook({ imp_uid: real.impUid, merchant_uid: purchaseUid(), status: 'paid' })).toMatchObject({ status: 400, body: { code: 'payment_mismatch' } });
    const left = fake.browserPayment({ merchantUid: purchaseUid(), amount: price('standard'), customerUid: cardOf(buyer), status: 'ready' });
    expect(await webhook({ imp_uid: left, status: 'paid' })).toMatchObject({ status: 200, body: { outcome: 'not-paid' } });
    const renewalId = renewalMerchantUid(buyer.user.id, new Date(), 1);
    const renewal = fake.browserPayment({ merchantUid: renewalId, amount: price('standard'), customerUid: cardOf(buyer) });
    expect(await webhook({ imp_uid: renewal, merchant_uid: renewalId, status: 'paid' })).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
    // someone else's card on the payment (no pg_card_<user>_ of a known account): nobody to grant
    const stray = fake.browserPayment({ merchantUid: purchaseUid(), amount: price('standard'), customerUid: 'pg_card_nobody-here_x' });
    expect((await webhook({ imp_uid: stray })).status).toBe(404);
    expect((await webhook({ imp_uid: '' })).status).toBe(400);
    expect(await head()).toBe(before);
    expect((await typesOf(userStream(buyer.user.id))).filter((t) => t === 'UserSubscribed')).toHaveLength(0);
    expect(atProvider([real.merchantUid])).toEqual({ standing: 1, cancelled: 0, total: 1 });
  });

  it('a purchase webhook for an account subscribed meanwhile cancels that payment at once (one charge stands)', async () => {
    const buyer = await product.newUser('portone-webhook-duplicate');
    const first = payInWindow(buyer);
    expect((await browserReturns(buyer, first)).status).toBe(200);
    const second = payInWindow(buyer);
    expect(await webhook({ imp_uid: second.impUid })).toMatchObject({ status: 409 });
    expect(atProvider([first.merchantUid, second.merchantUid])).toEqual({ standing: 1, cancelled: 1, total: 2 });
    // replayed, the cancelled payment is not paid any more: nothing happens
    expect(await webhook({ imp_uid: second.impUid })).toMatchObject({ status: 200, body: { outcome: 'not-paid' } });
    expect(await typesOf(paymentStream(second.merchantUid))).toEqual(['PaymentRequested', 'PaymentSucceeded', 'PaymentRefunded']);
  });
});

describe("PortOne's own receipt (issue 23)", () => {
  it('the receipt of a PortOne payment links PortOne’s receipt for it; a refund keeps it', async () => {
    const buyer = await product.newUser('portone-receipt');
    const paid = payInWindow(buyer);
    const back = await browserReturns(buyer, paid);
    expect(back.status).toBe(200);
    const atPortOne = fake.payments().find((p) => p.merchant_uid === paid.merchantUid);
    expect(atPortOne?.receipt_url).toBe(`${fake.url}/receipts/${paid.impUid}`);
    const receipt = async () => {
      const response = await fetch(`${product.baseUrl}/api/payments/${paid.merchantUid}/receipt?after=${back.body.position as number}`, { headers: bearer(buyer.token) });
      expect(response.status).toBe(200);
      return (await response.json()) as { providerReceiptUrl: string | null; lines: Array<{ kind: string }> };
    };
    expect((await receipt()).providerReceiptUrl).toBe(atPortOne?.receipt_url);
    // the page shows it as a link only when it is an http(s) address (web/src/features/payments/components/payment-receipt.tsx)
    expect(atPortOne?.receipt_url).toMatch(/^https?:\/\//);

    const refunded = await fetch(`${product.baseUrl}/api/payments/refund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(product.admin.token) },
      body: JSON.stringify({ merchantUid: paid.merchantUid, amount: 1_000, reason: 'partial' }),
    });
    expect(refunded.status).toBe(200);
    const after = (await refunded.json()) as { position: number };
    const response = await fetch(`${product.baseUrl}/api/payments/${paid.merchantUid}/receipt?after=${after.position}`, { headers: bearer(buyer.token) });
    const body = (await response.json()) as { providerReceiptUrl: string | null; lines: Array<{ kind: string }> };
    expect(body.lines.map((line) => line.kind)).toEqual(['payment', 'refund']);
    expect(body.providerReceiptUrl).toBe(atPortOne?.receipt_url);
  });
});
