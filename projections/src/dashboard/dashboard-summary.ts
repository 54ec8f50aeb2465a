import { priceOf, type PaidPlan } from '@pocketguide/contracts/payment/plans';
import {
  DASHBOARD_PLANS,
  DASHBOARD_TREND_MONTHS,
  type DashboardPlan,
  type DashboardSummary,
} from '@pocketguide/contracts/dashboard/dashboard-summary';
import type { Filter } from '@pocketguide/platform/read-store/read-store';
import {
  DASHBOARD_SUMMARY_ID,
  dayDocId,
  monthsEndingWith,
  reportingDay,
  reportingMonth,
  type DashboardDayDoc,
  type DashboardDoc,
  type DashboardMonthDoc,
  type DashboardTotals,
} from './dashboard-docs.ts';

/**
 * How the figures are read from the `dashboard` documents. In two steps so the live route (read store, async) and
 * the replay (documents in memory, sync) read exactly the same way: `dashboardReads` says what to count, find and
 * get; the caller runs those; `summarizeDashboard` computes the figures from the answers. Definitions: README.
 */

/** Plans whose subscriptions renew every month (onemonth never renews; enterprise renews at 0). */
export const RECURRING_PLANS = [
  'mini',
  'standard',
  'pro',
  'business',
  'enterprise',
] as const satisfies readonly PaidPlan[];

export type DashboardReads = {
  /** the month documents: one a calendar month, however many accounts and events */
  months: Filter;
  summary: string;
  today: string;
};

export type DashboardAnswers = {
  months: DashboardDoc[];
  totals: DashboardTotals;
  today: DashboardDoc | null;
};

/** What to read: the summary document, the months and today's day; never the entities (O(1) in accounts). */
export function dashboardReads(now: Date): DashboardReads {
  return { months: { kind: 'month' }, summary: DASHBOARD_SUMMARY_ID, today: dayDocId(reportingDay(now)) };
}

/** Percent with one decimal; 0 when there is nothing to divide by. */
export const percentOf = (part: number, whole: number): number =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;

export function summarizeDashboard(now: Date, answers: DashboardAnswers, replayed = false): DashboardSummary {
  const today = reportingDay(now);
  const month = reportingMonth(now);
  const { totals } = answers;
  const months = (answers.months as DashboardMonthDoc[])
    .filter((doc) => doc.month <= month)
    .sort((a, b) => a.month.localeCompare(b.month));
  const todayDoc = answers.today as DashboardDayDoc | null;
  const sumTo = (last: string, of: (doc: DashboardMonthDoc) => number): number =>
    months.reduce((sum, doc) => (doc.month <= last ? sum + of(doc) : sum), 0);

  // Revenue: paid minus refunded by month; deleted payments leave every figure, their refunds too.
  const monthNet = new Map<string, number>(months.map((doc) => [doc.month, doc.paid - doc.refunded]));
  for (const [m, amount] of Object.entries(totals.deletedPaymentsByMonth))
    if (m <= month) monthNet.set(m, (monthNet.get(m) ?? 0) + amount);
  const todayNet = (todayDoc ? todayDoc.paid - todayDoc.refunded : 0) + (totals.deletedPaymentsByDay[today] ?? 0);

  // Accounts: totals from the flows less the administrators (never members), plans from the paid accounts' counts.
  const usersTotal = sumTo(month, (doc) => doc.usersRegistered - doc.usersDeleted) - totals.admins;
  // "today" is the members who joined today and are still members: what the list's today=true shows
  const usersToday = (todayDoc?.usersRegistered ?? 0) - (totals.notMembersByDay[today] ?? 0);
  const plans = Object.fromEntries(DASHBOARD_PLANS.map((plan) => [plan, 0])) as Record<DashboardPlan, number>;
  let paidCount = 0;
  for (const plan of DASHBOARD_PLANS) {
    if (plan === 'free') continue;
    plans[plan] = totals.paidByPlan[plan] ?? 0;
    paidCount += plans[plan];
  }
  plans.free = usersTotal - paidCount;
  const activated = sumTo(month, (doc) => doc.usersActivated) - totals.deletedActivated - totals.adminsActivated;
  const activeUsers = activated - totals.hiddenActivated;
  const hiddenUsers = totals.hidden;
  // what the renewing subscriptions bring a month, less what was refunded of their current periods
  const mrr =
    RECURRING_PLANS.reduce((sum, plan) => sum + (totals.renewingByPlan[plan] ?? 0) * priceOf(plan, now), 0) -
    totals.renewingRefunds;

  // Paid accounts at a month's end: subscriptions minus paid lapses up to it, less the corrections noted on accounts.
  const correctionsTo = (m: string) =>
    Object.entries(totals.correctionsByMonth).reduce((sum, [at, n]) => (at <= m ? sum + n : sum), 0);
  const paidAtEnd = (m: string) => sumTo(m, (doc) => doc.subscribed - doc.lapsed) - correctionsTo(m);

  const guidebooksAtEnd = (m: string) => sumTo(m, (doc) => doc.guidebooksCreated - doc.guidebooksDeleted);
  const guidebooksTotal = guidebooksAtEnd(month);
  const published = sumTo(month, (doc) => doc.published);
  const gallery = totals.gallery;
  const trendMonths = monthsEndingWith(month, DASHBOARD_TREND_MONTHS);

  return {
    asOf: now.toISOString(),
    today,
    month,
    replayed,
    usersTotal,
    usersToday,
    paidUsers: paidCount,
    conversionRate: percentOf(paidCount, usersTotal),
    activeUsers,
    inactiveUsers: usersTotal - activeUsers - hiddenUsers,
    hiddenUsers,
    activeRate: percentOf(activeUsers, usersTotal),
    freeUsers: plans.free,
    standardUsers: plans.standard,
    proUsers: plans.pro,
    businessUsers: plans.business,
    plans,
    guidebooksTotal,
    guidebooksToday: (todayDoc?.guidebooksCreated ?? 0) - (totals.guidebooksGoneByDay[today] ?? 0),
    publishedGuidebooks: published,
    publicGalleryGuidebooks: gallery,
    publishedRate: percentOf(published, guidebooksTotal),
    publicGalleryRate: percentOf(gallery, published),
    paymentsToday: todayNet,
    paymentsTotal: [...monthNet.values()].reduce((sum, net) => sum + net, 0),
    paymentsThisMonth: monthNet.get(month) ?? 0,
    mrr,
    usersTrend: trendMonths.map((m) => ({ month: m, paidUsers: paidAtEnd(m) })),
    guidebooksTrend: trendMonths.map((m) => ({ month: m, total: guidebooksAtEnd(m) })),
    paymentsTrend: trendMonths.map((m) => ({ month: m, amount: monthNet.get(m) ?? 0 })),
  };
}
