import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENT_MESSAGES as P,
  SUBSCRIPTION_MESSAGES as S,
  paymentStream,
  priceOf,
  renewalMerchantUid,
  userStream,
} from '@pocketguide/contracts';
import { registeredUserEvent } from '../testing/stored-user.ts';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import type { ProviderPayment } from '@pocketguide/platform/payments/payment-provider';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import { AppError } from '@pocketguide/platform/http/errors';
import type { CommandMetadata } from '../core/command-handler.ts';
import { createGuidebooks } from '../guidebook/guidebooks.ts';
import { newGuidebookDocument } from '@pocketguide/contracts';
import { createBillingCommands } from './billing-commands.ts';
import { createPayments } from './payments.ts';
import { createFakePaymentProvider, providerPayment } from './testing/fake-payment-provider.ts';

let store: EventStore;
beforeAll(() => {
  store = createSqliteEventStore({
    path: resolve(import.meta.dirname, `../../../test-output/tmp/payments-${randomUUID()}.sqlite`),
  });
});
afterAll(() => store.close());

const now = new Date('2026-03-01T09:00:00.000Z');
const clock = { now: () => now };
const meta = (userId: string): CommandMetadata => ({ commandId: randomUUID(), userId, role: 'user' });

async function person(): Promise<string> {
  const userId = randomUUID();
  await store.appendToStream(userStream(userId), [
    registeredUserEvent(userId, {
      registeredAt: '2026-02-20T09:00:00.000Z',
      trialExpiresAt: '2026-03-06T09:00:00.000Z',
    }),
  ]);
  return userId;
}

async function types(streamId: string): Promise<string[]> {
  const found: string[] = [];
  for await (const event of store.readStream(streamId)) found.push(event.type);
  return found;
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, code, message } = error as AppError;
  return { status, code, message };
}

function setup(kind: 'debug' | 'portone' = 'portone') {
  const provider = createFakePaymentProvider(kind);
  const payments = createPayments({ eventStore: store, clock, provider });
  return { provider, payments };
}

const purchaseOf = (
  userId: string,
  overrides: Partial<Parameters<ReturnType<typeof setup>['payments']['purchase']>[1]> = {},
) => {
  const merchantUid = `pg_${overrides.plan === 'onemonth' ? 'onemonth' : 'purchase'}_${randomUUID().slice(0, 8)}`;
  return {
    customerUid: `pg_card_${userId}_1`,
    merchantUid,
    impUid: `imp_${merchantUid}`,
    plan: 'standard' as const,
    billingCycle: 'month' as const,
    debug: false,
    ...overrides,
  };
};

