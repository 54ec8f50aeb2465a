import { priceOf, type PaidPlan } from '@pocketguide/contracts/payment/plans';
import {
  DASHBOARD_PLANS,
  DASHBOARD_TREND_MONTHS,
  type DashboardPlan,
  type DashboardSummary,
} from '@pocketguide/contracts/dashboard/dashboard-summary';
import type { Filter } from '@pocketguide/platform/read-store/read-store';
import {
  dayDocId,
  monthsEndingWith,
  reportingDay,
  reportingMonth,
  type DashboardDayDoc,
  type DashboardDoc,
  type DashboardMonthDoc,
  type DashboardPaymentDoc,
  type DashboardUserDoc,
} from './dashboard-docs.ts';

/**
 * How the figures are read from the `dashboard` documents. In two steps so the live route (read store, async) and
 * the replay (documents in memory, sync) read exactly the same way: `dashboardReads` says what to count, find and
 * get; the caller runs those; `summarizeDashboard` computes the figures from the answers. Definitions: README.
 */

/** Plans whose subscriptions renew every month (onemonth never renews; enterprise renews at 0). */
export const RECURRING_PLANS = ['mini', 'standard', 'pro', 'business', 'enterprise'] as const satisfies readonly PaidPlan[];

export type DashboardReads = {
  counts: { deletedActivated: Filter; gallery: Filter };
  finds: { months: Filter; paidUsers: Filter; hiddenUsers: Filter; corrected: Filter; deletedPayments: Filter };
  gets: { today: string };
};

export type DashboardAnswers = {
  counts: Record<keyof DashboardReads['counts'], number>;
  finds: Record<keyof DashboardReads['finds'], DashboardDoc[]>;
  gets: { today: DashboardDoc | null };
};

/** What to read: every find is a small set (paid accounts, hidden ones, corrections, deleted payments, months). */
export function dashboardReads(now: Date): DashboardReads {
  return {
    counts: { deletedActivated: { kind: 'user', deleted: true, activated: true }, gallery: { kind: 'guidebook', gallery: true } },
    finds: {
      months: { kind: 'month' },
      paidUsers: { kind: 'user', deleted: false, paid: true },
      hiddenUsers: { kind: 'user', deleted: false, hidden: true },
      corrected: { kind: 'user', corrected: true },
      deletedPayments: { kind: 'payment', deleted: true },
    },
    gets: { today: dayDocId(reportingDay(now)) },
  };
}

/** Percent with one decimal; 0 when there is nothing to divide by. */
export const percentOf = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

export function summarizeDashboard(now: Date, answers: DashboardAnswers, replayed = false): DashboardSummary {
  const today = reportingDay(now);
  const month = reportingMonth(now);
  const months = (answers.finds.months as DashboardMonthDoc[]).filter((doc) => doc.month <= month).sort((a, b) => a.month.localeCompare(b.month));
  const todayDoc = answers.gets.today as DashboardDayDoc | null;
  const sumTo = (last: string, of: (doc: DashboardMonthDoc) => number): number => months.reduce((sum, doc) => (doc.month <= last ? sum + of(doc) : sum), 0);

  // Revenue: paid minus refunded by month; deleted payments leave every figure, their refunds too.
  const monthNet = new Map<string, number>(months.map((doc) => [doc.month, doc.paid - doc.refunded]));
  let todayNet = todayDoc ? todayDoc.paid - todayDoc.refunded : 0;
  const adjust = (at: string, amount: number) => {
    monthNet.set(reportingMonth(at), (monthNet.get(reportingMonth(at)) ?? 0) + amount);
    if (reportingDay(at) === today) todayNet += amount;
  };
  for (const payment of answers.finds.deletedPayments as DashboardPaymentDoc[]) {
    adjust(payment.paidAt, -payment.amount);
    for (const refund of payment.refunds) adjust(refund.at, refund.amount);
  }

  // Accounts: totals from the flows, plans from the paid accounts themselves.
  const usersTotal = sumTo(month, (doc) => doc.usersRegistered - doc.usersDeleted);
  const paid = answers.finds.paidUsers as DashboardUserDoc[];
  const hidden = answers.finds.hiddenUsers as DashboardUserDoc[];
  const plans = Object.fromEntries(DASHBOARD_PLANS.map((plan) => [plan, 0])) as Record<DashboardPlan, number>;
  for (const user of paid) plans[user.plan] += 1;
  plans.free = usersTotal - paid.length;
  const activated = sumTo(month, (doc) => doc.usersActivated) - answers.counts.deletedActivated;
  const hiddenActivated = hidden.filter((user) => user.activated).length;
  const activeUsers = activated - hiddenActivated;
  const hiddenUsers = hidden.length;
  const renewing = (plan: PaidPlan) => paid.filter((user) => user.plan === plan && user.renewing).length;
  const mrr = RECURRING_PLANS.reduce((sum, plan) => sum + renewing(plan) * priceOf(plan, now), 0);

  // Paid accounts at a month's end: subscriptions minus paid lapses up to it, less the corrections noted on accounts.
  const corrections = (answers.finds.corrected as DashboardUserDoc[]).flatMap((user) => user.paidCorrections.map(reportingMonth));
  const paidAtEnd = (m: string) => sumTo(m, (doc) => doc.subscribed - doc.lapsed) - corrections.filter((at) => at <= m).length;

  const guidebooksAtEnd = (m: string) => sumTo(m, (doc) => doc.guidebooksCreated - doc.guidebooksDeleted);
  const guidebooksTotal = guidebooksAtEnd(month);
  const published = sumTo(month, (doc) => doc.published);
  const gallery = answers.counts.gallery;
  const trendMonths = monthsEndingWith(month, DASHBOARD_TREND_MONTHS);

  return {
    asOf: now.toISOString(),
    today,
    month,
    replayed,
    usersTotal,
    usersToday: todayDoc?.usersRegistered ?? 0,
    paidUsers: paid.length,
    conversionRate: percentOf(paid.length, usersTotal),
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
    guidebooksToday: todayDoc?.guidebooksCreated ?? 0,
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
