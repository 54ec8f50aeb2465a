import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDebugPaymentProvider, debugImpUid, parseDebugImpUid } from './debug-payment-provider.ts';
import { PaymentProviderError } from './payment-provider.ts';
import { paymentProviderContract } from './payment-provider.contract.ts';
import { createPortOnePaymentProvider } from './portone-payment-provider.ts';
import { postForgedWebhook, startFakePortOne, type FakePortOne } from './testing/fake-portone-server.ts';

const hex = (): string => randomBytes(5).toString('hex');

// ---- DEBUG (the embedded default) ----
await paymentProviderContract('DEBUG', async () => {
  const provider = createDebugPaymentProvider();
  return {
    provider,
    // the DEBUG browser skips PortOne and sends imp_debug_<merchant_uid>_<amount>
    browserPayment: ({ merchantUid, amount }) => debugImpUid(merchantUid, amount),
    cardCustomerUid: () => `cust_${hex()}`,
    declinedCustomerUid: () => `cust_decline_${hex()}`,
    outage: () => {
      provider.simulateOutage(true);
      return () => provider.simulateOutage(false);
    },
    cleanup: async () => {},
  };
});

// ---- PortOne, against the local fake PortOne ----
const fake = await startFakePortOne();
afterAll(() => fake.close());
// long enough for a cold first request on a busy machine (at load average 25 one took over a second), short enough
// to keep the timeout tests quick
const FAKE_TIMEOUT_MS = 3000;

await paymentProviderContract('PortOne (fake PortOne server)', async () => ({
  provider: createPortOnePaymentProvider({ apiKey: fake.impKey, apiSecret: fake.impSecret, baseUrl: fake.url, timeoutMs: FAKE_TIMEOUT_MS }),
  browserPayment: (input) => fake.browserPayment(input),
  cardCustomerUid: () => {
    const customerUid = `cust_${hex()}`;
    fake.registerBillingKey(customerUid);
    return customerUid;
  },
  declinedCustomerUid: () => {
    const customerUid = `cust_${hex()}`;
    fake.declineCustomer(customerUid);
    return customerUid;
  },
  outage: (kind) => {
    if (kind === 'timeout') fake.delayAnswers(FAKE_TIMEOUT_MS * 2.5);
    else fake.failAlways(503);
    return () => {
      fake.delayAnswers(0);
      fake.failAlways(null);
    };
  },
  cleanup: async () => {},
}));

// ---- PortOne itself (a test channel), only when its key is given ----
await paymentProviderContract('PortOne (real API, test channel)', async () => {
  const apiKey = process.env.PORTONE_TEST_API_KEY?.trim();
  const apiSecret = process.env.PORTONE_TEST_API_SECRET?.trim();
  if (!apiKey || !apiSecret) return { skip: 'PORTONE_TEST_API_KEY and PORTONE_TEST_API_SECRET are not set (a PortOne test-mode key)' };
  const customerUid = process.env.PORTONE_TEST_CUSTOMER_UID?.trim();
  return {
    provider: createPortOnePaymentProvider({ apiKey, apiSecret, baseUrl: process.env.PORTONE_TEST_API_URL?.trim() || undefined }),
    // a billing key issued on the test channel beforehand; without it only look-ups run
    ...(customerUid ? { cardCustomerUid: () => customerUid } : {}),
    cleanup: async () => {},
  };
});

