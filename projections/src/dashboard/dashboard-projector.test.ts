import { describe, expect, it } from 'vitest';
import { newGuidebookDocument } from '@pocketguide/contracts/guidebook/guidebook-rules';
import { priceOf, type PaidPlan } from '@pocketguide/contracts/payment/plans';
import type { DashboardSummary } from '@pocketguide/contracts/dashboard/dashboard-summary';
import type { RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import { expectIdempotent, projectEvents, recordedEvents } from '../testing/project.ts';
import { dashboardProjector } from './dashboard-projector.ts';
import { dashboardReads, summarizeDashboard } from './dashboard-summary.ts';
import { answerInMemory, DashboardReplay, replayDashboard } from './dashboard-replay.ts';
import { generateHistory, SMALL_HISTORY_RATES, type HistoryEvent, type HistoryFacts } from './dashboard-history.ts';
import { DASHBOARD_SUMMARY_ID, emptyTotals, totalsOf, type DashboardDoc, type DashboardSummaryDoc } from './dashboard-docs.ts';

/** The provider's payment data and a registration as the events carry them (the projector reads them with their schemas). */
const PAYMENT_DATA = { currency: 'KRW', card_name: null, receipt_url: null, amount: 50_000, cancel_amount: 0, cancelled_at: null };
const registration = (userId: string, registeredAt: string, role: 'user' | 'admin' = 'user') => ({
  userId,
  email: `${userId}@example.com`,
  profile: { name: userId, companyName: '' },
  language: 'kr',
  role,
  registeredAt,
  trialExpiresAt: registeredAt,
  via: 'admin',
  activation: null,
});
const guidebookCreation = (guidebookId: string, createdAt: string) => ({
  v: 2,
  guidebookId,
  uuid: `uuid-${guidebookId}`,
  ownerId: 'u1',
  company: '',
  document: newGuidebookDocument({ title: guidebookId }),
  source: 'new',
  createdAt,
});

// ---------------------------------------------------------------- the expected figures, computed apart

const KST = 9 * 3_600_000;
const kstDay = (ms: number) => new Date(ms + KST).toISOString().slice(0, 10);
const kstMonth = (ms: number) => kstDay(ms).slice(0, 7);
/** first instant of the Korean month after `month` */
const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return Date.UTC(y, m, 1) - KST;
};
const dayStart = (ms: number) => {
  const d = new Date(ms + KST);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - KST;
};
const last12 = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, k) => new Date(Date.UTC(y, m - 12 + k, 1)).toISOString().slice(0, 7));
};
/** the state a timeline had at `ms` (the last change at or before it), or null before its first */
function stateAt<S>(timeline: Array<{ at: string; state: S }>, ms: number): S | null {
  let found: S | null = null;
  for (const entry of timeline) if (Date.parse(entry.at) <= ms) found = entry.state;
  return found;
}
const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10);

/**
 * What refunds take off each account's MRR at `at`: refunds of the payment of its current period (the last
 * subscription or renewal), up to a month's price of the plan it was on when refunded.
 */
function mrrRefundsAt(events: readonly RecordedEvent[], facts: HistoryFacts, at: number): Map<string, number> {
  const periods = new Map<string, { uid: string | null; off: number }>();
  for (const event of events) {
    if (Date.parse(event.recordedAt) > at) break;
    const data = event.data as Record<string, unknown>;
    const userId = data.userId as string;
    if (event.type === 'UserSubscribed' || event.type === 'SubscriptionRenewed') periods.set(userId, { uid: (data.merchantUid as string | undefined) ?? null, off: 0 });
    if (event.type === 'SubscriptionLapsed' || event.type === 'UserDeleted') periods.delete(userId);
    const period = periods.get(userId);
    if (event.type !== 'PaymentRefunded' || !period || period.uid !== data.merchantUid) continue;
    const plan = stateAt(facts.users.get(userId)!.timeline, Date.parse(data.refundedAt as string))!.plan;
    if (plan === 'free' || plan === 'onemonth') continue;
    period.off = Math.min(priceOf(plan, new Date(data.refundedAt as string)), period.off + (data.amount as number));
  }
  return new Map([...periods].map(([userId, { off }]) => [userId, off]));
}

