import type { BillingNoticeKind, LapseReason, PaidPlan, PaymentKind } from '@pocketguide/contracts';
import type { ProviderPayment } from '@pocketguide/platform/payments/payment-provider';

/**
 * What the billing worker needs from outside: time, and the commands it sends. The worker never appends events
 * itself; it reads streams and sends these commands, each idempotent (the same input twice records nothing the
 * second time). The shapes are exactly those of command-api's `createBillingCommands`
 * (`command-api/src/payment/billing-commands.ts`), so the composition passes that object as it is. The commands
 * take their time from their own clock: give both the same one.
 */

/** Time from outside, so tests run months in milliseconds (the shape of command-api's `Clock`). */
export type Clock = { now(): Date };

export interface BillingCommands {
  /** PaymentRequested on `payment-<merchantUid>` (month cycle); nothing when the same request is there */
  requestCharge(input: {
    userId: string;
    merchantUid: string;
    plan: PaidPlan;
    amount: number;
    kind: PaymentKind;
  }): Promise<unknown>;
  /** PaymentSucceeded ('paid') or PaymentFailed (anything else), once */
  recordChargeResult(input: { merchantUid: string; payment: ProviderPayment }): Promise<unknown>;
  /** SubscriptionRenewed: a month more from the current expiry, once per merchantUid */
  renew(input: { userId: string; merchantUid: string }): Promise<unknown>;
  /** RenewalChargeFailed; `nextAttemptAt` null: that was the last attempt (a lapse follows) */
  recordRenewalFailure(input: {
    userId: string;
    merchantUid: string;
    attempt: number;
    failReason: string;
    nextAttemptAt: Date | null;
  }): Promise<unknown>;
  /** SubscriptionLapsed: the free plan from now; nothing when already lapsed */
  lapse(input: { userId: string; reason: LapseReason }): Promise<unknown>;
  /** BillingNoticeSent, once per key (after the mail went) */
  /** `title` and `message` also show it in the person's inbox (the bell; the banner for a failed charge or a lapse) */
  recordNotice(input: {
    userId: string;
    kind: BillingNoticeKind;
    key: string;
    title?: string;
    message?: string;
  }): Promise<unknown>;
}
