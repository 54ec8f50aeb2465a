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
  /** an administrator: never counted as a member (totals, plans, conversion, today) */
  admin: boolean;
  /** the payment of the current paid period (UserSubscribed's or SubscriptionRenewed's merchantUid), if known */
  periodPayment: string | null;
  /** won of that payment refunded, up to one month's price: taken off the MRR while the subscription renews */
  mrrRefund: number;
};

/**
 * One per live guidebook: when it was created (a deletion the same Korean day takes it off "today") and whether it
 * is in the public gallery (unpublishing takes it out without saying so). Deleted the same day it was created, it
 * stays as a tombstone (`deleted`) so "today" keeps agreeing with the list; deleted later, it goes.
 */
export type DashboardGuidebookDoc = {
  id: string;
  kind: 'guidebook';
  createdAt: string;
  gallery: boolean;
  since: string | null;
  deleted: boolean;
};

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

export type DashboardDayDoc = {
  id: string;
  kind: 'day';
  day: string;
  usersRegistered: number;
  guidebooksCreated: number;
  paid: number;
  refunded: number;
};

/**
 * The totals the entity documents hold, kept in one document (`summary`) that folds every change of a user,
 * guidebook or payment document (its contribution before the event taken off, after it added): the dashboard read
 * is this document, the months and today's day, however many accounts and events there are.
 */
export type DashboardTotals = {
  /** accounts on a paid plan, not deleted, by plan */
  paidByPlan: Record<string, number>;
  /** of those, the ones whose subscription renews, by plan */
  renewingByPlan: Record<string, number>;
  hidden: number;
  hiddenActivated: number;
  deletedActivated: number;
  /** guidebooks in the public gallery */
  gallery: number;
  /** paid-count corrections noted on accounts, by month (YYYY-MM) */
  correctionsByMonth: Record<string, number>;
  /** living administrators (registered in the month flows, never members), and those of them activated */
  admins: number;
  adminsActivated: number;
  /** accounts registered on a day (YYYY-MM-DD) that are not members now (deleted, or administrators) */
  notMembersByDay: Record<string, number>;
  /** guidebooks created on a day that were deleted that same day */
  guidebooksGoneByDay: Record<string, number>;
  /** won the MRR loses to refunds of renewing accounts' current periods */
  renewingRefunds: number;
  /** what deleted payments (and their refunds) take off the revenue, by month and by day */
  deletedPaymentsByMonth: Record<string, number>;
  deletedPaymentsByDay: Record<string, number>;
};

export const DASHBOARD_SUMMARY_ID = 'summary';

export type DashboardSummaryDoc = DashboardTotals & { id: string; kind: 'summary' };

export type DashboardDoc =
  | DashboardUserDoc
  | DashboardGuidebookDoc
  | DashboardPaymentDoc
  | DashboardMonthDoc
  | DashboardDayDoc
  | DashboardSummaryDoc;

export const emptyTotals = (): DashboardTotals => ({
  paidByPlan: {},
  renewingByPlan: {},
  hidden: 0,
  hiddenActivated: 0,
  deletedActivated: 0,
  gallery: 0,
  admins: 0,
  adminsActivated: 0,
  notMembersByDay: {},
  guidebooksGoneByDay: {},
  renewingRefunds: 0,
  correctionsByMonth: {},
  deletedPaymentsByMonth: {},
  deletedPaymentsByDay: {},
});

const bump = (counts: Record<string, number>, key: string, by: number): void => {
  const next = (counts[key] ?? 0) + by;
  if (next === 0) delete counts[key];
  else counts[key] = next;
};

