import type { GuidebookEvent, PaymentEvent, PaymentRefunded, SubscriptionType, UserEvent } from '@pocketguide/contracts';
import { priceOf } from '@pocketguide/contracts/payment/plans';
import { DASHBOARD } from '@pocketguide/contracts/dashboard/dashboard-summary';
import { guidebookEvents, paymentEvents, userEvents, type Logged } from '../event-readers.ts';
import type { Projector } from '../projector.ts';
import {
  addContribution,
  withDelta,
  DASHBOARD_SUMMARY_ID,
  emptyTotals,
  dayDocId,
  guidebookDocId,
  monthDocId,
  paymentDocId,
  reportingDay,
  reportingMonth,
  userDocId,
  type DashboardDayDoc,
  type DashboardDoc,
  type DashboardGuidebookDoc,
  type DashboardMonthDoc,
  type DashboardPaymentDoc,
  type DashboardUserDoc,
} from './dashboard-docs.ts';

/** The events the dashboard is built from; everything else only moves its checkpoint. */
export const DASHBOARD_EVENT_TYPES = [
  'UserRegistered',
  'UserRoleChanged',
  'UserActivated',
  'UserHidden',
  'UserUnhidden',
  'UserDeleted',
  'UserSubscribed',
  'UserUnsubscribed',
  'UserPlanChanged',
  'SubscriptionRenewed',
  'SubscriptionLapsed',
  'GuidebookCreated',
  'GuidebookDeleted',
  'GuidebookPublished',
  'GuidebookUnpublished',
  'GuidebookPublicGallerySet',
  'PaymentSucceeded',
  'TransferPaymentRecorded',
  'PaymentRefunded',
  'PaymentDeleted',
] as const satisfies ReadonlyArray<DashboardEvent['type']>;

/** What the dashboard reads: accounts, guidebooks and payments. */
export type DashboardEvent = UserEvent | GuidebookEvent | PaymentEvent;
type Event = Logged<DashboardEvent>;

/** The business time an event carries (its *At field), which decides its day and month. */
export function eventTimeOf(event: Event): string {
  switch (event.type) {
    case 'UserRegistered':
      return event.data.registeredAt;
    case 'UserActivated':
      return event.data.activatedAt;
    case 'UserDeleted':
      return event.data.deletedAt;
    case 'UserSubscribed':
      return event.data.subscribedAt;
    case 'SubscriptionLapsed':
      return event.data.lapsedAt;
    case 'GuidebookCreated':
      return event.data.createdAt;
    case 'GuidebookDeleted':
      return event.data.deletedAt;
    case 'GuidebookPublished':
      return event.data.publishedAt;
    case 'GuidebookUnpublished':
      return event.data.unpublishedAt;
    case 'PaymentSucceeded':
    case 'TransferPaymentRecorded':
      return event.data.paidAt;
    case 'PaymentRefunded':
      return event.data.refundedAt;
    default:
      return event.recordedAt;
  }
}

function withPlan(doc: DashboardUserDoc, plan: SubscriptionType): DashboardUserDoc {
  const paid = plan !== 'free';
  return { ...doc, plan, paid, renewing: paid ? doc.renewing : false, ...(paid ? {} : { periodPayment: null, mrrRefund: 0 }) };
}

/** A new paid period began, paid by `merchantUid` (if known): its refunds are what the MRR loses from now. */
const newPeriod = (doc: DashboardUserDoc, merchantUid: string | undefined): DashboardUserDoc => ({
  ...doc,
  periodPayment: merchantUid ?? null,
  mrrRefund: 0,
});

/** A refund of the current period's payment takes its amount off the MRR, never more than a month's price. */
function withRefund(doc: DashboardUserDoc, refund: PaymentRefunded['data']): DashboardUserDoc {
  if (doc.periodPayment === null || refund.merchantUid !== doc.periodPayment || doc.plan === 'free' || doc.plan === 'onemonth') return doc;
  const monthly = priceOf(doc.plan, new Date(refund.refundedAt));
  return { ...doc, mrrRefund: Math.min(monthly, doc.mrrRefund + refund.amount) };
}

/** The account left or joined the paid count in a way the month flows cannot see (see dashboard-docs.ts). */
const corrected = (doc: DashboardUserDoc, at: string): DashboardUserDoc => ({ ...doc, corrected: true, paidCorrections: [...doc.paidCorrections, at] });