describe('DEBUG provider: the browser id form and its conventions', () => {
  test('imp_debug_<merchant_uid>_<amount> round-trips, merchant_uids with underscores included', () => {
    expect(debugImpUid('pg_purchase_1732500000000', 50_000)).toBe('imp_debug_pg_purchase_1732500000000_50000');
    expect(parseDebugImpUid('imp_debug_pg_purchase_1732500000000_50000')).toEqual({ merchantUid: 'pg_purchase_1732500000000', amount: 50_000 });
    expect(parseDebugImpUid('imp_debug_0a1b2c3d4e5f60718293a4b5')).toBeNull();
    expect(parseDebugImpUid('imp_debug_pg_x_')).toBeNull();
    expect(parseDebugImpUid('imp_123_50000')).toBeNull();
  });

  test('a merchant_uid paid in a browser cannot be paid again under another browser id', async () => {
    const debug = createDebugPaymentProvider();
    await debug.getPayment(debugImpUid('pg_purchase_1', 50_000));
    await expect(debug.getPayment(debugImpUid('pg_purchase_1', 11_000))).rejects.toMatchObject({ reason: 'not-found' });
    // the same id again is the same payment
    expect((await debug.getPayment(debugImpUid('pg_purchase_1', 50_000))).amount).toBe(50_000);
  });

  test("'unavailable' in a customer_uid acts out a provider that does not answer; schedules are recorded", async () => {
    const debug = createDebugPaymentProvider();
    await expect(debug.charge({ customerUid: 'cust_unavailable_1', merchantUid: 'pg_renew_u_20260101_1', amount: 50_000, name: 'x' })).rejects.toMatchObject({ reason: 'unavailable' });
    expect(await debug.findPayment('pg_renew_u_20260101_1')).toBeNull();
    const scheduleAt = new Date(Date.now() + 86_400_000);
    await debug.schedule({ customerUid: 'cust_1', merchantUid: 'pg_schedule_1', amount: 50_000, name: 'x', scheduleAt });
    expect(debug.scheduled()).toEqual([expect.objectContaining({ merchantUid: 'pg_schedule_1', scheduleAt })]);
  });
});

