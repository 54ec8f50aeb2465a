import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENT_MESSAGES as P,
  adminSubscriptionAnswerSchema,
  orderSchema,
  ordersPageSchema,
  priceOf,
  subscriptionAnswerSchema,
  transactionsPageSchema,
  type SessionUser,
} from '@pocketguide/contracts';
import { DEBUG_IN_PRODUCTION_REFUSED } from '@pocketguide/platform/payments/open-payment-provider';
import { startStandalone } from '../src/app.ts';
import { TEST_ACCOUNT_ENV, bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';

/**
 * Subscriptions and payments over HTTP (spec 2 §4, §7; payments design), with the embedded DEBUG provider: a
 * browser's DEBUG payment is `imp_debug_<merchant_uid>_<amount>`, looked up and checked like a real one.
 */

let product: StartedWithAdmin;
let buyer: SignedIn;
let stranger: SignedIn;
let bought: { merchantUid: string; position: number };
/** the buyer's second purchase, refused and refunded */
let duplicate = '';
/** the last write's position, for reading it back */
let latest = 0;

const debugImp = (merchantUid: string, amount: number) => `imp_debug_${merchantUid}_${amount}`;
const merchant = (purpose: string) => `pg_${purpose}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
const card = (who: SignedIn, suffix = 'a') => `pg_card_${who.user.id}_${suffix}`;
const price = (plan: Parameters<typeof priceOf>[0]) => priceOf(plan, new Date());

async function post(path: string, body: unknown, who: SignedIn | null) {
  const response = await fetch(`${product.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(who ? bearer(who.token) : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> };
}

async function get(path: string, who: SignedIn | null) {
  const response = await fetch(`${product.baseUrl}/api/${path}`, { headers: who ? bearer(who.token) : {} });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> };
}

/** Asks until `read` answers something (read models catch up from their checkpoints), for at most 10 s. */
async function eventually<T>(read: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = await read();
    if (found !== null) return found;
    if (Date.now() > deadline) throw new Error('the read model never showed it');
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 50));
  }
}

function subscribeBody(
  who: SignedIn,
  overrides: Record<string, unknown> = {},
  plan: Parameters<typeof priceOf>[0] = 'standard',
) {
  const merchantUid = merchant(plan === 'onemonth' ? 'onemonth' : 'purchase');
  return {
    customer_uid: card(who),
    merchant_uid: merchantUid,
    imp_uid: debugImp(merchantUid, price(plan)),
    plan,
    billingCycle: 'month',
    DEBUG: true,
    ...overrides,
  };
}

beforeAll(async () => {
  product = await startWithAdmin('payments');
  [buyer, stranger] = await Promise.all([
    product.newUser('payments-buyer', { name: '김구매' }),
    product.newUser('payments-stranger'),
  ]);
  const body = subscribeBody(buyer);
  const answer = await post('subscriptions/subscribe', body, buyer);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  bought = { merchantUid: body.merchant_uid, position: subscriptionAnswerSchema.parse(answer.body).position };
});
afterAll(() => product?.app.close());