describe('a purchase', () => {
  it('verified with the provider: the payment is recorded and the plan granted with the card kept', async () => {
    const { provider, payments } = setup();
    const userId = await person();
    const input = purchaseOf(userId);
    provider.payments.set(
      input.impUid,
      providerPayment({ merchantUid: input.merchantUid, amount: priceOf('standard', now), impUid: input.impUid }),
    );
    provider.keys.set(input.customerUid, {
      customerUid: input.customerUid,
      cardName: 'Shinhan card',
      cardNumberMasked: null,
      createdAt: now,
    });
    const { account } = await payments.purchase(userId, input, meta(userId));
    expect([
      account.subscription,
      account.subscriptionType,
      account.paymentMethod,
      account.customerUid,
      account.expiresAt,
    ]).toEqual([true, 'standard', 'Shinhan card', input.customerUid, '2026-04-01T09:00:00.000Z']);
    expect(await types(paymentStream(input.merchantUid))).toEqual(['PaymentRequested', 'PaymentSucceeded']);
  });

  it('refused, with nothing granted or recorded: unpaid 402, other merchant_uid 400, other amount 400, unknown imp_uid 402', async () => {
    const { provider, payments } = setup();
    const userId = await person();
    const cases = [
      {
        fields: { status: 'ready' as const, paidAt: null },
        status: 402,
        code: 'payment_not_completed',
        message: P.notPaid,
      },
      {
        fields: { merchantUid: 'pg_purchase_other' },
        status: 400,
        code: 'payment_mismatch',
        message: P.merchantMismatch,
      },
      { fields: { amount: 100 }, status: 400, code: 'payment_mismatch', message: P.amountMismatch },
    ];
    for (const c of cases) {
      const input = purchaseOf(userId);
      provider.payments.set(
        input.impUid,
        providerPayment({
          merchantUid: input.merchantUid,
          amount: priceOf('standard', now),
          impUid: input.impUid,
          ...c.fields,
        }),
      );
      expect(await refusal(payments.purchase(userId, input, meta(userId)))).toEqual({
        status: c.status,
        code: c.code,
        message: c.message,
      });
      expect(await types(paymentStream(input.merchantUid))).toEqual([]);
    }
    const unknown = purchaseOf(userId);
    expect(await refusal(payments.purchase(userId, unknown, meta(userId)))).toMatchObject({
      status: 402,
      code: 'payment_not_completed',
    });
    expect(await types(userStream(userId))).toEqual(['UserRegistered']);
  });

  it('a DEBUG payment is refused by a server whose provider is not the debug one; yearly is refused before the provider is asked', async () => {
    const { provider, payments } = setup('portone');
    const userId = await person();
    expect(await refusal(payments.purchase(userId, purchaseOf(userId, { debug: true }), meta(userId)))).toEqual({
      status: 400,
      code: 'debug_payment_refused',
      message: P.debugNotAllowed,
    });
    expect(
      await refusal(payments.purchase(userId, purchaseOf(userId, { billingCycle: 'year' }), meta(userId))),
    ).toEqual({
      status: 400,
      code: 'option_unavailable',
      message: P.yearly,
    });
    expect(provider.calls).toEqual([]);
  });

  it("someone else's card (customer_uid) is refused", async () => {
    const { payments } = setup();
    const userId = await person();
    expect(
      await refusal(payments.purchase(userId, purchaseOf(userId, { customerUid: 'pg_card_someone_1' }), meta(userId))),
    ).toMatchObject({
      status: 400,
      code: 'validation_failed',
    });
  });

  it('one payment grants once: the same merchant_uid again (new request) records and grants nothing; someone else sending it is refused 409', async () => {
    const { provider, payments } = setup();
    const userId = await person();
    const input = purchaseOf(userId, { plan: 'onemonth' });
    provider.payments.set(
      input.impUid,
      providerPayment({ merchantUid: input.merchantUid, amount: priceOf('onemonth', now), impUid: input.impUid }),
    );
    await payments.purchase(userId, input, meta(userId));
    const recorded = { user: await types(userStream(userId)), payment: await types(paymentStream(input.merchantUid)) };
    // the same purchase again (the browser after the webhook): nothing new, and the session it answers is the plan's
    expect((await payments.purchase(userId, input, meta(userId))).account.subscriptionType).toBe('onemonth');
    expect(await refusal(payments.unsubscribe(userId, meta(userId)))).toEqual({
      status: 409,
      code: 'conflict',
      message: S.oneMonthUnsubscribe,
    });
    // after it lapsed, the old payment still buys nothing
    const later = new Date('2026-05-01T00:00:00.000Z');
    await createBillingCommands({ eventStore: store, clock: { now: () => later } }).lapse({
      userId,
      reason: 'onemonth-ended',
    });
    await payments.purchase(userId, input, meta(userId));
    expect((await payments.account(userId)).subscriptionType).toBe('free');
    expect(await types(paymentStream(input.merchantUid))).toEqual(recorded.payment);
    expect((await types(userStream(userId))).filter((t) => t === 'UserSubscribed')).toHaveLength(1);
    // another account sending this merchant_uid and imp_uid with its own card: not its payment
    const other = await person();
    expect(
      await refusal(payments.purchase(other, { ...input, customerUid: `pg_card_${other}_1` }, meta(other))),
    ).toEqual({ status: 409, code: 'conflict', message: P.paymentUsed });
    expect(provider.calls.filter((call) => call.startsWith('cancel'))).toEqual([]);
  });

  it("a merchant_uid outside the purchases' namespace (a renewal's, a schedule's, a card check's, another kind's) is refused before anything is asked", async () => {
    const { provider, payments } = setup();
    const userId = await person();
    for (const merchantUid of [
      renewalMerchantUid(userId, now, 1),
      'pg_s_abc_20260301090000',
      'pg_cardcheck_0123456789abcdef',
      'pg_transfer_0123456789',
      'pg_onemonth_12345678',
      'pg_purchase_1234',
      'pg_purchase_12345678_x',
      'order-1',
    ]) {
      const input = { ...purchaseOf(userId), merchantUid };
      provider.payments.set(
        input.impUid,
        providerPayment({ merchantUid, amount: priceOf('standard', now), impUid: input.impUid }),
      );
      expect(await refusal(payments.purchase(userId, input, meta(userId)))).toEqual({
        status: 400,
        code: 'merchant_uid_refused',
        message: P.merchantUidRefused,
      });
      expect(await types(paymentStream(merchantUid))).toEqual([]);
    }
    expect(provider.calls.length).toBe(0);
  });

  it('a paid purchase that cannot be granted (the account is subscribed) is cancelled with the provider at once and recorded refunded', async () => {
    const { provider, payments } = setup();
    const userId = await person();
    const first = purchaseOf(userId);
    provider.payments.set(
      first.impUid,
      providerPayment({ merchantUid: first.merchantUid, amount: priceOf('standard', now), impUid: first.impUid }),
    );
    await payments.purchase(userId, first, meta(userId));
    const second = purchaseOf(userId, { plan: 'onemonth' });
    provider.payments.set(
      second.impUid,
      providerPayment({ merchantUid: second.merchantUid, amount: priceOf('onemonth', now), impUid: second.impUid }),
    );
    expect(await refusal(payments.purchase(userId, second, meta(userId)))).toEqual({
      status: 409,
      code: 'conflict',
      message: `${S.oneMonthForSubscribed} ${P.notGrantedRefunded}`,
    });
    expect(await types(paymentStream(second.merchantUid))).toEqual([
      'PaymentRequested',
      'PaymentSucceeded',
      'PaymentRefunded',
    ]);
    expect((await provider.findPayment(second.merchantUid))?.status).toBe('cancelled');
    expect((await payments.account(userId)).subscriptionType).toBe('standard');
  });

  it('a retried request (same command id) finishes once', async () => {
    const { provider, payments } = setup();
    const userId = await person();
    const input = purchaseOf(userId);
    provider.payments.set(
      input.impUid,
      providerPayment({ merchantUid: input.merchantUid, amount: priceOf('standard', now), impUid: input.impUid }),
    );
    const metadata = meta(userId);
    await payments.purchase(userId, input, metadata);
    await payments.purchase(userId, input, metadata).catch(() => undefined);
    expect(await types(userStream(userId))).toEqual(['UserRegistered', 'PaymentMethodChanged', 'UserSubscribed']);
    expect(await types(paymentStream(input.merchantUid))).toEqual(['PaymentRequested', 'PaymentSucceeded']);
  });
});

