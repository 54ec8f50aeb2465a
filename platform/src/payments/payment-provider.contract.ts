/**
 * The one contract every payment provider adapter must pass (DEBUG, PortOne against the fake server, PortOne's
 * test channel when a key is given). An adapter's test file calls it at the top level:
 * `await paymentProviderContract('DEBUG', factory)`. The factory runs while tests are collected, so a skipped
 * adapter shows up as a skipped block whose title carries the reason, and a harness without a capability (a
 * real PortOne cannot be told to decline a card) skips just the tests needing it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { PaymentProviderError, type PaymentProvider, type ProviderPayment } from './payment-provider.ts';

export type PaymentProviderHarness = {
  provider: PaymentProvider;
  /** the customer paid in the provider's window (or DEBUG's stand-in); answers the imp_uid the browser gets */
  browserPayment?: (input: {
    merchantUid: string;
    amount: number;
    customerUid?: string;
    buyerEmail?: string;
  }) => Promise<string> | string;
  /** a customer_uid whose card is charged successfully */
  cardCustomerUid?: () => Promise<string> | string;
  /** a customer_uid whose card is declined */
  declinedCustomerUid?: () => Promise<string> | string;
  /** starts an outage of that kind (the provider times out, or answers 5xx); answers the function that ends it */
  outage?: (kind: 'timeout' | '5xx') => () => void;
  cleanup(): Promise<void>;
};

export type PaymentProviderFactory = () => Promise<PaymentProviderHarness | { skip: string }>;

/** a customer_uid no provider has a card for (DEBUG: contains `missing`; PortOne: never registered) */
const missingCustomerUid = (): string => `cust_missing_${randomBytes(6).toString('hex')}`;