describe('PortOne adapter against the fake: wire details', () => {
  let own: FakePortOne;
  beforeAll(async () => {
    own = await startFakePortOne({ tokenTtlSeconds: 1800 });
  });
  afterAll(() => own.close());
  const adapter = (options: { timeoutMs?: number; now?: () => number; apiSecret?: string } = {}) =>
    createPortOnePaymentProvider({ apiKey: own.impKey, apiSecret: options.apiSecret ?? own.impSecret, baseUrl: `${own.url}/`, timeoutMs: options.timeoutMs ?? 2000, now: options.now });

  test('one token serves concurrent calls, is renewed a minute before it expires, and at once after a 401', async () => {
    own.reset();
    let clock = Date.now();
    const p = adapter({ now: () => clock });
    const before = own.tokensIssued();
    await Promise.all([p.findPayment('pg_a'), p.findPayment('pg_b'), p.getBillingKey('cust_a')]);
    expect(own.tokensIssued() - before).toBe(1);
    clock += 28 * 60_000;
    await p.findPayment('pg_c');
    expect(own.tokensIssued() - before).toBe(1);
    clock += 90_000; // 29.5 min: within the last minute
    await p.findPayment('pg_d');
    expect(own.tokensIssued() - before).toBe(2);
    own.expireTokens();
    expect(await p.findPayment('pg_e')).toBeNull();
    expect(own.tokensIssued() - before).toBe(3);
    const paths = own.calls.map((c) => `${c.method} ${c.path}`);
    expect(paths.filter((c) => c === 'POST /users/getToken')).toHaveLength(3);
    // the secret never shows in what the fake recorded as sent; the token goes as a Bearer header
    expect(JSON.stringify(own.calls)).not.toContain(own.impSecret);
    expect(own.calls.find((c) => c.path === '/payments/find/pg_a')?.authorization).toMatch(/^Bearer [0-9a-f]{40}$/);
  });

  test('a wrong API secret is unavailable (nothing can be charged), with a message naming the keys', async () => {
    const error = await adapter({ apiSecret: 'wrong' }).findPayment('pg_x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ reason: 'unavailable', message: expect.stringContaining('PORTONE_API_KEY/PORTONE_API_SECRET') });
  });

  test('a charge sends what PortOne expects: customer_uid, merchant_uid, integer KRW amount, name, buyer', async () => {
    own.reset();
    own.registerBillingKey('cust_wire', { cardName: '신한카드' });
    const payment = await adapter().charge({ customerUid: 'cust_wire', merchantUid: 'pg_renew_u1_20260101_1', amount: 50_000, name: 'PocketGuide standard', buyerEmail: 'a@b.kr', buyerName: '민지' });
    expect(own.calls.find((c) => c.path === '/subscribe/payments/again')?.body).toEqual({
      customer_uid: 'cust_wire',
      merchant_uid: 'pg_renew_u1_20260101_1',
      amount: 50_000,
      currency: 'KRW',
      name: 'PocketGuide standard',
      buyer_email: 'a@b.kr',
      buyer_name: '민지',
    });
    expect(payment).toMatchObject({ cardName: '신한카드', buyerEmail: 'a@b.kr', receiptUrl: expect.stringContaining('/receipts/') });
  });

  test('a forged webhook for a payment that failed in the window reads failed; one for a ready payment reads ready', async () => {
    own.reset();
    const p = adapter();
    const failed = own.browserPayment({ merchantUid: 'pg_purchase_f', amount: 50_000, status: 'failed' });
    expect(await p.verifyWebhook({ imp_uid: failed, merchant_uid: 'pg_purchase_f', status: 'paid' })).toMatchObject({ status: 'failed', paidAt: null, failReason: expect.any(String) });
    const ready = own.browserPayment({ merchantUid: 'pg_purchase_r', amount: 50_000, status: 'ready' });
    expect((await p.verifyWebhook({ imp_uid: ready, status: 'paid' })).status).toBe('ready');
  });

  test('scheduled charges run at their time and post their webhook, which the adapter verifies', async () => {
    own.reset();
    const p = adapter();
    own.registerBillingKey('cust_sched');
    const scheduleAt = new Date(Date.now() + 3_600_000);
    await p.schedule({ customerUid: 'cust_sched', merchantUid: 'pg_schedule_s1', amount: 50_000, name: 'PocketGuide', scheduleAt });
    expect(own.schedules()).toEqual([expect.objectContaining({ merchant_uid: 'pg_schedule_s1', schedule_at: Math.floor(scheduleAt.getTime() / 1000), schedule_status: 'scheduled' })]);
    const received: unknown[] = [];
    const { createServer } = await import('node:http');
    const hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.end('ok');
      });
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => hook.once('listening', resolve));
    try {
      own.noticeUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}/api/payments/webhook`;
      expect(await own.runDueSchedules(new Date(Date.now() + 1000))).toEqual([]);
      const [impUid] = await own.runDueSchedules(new Date(scheduleAt.getTime() + 1000));
      expect(received).toEqual([{ imp_uid: impUid, merchant_uid: 'pg_schedule_s1', status: 'paid' }]);
      expect(await p.verifyWebhook(received[0])).toMatchObject({ impUid, status: 'paid', amount: 50_000, customerUid: 'cust_sched' });
    } finally {
      hook.close();
    }
  });

  test('a failure the fake answers once (5xx) is unavailable; the next call works', async () => {
    own.reset();
    const p = adapter();
    await p.findPayment('pg_warm'); // token cached
    own.failNext(1, 502);
    await expect(p.findPayment('pg_x')).rejects.toMatchObject({ reason: 'unavailable' });
    expect(await p.findPayment('pg_x')).toBeNull();
  });

  test('postForgedWebhook posts JSON or a form', async () => {
    own.reset();
    const response = await postForgedWebhook(`${own.url}/payments/cancel`, { imp_uid: 'imp_1', merchant_uid: 'pg_1', status: 'paid' }, { form: true });
    expect(response.status).toBe(401); // no token: the fake is not a webhook target, but it received the form
    expect(own.calls.at(-1)?.body).toEqual({ imp_uid: 'imp_1', merchant_uid: 'pg_1', status: 'paid' });
  });
});