/** Adds (sign 1) or takes off (sign -1) what one entity document contributes to the totals, in place. */
export function addContribution(totals: DashboardTotals, doc: DashboardDoc | null, sign: 1 | -1): void {
  if (doc === null) return;
  switch (doc.kind) {
    case 'user':
      if (doc.deleted || doc.admin) bump(totals.notMembersByDay, reportingDay(doc.registeredAt), sign);
      if (!doc.deleted && doc.admin) {
        // an administrator is in the registration flows only: taken off there, counted nowhere else
        totals.admins += sign;
        if (doc.activated) totals.adminsActivated += sign;
        return;
      }
      if (!doc.deleted && doc.paid) {
        bump(totals.paidByPlan, doc.plan, sign);
        if (doc.renewing) {
          bump(totals.renewingByPlan, doc.plan, sign);
          totals.renewingRefunds += doc.mrrRefund * sign;
        }
      }
      if (!doc.deleted && doc.hidden) {
        totals.hidden += sign;
        if (doc.activated) totals.hiddenActivated += sign;
      }
      if (doc.deleted && doc.activated) totals.deletedActivated += sign;
      for (const at of doc.paidCorrections) bump(totals.correctionsByMonth, reportingMonth(at), sign);
      return;
    case 'guidebook':
      if (doc.deleted) bump(totals.guidebooksGoneByDay, reportingDay(doc.createdAt), sign);
      else if (doc.gallery) totals.gallery += sign;
      return;
    case 'payment':
      if (!doc.deleted) return;
      bump(totals.deletedPaymentsByMonth, reportingMonth(doc.paidAt), -doc.amount * sign);
      bump(totals.deletedPaymentsByDay, reportingDay(doc.paidAt), -doc.amount * sign);
      for (const refund of doc.refunds) {
        bump(totals.deletedPaymentsByMonth, reportingMonth(refund.at), refund.amount * sign);
        bump(totals.deletedPaymentsByDay, reportingDay(refund.at), refund.amount * sign);
      }
      return;
    default:
      return;
  }
}

/** `summary` moved by `delta`: the maps the delta leaves alone are shared, not copied. */
function merge(counts: Record<string, number>, moves: Record<string, number>): Record<string, number> {
  let next: Record<string, number> | null = null;
  for (const key in moves) {
    next ??= { ...counts };
    bump(next, key, moves[key] ?? 0);
  }
  return next ?? counts;
}

/** No figure moves: most changes (a month's or a day's counts, a guidebook outside the gallery) move none. */
function isNoDelta(delta: DashboardTotals): boolean {
  for (const value of Object.values(delta)) {
    if (typeof value === 'number' ? value !== 0 : Object.keys(value).length > 0) return false;
  }
  return true;
}

export function withDelta(summary: DashboardSummaryDoc, delta: DashboardTotals): DashboardSummaryDoc {
  if (isNoDelta(delta)) return summary;
  return {
    ...summary,
    paidByPlan: merge(summary.paidByPlan, delta.paidByPlan),
    renewingByPlan: merge(summary.renewingByPlan, delta.renewingByPlan),
    hidden: summary.hidden + delta.hidden,
    hiddenActivated: summary.hiddenActivated + delta.hiddenActivated,
    deletedActivated: summary.deletedActivated + delta.deletedActivated,
    gallery: summary.gallery + delta.gallery,
    admins: summary.admins + delta.admins,
    adminsActivated: summary.adminsActivated + delta.adminsActivated,
    notMembersByDay: merge(summary.notMembersByDay, delta.notMembersByDay),
    guidebooksGoneByDay: merge(summary.guidebooksGoneByDay, delta.guidebooksGoneByDay),
    renewingRefunds: summary.renewingRefunds + delta.renewingRefunds,
    correctionsByMonth: merge(summary.correctionsByMonth, delta.correctionsByMonth),
    deletedPaymentsByMonth: merge(summary.deletedPaymentsByMonth, delta.deletedPaymentsByMonth),
    deletedPaymentsByDay: merge(summary.deletedPaymentsByDay, delta.deletedPaymentsByDay),
  };
}

/** The totals of a set of entity documents: what the summary document holds, computed the long way. */
export function totalsOf(docs: Iterable<DashboardDoc>): DashboardTotals {
  const totals = emptyTotals();
  for (const doc of docs) addContribution(totals, doc, 1);
  return totals;
}

const OFFSET_MS = REPORTING_UTC_OFFSET_MINUTES * 60_000;

const DAY_MS = 86_400_000;
/** Korean days already spelled, by their number since 1970: a rebuild asks for the same few days again and again. */
const spelledDays = new Map<number, string>();

/**
 * YYYY-MM-DD of an instant in Korea. The day is found by arithmetic and its spelling kept (a rebuild of a million
 * events used to spend 2 % of its CPU making two Dates and an ISO string per event); an invalid instant throws as
 * `toISOString` does.
 */
export const reportingDay = (at: string | Date): string => {
  const time = typeof at === 'string' ? Date.parse(at) : at.getTime();
  if (!Number.isFinite(time)) return new Date(time).toISOString();
  const day = Math.floor((time + OFFSET_MS) / DAY_MS);
  let spelled = spelledDays.get(day);
  if (spelled === undefined) {
    spelled = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (spelledDays.size >= 4096) spelledDays.clear();
    spelledDays.set(day, spelled);
  }
  return spelled;
};
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