describe('POST /api/subscriptions/subscribe', () => {
  it('a verified DEBUG payment subscribes for a month: the answer is the refreshed session with a working token', async () => {
    const me = await get(`users/${buyer.user.id}?after=${bought.position}`, buyer);
    expect(me.body).toMatchObject({ subscription: true, subscriptionType: 'standard', paymentMethod: 'DEBUG card' });
    // a second purchase while subscribed: refused, and its payment cancelled at once (no second charge stands)
    const second = subscribeBody(buyer);
    const again = await post('subscriptions/subscribe', second, buyer);
    expect([again.status, again.body.message]).toEqual([409, `${P.alreadySubscribed} ${P.notGrantedRefunded}`]);
    // the refusal answers no position: read until the projection shows the refund
    const refunded = await eventually(async () => {
      const read = await get(`payments/${second.merchant_uid}`, buyer);
      return read.status === 200 && read.body.status === 'refunded' ? orderSchema.parse(read.body) : null;
    });
    expect([refunded.status, refunded.cancelAmount]).toEqual(['refunded', price('standard')]);
    duplicate = second.merchant_uid;
  });

  it('refusals grant nothing: yearly, wrong amount, wrong merchant_uid, someone else’s card, a bad body, anonymous', async () => {
    const someone = await product.newUser('payments-refused');
    const yearly = await post('subscriptions/subscribe', subscribeBody(someone, { billingCycle: 'year' }), someone);
    expect([yearly.status, yearly.body.code, yearly.body.message]).toEqual([400, 'option_unavailable', P.yearly]);
    const cheap = subscribeBody(someone);
    const wrongAmount = await post(
      'subscriptions/subscribe',
      { ...cheap, imp_uid: debugImp(cheap.merchant_uid, 1_000) },
      someone,
    );
    expect([wrongAmount.status, wrongAmount.body.code, wrongAmount.body.message]).toEqual([
      400,
      'payment_mismatch',
      P.amountMismatch,
    ]);
    const other = subscribeBody(someone);
    const wrongMerchant = await post(
      'subscriptions/subscribe',
      { ...other, imp_uid: debugImp(merchant('purchase'), price('standard')) },
      someone,
    );
    expect([wrongMerchant.status, wrongMerchant.body.code]).toEqual([400, 'payment_mismatch']);
    const theirCard = await post(
      'subscriptions/subscribe',
      subscribeBody(someone, { customer_uid: card(buyer) }),
      someone,
    );
    expect([theirCard.status, theirCard.body.code]).toEqual([400, 'validation_failed']);
    const unknownImp = await post(
      'subscriptions/subscribe',
      subscribeBody(someone, { imp_uid: 'imp_nothing' }),
      someone,
    );
    expect([unknownImp.status, unknownImp.body.code]).toEqual([402, 'payment_not_completed']);
    expect((await post('subscriptions/subscribe', { plan: 'standard' }, someone)).status).toBe(400);
    expect((await post('subscriptions/subscribe', subscribeBody(someone), null)).status).toBe(401);
    const me = await get(`users/${someone.user.id}`, someone);
    expect(me.body).toMatchObject({ subscription: false, subscriptionType: 'free', paymentMethod: null });
  });

  it('a payment grants once: its merchant_uid sent again by someone else is refused', async () => {
    const replay = await post(
      'subscriptions/subscribe',
      {
        ...subscribeBody(stranger),
        merchant_uid: bought.merchantUid,
        imp_uid: debugImp(bought.merchantUid, price('standard')),
      },
      stranger,
    );
    expect(replay.status).toBe(409);
  });
});

describe('the one-month plan', () => {
  it('is bought once, cannot be bought while subscribed, and cannot be unsubscribed', async () => {
    const traveller = await product.newUser('payments-onemonth');
    const merchantUid = merchant('onemonth');
    const body = {
      customer_uid: card(traveller),
      merchant_uid: merchantUid,
      imp_uid: debugImp(merchantUid, price('onemonth')),
      DEBUG: true,
    };
    const answer = await post('subscriptions/subscribe-one-month', body, traveller);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(subscriptionAnswerSchema.parse(answer.body).user).toMatchObject({
      subscription: true,
      subscriptionType: 'onemonth',
    });
    const again = await post('subscriptions/subscribe-one-month', subscribeBody(traveller, {}, 'onemonth'), traveller);
    expect([again.status, again.body.message]).toEqual([409, `${P.oneMonthForSubscribed} ${P.notGrantedRefunded}`]);
    const leave = await post('subscriptions/unsubscribe', undefined, traveller);
    expect([leave.status, leave.body.message]).toEqual([409, P.oneMonthUnsubscribe]);
    // a subscriber may not buy one month either
    const standard = await post('subscriptions/subscribe-one-month', subscribeBody(buyer, {}, 'onemonth'), buyer);
    expect([standard.status, standard.body.message]).toEqual([
      409,
      `${P.oneMonthForSubscribed} ${P.notGrantedRefunded}`,
    ]);
  });
});

