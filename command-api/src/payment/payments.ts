import {
  CARD_CHECK_AMOUNT,
  MAX_SCHEDULE_AHEAD_DAYS,
  PAID_AT_SKEW_MS,
  PAYMENT_MESSAGES as P,
  SUBSCRIPTION_MESSAGES as S,
  SELLABLE_PLANS,
  isOwnCustomerUid,
  ownerOfCustomerUid,
  paymentStream,
  purchaseKindOf,
  priceOf,
  userStream,
  paymentEventDecoder,
  userEventDecoder,
  type PaidPlan,
  type PaymentKind,
} from '@pocketguide/contracts';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import { AppError, ConflictError, NotFoundError, RevisionMismatchError, ValidationError } from '@pocketguide/platform/http/errors';
import type { PaymentProvider, ProviderPayment } from '@pocketguide/platform/payments/payment-provider';
import { commandStep as step, createCommandHandler, decodedWith, type CommandMetadata } from '../core/command-handler.ts';
import { deriveId, type Clock } from '../core/ids.ts';
import type { UserCommand } from '../user/user-commands.ts';
import { userDecider } from '../user/user-decider.ts';
import type { Account } from '../user/user-state.ts';
import { paymentDecider, type Payment, type PaymentCommand } from './payment-decider.ts';
import {
  DebugPaymentRefusedError,
  MerchantUidRefusedError,
  PaymentDeclinedError,
  PaymentMismatchError,
  PaymentNotCompletedError,
  callProvider,
} from './provider-errors.ts';

/** What the webhook did: recorded (and granted), or left alone (not a purchase, not paid). */
export type WebhookOutcome = { outcome: 'recorded'; merchantUid: string; position: number } | { outcome: 'ignored' | 'not-paid'; merchantUid: string };

/** The plan a purchase of `kind` paying `amount` on `at` bought (prices are distinct within a kind), or null. */
export function planPaidFor(kind: 'purchase' | 'onemonth', amount: number, at: Date): PaidPlan | null {
  if (kind === 'onemonth') return priceOf('onemonth', at) === amount ? 'onemonth' : null;
  return SELLABLE_PLANS.find((plan) => priceOf(plan, at) === amount) ?? null;
}

export type PaymentsDeps = { eventStore: EventStore; clock: Clock; provider: PaymentProvider };

/** What a purchase call carries (spec 2 §7: customer_uid, merchant_uid, imp_uid, plan, billingCycle, DEBUG). */
export type PurchaseInput = {
  customerUid: string;
  merchantUid: string;
  impUid: string;
  plan: PaidPlan;
  billingCycle: 'month' | 'year';
  debug: boolean;
};

/** A short id from a command id, for merchantUids the server makes (card checks, transfers). */
const shortId = (seed: string) => deriveId(seed).replaceAll('-', '').slice(0, 24);

/**
 * The payment use cases (spec 2 §4, §7; payments design). The server never trusts what the browser says it paid:
 * every purchase is looked up with the provider and must be paid, for this merchant_uid, at the plan's price on
 * the day; only then is the payment recorded and the plan granted. Each step is a command with its own id derived
 * from the request's, so a retried request (same Idempotency-Key) finishes what a failed one started.
 */