function evolveUser(doc: DashboardUserDoc | null, event: Event, id: string): DashboardUserDoc | null {
  if (event.type === 'UserRegistered') {
    return {
      id,
      kind: 'user',
      registeredAt: event.data.registeredAt,
      deleted: false,
      plan: 'free',
      paid: false,
      renewing: false,
      activated: false,
      hidden: false,
      paidCorrections: [],
      corrected: false,
      admin: event.data.role === 'admin',
      periodPayment: null,
      mrrRefund: 0,
    };
  }
  if (doc === null || doc.deleted) return doc;
  switch (event.type) {
    case 'UserRoleChanged':
      return { ...doc, admin: event.data.role === 'admin' };
    case 'UserActivated':
      return { ...doc, activated: true };
    case 'UserHidden':
      return { ...doc, hidden: true };
    case 'UserUnhidden':
      return { ...doc, hidden: false };
    case 'UserSubscribed': {
      // the month counts every subscription as one more paid account; one started while a cancelled plan was
      // still running is not
      const next = newPeriod({ ...withPlan(doc, event.data.plan), renewing: true }, event.data.merchantUid);
      return doc.paid ? corrected(next, event.data.subscribedAt) : next;
    }
    case 'UserUnsubscribed':
      return { ...doc, renewing: false };
    case 'UserPlanChanged':
      return withPlan(doc, event.data.plan);
    case 'SubscriptionRenewed':
      return newPeriod(withPlan(doc, event.data.plan), event.data.merchantUid);
    case 'PaymentRefunded':
      return withRefund(doc, event.data);
    case 'SubscriptionLapsed':
      return withPlan(doc, 'free');
    case 'UserDeleted': {
      // a tombstone: whether it had been activated (the month counted that), and a paid account leaving
      const gone: DashboardUserDoc = { ...doc, deleted: true, plan: 'free', paid: false, renewing: false, hidden: false };
      return doc.paid ? corrected(gone, event.data.deletedAt) : gone;
    }
    default:
      return doc;
  }
}

/**
 * A guidebook is remembered while it lives: whether it is in the public gallery (unpublishing takes it out without
 * saying so) and when it was created, so a deletion the same Korean day comes off "today" (see dashboard-docs.ts).
 */
function evolveGuidebook(doc: DashboardGuidebookDoc | null, event: Event, id: string): DashboardGuidebookDoc | null {
  switch (event.type) {
    case 'GuidebookCreated':
      return doc ?? { id, kind: 'guidebook', createdAt: event.data.createdAt, gallery: false, since: null, deleted: false };
    case 'GuidebookPublicGallerySet':
      if (doc === null || doc.deleted) return doc;
      return event.data.isPublicGallery ? { ...doc, gallery: true, since: doc.since ?? event.data.setAt } : { ...doc, gallery: false, since: null };
    case 'GuidebookUnpublished':
      return doc === null || doc.deleted ? doc : { ...doc, gallery: false, since: null };
    case 'GuidebookDeleted':
      if (doc === null || doc.deleted) return doc;
      return reportingDay(doc.createdAt) === reportingDay(event.data.deletedAt) ? { ...doc, gallery: false, since: null, deleted: true } : null;
    default:
      return doc;
  }
}

function evolvePayment(doc: DashboardPaymentDoc | null, event: Event, id: string): DashboardPaymentDoc | null {
  switch (event.type) {
    case 'PaymentSucceeded':
    case 'TransferPaymentRecorded':
      return { id, kind: 'payment', amount: event.data.amount, paidAt: event.data.paidAt, refunds: doc?.refunds ?? [], deleted: doc?.deleted ?? false };
    case 'PaymentRefunded':
      return doc === null ? null : { ...doc, refunds: [...doc.refunds, { amount: event.data.amount, at: event.data.refundedAt }] };
    case 'PaymentDeleted':
      return doc === null ? null : { ...doc, deleted: true };
    default:
      return doc;
  }
}

const emptyMonth = (id: string): DashboardMonthDoc => ({
  id,
  kind: 'month',
  month: id.slice('month-'.length),
  usersRegistered: 0,
  usersActivated: 0,
  usersDeleted: 0,
  subscribed: 0,
  lapsed: 0,
  guidebooksCreated: 0,
  guidebooksDeleted: 0,
  published: 0,
  paid: 0,
  refunded: 0,
});
const emptyDay = (id: string): DashboardDayDoc => ({ id, kind: 'day', day: id.slice('day-'.length), usersRegistered: 0, guidebooksCreated: 0, paid: 0, refunded: 0 });

function evolveMonth(doc: DashboardMonthDoc | null, event: Event, id: string): DashboardMonthDoc {
  const month = doc ?? emptyMonth(id);
  switch (event.type) {
    case 'UserRegistered':
      return { ...month, usersRegistered: month.usersRegistered + 1 };
    case 'UserActivated':
      return { ...month, usersActivated: month.usersActivated + 1 };
    case 'UserDeleted':
      return { ...month, usersDeleted: month.usersDeleted + 1 };
    case 'UserSubscribed':
      return { ...month, subscribed: month.subscribed + 1 };
    case 'SubscriptionLapsed':
      // the end of a free trial is not a paid account leaving
      return event.data.plan === 'free' ? month : { ...month, lapsed: month.lapsed + 1 };
    case 'GuidebookCreated':
      return { ...month, guidebooksCreated: month.guidebooksCreated + 1 };
    case 'GuidebookDeleted':
      return { ...month, guidebooksDeleted: month.guidebooksDeleted + 1 };
    case 'GuidebookPublished':
      return { ...month, published: month.published + 1 };
    case 'GuidebookUnpublished':
      return { ...month, published: month.published - 1 };
    case 'PaymentSucceeded':
    case 'TransferPaymentRecorded':
      return { ...month, paid: month.paid + event.data.amount };
    case 'PaymentRefunded':
      return { ...month, refunded: month.refunded + event.data.amount };
    default:
      return month;
  }
}