/** The window that issued a billing key: a 0-won payment naming it, as PortOne records it. */
function issuedIn(
  provider: ReturnType<typeof setup>['provider'],
  customerUid: string,
  fields: Partial<ProviderPayment> = {},
): string {
  const impUid = `imp_issue_${randomUUID().slice(0, 8)}`;
  provider.payments.set(
    impUid,
    providerPayment({
      merchantUid: `pg_cardcheck_${randomUUID().slice(0, 8)}`,
      amount: 0,
      impUid,
      customerUid,
      ...fields,
    }),
  );
  return impUid;
}

describe('changing the card', () => {
  it('checks the card with 100 won cancelled at once, then keeps it', async () => {
    const { provider, payments } = setup();
    const userId = await person();
    const customerUid = `pg_card_${userId}_2`;
    provider.keys.set(customerUid, { customerUid, cardName: 'Hana card', cardNumberMasked: null, createdAt: now });
    const impUid = issuedIn(provider, customerUid);
    const { account } = await payments.changePaymentMethod(userId, { customerUid, impUid, debug: false }, meta(userId));
    expect([account.customerUid, account.paymentMethod]).toEqual([customerUid, 'Hana card']);
    expect(provider.calls.filter((call) => call.startsWith('charge') || call.startsWith('cancel'))).toEqual([
      expect.stringMatching(/^charge pg_cardcheck_\w+ 100$/),
      expect.stringMatching(/^cancel pg_cardcheck_\w+ rest$/),
    ]);
  });

  it('a declined card changes nothing (402)', async () => {
    const { provider, payments } = setup();
    const userId = await person();
    const customerUid = `pg_card_${userId}_3`;
    provider.keys.set(customerUid, { customerUid, cardName: 'Hana card', cardNumberMasked: null, createdAt: now });
    provider.declineCharges = true;
    expect(
      await refusal(
        payments.changePaymentMethod(
          userId,
          { customerUid, impUid: issuedIn(provider, customerUid), debug: false },
          meta(userId),
        ),
      ),
    ).toMatchObject({
      status: 402,
      code: 'payment_declined',
    });
    expect(await types(userStream(userId))).toEqual(['UserRegistered']);
    // no card at all
    const none = `pg_card_${userId}_none`;
    expect(
      await refusal(
        payments.changePaymentMethod(
          userId,
          { customerUid: none, impUid: issuedIn(provider, none), debug: false },
          meta(userId),
        ),
      ),
    ).toMatchObject({
      status: 402,
    });
  });

  it('the imp_uid sent is verified: unknown (402), another billing key’s (400), not done in the window (402): nothing changes, nothing charged', async () => {
    const { provider, payments } = setup();
    const userId = await person();
    const customerUid = `pg_card_${userId}_4`;
    provider.keys.set(customerUid, { customerUid, cardName: 'Hana card', cardNumberMasked: null, createdAt: now });
    const change = (impUid: string) =>
      refusal(payments.changePaymentMethod(userId, { customerUid, impUid, debug: false }, meta(userId)));
    expect(await change('imp_made_up')).toMatchObject({
      status: 402,
      code: 'payment_not_completed',
      message: P.paymentNotFound,
    });
    expect(await change(issuedIn(provider, `pg_card_${userId}_other`))).toMatchObject({
      status: 400,
      code: 'payment_mismatch',
    });
    expect(await change(issuedIn(provider, customerUid, { status: 'ready', paidAt: null }))).toMatchObject({
      status: 402,
      code: 'payment_not_completed',
    });
    expect(await types(userStream(userId))).toEqual(['UserRegistered']);
    expect(provider.calls.filter((call) => call.startsWith('charge'))).toEqual([]);
  });
});