describe('POST /api/subscriptions/change-payment-method and unsubscribe', () => {
  it('a DEBUG card is checked and kept; a declined card changes nothing (402); unsubscribing keeps the plan to its end', async () => {
    const person = await product.newUser('payments-card');
    const bought = await post('subscriptions/subscribe', subscribeBody(person), person);
    expect(bought.status).toBe(200);
    // what the web sends in DEBUG mode: the window's made-up 0-won payment that issued the key
    const made = await post(
      'subscriptions/change-payment-method',
      { customer_uid: card(person, 'b'), imp_uid: 'imp_debug_card', DEBUG: true },
      person,
    );
    expect([made.status, made.body.code]).toEqual([402, 'payment_not_completed']);
    const changed = await post(
      'subscriptions/change-payment-method',
      { customer_uid: card(person, 'b'), imp_uid: debugImp(merchant('cardcheck'), 0), DEBUG: true },
      person,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const session = subscriptionAnswerSchema.parse(changed.body);
    expect(session.user.paymentMethod).toBe('DEBUG card');
    const declined = await post(
      'subscriptions/change-payment-method',
      { customer_uid: card(person, 'decline'), imp_uid: debugImp(merchant('cardcheck'), 0), DEBUG: true },
      person,
    );
    expect([declined.status, declined.body.code]).toEqual([402, 'payment_declined']);
    const left = await post('subscriptions/unsubscribe', undefined, person);
    expect(left.status).toBe(200);
    const user: SessionUser = subscriptionAnswerSchema.parse(left.body).user;
    expect([user.subscription, user.subscriptionType, Date.parse(user.expiresAt) > Date.now()]).toEqual([
      false,
      'standard',
      true,
    ]);
    expect((await post('subscriptions/unsubscribe', undefined, null)).status).toBe(401);
  });
});

describe('payment reads', () => {
  it('GET payments: the caller’s own orders, with the buyer; GET payments/{merchantUid}: owner or administrator, else 404', async () => {
    const mine = await get(`payments?after=${bought.position}`, buyer);
    expect(mine.status).toBe(200);
    const page = ordersPageSchema.parse(mine.body);
    // the purchase, and the duplicate and the one-month pass refused while subscribed, both refunded
    expect(page).toMatchObject({ count: 3, pages: 1, page: 1 });
    expect(page.orders.filter((order) => order.status === 'refunded')).toHaveLength(2);
    expect(page.orders.find((order) => order.merchantUid === duplicate)).toMatchObject({ status: 'refunded' });
    expect(page.orders.find((order) => order.merchantUid === bought.merchantUid)).toMatchObject({
      merchantUid: bought.merchantUid,
      amount: price('standard'),
      plan: 'standard',
      status: 'paid',
      kind: 'purchase',
      customerUid: { _id: buyer.user.id, name: '김구매', email: buyer.user.email },
      paymentData: { currency: 'KRW', card_name: 'DEBUG card' },
    });
    expect(orderSchema.parse((await get(`payments/${bought.merchantUid}`, buyer)).body).merchantUid).toBe(
      bought.merchantUid,
    );
    expect((await get(`payments/${bought.merchantUid}`, product.admin)).status).toBe(200);
    expect((await get(`payments/${bought.merchantUid}`, stranger)).status).toBe(404);
    expect((await get('payments/pg_nothing_here', buyer)).status).toBe(404);
    expect((await get('payments', null)).status).toBe(401);
    expect(ordersPageSchema.parse((await get('payments', stranger)).body).count).toBe(0);
  });

  it('GET payments/user/{userId}: self or administrator (all without page); GET payments/all: administrators', async () => {
    const all = ordersPageSchema.parse((await get(`payments/user/${buyer.user.id}`, buyer)).body);
    expect(all.orders.map((order) => order.merchantUid)).toContain(bought.merchantUid);
    expect(
      ordersPageSchema.parse((await get(`payments/user/${buyer.user.id}?page=1&limit=10`, product.admin)).body).count,
    ).toBeGreaterThanOrEqual(1);
    expect((await get(`payments/user/${buyer.user.id}`, stranger)).status).toBe(404);
    expect((await get('payments/all?page=1&limit=10', stranger)).status).toBe(403);
    const everyone = ordersPageSchema.parse((await get('payments/all?page=1&limit=100', product.admin)).body);
    expect(everyone.orders.map((order) => order.merchantUid)).toContain(bought.merchantUid);
    expect((await get('payments/all?page=0', product.admin)).status).toBe(400);
  });
});

describe('administrator payment calls', () => {
  it('refund in part, then the rest; then delete; a non-administrator is refused (403)', async () => {
    const person = await product.newUser('payments-refund');
    const body = subscribeBody(person);
    expect((await post('subscriptions/subscribe', body, person)).status).toBe(200);
    expect((await post('payments/refund', { merchantUid: body.merchant_uid, amount: 1_000 }, person)).status).toBe(403);
    const part = await post('payments/refund', { merchantUid: body.merchant_uid, amount: 1_000 }, product.admin);
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body).toMatchObject({ merchantUid: body.merchant_uid, cancelAmount: 1_000 });
    const order = orderSchema.parse(
      (await get(`payments/${body.merchant_uid}?after=${part.body.position as number}`, person)).body,
    );
    expect([order.status, order.cancelAmount, order.refundedAt !== null]).toEqual(['partially-refunded', 1_000, true]);
    const rest = await post('payments/refund', { merchantUid: body.merchant_uid }, product.admin);
    expect(rest.body).toMatchObject({ cancelAmount: price('standard') });
    expect((await post('payments/refund', { merchantUid: body.merchant_uid }, product.admin)).status).toBe(409);
    expect((await post('payments/refund', { merchantUid: 'pg_nothing_here' }, product.admin)).status).toBe(404);

    const gone = await fetch(`${product.baseUrl}/api/payments/${body.merchant_uid}`, {
      method: 'DELETE',
      headers: bearer(person.token),
    });
    expect(gone.status).toBe(403);
    const deleted = await fetch(`${product.baseUrl}/api/payments/${body.merchant_uid}`, {
      method: 'DELETE',
      headers: bearer(product.admin.token),
    });
    expect(deleted.status).toBe(200);
    const { position } = (await deleted.json()) as { position: number };
    expect((await get(`payments/${body.merchant_uid}?after=${position}`, product.admin)).status).toBe(404);
  });

  it('administrator inputs are range-checked: no schedule in the past (or years ahead), no 0-won, negative, fractional or future-dated transfer; nothing is recorded', async () => {
    const person = await product.newUser('payments-ranges');
    expect((await post('subscriptions/subscribe', subscribeBody(person), person)).status).toBe(200);
    const before = await get(`admin/subscriptions/user-transactions/${person.user.id}`, product.admin);
    const refusals = [
      [
        'subscriptions/admin/schedule-payment',
        { customerUid: person.user.id, scheduleAt: '2001-01-01T00:00:00.000Z' },
        'scheduleAt',
      ],
      [
        'subscriptions/admin/schedule-payment',
        { customerUid: person.user.id, scheduleAt: new Date(Date.now() - 60_000).toISOString() },
        'scheduleAt',
      ],
      [
        'subscriptions/admin/schedule-payment',
        { customerUid: person.user.id, scheduleAt: '2099-01-01T00:00:00.000Z' },
        'scheduleAt',
      ],
      ['payments/transfer', { customerUid: person.user.id, plan: 'standard', amount: 0, note: 'zero' }, 'amount'],
      [
        'payments/transfer',
        { customerUid: person.user.id, plan: 'standard', amount: -50_000, note: 'negative' },
        'amount',
      ],
      [
        'payments/transfer',
        { customerUid: person.user.id, plan: 'standard', amount: 100.5, note: 'fraction' },
        'amount',
      ],
      [
        'payments/transfer',
        {
          customerUid: person.user.id,
          plan: 'standard',
          amount: 50_000,
          note: 'future',
          paidAt: '2099-01-01T00:00:00.000Z',
        },
        'paidAt',
      ],
    ] as const;
    for (const [path, body, field] of refusals) {
      const answer = await post(path, body, product.admin);
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([400, 'validation_failed']);
      expect((answer.body.errors as Array<{ path: string }>).map((e) => e.path)).toContain(field);
    }
    const after = await get(`admin/subscriptions/user-transactions/${person.user.id}`, product.admin);
    expect(after.body).toEqual(before.body);
    const me = await get(`users/${person.user.id}`, product.admin);
    expect(me.body).toMatchObject({ subscriptionType: 'standard' });
    // a schedule ahead is taken
    const ahead = await post(
      'subscriptions/admin/schedule-payment',
      { customerUid: person.user.id, scheduleAt: new Date(Date.now() + 86_400_000).toISOString() },
      product.admin,
    );
    expect(ahead.status, JSON.stringify(ahead.body)).toBe(200);
  });

  it('schedule-payment needs a card; transfer records a paid order without payment data and grants the plan', async () => {
    const scheduled = await post('subscriptions/admin/schedule-payment', { customerUid: buyer.user.id }, product.admin);
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(adminSubscriptionAnswerSchema.parse(scheduled.body).user.id).toBe(buyer.user.id);
    expect((await post('subscriptions/admin/schedule-payment', { customerUid: buyer.user.id }, buyer)).status).toBe(
      403,
    );
    const free = await product.newUser('payments-transfer');
    expect(
      (await post('subscriptions/admin/schedule-payment', { customerUid: free.user.id }, product.admin)).status,
    ).toBe(409);

    const transfer = await post(
      'payments/transfer',
      { customerUid: free.user.id, plan: 'enterprise', amount: 1_000_000, note: 'invoice 7' },
      product.admin,
    );
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(200);
    expect(transfer.body).toMatchObject({
      order: { kind: 'transfer', paymentData: null, note: 'invoice 7', status: 'paid' },
      user: { subscriptionType: 'enterprise' },
    });
    expect(
      (await post('payments/transfer', { customerUid: free.user.id, plan: 'enterprise', amount: 1 }, free)).status,
    ).toBe(403);
    const order = orderSchema.parse(
      (
        await get(
          `payments/${(transfer.body.order as { merchantUid: string }).merchantUid}?after=${transfer.body.position as number}`,
          free,
        )
      ).body,
    );
    expect(order.method).toBe('transfer');
    latest = transfer.body.position as number;
  });

  it('transactions: every charge and refund, administrators only', async () => {
    const all = await get(`admin/subscriptions/transactions?page=1&limit=100&after=${latest}`, product.admin);
    expect(all.status).toBe(200);
    const page = transactionsPageSchema.parse(all.body);
    // the card change's check (paid, then cancelled at once), and the declined card's failed check
    expect(page.transactions.some((t) => t.kind === 'card-check' && t.status === 'cancelled' && t.amount === 100)).toBe(
      true,
    );
    expect(
      page.transactions.some((t) => t.kind === 'card-check' && t.status === 'failed' && t.failReason !== undefined),
    ).toBe(true);
    expect(page.transactions.some((t) => t.kind === 'purchase' && t.status === 'paid')).toBe(true);
    const theirs = transactionsPageSchema.parse(
      (await get(`admin/subscriptions/user-transactions/${buyer.user.id}`, product.admin)).body,
    );
    expect(theirs.transactions.filter((t) => t.merchantUid === bought.merchantUid).map((t) => t.status)).toEqual([
      'paid',
    ]);
    expect(
      theirs.transactions
        .filter((t) => t.merchantUid === duplicate)
        .map((t) => t.status)
        .sort(),
    ).toEqual(['paid', 'refunded'].sort());
    expect((await get('admin/subscriptions/transactions', buyer)).status).toBe(403);
    expect((await get(`admin/subscriptions/user-transactions/${buyer.user.id}`, buyer)).status).toBe(403);
  });
});