function evolveDay(doc: DashboardDayDoc | null, event: Event, id: string): DashboardDayDoc {
  const day = doc ?? emptyDay(id);
  switch (event.type) {
    case 'UserRegistered':
      return { ...day, usersRegistered: day.usersRegistered + 1 };
    case 'GuidebookCreated':
      return { ...day, guidebooksCreated: day.guidebooksCreated + 1 };
    case 'PaymentRefunded':
      return { ...day, refunded: day.refunded + event.data.amount };
    case 'PaymentSucceeded':
    case 'TransferPaymentRecorded':
      return { ...day, paid: day.paid + event.data.amount };
    default:
      return day;
  }
}

/**
 * `dashboard`: the back office's figures (spec 3 §2.5), built only from events. See dashboard-docs.ts for the
 * documents and dashboard-summary.ts for how the figures are read from them.
 */
export const dashboardProjector: Projector<DashboardDoc, DashboardEvent> = {
  name: DASHBOARD,
  collection: DASHBOARD,
  indexes: [
    { fields: { kind: 1, deleted: 1, paid: 1 } },
    { fields: { kind: 1, deleted: 1, hidden: 1 } },
    { fields: { kind: 1, deleted: 1, activated: 1 } },
    { fields: { kind: 1, corrected: 1 } },
    { fields: { kind: 1, gallery: 1 } },
  ],
  filter: { streamCategories: [userEvents.category, guidebookEvents.category, paymentEvents.category], eventTypes: DASHBOARD_EVENT_TYPES },
  decode: (recorded) => userEvents.read(recorded) ?? guidebookEvents.read(recorded) ?? paymentEvents.read(recorded),
  documentIds(event) {
    const month = () => monthDocId(reportingMonth(eventTimeOf(event)));
    const day = () => dayDocId(reportingDay(eventTimeOf(event)));
    switch (event.type) {
      case 'UserRegistered':
        return [userDocId(event.data.userId), month(), day()];
      case 'UserRoleChanged':
      case 'UserHidden':
      case 'UserUnhidden':
      case 'UserUnsubscribed':
      case 'UserPlanChanged':
      case 'SubscriptionRenewed':
        return [userDocId(event.data.userId)];
      case 'UserActivated':
      case 'UserDeleted':
      case 'UserSubscribed':
      case 'SubscriptionLapsed':
        return [userDocId(event.data.userId), month()];
      case 'GuidebookCreated':
        return [guidebookDocId(event.data.guidebookId), month(), day()];
      case 'GuidebookPublished':
        return [month()];
      case 'GuidebookDeleted':
      case 'GuidebookUnpublished':
        return [guidebookDocId(event.data.guidebookId), month()];
      case 'GuidebookPublicGallerySet':
        return [guidebookDocId(event.data.guidebookId)];
      case 'PaymentSucceeded':
      case 'TransferPaymentRecorded':
        return [paymentDocId(event.data.merchantUid), month(), day()];
      case 'PaymentRefunded':
        // the account too: a refund of its current period comes off the MRR
        return [paymentDocId(event.data.merchantUid), userDocId(event.data.userId), month(), day()];
      case 'PaymentDeleted':
        return [paymentDocId(event.data.merchantUid)];
      default:
        // the filter lets no other event through
        return [];
    }
  },
  summary: {
    id: DASHBOARD_SUMMARY_ID,
    evolve(summary, { before, after }) {
      // The change's own delta first (small), then a copy of only the parts it moves.
      const delta = emptyTotals();
      addContribution(delta, before, -1);
      addContribution(delta, after, 1);
      return withDelta(summary?.kind === 'summary' ? summary : { id: DASHBOARD_SUMMARY_ID, kind: 'summary', ...emptyTotals() }, delta);
    },
  },
  evolve(doc, event, id) {
    if (id.startsWith('user-')) return evolveUser(doc?.kind === 'user' ? doc : null, event, id);
    if (id.startsWith('guidebook-')) return evolveGuidebook(doc?.kind === 'guidebook' ? doc : null, event, id);
    if (id.startsWith('payment-')) return evolvePayment(doc?.kind === 'payment' ? doc : null, event, id);
    if (id.startsWith('month-')) return evolveMonth(doc?.kind === 'month' ? doc : null, event, id);
    if (id.startsWith('day-')) return evolveDay(doc?.kind === 'day' ? doc : null, event, id);
    return doc;
  },
};