function expected(facts: HistoryFacts, at: number, events: readonly RecordedEvent[] = []) {
  const month = kstMonth(at);
  const today = kstDay(at);
  const usersAt = (ms: number) =>
    [...facts.users].map(([id, user]) => ({ id, user, state: stateAt(user.timeline, ms) })).filter(({ state }) => state !== null && !state.deleted);
  const living = usersAt(at);
  const paidAt = (ms: number) => usersAt(ms).filter(({ state }) => state!.plan !== 'free').length;
  const guidebooksAt = (ms: number) => [...facts.guidebooks.values()].map((g) => ({ g, state: stateAt(g.timeline, ms) })).filter(({ state }) => state?.exists);
  const books = guidebooksAt(at);
  // payments deleted by `at` count nowhere; refunds count in their own month
  const flows: Array<{ at: number; amount: number }> = [];
  for (const payment of facts.payments.values()) {
    if (Date.parse(payment.paidAt) > at) continue;
    if (payment.deletedAt !== null && Date.parse(payment.deletedAt) <= at) continue;
    flows.push({ at: Date.parse(payment.paidAt), amount: payment.amount });
    for (const refund of payment.refunds) if (Date.parse(refund.at) <= at) flows.push({ at: Date.parse(refund.at), amount: -refund.amount });
  }
  const netIn = (test: (ms: number) => boolean) => flows.filter((flow) => test(flow.at)).reduce((sum, flow) => sum + flow.amount, 0);
  const plans = { free: 0, mini: 0, standard: 0, pro: 0, business: 0, enterprise: 0, onemonth: 0 };
  for (const { state } of living) plans[state!.plan] += 1;
  const paidUsers = living.length - plans.free;
  const active = living.filter(({ state }) => state!.activated && !state!.hidden).length;
  const published = books.filter(({ state }) => state!.published).length;
  const gallery = books.filter(({ state }) => state!.gallery).length;
  const recurring = new Set(['mini', 'standard', 'pro', 'business', 'enterprise']);
  const refunds = mrrRefundsAt(events, facts, at);
  const mrr = living
    .filter(({ state }) => state!.renewing && recurring.has(state!.plan))
    .reduce((sum, { id, state }) => sum + priceOf(state!.plan as PaidPlan, new Date(at)) - (refunds.get(id) ?? 0), 0);
  const months = last12(month);
  // "at the end of month M" is the last instant of M; for the current month, now
  const endOf = (m: string) => (m === month ? at : monthEnd(m) - 1);
  return {
    today,
    month,
    usersTotal: living.length,
    // registered today and still members: what the list's today=true shows
    usersToday: living.filter(({ user }) => Date.parse(user.registeredAt) >= dayStart(at)).length,
    paidUsers,
    conversionRate: pct(paidUsers, living.length),
    activeUsers: active,
    hiddenUsers: living.filter(({ state }) => state!.hidden).length,
    inactiveUsers: living.filter(({ state }) => !state!.activated && !state!.hidden).length,
    activeRate: pct(active, living.length),
    plans,
    guidebooksTotal: books.length,
    guidebooksToday: books.filter(({ g }) => Date.parse(g.createdAt) >= dayStart(at)).length,
    publishedGuidebooks: published,
    publicGalleryGuidebooks: gallery,
    publishedRate: pct(published, books.length),
    publicGalleryRate: pct(gallery, published),
    paymentsToday: netIn((ms) => kstDay(ms) === today),
    paymentsTotal: netIn(() => true),
    paymentsThisMonth: netIn((ms) => kstMonth(ms) === month),
    mrr,
    usersTrend: months.map((m) => ({ month: m, paidUsers: paidAt(endOf(m)) })),
    guidebooksTrend: months.map((m) => ({ month: m, total: guidebooksAt(endOf(m)).length })),
    paymentsTrend: months.map((m) => ({ month: m, amount: netIn((ms) => kstMonth(ms) === m) })),
  };
}

// ---------------------------------------------------------------- the seeded history

/** 14 months, from 1 September 2025 (Korea) to late October 2026: across the price change of 1 November 2025. */
const FROM = new Date('2025-09-01T00:00:00+09:00');
function history(seed: number): { events: RecordedEvent[]; facts: HistoryFacts } {
  const all: HistoryEvent[] = [];
  const facts = generateHistory({ seed, from: FROM, days: 425, rates: SMALL_HISTORY_RATES, facts: true }, (day) => void all.push(...day))!;
  return { events: recordedEvents(all), facts };
}

const summaryOf = (docs: Map<string, DashboardDoc>, at: Date): DashboardSummary => summarizeDashboard(at, answerInMemory(docs, dashboardReads(at)));