export function createPayments({ eventStore, clock, provider }: PaymentsDeps) {
  const handleUser = createCommandHandler(eventStore, userDecider, { toEvent: decodedWith(userEventDecoder) });
  const handlePayment = createCommandHandler(eventStore, paymentDecider, { toEvent: decodedWith(paymentEventDecoder) });

  const runUser = (userId: string, command: UserCommand, metadata: CommandMetadata) =>
    handleUser(userStream(userId), command, { metadata, retryOnConflict: true });
  const runPayment = (merchantUid: string, command: PaymentCommand, metadata: CommandMetadata) =>
    handlePayment(paymentStream(merchantUid), command, { metadata, retryOnConflict: true });

  async function account(userId: string): Promise<Account> {
    const { state } = await handleUser.load(userStream(userId));
    if (state.status !== 'registered') throw new NotFoundError('User not found');
    return state.account;
  }

  function registered(result: { state: Awaited<ReturnType<typeof handleUser>>['state']; position: number }) {
    if (result.state.status !== 'registered') throw new NotFoundError('User not found');
    return { account: result.state.account, position: result.position };
  }

  async function payment(merchantUid: string): Promise<Payment> {
    const { state } = await handlePayment.load(paymentStream(merchantUid));
    if (state.status !== 'exists' || state.payment.deleted) throw new NotFoundError(P.orderNotFound);
    return state.payment;
  }

  function checkRequest(userId: string, customerUid: string, debug: boolean): void {
    if (debug && provider.kind !== 'debug') throw new DebugPaymentRefusedError();
    if (!isOwnCustomerUid(customerUid, userId)) {
      throw new ValidationError('customer_uid does not belong to this account', [{ path: 'customer_uid', message: 'Not this account’s card' }]);
    }
  }

  async function cardNameOf(customerUid: string, fallback: string | null): Promise<string | null> {
    const key = await callProvider(() => provider.getBillingKey(customerUid)).catch(() => null);
    return key?.cardName ?? fallback;
  }

  /**
   * Records a verified purchase on `payment-<merchantUid>` and grants its plan, once: the same purchase again
   * (a retry, or the browser and the webhook both) records and grants nothing new. A paid purchase that cannot
   * be granted (a parallel purchase won, the account is subscribed already) is cancelled with the provider at
   * once and recorded as refunded, so one account never pays twice for one plan.
   */
  async function grantPurchase(
    userId: string,
    purchase: { plan: PaidPlan; kind: PaymentKind; merchantUid: string; customerUid: string; paid: ProviderPayment },
    metadata: CommandMetadata,
  ): Promise<{ account: Account; position: number }> {
    const { plan, kind, merchantUid, customerUid, paid } = purchase;
    await runPayment(
      merchantUid,
      { type: 'RequestPayment', data: { merchantUid, userId, plan, billingCycle: 'month', amount: paid.amount, kind, allowExisting: true, now: clock.now() } },
      step(metadata, 'request'),
    );
    await runPayment(merchantUid, { type: 'RecordPaymentResult', data: { payment: paid, now: clock.now() } }, step(metadata, 'result'));
    const cardName = await cardNameOf(customerUid, paid.cardName);
    const command: UserCommand = { type: 'PurchaseSubscription', data: { plan, billingCycle: 'month', merchantUid, customerUid, cardName, now: clock.now() } };
    try {
      // other writes to the account (a sign-out, a parallel purchase) may win the append more than once: ask again,
      // so only a real refusal (subscribed by another purchase meanwhile) refunds
      for (let attempt = 0; ; attempt++) {
        try {
          return registered(await runUser(userId, command, step(metadata, 'subscribe')));
        } catch (error) {
          if (!(error instanceof RevisionMismatchError) || attempt >= 8) throw error;
        }
      }
    } catch (error) {
      // a refusal of the grant (not a failure to reach the store): the money goes back
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      await refundUngranted(merchantUid, error.message, metadata);
      throw error instanceof ConflictError ? new ConflictError(`${error.message} ${P.notGrantedRefunded}`) : error;
    }
  }

  /** Cancels what is left of a recorded purchase that granted nothing, with the provider, and records it. */
  async function refundUngranted(merchantUid: string, why: string, metadata: CommandMetadata): Promise<void> {
    const recorded = await payment(merchantUid);
    if (recorded.status !== 'paid' || recorded.paidAmount - recorded.cancelAmount <= 0) return;
    const reason = `not granted: ${why}`.slice(0, 200);
    const cancelled = await callProvider(() => provider.cancel({ merchantUid, reason }));
    await runPayment(
      merchantUid,
      { type: 'RefundPayment', data: { amount: recorded.paidAmount - recorded.cancelAmount, cancelAmount: cancelled.cancelAmount, reason, now: clock.now() } },
      step(metadata, 'refund-ungranted'),
    );
  }

  return {
    account,
    payment,

    /**
     * POST subscriptions/subscribe and subscribe-one-month: checks the person may buy (yearly, one month while
     * subscribed: refused before anything is looked up), verifies the payment with the provider, records it on
     * `payment-<merchantUid>`, then grants the plan and keeps the card for renewals. A payment that is not paid,
     * not this merchant_uid's or not the price grants nothing.
     */
    async purchase(userId: string, input: PurchaseInput, metadata: CommandMetadata): Promise<{ account: Account; position: number }> {
      checkRequest(userId, input.customerUid, input.debug);
      const { plan, billingCycle, merchantUid, customerUid } = input;
      const kind: PaymentKind = plan === 'onemonth' ? 'onemonth' : 'purchase';
      // a purchase's id lives in the purchases' namespace (never a renewal's, a schedule's or a card check's)
      if (purchaseKindOf(merchantUid) !== kind) throw new MerchantUidRefusedError();
      const purchase: UserCommand = { type: 'PurchaseSubscription', data: { plan, billingCycle, merchantUid, customerUid, cardName: null, now: clock.now() } };
      // refusals no payment could change (yearly, enterprise, no such account) come before the provider is asked;
      // "already subscribed" does not: a paid duplicate must be found and refunded, not left charged
      try {
        userDecider.decide(purchase, (await handleUser.load(userStream(userId))).state);
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
      }

      const paid = await callProvider(() => provider.getPayment(input.impUid), { notFound: () => new PaymentNotCompletedError(P.paymentNotFound) });
      if (paid.merchantUid !== merchantUid) throw new PaymentMismatchError(P.merchantMismatch);
      if (paid.status !== 'paid') throw new PaymentNotCompletedError();
      if (paid.customerUid !== null && paid.customerUid !== customerUid) throw new PaymentMismatchError(P.merchantMismatch);
      const now = clock.now();
      const price = priceOf(plan, now);
      // a payment made just before the prices changed is charged the price of its own moment
      const priceThen = paid.paidAt ? priceOf(plan, paid.paidAt) : price;
      if (paid.amount !== price && paid.amount !== priceThen) throw new PaymentMismatchError(P.amountMismatch);
      return grantPurchase(userId, { plan, kind, merchantUid, customerUid, paid }, metadata);
    },

    /**
     * POST payments/webhook (PortOne's notification): the body is only a hint; the payment is looked up with the
     * provider. A paid purchase (`pg_purchase_…`/`pg_onemonth_…`) whose owner's browser never came back is recorded
     * and granted here, exactly as the browser's return would (whichever comes second changes nothing). Anything
     * else (the worker's charges, card checks, unpaid payments) is left to whoever made it.
     */
    async confirmFromWebhook(body: unknown, metadata: CommandMetadata): Promise<WebhookOutcome> {
      const paid = await callProvider(() => provider.verifyWebhook(body), { notFound: () => new NotFoundError(P.paymentNotFound), invalid: () => new PaymentMismatchError(P.merchantMismatch) });
      const kind = purchaseKindOf(paid.merchantUid);
      if (kind === null) return { outcome: 'ignored', merchantUid: paid.merchantUid };
      if (paid.status !== 'paid') return { outcome: 'not-paid', merchantUid: paid.merchantUid };
      const userId = ownerOfCustomerUid(paid.customerUid);
      if (userId === null || !isOwnCustomerUid(paid.customerUid ?? '', userId)) return { outcome: 'ignored', merchantUid: paid.merchantUid };
      const plan = planPaidFor(kind, paid.amount, paid.paidAt ?? clock.now());
      if (plan === null) return { outcome: 'ignored', merchantUid: paid.merchantUid };
      await account(userId);
      const granted = await grantPurchase(userId, { plan, kind, merchantUid: paid.merchantUid, customerUid: paid.customerUid ?? '', paid }, metadata);
      return { outcome: 'recorded', merchantUid: paid.merchantUid, position: granted.position };
    },

    /**
     * POST subscriptions/change-payment-method: the imp_uid sent is looked up (the window's payment that issued the
     * billing key, done and naming this customer_uid; else 402/400 and nothing changes), the new card is checked with a 100-won charge cancelled at once
     * (spec 2 §9), then becomes the one renewals are charged to. A declined card changes nothing (402).
     */
    async changePaymentMethod(
      userId: string,
      input: { customerUid: string; impUid: string; debug: boolean },
      metadata: CommandMetadata,
    ): Promise<{ account: Account; position: number }> {
      checkRequest(userId, input.customerUid, input.debug);
      const current = await account(userId);
      // the window's payment that issued the billing key: it must exist with the provider, be done, and be this key's
      const issued = await callProvider(() => provider.getPayment(input.impUid), { notFound: () => new PaymentNotCompletedError(P.paymentNotFound) });
      if (issued.customerUid !== null ? issued.customerUid !== input.customerUid : provider.kind !== 'debug') throw new PaymentMismatchError(P.merchantMismatch);
      if (issued.status !== 'paid' && issued.status !== 'cancelled') throw new PaymentNotCompletedError();
      userDecider.decide({ type: 'ChangePaymentMethod', data: { customerUid: input.customerUid, cardName: null, now: clock.now() } }, { status: 'registered', account: current });
      const key = await callProvider(() => provider.getBillingKey(input.customerUid));
      if (!key) throw new PaymentDeclinedError(P.cardCheckFailed);

      const merchantUid = `pg_cardcheck_${shortId(`card-check:${metadata.commandId}`)}`;
      const plan: PaidPlan = current.subscriptionType === 'free' ? 'standard' : current.subscriptionType;
      await runPayment(
        merchantUid,
        { type: 'RequestPayment', data: { merchantUid, userId, plan, billingCycle: 'month', amount: CARD_CHECK_AMOUNT, kind: 'card-check', allowExisting: true, now: clock.now() } },
        step(metadata, 'card-check'),
      );
      const charged =
        (await callProvider(() => provider.findPayment(merchantUid))) ??
        (await callProvider(() =>
          provider.charge({ customerUid: input.customerUid, merchantUid, amount: CARD_CHECK_AMOUNT, name: 'PocketGuide card check', buyerEmail: current.email }),
        ));
      await runPayment(merchantUid, { type: 'RecordPaymentResult', data: { payment: charged, now: clock.now() } }, step(metadata, 'card-check-result'));
      if (charged.status !== 'paid' && charged.status !== 'cancelled') throw new PaymentDeclinedError(P.cardCheckFailed);
      if (charged.status === 'paid' && charged.cancelAmount < charged.amount) {
        const cancelled = await callProvider(() => provider.cancel({ merchantUid, reason: 'card check' }));
        await runPayment(
          merchantUid,
          { type: 'RefundPayment', data: { amount: CARD_CHECK_AMOUNT, cancelAmount: cancelled.cancelAmount, reason: 'card check', now: clock.now() } },
          step(metadata, 'card-check-cancel'),
        );
      }
      const change: UserCommand = { type: 'ChangePaymentMethod', data: { customerUid: input.customerUid, cardName: key.cardName ?? charged.cardName, now: clock.now() } };
      return registered(await runUser(userId, change, step(metadata, 'change')));
    },

    /** POST subscriptions/unsubscribe: the plan runs to its end; one month cannot be unsubscribed (409). */
    async unsubscribe(userId: string, metadata: CommandMetadata): Promise<{ account: Account; position: number }> {
      return registered(await runUser(userId, { type: 'UnsubscribeUser', data: { by: 'self', now: clock.now() } }, metadata));
    },

    /** POST subscriptions/admin/schedule-payment: the billing worker charges the card at `scheduleAt`. */
    async schedulePayment(userId: string, scheduleAt: Date | undefined, metadata: CommandMetadata) {
      const now = clock.now();
      if (scheduleAt && scheduleAt.getTime() <= now.getTime()) {
        throw new ValidationError('scheduleAt must be in the future', [{ path: 'scheduleAt', message: `Must be after ${now.toISOString()}` }]);
      }
      if (scheduleAt && scheduleAt.getTime() > now.getTime() + MAX_SCHEDULE_AHEAD_DAYS * 86_400_000) {
        throw new ValidationError(`scheduleAt must be within ${MAX_SCHEDULE_AHEAD_DAYS} days`, [{ path: 'scheduleAt', message: `At most ${MAX_SCHEDULE_AHEAD_DAYS} days ahead` }]);
      }
      const current = await account(userId);
      if (current.subscriptionType === 'free') throw new ConflictError(S.notSubscribed);
      const at = scheduleAt ?? (Date.parse(current.expiresAt) > now.getTime() ? new Date(current.expiresAt) : now);
      return registered(await runUser(userId, { type: 'SchedulePayment', data: { scheduleAt: at, now } }, metadata));
    },

    /** DELETE payments/{merchantUid} (administrators): the payment leaves every list. */
    async deletePayment(merchantUid: string, metadata: CommandMetadata): Promise<{ merchantUid: string; deletedAt: string; position: number }> {
      const result = await runPayment(merchantUid, { type: 'DeletePayment', data: { now: clock.now() } }, metadata);
      const deleted = result.events.find((event) => event.type === 'PaymentDeleted');
      const deletedAt = deleted ? (deleted.data as { deletedAt: string }).deletedAt : clock.now().toISOString();
      return { merchantUid, deletedAt, position: result.position };
    },

    /**
     * POST payments/refund (administrators): refunds all that is left (or `amount`) with the provider, then
     * records it. The plan is not changed by a refund (an administrator unsubscribes separately).
     */
    async refund(merchantUid: string, amount: number | undefined, reason: string, metadata: CommandMetadata) {
      const current = await payment(merchantUid);
      const left = current.paidAmount - current.cancelAmount;
      // refusals first (a transfer, nothing left, too much), so the provider is asked only for a possible refund
      if (current.status !== 'paid' || current.kind === 'transfer' || left <= 0) throw new ConflictError(P.notRefundable);
      if (amount !== undefined && amount > left) throw new ConflictError(P.refundTooLarge);
      const refunded = amount ?? left;
      const done = await callProvider(() => provider.cancel({ merchantUid, ...(amount === undefined ? {} : { amount }), reason }));
      const result = await runPayment(
        merchantUid,
        { type: 'RefundPayment', data: { amount: refunded, cancelAmount: done.cancelAmount, reason, now: clock.now() } },
        metadata,
      );
      const event = result.events.find((e) => e.type === 'PaymentRefunded');
      const refundedAt = event ? (event.data as { refundedAt: string }).refundedAt : clock.now().toISOString();
      return { merchantUid, refundedAt, cancelAmount: done.cancelAmount, position: result.position };
    },

    /**
     * POST payments/transfer (administrators): a payment made by bank transfer, recorded without the provider; it
     * grants the plan (subscribes for a month, or extends a running subscription by a month and moves it to the
     * plan paid for).
     */
    async recordTransfer(
      input: { userId: string; plan: PaidPlan; amount: number; note: string; paidAt?: Date },
      metadata: CommandMetadata,
    ): Promise<{ merchantUid: string; account: Account; position: number; paidAt: string; createdAt: string }> {
      const now = clock.now();
      if (input.paidAt && input.paidAt.getTime() > now.getTime() + PAID_AT_SKEW_MS) {
        throw new ValidationError('paidAt cannot be in the future', [{ path: 'paidAt', message: `Must be at most ${now.toISOString()}` }]);
      }
      const current = await account(input.userId);
      const merchantUid = `pg_transfer_${shortId(`transfer:${metadata.commandId}`)}`;
      const paidAt = input.paidAt ?? now;
      const granting: UserCommand =
        current.subscription && current.subscriptionType !== 'onemonth'
          ? { type: 'RenewSubscription', data: { merchantUid, now } }
          : { type: 'SubscribeUser', data: { plan: input.plan, billingCycle: 'month', merchantUid, now } };
      userDecider.decide(granting, { status: 'registered', account: current });
      await runPayment(
        merchantUid,
        { type: 'RecordTransfer', data: { merchantUid, userId: input.userId, plan: input.plan, billingCycle: 'month', amount: input.amount, note: input.note, paidAt, now } },
        step(metadata, 'transfer'),
      );
      let granted = registered(await runUser(input.userId, granting, step(metadata, 'grant')));
      // a running subscription paid for another plan by transfer moves to that plan
      if (granting.type === 'RenewSubscription' && input.plan !== 'onemonth' && granted.account.subscriptionType !== input.plan) {
        granted = registered(await runUser(input.userId, { type: 'ChangeUserPlan', data: { plan: input.plan, now } }, step(metadata, 'plan')));
      }
      return { merchantUid, ...granted, paidAt: paidAt.toISOString(), createdAt: now.toISOString() };
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;
