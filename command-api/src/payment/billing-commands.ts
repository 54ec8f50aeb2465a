import {
  paymentStream,
  userStream,
  paymentEventDecoder,
  userEventDecoder,
  type BillingNoticeKind,
  type LapseReason,
  type PaidPlan,
  type PaymentKind,
} from '@pocketguide/contracts';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import type { PaymentProvider, ProviderPayment } from '@pocketguide/platform/payments/payment-provider';
import { createCommandHandler, decodedWith, type CommandMetadata } from '../core/command-handler.ts';
import { deriveId, type Clock } from '../core/ids.ts';
import { userDecider } from '../user/user-decider.ts';
import { paymentDecider } from './payment-decider.ts';

export type BillingCommandsDeps = {
  eventStore: EventStore;
  clock: Clock;
  /** not used by these commands (the worker talks to the provider itself); accepted so the wiring may pass it */
  provider?: PaymentProvider;
};

/**
 * The commands the billing worker (renewals, retries, lapses, billing mails) sends, for its port to be wired to.
 * Every one is idempotent: its command id derives from what it records (merchantUid, attempt, key…), so a job
 * delivered twice records once, and each method says whether it changed anything.
 *
 * The worker finds the accounts that are due itself (users read model: expiresAt, renewal.nextAttemptAt,
 * customerUid); a renewal is: requestCharge → provider.charge (after provider.findPayment(merchantUid) says it was
 * never made) → recordChargeResult → renew, or recordRenewalFailure (and lapse after the last attempt).
 */
export function createBillingCommands({ eventStore, clock }: BillingCommandsDeps) {
  const handleUser = createCommandHandler(eventStore, userDecider, { toEvent: decodedWith(userEventDecoder) });
  const handlePayment = createCommandHandler(eventStore, paymentDecider, { toEvent: decodedWith(paymentEventDecoder) });
  const metadata = (seed: string): CommandMetadata => {
    const commandId = deriveId(`billing:${seed}`);
    return { userId: 'system', role: 'system', commandId, correlationId: commandId, causationId: commandId };
  };
  const changed = (result: { events: unknown[]; alreadyHandled: boolean }) => result.events.length > 0 && !result.alreadyHandled;

  return {
    /** Appends PaymentRequested on `payment-<merchantUid>`; 'exists' when that request is already there. */
    async requestCharge(input: { userId: string; merchantUid: string; plan: PaidPlan; amount: number; kind: PaymentKind }): Promise<'requested' | 'exists'> {
      const { userId, merchantUid, plan, amount, kind } = input;
      const result = await handlePayment(
        paymentStream(merchantUid),
        { type: 'RequestPayment', data: { merchantUid, userId, plan, billingCycle: 'month', amount, kind, allowExisting: true, now: clock.now() } },
        { metadata: metadata(`request:${merchantUid}`), retryOnConflict: true },
      );
      return changed(result) ? 'requested' : 'exists';
    },

    /** Records what the provider said of the charge: PaymentSucceeded or PaymentFailed, once. */
    async recordChargeResult(input: { merchantUid: string; payment: ProviderPayment }): Promise<'succeeded' | 'failed' | 'unchanged'> {
      const result = await handlePayment(
        paymentStream(input.merchantUid),
        { type: 'RecordPaymentResult', data: { payment: input.payment, now: clock.now() } },
        { metadata: metadata(`result:${input.merchantUid}`), retryOnConflict: true },
      );
      if (!changed(result)) return 'unchanged';
      return result.events.some((event) => event.type === 'PaymentSucceeded') ? 'succeeded' : 'failed';
    },

    /** SubscriptionRenewed (a month more) for the paid renewal `merchantUid`, once per merchantUid. */
    async renew(input: { userId: string; merchantUid: string }): Promise<'renewed' | 'already'> {
      const result = await handleUser(
        userStream(input.userId),
        { type: 'RenewSubscription', data: { merchantUid: input.merchantUid, now: clock.now() } },
        { metadata: metadata(`renew:${input.merchantUid}`), retryOnConflict: true },
      );
      return changed(result) ? 'renewed' : 'already';
    },

    /** RenewalChargeFailed for attempt `attempt`; `nextAttemptAt` null means no more attempts (then `lapse`). */
    async recordRenewalFailure(input: { userId: string; merchantUid: string; attempt: number; failReason: string; nextAttemptAt: Date | null }): Promise<'recorded' | 'already'> {
      const { userId, merchantUid, attempt, failReason, nextAttemptAt } = input;
      const result = await handleUser(
        userStream(userId),
        { type: 'RecordRenewalFailure', data: { merchantUid, attempt, failReason, nextAttemptAt, now: clock.now() } },
        { metadata: metadata(`renewal-failed:${merchantUid}`), retryOnConflict: true },
      );
      return changed(result) ? 'recorded' : 'already';
    },

    /**
     * SubscriptionLapsed: the account is on the free plan from now (refused with 409 while the paid period runs,
     * unless `reason` is 'admin'). 'already' when it is already free.
     */
    async lapse(input: { userId: string; reason: LapseReason }): Promise<'lapsed' | 'already'> {
      const now = clock.now();
      const result = await handleUser(
        userStream(input.userId),
        { type: 'LapseSubscription', data: { reason: input.reason, now } },
        // a second lapse finds the account free and records nothing, whatever its command id
        { metadata: metadata(`lapse:${input.userId}:${input.reason}:${now.toISOString()}`), retryOnConflict: true },
      );
      return changed(result) ? 'lapsed' : 'already';
    },

    /** BillingNoticeSent, once per `key` (send the mail first, then record it; a crash in between resends once). */
    /** A notice sent: recorded once by its key; with a title and message it also shows in the person's inbox (the bell). */
    async recordNotice(input: { userId: string; kind: BillingNoticeKind; key: string; title?: string; message?: string }): Promise<'recorded' | 'already'> {
      const inApp = input.title !== undefined && input.message !== undefined ? { title: input.title, message: input.message } : {};
      const result = await handleUser(
        userStream(input.userId),
        { type: 'RecordBillingNotice', data: { kind: input.kind, key: input.key, ...inApp, now: clock.now() } },
        { metadata: metadata(`notice:${input.userId}:${input.key}`), retryOnConflict: true },
      );
      return changed(result) ? 'recorded' : 'already';
    },
  };
}

export type BillingCommands = ReturnType<typeof createBillingCommands>;