describe('the dashboard read model', () => {
  const { events, facts } = history(20251101);
  const lastAt = Date.parse(events.at(-1)!.recordedAt);

  it('is built from a seeded history of a few hundred events over 14 months', () => {
    expect(events.length).toBeGreaterThan(500);
    expect(events.length).toBeLessThan(2000);
    const types = new Set(events.map((event) => event.type));
    for (const type of ['UserDeleted', 'UserPlanChanged', 'SubscriptionLapsed', 'SubscriptionRenewed', 'PaymentRefunded', 'PaymentDeleted', 'TransferPaymentRecorded', 'GuidebookDeleted', 'GuidebookPublicGallerySet']) {
      expect(types, type).toContain(type);
    }
  });

  it('applying every event twice, or the whole log again, changes nothing', () => {
    const docs = expectIdempotent(dashboardProjector, events);
    expect(docs.size).toBeGreaterThan(100);
  });

  it('keeps one summary document equal to the totals of every entity document, after every event', () => {
    const replay = new DashboardReplay();
    let checked = 0;
    events.forEach((event, index) => {
      replay.apply(event);
      if (index % 10 !== 9 && index !== events.length - 1) return;
      const state = replay.documents();
      const { id: _id, kind: _kind, ...kept } = (state.get(DASHBOARD_SUMMARY_ID) ?? { id: '', kind: 'summary', ...emptyTotals() }) as DashboardSummaryDoc;
      expect(kept, `after ${index + 1} events`).toEqual(totalsOf([...state.values()].filter((doc) => doc.kind !== 'summary')));
      checked += 1;
    });
    expect(checked).toBeGreaterThan(50);
    expect((replay.documents().get(DASHBOARD_SUMMARY_ID) as DashboardSummaryDoc).paidByPlan).not.toEqual({});
  });

  it('reads the figures from the summary, the months and today only: the entity documents are not needed', () => {
    const docs = projectEvents(dashboardProjector, events);
    const withoutEntities = new Map([...docs].filter(([, doc]) => doc.kind === 'summary' || doc.kind === 'month' || doc.kind === 'day'));
    expect([...docs.values()].filter((doc) => doc.kind === 'user').length).toBeGreaterThan(100);
    const at = new Date(lastAt);
    expect(summarizeDashboard(at, answerInMemory(withoutEntities, dashboardReads(at)))).toEqual(summarizeDashboard(at, answerInMemory(docs, dashboardReads(at))));
  });

  it('rebuilt from the history, every figure matches the one computed independently from what happened', () => {
    const docs = projectEvents(dashboardProjector, events);
    // an hour after the last event, and at the last event itself
    for (const at of [lastAt + 3_600_000, lastAt]) {
      const summary = summaryOf(docs, new Date(at));
      expect(summary).toMatchObject(expected(facts, at, events));
      expect(summary.freeUsers + summary.standardUsers + summary.proUsers + summary.businessUsers + summary.plans.mini + summary.plans.enterprise + summary.plans.onemonth).toBe(summary.usersTotal);
    }
    const summary = summaryOf(docs, new Date(lastAt));
    expect(summary.usersTrend.at(-1)!.paidUsers).toBe(summary.paidUsers);
    // the history has something in every figure, so the comparison above means something;
    // and both kinds of paid-count corrections (a new subscription over a cancelled running plan, a paid account deleted)
    const corrections = [...docs.values()].flatMap((doc) => (doc.kind === 'user' ? doc.paidCorrections.map(() => doc.deleted) : []));
    expect(corrections).toContain(true);
    expect(corrections).toContain(false);
    expect(summary.paidUsers).toBeGreaterThan(5);
    expect(summary.usersTrend.filter((point) => point.paidUsers > 0).length).toBeGreaterThan(8);
    expect(summary.paymentsTrend.every((point) => point.amount !== 0)).toBe(true);
    expect(summary.publicGalleryGuidebooks).toBeGreaterThan(0);
  });

  it('replayed as of earlier dates, it shows the figures as they were then', () => {
    for (const asOf of ['2025-10-15T14:59:59.999Z', '2026-01-31T14:59:59.999Z', '2026-06-30T03:00:00.000Z']) {
      const at = Date.parse(asOf);
      const replayed = replayDashboard(events, new Date(at));
      expect(replayed).toMatchObject({ ...expected(facts, at, events), replayed: true, asOf });
    }
  });

  it('an empty month is 0 and months before the first event are 0, never made up', () => {
    const docs = projectEvents(dashboardProjector, events.filter((event) => Date.parse(event.recordedAt) < Date.parse('2025-10-01T00:00:00+09:00')));
    const summary = summaryOf(docs, new Date('2026-01-10T00:00:00+09:00'));
    // 2025-02 … 2026-01: nothing before September 2025, September only, then nothing recorded
    const amounts = summary.paymentsTrend.map((point) => point.amount);
    expect(summary.paymentsTrend[0]!.month).toBe('2025-02');
    expect(amounts.slice(0, 7)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(amounts[7]).toBeGreaterThan(0);
    expect(amounts.slice(8)).toEqual([0, 0, 0, 0]);
    expect(summary.guidebooksTrend.slice(0, 7).map((point) => point.total)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(summary.paymentsThisMonth).toBe(0);
    expect(summary.paymentsToday).toBe(0);
  });

  it('counts the Korean day and month: a payment at 23:30 UTC belongs to the next day in Korea', () => {
    const docs = projectEvents(
      dashboardProjector,
      recordedEvents([
        {
          streamId: 'payment-pg_a',
          type: 'PaymentSucceeded',
          data: { merchantUid: 'pg_a', userId: 'u1', impUid: 'i', amount: 50_000, method: 'card', paymentData: PAYMENT_DATA, paidAt: '2026-10-31T15:30:00.000Z' },
        },
      ]),
    );
    const summary = summaryOf(docs, new Date('2026-11-01T01:00:00.000Z'));
    expect(summary).toMatchObject({ today: '2026-11-01', month: '2026-11', paymentsToday: 50_000, paymentsThisMonth: 50_000 });
    expect(summary.paymentsTrend.at(-2)).toEqual({ month: '2026-10', amount: 0 });
  });

  it('a deleted payment leaves every figure, its refunds too; a trial that ends is not a paid user leaving', () => {
    const paid = (uid: string, amount: number, paidAt: string) => ({
      streamId: `payment-${uid}`,
      type: 'PaymentSucceeded',
      data: { merchantUid: uid, userId: 'u1', impUid: uid, amount, method: 'card', paymentData: PAYMENT_DATA, paidAt },
    });
    const docs = expectIdempotent(
      dashboardProjector,
      recordedEvents([
        { streamId: 'user-u1', type: 'UserRegistered', data: registration('u1', '2026-09-01T00:00:00.000Z') },
        { streamId: 'user-u1', type: 'SubscriptionLapsed', data: { userId: 'u1', plan: 'free', reason: 'trial-ended', lapsedAt: '2026-09-15T00:00:00.000Z' } },
        paid('pg_keep', 50_000, '2026-10-02T00:00:00.000Z'),
        paid('pg_gone', 150_000, '2026-10-03T00:00:00.000Z'),
        { streamId: 'payment-pg_gone', type: 'PaymentRefunded', data: { merchantUid: 'pg_gone', userId: 'u1', amount: 50_000, cancelAmount: 50_000, partial: true, reason: 'r', refundedAt: '2026-11-02T00:00:00.000Z' } },
        { streamId: 'payment-pg_gone', type: 'PaymentDeleted', data: { merchantUid: 'pg_gone', userId: 'u1', deletedAt: '2026-11-03T00:00:00.000Z' } },
      ]),
    );
    const summary = summaryOf(docs, new Date('2026-11-05T00:00:00.000Z'));
    expect(summary).toMatchObject({ paymentsTotal: 50_000, paymentsThisMonth: 0, usersTotal: 1, paidUsers: 0 });
    expect(summary.paymentsTrend.slice(-2)).toEqual([
      { month: '2026-10', amount: 50_000 },
      { month: '2026-11', amount: 0 },
    ]);
    expect(summary.usersTrend.every((point) => point.paidUsers === 0)).toBe(true);
  });
});

describe('the dashboard counts members only, and "today" as the lists show it', () => {
  const user = (userId: string, registeredAt: string, role: 'user' | 'admin' = 'user') => ({
    streamId: `user-${userId}`,
    type: 'UserRegistered',
    data: registration(userId, registeredAt, role),
  });
  const T0 = '2026-11-10T01:00:00.000Z';
  const later = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
  const subscribe = (userId: string, merchantUid: string, at: string) => [
    { streamId: `payment-${merchantUid}`, type: 'PaymentSucceeded', data: { merchantUid, userId, impUid: merchantUid, amount: 50_000, method: 'card', paymentData: PAYMENT_DATA, paidAt: at } },
    { streamId: `user-${userId}`, type: 'UserSubscribed', data: { userId, plan: 'standard', billingCycle: 'month', expiresAt: '2026-12-10T01:00:00.000Z', subscribedAt: at, merchantUid } },
  ];
  const refund = (userId: string, merchantUid: string, amount: number, at: string) => ({
    streamId: `payment-${merchantUid}`,
    type: 'PaymentRefunded',
    data: { merchantUid, userId, amount, cancelAmount: amount, partial: amount < 50_000, reason: 'r', refundedAt: at },
  });

  it('never counts an administrator: not in the total, the plans, the conversion, the active or today', () => {
    const docs = expectIdempotent(
      dashboardProjector,
      recordedEvents([
        user('admin1', T0, 'admin'),
        { streamId: 'user-admin1', type: 'UserActivated', data: { userId: 'admin1', activatedAt: T0, via: 'admin' } },
        user('u1', later(1)),
        { streamId: 'user-u1', type: 'UserActivated', data: { userId: 'u1', activatedAt: later(2), via: 'link' } },
        user('u2', later(3)),
        // promoted later: from then on not a member either
        { streamId: 'user-u2', type: 'UserRoleChanged', data: { userId: 'u2', role: 'admin', changedAt: later(4) } },
        ...subscribe('u1', 'pg_purchase_aaaaaaaa', later(5)),
      ]),
    );
    const summary = summaryOf(docs, new Date(later(10)));
    expect(summary).toMatchObject({ usersTotal: 1, usersToday: 1, paidUsers: 1, conversionRate: 100, activeUsers: 1, inactiveUsers: 0 });
    expect(summary.plans).toMatchObject({ free: 0, standard: 1 });
  });

  it('"today" never exceeds the total: members who joined and left the same day, and guidebooks made and deleted, come off it', () => {
    const docs = expectIdempotent(
      dashboardProjector,
      recordedEvents([
        user('u1', T0),
        user('u2', later(1)),
        { streamId: 'user-u2', type: 'UserDeleted', data: { userId: 'u2', deletedAt: later(2) } },
        { streamId: 'guidebook-g1', type: 'GuidebookCreated', data: guidebookCreation('g1', later(3)) },
        { streamId: 'guidebook-g2', type: 'GuidebookCreated', data: guidebookCreation('g2', later(4)) },
        { streamId: 'guidebook-g2', type: 'GuidebookDeleted', data: { guidebookId: 'g2', deletedAt: later(5) } },
      ]),
    );
    const summary = summaryOf(docs, new Date(later(10)));
    expect(summary).toMatchObject({ usersTotal: 1, usersToday: 1, guidebooksTotal: 1, guidebooksToday: 1 });
    // the next day, nothing is "today"
    expect(summaryOf(docs, new Date(later(24 * 60)))).toMatchObject({ usersToday: 0, guidebooksToday: 0, usersTotal: 1, guidebooksTotal: 1 });
  });

  it('MRR follows refunds of the current period and lapses, and a renewal starts it afresh', () => {
    const events = [user('u1', T0), ...subscribe('u1', 'pg_purchase_aaaaaaaa', later(1)), user('u2', T0), ...subscribe('u2', 'pg_purchase_bbbbbbbb', later(1))];
    const price = priceOf('standard', new Date(later(10)));
    const mrrAfter = (more: Array<{ streamId: string; type: string; data: Record<string, unknown> }>) =>
      summaryOf(expectIdempotent(dashboardProjector, recordedEvents([...events, ...more])), new Date(later(60 * 24 * 40))).mrr;
    expect(mrrAfter([])).toBe(2 * price);
    expect(mrrAfter([refund('u1', 'pg_purchase_aaaaaaaa', 10_000, later(2))])).toBe(2 * price - 10_000);
    expect(mrrAfter([refund('u1', 'pg_purchase_aaaaaaaa', 50_000, later(2))])).toBe(2 * price - Math.min(price, 50_000));
    // a refund of some other payment of the account's is not this period's
    expect(mrrAfter([refund('u1', 'pg_purchase_cccccccc', 50_000, later(2))])).toBe(2 * price);
    expect(mrrAfter([{ streamId: 'user-u2', type: 'SubscriptionLapsed', data: { userId: 'u2', plan: 'standard', reason: 'charge-failed', lapsedAt: later(3) } }])).toBe(price);
    expect(
      mrrAfter([
        refund('u1', 'pg_purchase_aaaaaaaa', 10_000, later(2)),
        { streamId: 'user-u1', type: 'SubscriptionRenewed', data: { userId: 'u1', plan: 'standard', merchantUid: 'pg_r_u1_20261210_1', expiresAt: '2027-01-10T01:00:00.000Z', renewedAt: later(60 * 24 * 30) } },
      ]),
    ).toBe(2 * price);
  });
});
