import { RENEWAL_MAX_ATTEMPTS, compactUserId, type PaidPlan } from '@pocketguide/contracts';

/**
 * The billing rules, as plain functions of dates (no I/O).
 *
 * - A renewing subscription is charged at its `expiresAt` (attempt 1). A declined charge is tried again
 *   1, 3 and 7 days after the expiry (attempts 2, 3, 4: RENEWAL_MAX_ATTEMPTS); when the fourth is declined too,
 *   the subscription lapses ('charge-failed'). Between the attempts the plan stays active (a 7-day grace).
 *   A renewal paid on any attempt extends the plan by one month from the old expiry (command-api's
 *   RenewSubscription), so the cycle does not drift by the days the card was declined.
 * - An administrator's scheduled payment (PaymentScheduled) is charged at its time for the account's plan and
 *   renews it the same way; an account with no renewing plan (free, one-month pass) is not charged: the attempt is
 *   recorded as failed with the reason, for the administrator to see.
 * - An unsubscribed plan and a one-month pass end at their `expiresAt` ('unsubscribed', 'onemonth-ended'); a
 *   free trial ends at its `expiresAt` ('trial-ended', once; administrators' accounts are left alone).
 * - After a lapse the account is on the free plan: its published guidebooks stay published and readable, but it
 *   cannot publish again or publish new ones until it subscribes (`canPublish`; nothing is unpublished).
 * - A subscription without a card (given by an administrator) is treated as declined: 'no card on file', the
 *   same retries and notices (with the link to add a card), then the lapse.
 * - An enterprise plan (price 0, invoiced by transfer) renews without a charge.
 * - Notices: 3 days before a renewal charge, after each declined attempt but the last, and at a lapse. A notice
 *   found more than NOTICE_STALE_AFTER late (the worker was stopped) is not mailed: the state change is still
 *   recorded, but nobody gets a mail about something weeks old.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days after the expiry at which attempts 2, 3 and 4 are made. */
export const RETRY_DAYS_AFTER_EXPIRY = [1, 3, 7] as const;
/** The renewal-upcoming notice goes this long before the charge. */
export const RENEWAL_NOTICE_BEFORE_MS = 3 * DAY_MS;
export const NOTICE_STALE_AFTER_MS = 3 * DAY_MS;
export { RENEWAL_MAX_ATTEMPTS };

/** When attempt `attempt` (1-based) of the renewal of a plan expiring at `expiresAt` is due. */
export function attemptDueAt(expiresAt: Date, attempt: number): Date {
  if (attempt <= 1) return expiresAt;
  const days = RETRY_DAYS_AFTER_EXPIRY[Math.min(attempt - 2, RETRY_DAYS_AFTER_EXPIRY.length - 1)]!;
  return new Date(expiresAt.getTime() + days * DAY_MS);
}

/** After attempt `attempt` failed: when the next is due, or null when it was the last. */
export function nextAttemptAfter(expiresAt: Date, attempt: number): Date | null {
  return attempt >= RENEWAL_MAX_ATTEMPTS ? null : attemptDueAt(expiresAt, attempt + 1);
}

/** The deterministic merchantUid of an administrator's scheduled payment: one charge per schedule. */
export function scheduledMerchantUid(userId: string, scheduleAt: Date | string): string {
  // at most 5 + 22 + 1 + 12 = 40 characters (all PortOne takes): to the second, YYMMDDhhmmss
  const stamp = new Date(scheduleAt)
    .toISOString()
    .replace(/[-:T.Z]/g, '')
    .slice(2, 14);
  return `pg_s_${compactUserId(userId)}_${stamp}`;
}

/** Plans that renew by themselves (the one-month pass ends instead). */
export const isRenewing = (plan: string): plan is Exclude<PaidPlan, 'onemonth'> =>
  plan === 'mini' || plan === 'standard' || plan === 'pro' || plan === 'business' || plan === 'enterprise';

export const isStale = (dueAt: Date, now: Date): boolean => now.getTime() - dueAt.getTime() > NOTICE_STALE_AFTER_MS;