describe('what each plan includes, at publish', () => {
  it('a mini subscriber publishes 3 at once: the 4th is refused with the spec text and the plan number', async () => {
    const person = await product.newUser('payments-mini');
    expect((await post('subscriptions/subscribe', subscribeBody(person, {}, 'mini'), person)).status).toBe(200);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const created = await post('guidebooks', { title: `Mini ${i}` }, person);
      expect(created.status).toBe(201);
      ids.push(created.body._id as string);
    }
    const publish = (id: string) =>
      fetch(`${product.baseUrl}/api/guidebooks/${id}/publish`, { method: 'PUT', headers: bearer(person.token) });
    for (const id of ids.slice(0, 3)) expect((await publish(id)).status).toBe(200);
    const fourth = await publish(ids[3]!);
    expect(fourth.status).toBe(409);
    expect(await fourth.json()).toMatchObject({
      code: 'publish_limit_reached',
      message: 'You already have 3 published guidebooks. Please unpublish one of the guidebooks.',
    });
  });
});

describe('a server selling through PortOne', () => {
  it('refuses a DEBUG payment (400) without asking anyone', async () => {
    const portone = await startWithAdmin('payments-portone', {
      env: {
        PAYMENT_PROVIDER: 'portone',
        PORTONE_API_KEY: 'key',
        PORTONE_API_SECRET: 'secret',
        PORTONE_API_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      const person = await portone.newUser('payments-portone');
      const merchantUid = merchant('purchase');
      const response = await fetch(`${portone.baseUrl}/api/subscriptions/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(person.token) },
        body: JSON.stringify({
          customer_uid: `pg_card_${person.user.id}_a`,
          merchant_uid: merchantUid,
          imp_uid: debugImp(merchantUid, 50_000),
          plan: 'standard',
          billingCycle: 'month',
          DEBUG: true,
        }),
      });
      const body = (await response.json()) as { code: string; message: string };
      expect([response.status, body.code, body.message]).toEqual([400, 'debug_payment_refused', P.debugNotAllowed]);
    } finally {
      await portone.app.close();
    }
  });
});

describe('a production start (fail closed)', () => {
  it('refuses DEBUG payments in one line, opening nothing, unless PAYMENTS_DEBUG_IN_PRODUCTION=true asks for them', async () => {
    const dataDir = resolve(import.meta.dirname, '../../../test-output/tmp', `payments-prod-${randomUUID()}`);
    const refused = await startStandalone({
      port: 0,
      dataDir,
      env: {
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: '',
        PORTONE_API_KEY: '',
        PORTONE_API_SECRET: '',
      },
    }).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(refused?.message).toBe(DEBUG_IN_PRODUCTION_REFUSED);
    expect(existsSync(dataDir)).toBe(false);
    const asked = await startStandalone({
      port: 0,
      dataDir,
      env: {
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'debug',
        PAYMENTS_DEBUG_IN_PRODUCTION: 'true',
        JWT_SECRET: 'j'.repeat(40),
        TOKEN_SECRET: 't'.repeat(40),
        ...TEST_ACCOUNT_ENV,
      },
    });
    try {
      expect(((await (await fetch(`${asked.url}/api/payments/config`)).json()) as { provider: string }).provider).toBe(
        'debug',
      );
    } finally {
      await asked.close();
    }
  });
});
