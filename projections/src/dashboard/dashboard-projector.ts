import type { RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import type { PaidPlan, SubscriptionType } from '@pocketguide/contracts';
import { DASHBOARD } from '@pocketguide/contracts/dashboard/dashboard-summary';
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
  type DashboardSummaryDoc,
  type DashboardUserDoc,
} from './dashboard-docs.ts';

/** The events the dashboard is built from; everything else only moves its checkpoint. */
export const DASHBOARD_EVENT_TYPES = [
  'UserRegistered',
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
] as const;

type Data = Record<string, unknown>;
const str = (data: Data, key: string): string => {
  const value = data[key];
  if (typeof value !== 'string') throw new Error(`dashboard: ${key} missing`);
  return value;
};
const num = (data: Data, key: string): number => {
  const value = data[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
};

/** The business time an event carries (its *At field), which decides its day and month. */
export function eventTimeOf(event: Pick<RecordedEvent, 'type' | 'data' | 'recordedAt'>): string {
  const data = event.data as Data;
  const field = EVENT_TIME_FIELDS[event.type];
  return field ? str(data, field) : event.recordedAt;
}

const EVENT_TIME_FIELDS: Record<string, string> = {
  UserRegistered: 'registeredAt',
  UserActivated: 'activatedAt',
  UserDeleted: 'deletedAt',
  UserSubscribed: 'subscribedAt',
  SubscriptionLapsed: 'lapsedAt',
  GuidebookCreated: 'createdAt',
  GuidebookDeleted: 'deletedAt',
  GuidebookPublished: 'publishedAt',
  GuidebookUnpublished: 'unpublishedAt',
  PaymentSucceeded: 'paidAt',
  TransferPaymentRecorded: 'paidAt',
  PaymentRefunded: 'refundedAt',
};

function withPlan(doc: DashboardUserDoc, plan: SubscriptionType): DashboardUserDoc {
  const paid = plan !== 'free';
  return { ...doc, plan, paid, renewing: paid ? doc.renewing : false };
}

/** The account left or joined the paid count in a way the month flows cannot see (see dashboard-docs.ts). */
const corrected = (doc: DashboardUserDoc, at: string): DashboardUserDoc => ({ ...doc, corrected: true, paidCorrections: [...doc.paidCorrections, at] });

function evolveUser(doc: DashboardUserDoc | null, event: RecordedEvent, id: string): DashboardUserDoc | null {
  const data = event.data as Data;
  if (event.type === 'UserRegistered') {
    return {
      id,
      kind: 'user',
      registeredAt: str(data, 'registeredAt'),
      deleted: false,
      plan: 'free',
      paid: false,
      renewing: false,
      activated: false,
      hidden: false,
      paidCorrections: [],
      corrected: false,
    };
  }
  if (doc === null || doc.deleted) return doc;
  switch (event.type) {
    case 'UserActivated':
      return { ...doc, activated: true };
    case 'UserHidden':
      return { ...doc, hidden: true };
    case 'UserUnhidden':
      return { ...doc, hidden: false };
    case 'UserSubscribed': {
      // the month counts every subscription as one more paid account; one started while a cancelled plan was
      // still running is not
      const next = { ...withPlan(doc, str(data, 'plan') as PaidPlan), renewing: true };
      return doc.paid ? corrected(next, str(data, 'subscribedAt')) : next;
    }
    case 'UserUnsubscribed':
      return { ...doc, renewing: false };
    case 'UserPlanChanged':
      return withPlan(doc, str(data, 'plan') as PaidPlan);
    case 'SubscriptionRenewed':
      return withPlan(doc, str(data, 'plan') as PaidPlan);
    case 'SubscriptionLapsed':
      return withPlan(doc, 'free');
    case 'UserDeleted': {
      // a tombstone: whether it had been activated (the month counted that), and a paid account leaving
      const gone: DashboardUserDoc = { ...doc, deleted: true, plan: 'free', paid: false, renewing: false, hidden: false };
      return doc.paid ? corrected(gone, str(data, 'deletedAt')) : gone;
    }
    default:
      return doc;
  }
}

/**
 * A guidebook needs remembering only while it is in the public gallery (unpublishing takes it out without saying
 * so); every other guidebook figure is a flow. So its document exists exactly while it is in the gallery.
 */
function evolveGuidebook(doc: DashboardGuidebookDoc | null, event: RecordedEvent, id: string): DashboardGuidebookDoc | null {
  const data = event.data as Data;
  if (event.type === 'GuidebookPublicGallerySet' && data.isPublicGallery === true) {
    return doc ?? { id, kind: 'guidebook', gallery: true, since: str(data, 'setAt') };
  }
  if (event.type === 'GuidebookPublicGallerySet' || event.type === 'GuidebookUnpublished' || event.type === 'GuidebookDeleted') return null;
  return doc;
}

function evolvePayment(doc: DashboardPaymentDoc | null, event: RecordedEvent, id: string): DashboardPaymentDoc | null {
  const data = event.data as Data;
  switch (event.type) {
    case 'PaymentSucceeded':
    case 'TransferPaymentRecorded':
      return { id, kind: 'payment', amount: num(data, 'amount'), paidAt: str(data, 'paidAt'), refunds: doc?.refunds ?? [], deleted: doc?.deleted ?? false };
    case 'PaymentRefunded':
      return doc === null ? null : { ...doc, refunds: [...doc.refunds, { amount: num(data, 'amount'), at: str(data, 'refundedAt') }] };
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

function evolveMonth(doc: DashboardMonthDoc | null, event: RecordedEvent, id: string): DashboardMonthDoc {
  const month = doc ?? emptyMonth(id);
  const data = event.data as Data;
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
      return data.plan === 'free' ? month : { ...month, lapsed: month.lapsed + 1 };
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
      return { ...month, paid: month.paid + num(data, 'amount') };
    case 'PaymentRefunded':
      return { ...month, refunded: month.refunded + num(data, 'amount') };
    default:
      return month;
  }
}

function evolveDay(doc: DashboardDayDoc | null, event: RecordedEvent, id: string): DashboardDayDoc {
  const day = doc ?? emptyDay(id);
  const data = event.data as Data;
  switch (event.type) {
    case 'UserRegistered':
      return { ...day, usersRegistered: day.usersRegistered + 1 };
    case 'GuidebookCreated':
      return { ...day, guidebooksCreated: day.guidebooksCreated + 1 };
    case 'PaymentRefunded':
      return { ...day, refunded: day.refunded + num(data, 'amount') };
    case 'PaymentSucceeded':
    case 'TransferPaymentRecorded':
      return { ...day, paid: day.paid + num(data, 'amount') };
    default:
      return day;
  }
}

/**
 * `dashboard`: the back office's figures (spec 3 §2.5), built only from events. See dashboard-docs.ts for the
 * documents and dashboard-summary.ts for how the figures are read from them.
 */
export const dashboardProjector: Projector<DashboardDoc> = {
  name: DASHBOARD,
  collection: DASHBOARD,
  indexes: [
    { fields: { kind: 1, deleted: 1, paid: 1 } },
    { fields: { kind: 1, deleted: 1, hidden: 1 } },
    { fields: { kind: 1, deleted: 1, activated: 1 } },
    { fields: { kind: 1, corrected: 1 } },
    { fields: { kind: 1, gallery: 1 } },
  ],
  filter: { streamCategories: ['user', 'guidebook', 'payment'], eventTypes: DASHBOARD_EVENT_TYPES },
  documentIds(event) {
    const data = event.data as Data;
    const month = () => monthDocId(reportingMonth(eventTimeOf(event)));
    const day = () => dayDocId(reportingDay(eventTimeOf(event)));
    switch (event.type) {
      case 'UserRegistered':
        return [userDocId(str(data, 'userId')), month(), day()];
      case 'UserActivated':
      case 'UserDeleted':
      case 'UserSubscribed':
      case 'SubscriptionLapsed':
        return [userDocId(str(data, 'userId')), month()];
      case 'GuidebookCreated':
        return [month(), day()];
      case 'GuidebookPublished':
        return [month()];
      case 'GuidebookDeleted':
      case 'GuidebookUnpublished':
        return [guidebookDocId(str(data, 'guidebookId')), month()];
      case 'GuidebookPublicGallerySet':
        return [guidebookDocId(str(data, 'guidebookId'))];
      case 'PaymentSucceeded':
      case 'TransferPaymentRecorded':
      case 'PaymentRefunded':
        return [paymentDocId(str(data, 'merchantUid')), month(), day()];
      case 'PaymentDeleted':
        return [paymentDocId(str(data, 'merchantUid'))];
      default:
        return typeof data.userId === 'string' ? [userDocId(data.userId)] : [];
    }
  },
  summary: {
    id: DASHBOARD_SUMMARY_ID,
    evolve(summary, { before, after }) {
      // The change's own delta first (small), then a copy of only the parts it moves.
      const delta = emptyTotals();
      addContribution(delta, before, -1);
      addContribution(delta, after, 1);
      return withDelta((summary as DashboardSummaryDoc | null) ?? { id: DASHBOARD_SUMMARY_ID, kind: 'summary', ...emptyTotals() }, delta);
    },
  },
  evolve(doc, event, id) {
    if (id.startsWith('user-')) return evolveUser(doc as DashboardUserDoc | null, event, id);
    if (id.startsWith('guidebook-')) return evolveGuidebook(doc as DashboardGuidebookDoc | null, event, id);
    if (id.startsWith('payment-')) return evolvePayment(doc as DashboardPaymentDoc | null, event, id);
    if (id.startsWith('month-')) return evolveMonth(doc as DashboardMonthDoc | null, event, id);
    if (id.startsWith('day-')) return evolveDay(doc as DashboardDayDoc | null, event, id);
    return doc;
  },
};