async function rejection(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    (value) => {
      throw new Error(`expected a PaymentProviderError, got ${JSON.stringify(value)}`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

export async function paymentProviderContract(name: string, factory: PaymentProviderFactory): Promise<void> {
  const setup = await factory();
  if ('skip' in setup) {
    describe.skip(`payment provider contract: ${name} (skipped: ${setup.skip})`, () => {
      test('the whole contract', () => {});
    });
    return;
  }
  const h = setup;
  const p = h.provider;
  const run = randomBytes(4).toString('hex');
  let serial = 0;
  /** a fresh merchant_uid per use, shaped as the product's (`pg_<purpose>_<...>`) */
  const merchantUid = (purpose: string): string => `pg_${purpose}_${run}_${++serial}`;
  const order = { name: 'PocketGuide standard (1 month)', buyerEmail: 'buyer@example.com' };

  const browser = h.browserPayment;
  const card = h.cardCustomerUid;
  const declined = h.declinedCustomerUid;
  const outage = h.outage;
  const without = (what: string, has: unknown): string => (has ? '' : ` (skipped: this harness cannot ${what})`);

  function expectPaid(payment: ProviderPayment, fields: { merchantUid: string; amount: number }): void {
    expect(payment).toMatchObject({
      merchantUid: fields.merchantUid,
      amount: fields.amount,
      status: 'paid',
      cancelAmount: 0,
      currency: 'KRW',
      failReason: null,
      cancelledAt: null,
    });
    expect(payment.impUid).toMatch(/^[A-Za-z0-9_.:-]+$/);
    expect(payment.paidAt).toBeInstanceOf(Date);
    expect(typeof payment.method).toBe('string');
  }

  describe(`payment provider contract: ${name}`, () => {
    afterAll(() => h.cleanup());

    test(`kind is debug or portone`, () => {
      expect(['debug', 'portone']).toContain(p.kind);
    });

    describe('a browser payment', () => {
      test(`getPayment answers what the customer paid, for the server's checks (paid, merchant_uid, amount)${without('make browser payments', browser)}`, async () => {
        if (!browser) return;
        const m = merchantUid('purchase');
        const impUid = await browser({ merchantUid: m, amount: 50_000, buyerEmail: order.buyerEmail });
        const payment = await p.getPayment(impUid);
        expectPaid(payment, { merchantUid: m, amount: 50_000 });
        expect(payment.impUid).toBe(impUid);
        // the amount is the provider's, never the browser's word: a cheaper payment reads as cheaper
        const cheap = await p.getPayment(await browser({ merchantUid: merchantUid('purchase'), amount: 11_000 }));
        expect(cheap.amount).toBe(11_000);
        expect((await p.findPayment(m))?.impUid).toBe(impUid);
      });

      test('an imp_uid the provider never issued is not-found; a merchant_uid never paid finds null', async () => {
        expect((await rejection(p.getPayment(`imp_${run}000000`))).reason).toBe('not-found');
        expect(await p.findPayment(merchantUid('never'))).toBeNull();
      });

      test(`a 100-won card check is cancelled at once, in full${without('make browser payments', browser)}`, async () => {
        if (!browser) return;
        const m = merchantUid('check');
        const customerUid = `cust_${run}_check`;
        const impUid = await browser({ merchantUid: m, amount: 100, customerUid });
        expectPaid(await p.getPayment(impUid), { merchantUid: m, amount: 100 });
        const cancelled = await p.cancel({ merchantUid: m, reason: 'card check' });
        expect(cancelled).toMatchObject({ impUid, status: 'cancelled', amount: 100, cancelAmount: 100 });
        expect(cancelled.cancelledAt).toBeInstanceOf(Date);
        expect((await p.getPayment(impUid)).status).toBe('cancelled');
        expect(await p.getBillingKey(customerUid)).toMatchObject({ customerUid });
      });
    });

    describe('billing keys', () => {
      test(`a registered card is found with its name; an unknown customer_uid is null${without('register a card', card)}`, async () => {
        if (!card) return;
        const customerUid = await card();
        const key = await p.getBillingKey(customerUid);
        expect(key).toMatchObject({ customerUid });
        expect(key?.createdAt).toBeInstanceOf(Date);
        expect(key?.cardName === null || typeof key?.cardName === 'string').toBe(true);
        expect(await p.getBillingKey(missingCustomerUid())).toBeNull();
      });
    });

    describe('charging a billing key', () => {
      test(`a charge answers a paid payment, found again by imp_uid and merchant_uid${without('register a card', card)}`, async () => {
        if (!card) return;
        const customerUid = await card();
        const m = merchantUid('renew');
        const payment = await p.charge({ customerUid, merchantUid: m, amount: 50_000, ...order });
        expectPaid(payment, { merchantUid: m, amount: 50_000 });
        expect(payment.customerUid).toBe(customerUid);
        expect(await p.getPayment(payment.impUid)).toMatchObject({
          impUid: payment.impUid,
          status: 'paid',
          amount: 50_000,
        });
        expect(await p.findPayment(m)).toMatchObject({ impUid: payment.impUid, status: 'paid' });
      });

      test(`a declined card is a failed payment with a reason, not a throw${without('decline a card', declined)}`, async () => {
        if (!declined) return;
        const m = merchantUid('renew');
        const payment = await p.charge({ customerUid: await declined(), merchantUid: m, amount: 50_000, ...order });
        expect(payment).toMatchObject({ merchantUid: m, status: 'failed', paidAt: null });
        expect(payment.failReason).toEqual(expect.any(String));
        expect(payment.failedAt).toBeInstanceOf(Date);
        expect((await p.findPayment(m))?.status).toBe('failed');
      });

      test(`a merchant_uid already paid is refused (invalid), and nothing is charged twice${without('register a card', card)}`, async () => {
        if (!card) return;
        const customerUid = await card();
        const m = merchantUid('renew');
        const first = await p.charge({ customerUid, merchantUid: m, amount: 33_000, ...order });
        expect((await rejection(p.charge({ customerUid, merchantUid: m, amount: 33_000, ...order }))).reason).toBe(
          'invalid',
        );
        expect(await p.findPayment(m)).toMatchObject({ impUid: first.impUid, status: 'paid', amount: 33_000 });
        if (browser) {
          const paidInBrowser = merchantUid('purchase');
          await p.getPayment(await browser({ merchantUid: paidInBrowser, amount: 11_000 }));
          expect(
            (await rejection(p.charge({ customerUid, merchantUid: paidInBrowser, amount: 11_000, ...order }))).reason,
          ).toBe('invalid');
        }
      });

      test('a customer_uid without a card is not-found; amounts that are not whole won are invalid', async () => {
        expect(
          (
            await rejection(
              p.charge({
                customerUid: missingCustomerUid(),
                merchantUid: merchantUid('renew'),
                amount: 50_000,
                ...order,
              }),
            )
          ).reason,
        ).toBe('not-found');
        for (const amount of [0, -100, 100.5, Number.NaN]) {
          expect(
            (
              await rejection(
                p.charge({ customerUid: `cust_${run}`, merchantUid: merchantUid('renew'), amount, ...order }),
              )
            ).reason,
          ).toBe('invalid');
        }
      });

      for (const kind of ['timeout', '5xx'] as const) {
        test(`a provider that ${kind === 'timeout' ? 'does not answer in time' : 'answers 5xx'} is unavailable, and works again after${without('act out an outage', outage && card)}`, async () => {
          if (!outage || !card) return;
          const customerUid = await card();
          const m = merchantUid('renew');
          const end = outage(kind);
          try {
            expect((await rejection(p.charge({ customerUid, merchantUid: m, amount: 50_000, ...order }))).reason).toBe(
              'unavailable',
            );
            expect((await rejection(p.findPayment(m))).reason).toBe('unavailable');
          } finally {
            end();
          }
          // after an unavailable charge the caller looks the merchant_uid up before charging again
          const earlier = await p.findPayment(m);
          const payment =
            earlier?.status === 'paid'
              ? earlier
              : await p.charge({ customerUid, merchantUid: m, amount: 50_000, ...order });
          expect(payment).toMatchObject({ merchantUid: m, status: 'paid' });
        });
      }
    });

    describe('cancelling (refunds)', () => {
      test(`a partial cancel leaves the payment paid with cancelAmount; the rest cancels it; nothing is left after${without('register a card', card)}`, async () => {
        if (!card) return;
        const m = merchantUid('renew');
        const paid = await p.charge({ customerUid: await card(), merchantUid: m, amount: 33_000, ...order });
        const partial = await p.cancel({ merchantUid: m, amount: 10_000, reason: 'partial refund' });
        expect(partial).toMatchObject({ impUid: paid.impUid, status: 'paid', amount: 33_000, cancelAmount: 10_000 });
        expect(partial.cancelledAt).toBeInstanceOf(Date);
        expect((await rejection(p.cancel({ merchantUid: m, amount: 30_000, reason: 'too much' }))).reason).toBe(
          'invalid',
        );
        const full = await p.cancel({ merchantUid: m, reason: 'the rest' });
        expect(full).toMatchObject({ status: 'cancelled', amount: 33_000, cancelAmount: 33_000 });
        expect(await p.findPayment(m)).toMatchObject({ status: 'cancelled', cancelAmount: 33_000 });
        expect((await rejection(p.cancel({ merchantUid: m, reason: 'again' }))).reason).toBe('invalid');
      });

      test('cancelling a payment that does not exist is not-found', async () => {
        expect((await rejection(p.cancel({ merchantUid: merchantUid('never'), reason: 'x' }))).reason).toBe(
          'not-found',
        );
      });
    });

    describe('scheduled charges', () => {
      test(`a charge is scheduled for later; a past date, a used merchant_uid or no card is refused${without('register a card', card)}`, async () => {
        if (!card) return;
        const customerUid = await card();
        const later = new Date(Date.now() + 30 * 86_400_000);
        await expect(
          p.schedule({
            customerUid,
            merchantUid: merchantUid('scheduled'),
            amount: 50_000,
            scheduleAt: later,
            ...order,
          }),
        ).resolves.toBeUndefined();
        expect(
          (
            await rejection(
              p.schedule({
                customerUid,
                merchantUid: merchantUid('scheduled'),
                amount: 50_000,
                scheduleAt: new Date(Date.now() - 60_000),
                ...order,
              }),
            )
          ).reason,
        ).toBe('invalid');
        const m = merchantUid('renew');
        await p.charge({ customerUid, merchantUid: m, amount: 50_000, ...order });
        expect(
          (await rejection(p.schedule({ customerUid, merchantUid: m, amount: 50_000, scheduleAt: later, ...order })))
            .reason,
        ).toBe('invalid');
        expect(
          (
            await rejection(
              p.schedule({
                customerUid: missingCustomerUid(),
                merchantUid: merchantUid('scheduled'),
                amount: 50_000,
                scheduleAt: later,
                ...order,
              }),
            )
          ).reason,
        ).toBe('not-found');
      });
    });

    describe('webhooks', () => {
      test(`a forged webhook saying paid changes nothing: the provider's answer (cancelled) wins${without('make browser payments', browser)}`, async () => {
        if (!browser) return;
        const m = merchantUid('purchase');
        const impUid = await browser({ merchantUid: m, amount: 50_000 });
        await p.getPayment(impUid);
        await p.cancel({ merchantUid: m, reason: 'refund' });
        const verified = await p.verifyWebhook({ imp_uid: impUid, merchant_uid: m, status: 'paid' });
        expect(verified).toMatchObject({ impUid, merchantUid: m, status: 'cancelled', cancelAmount: 50_000 });
        // form-encoded bodies (PortOne may send either) read the same
        expect((await p.verifyWebhook(`imp_uid=${impUid}&merchant_uid=${m}&status=paid`)).status).toBe('cancelled');
      });

      test(`a webhook naming another payment's merchant_uid, an unknown imp_uid or no imp_uid is refused${without('make browser payments', browser)}`, async () => {
        if (!browser) return;
        const m = merchantUid('purchase');
        const impUid = await browser({ merchantUid: m, amount: 11_000 });
        expect((await p.verifyWebhook({ imp_uid: impUid, merchant_uid: m, status: 'paid' })).status).toBe('paid');
        expect(
          (await rejection(p.verifyWebhook({ imp_uid: impUid, merchant_uid: merchantUid('other'), status: 'paid' })))
            .reason,
        ).toBe('invalid');
        expect(
          (await rejection(p.verifyWebhook({ imp_uid: `imp_${run}999999`, merchant_uid: m, status: 'paid' }))).reason,
        ).toBe('not-found');
        for (const body of [{ merchant_uid: m, status: 'paid' }, null, 42, { imp_uid: '../x' }]) {
          expect((await rejection(p.verifyWebhook(body))).reason).toBe('invalid');
        }
      });
    });
  });
}