describe('the billing commands', () => {
  it('a renewal delivered twice charges, records and renews once', async () => {
    const { provider, payments } = setup();
    const userId = await person();
    const input = purchaseOf(userId);
    provider.payments.set(
      input.impUid,
      providerPayment({ merchantUid: input.merchantUid, amount: priceOf('standard', now), impUid: input.impUid }),
    );
    await payments.purchase(userId, input, meta(userId));

    const billing = createBillingCommands({ eventStore: store, clock, provider });
    const merchantUid = renewalMerchantUid(userId, '2026-04-01T09:00:00.000Z', 1);
    const charge = {
      userId,
      merchantUid,
      plan: 'standard' as const,
      amount: priceOf('standard', now),
      kind: 'renewal' as const,
    };
    expect(await billing.requestCharge(charge)).toBe('requested');
    expect(await billing.requestCharge(charge)).toBe('exists');
    const paid = providerPayment({ merchantUid, amount: charge.amount });
    expect(await billing.recordChargeResult({ merchantUid, payment: paid })).toBe('succeeded');
    expect(await billing.recordChargeResult({ merchantUid, payment: paid })).toBe('unchanged');
    expect(await billing.renew({ userId, merchantUid })).toBe('renewed');
    expect(await billing.renew({ userId, merchantUid })).toBe('already');
    expect((await payments.account(userId)).expiresAt).toBe('2026-05-01T09:00:00.000Z');
    expect(await billing.recordNotice({ userId, kind: 'renewal-upcoming', key: 'k1' })).toBe('recorded');
    expect(await billing.recordNotice({ userId, kind: 'renewal-upcoming', key: 'k1' })).toBe('already');
  });

  it('failures are recorded once per attempt; after the last one the plan lapses to free', async () => {
    const { provider, payments } = setup();
    const userId = await person();
    const input = purchaseOf(userId);
    provider.payments.set(
      input.impUid,
      providerPayment({ merchantUid: input.merchantUid, amount: priceOf('standard', now), impUid: input.impUid }),
    );
    await payments.purchase(userId, input, meta(userId));
    const after = new Date('2026-04-02T09:00:00.000Z');
    const billing = createBillingCommands({ eventStore: store, clock: { now: () => after } });
    const failure = {
      userId,
      merchantUid: renewalMerchantUid(userId, '2026-04-01T09:00:00.000Z', 1),
      attempt: 1,
      failReason: 'declined',
      nextAttemptAt: null,
    };
    expect(await billing.recordRenewalFailure(failure)).toBe('recorded');
    expect(await billing.recordRenewalFailure(failure)).toBe('already');
    expect(await billing.lapse({ userId, reason: 'charge-failed' })).toBe('lapsed');
    expect(await billing.lapse({ userId, reason: 'charge-failed' })).toBe('already');
    const account = await payments.account(userId);
    expect([account.subscription, account.subscriptionType, account.renewal]).toEqual([false, 'free', null]);
  });
});

