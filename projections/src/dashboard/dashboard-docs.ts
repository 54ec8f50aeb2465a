import { REPORTING_UTC_OFFSET_MINUTES, type SubscriptionType } from '@pocketguide/contracts';

/**
 * The documents of the `dashboard` read model (collection `dashboard`, one projector). Two kinds:
 *
 * - flows, one document per month (`month-YYYY-MM`) and per day (`day-YYYY-MM-DD`), Korean calendar, counting what
 *   the events themselves say: accounts registered, activated and deleted, subscriptions started and paid plans
 *   lapsed, guidebooks created, deleted, published and unpublished, won paid and refunded. Totals are sums of flows
 *   (the deciders make each of these events a real change: an account is activated once, a guidebook is published
 *   only when it is not, and so on);
 * - memory, one small document per entity, holding only what a later event needs and nothing personal:
 *   `user-<userId>` (plan, renewing, activated, hidden; kept as a tombstone when deleted), `guidebook-<guidebookId>`
 *   (only while it is in the public gallery), `payment-<merchantUid>` (amount, when, refunds, deleted).
 *
 * Why not one `totals` document: a projector's `evolve` sees one document at a time, and some figures change on
 * events that do not say what they change from (`UserPlanChanged` does not name the plan left, `UserDeleted` not the
 * plan the account was on). A totals document would have to hold every account's state to know, and be rewritten
 * whole with every batch. So those figures are read from the entity documents, always from small sets (paid
 * accounts, hidden ones, guidebooks in the gallery, deleted payments), and the rest from the flows. The few events
 * whose effect on a flow depends on the entity's state (a subscription started while a cancelled plan was still
 * running, a paid account deleted) are noted on the entity (`paidCorrections`) and applied when read.
 */

export type DashboardUserDoc = {
  id: string;
  kind: 'user';
  registeredAt: string;
  /** a tombstone: nothing personal, kept so its past (activated, paid corrections) still counts */
  deleted: boolean;
  plan: SubscriptionType;
  /** on a paid plan that has not lapsed (unsubscribed ones stay paid to the end of their period) */
  paid: boolean;
  /** the subscription renews: subscribed and not unsubscribed */
  renewing: boolean;
  activated: boolean;
  hidden: boolean;
  /** when this account left the paid count without a SubscriptionLapsed, or joined it twice (see above) */
  paidCorrections: string[];
  corrected: boolean;
};

/** Exists only while the guidebook is in the public gallery. */
export type DashboardGuidebookDoc = { id: string; kind: 'guidebook'; gallery: true; since: string };

export type DashboardPaymentDoc = {
  id: string;
  kind: 'payment';
  amount: number;
  paidAt: string;
  refunds: Array<{ amount: number; at: string }>;
  deleted: boolean;
};

export type DashboardMonthDoc = {
  id: string;
  kind: 'month';
  month: string;
  usersRegistered: number;
  usersActivated: number;
  usersDeleted: number;
  /** UserSubscribed events */
  subscribed: number;
  /** SubscriptionLapsed events of a paid plan */
  lapsed: number;
  guidebooksCreated: number;
  guidebooksDeleted: number;
  /** published minus unpublished */
  published: number;
  /** won paid in the month (card and transfer), refunds not taken off */
  paid: number;
  /** won refunded in the month */
  refunded: number;
};

export type DashboardDayDoc = { id: string; kind: 'day'; day: string; usersRegistered: number; guidebooksCreated: number; paid: number; refunded: number };

export type DashboardDoc = DashboardUserDoc | DashboardGuidebookDoc | DashboardPaymentDoc | DashboardMonthDoc | DashboardDayDoc;

const OFFSET_MS = REPORTING_UTC_OFFSET_MINUTES * 60_000;

/** YYYY-MM-DD of an instant in Korea. */
export const reportingDay = (at: string | Date): string => new Date(new Date(at).getTime() + OFFSET_MS).toISOString().slice(0, 10);
/** YYYY-MM of an instant in Korea. */
export const reportingMonth = (at: string | Date): string => reportingDay(at).slice(0, 7);

/** Midnight (Korea) starting the day of `at`, as an instant. */
export function startOfReportingDayAt(at: Date): Date {
  const local = new Date(at.getTime() + OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - OFFSET_MS);
}

/** The instant a Korean calendar day (YYYY-MM-DD) ends: the next midnight in Korea. */
export function endOfReportingDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1) - OFFSET_MS);
}

/** The instant a Korean month (YYYY-MM) ends: the first midnight of the next month in Korea. */
export function endOfReportingMonth(month: string): Date {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1) - OFFSET_MS);
}

/** The `count` months ending with `month`, oldest first. */
export function monthsEndingWith(month: string, count: number): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, k) => {
    const date = new Date(Date.UTC(y, m - 1 - (count - 1 - k), 1));
    return date.toISOString().slice(0, 7);
  });
}

export const userDocId = (userId: string) => `user-${userId}`;
export const guidebookDocId = (guidebookId: string) => `guidebook-${guidebookId}`;
export const paymentDocId = (merchantUid: string) => `payment-${merchantUid}`;
export const monthDocId = (month: string) => `month-${month}`;
export const dayDocId = (day: string) => `day-${day}`;