describe('administrator payment actions', () => {
  it('refund in part then the rest; delete; transfer grants the plan', async () => {
    const { provider, payments } = setup();
    const userId = await person();
    const input = purchaseOf(userId);
    provider.payments.set(
      input.impUid,
      providerPayment({ merchantUid: input.merchantUid, amount: priceOf('standard', now), impUid: input.impUid }),
    );
    await payments.purchase(userId, input, meta(userId));
    const admin = meta('admin');
    expect((await payments.refund(input.merchantUid, 10_000, 'asked', admin)).cancelAmount).toBe(10_000);
    expect(await refusal(payments.refund(input.merchantUid, 60_000, 'asked', meta('admin')))).toMatchObject({
      status: 409,
      message: P.refundTooLarge,
    });
    expect((await payments.refund(input.merchantUid, undefined, 'asked', meta('admin'))).cancelAmount).toBe(
      priceOf('standard', now),
    );
    expect(await refusal(payments.refund(input.merchantUid, undefined, 'asked', meta('admin')))).toMatchObject({
      status: 409,
      message: P.notRefundable,
    });
    await payments.deletePayment(input.merchantUid, meta('admin'));
    expect(await refusal(payments.payment(input.merchantUid))).toMatchObject({ status: 404 });

    const other = await person();
    const transfer = await payments.recordTransfer(
      { userId: other, plan: 'enterprise', amount: 1_000_000, note: 'invoice 7' },
      meta('admin'),
    );
    expect([transfer.account.subscriptionType, transfer.account.subscription]).toEqual(['enterprise', true]);
    expect(await types(paymentStream(transfer.merchantUid))).toEqual(['TransferPaymentRecorded']);

    // a running subscription paid for by transfer runs a month longer, on the plan paid for
    const upgraded = await payments.recordTransfer(
      { userId, plan: 'pro', amount: 150_000, note: 'invoice 8' },
      meta('admin'),
    );
    expect([upgraded.account.subscriptionType, upgraded.account.expiresAt]).toEqual([
      'pro',
      '2026-05-01T09:00:00.000Z',
    ]);
  });
});

describe('the publish limit follows the plan', () => {
  it('a mini subscriber publishes 3 at once; the 4th is refused with the plan number in the spec text', async () => {
    const { provider, payments } = setup();
    const userId = await person();
    const input = purchaseOf(userId, { plan: 'mini' });
    provider.payments.set(
      input.impUid,
      providerPayment({ merchantUid: input.merchantUid, amount: priceOf('mini', now), impUid: input.impUid }),
    );
    await payments.purchase(userId, input, meta(userId));
    const guidebooks = createGuidebooks({ eventStore: store, clock });
    const actor = { userId, isAdmin: false };
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(
        (await guidebooks.create(actor, newGuidebookDocument({ title: `Jeju ${i}` }), 'new', meta(userId))).guidebookId,
      );
    for (const id of ids.slice(0, 3)) await guidebooks.publish(id, actor, meta(userId));
    expect(await refusal(guidebooks.publish(ids[3]!, actor, meta(userId)))).toEqual({
      status: 409,
      code: 'publish_limit_reached',
      message: 'You already have 3 published guidebooks. Please unpublish one of the guidebooks.',
    });
  });
});
