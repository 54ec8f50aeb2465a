import {
  paymentStream,
  userStream,
  paymentEventDecoder,
  userEventDecoder,
  type BillingCycle,
  type Language,
  type LapseReason,
  type PaidPlan,
  type PaymentKind,
  type SubscriptionType,
  type UserEvent,
} from '@pocketguide/contracts';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import { scheduledMerchantUid } from './billing-policy.ts';

/**
 * The little the billing worker needs to know about one account, folded from its stream (workers do not import
 * deciders). Read fresh before every decision, so a redelivered event or a second tick decides from the truth.
 */
export type BillingAccount = {
  userId: string;
  email: string;
  name: string;
  language: Language;
  role: string;
  deleted: boolean;
  plan: SubscriptionType;
  /** false after an unsubscription or a lapse */
  subscribed: boolean;
  billingCycle: BillingCycle;
  expiresAt: Date;
  /** the last plan that was paid for (a scheduled payment for a lapsed account charges it) */
  lastPaidPlan: PaidPlan | null;
  customerUid: string | null;
  /** the renewal being retried after a declined charge */
  renewal: { attempt: number; merchantUid: string; failReason: string; nextAttemptAt: Date | null } | null;
  /** true from a lapse until the next subscription or renewal: the free plan is already recorded */
  lapsed: boolean;
  /** the last lapse (until the next subscription or renewal), for its notice */
  lastLapse: { reason: LapseReason; plan: SubscriptionType; expiresAt: Date } | null;
  /** keys of the notices already sent */
  notices: Set<string>;
  /** administrator-scheduled charges, with whether their result is recorded */
  scheduled: Array<{ scheduleAt: Date; merchantUid: string; done: boolean }>;
};

export type StreamReader = Pick<EventStore, 'readStream'>;

export function foldBillingAccount(userId: string, events: readonly UserEvent[]): BillingAccount | null {
  let account: BillingAccount | null = null;
  for (const event of events) {
    if (event.type === 'UserRegistered') {
      const { data } = event;
      account = {
        userId,
        email: data.email,
        name: data.profile.name,
        language: data.language,
        role: data.role,
        deleted: false,
        plan: 'free',
        subscribed: false,
        billingCycle: 'month',
        expiresAt: new Date(data.trialExpiresAt),
        lastPaidPlan: null,
        customerUid: null,
        renewal: null,
        lapsed: false,
        lastLapse: null,
        notices: new Set(),
        scheduled: [],
      };
      continue;
    }
    const a: BillingAccount | null = account;
    if (!a) continue;
    switch (event.type) {
      case 'UserProfileUpdated':
        a.name = event.data.profile.name;
        a.language = event.data.language;
        break;
      case 'UserRoleChanged':
        a.role = event.data.role;
        break;
      case 'UserDeleted':
        a.deleted = true;
        break;
      case 'UserSubscribed':
        Object.assign(a, { plan: event.data.plan, lastPaidPlan: event.data.plan, subscribed: true, billingCycle: event.data.billingCycle, expiresAt: new Date(event.data.expiresAt), renewal: null, lapsed: false, lastLapse: null });
        break;
      case 'UserUnsubscribed':
        a.subscribed = false;
        a.expiresAt = new Date(event.data.expiresAt);
        break;
      case 'UserPlanChanged':
        a.plan = event.data.plan;
        a.lastPaidPlan = event.data.plan;
        break;
      case 'PaymentMethodChanged':
        a.customerUid = event.data.customerUid;
        break;
      case 'SubscriptionRenewed':
        Object.assign(a, { plan: event.data.plan, lastPaidPlan: event.data.plan, subscribed: true, expiresAt: new Date(event.data.expiresAt), renewal: null, lapsed: false, lastLapse: null });
        break;
      case 'RenewalChargeFailed':
        a.renewal = {
          attempt: event.data.attempt,
          merchantUid: event.data.merchantUid,
          failReason: event.data.failReason,
          nextAttemptAt: event.data.nextAttemptAt ? new Date(event.data.nextAttemptAt) : null,
        };
        break;
      case 'SubscriptionLapsed':
        a.lastLapse = { reason: event.data.reason, plan: event.data.plan, expiresAt: a.expiresAt };
        Object.assign(a, { plan: 'free', subscribed: false, renewal: null, lapsed: true });
        break;
      case 'PaymentScheduled':
        a.scheduled.push({ scheduleAt: new Date(event.data.scheduleAt), merchantUid: scheduledMerchantUid(userId, event.data.scheduleAt), done: false });
        break;
      case 'BillingNoticeSent':
        a.notices.add(event.data.key);
        break;
      default:
        break;
    }
  }
  return account;
}

export async function readUserEvents(events: StreamReader, userId: string): Promise<UserEvent[]> {
  const out: UserEvent[] = [];
  for await (const recorded of events.readStream(userStream(userId))) {
    // an event of a type this build does not know (a newer writer's) says nothing the worker needs
    if (userEventDecoder.knows(recorded.type)) out.push(userEventDecoder.decode(recorded.type, recorded.data));
  }
  return out;
}

/** The account, with each scheduled payment marked done when its result is recorded. */
export async function loadBillingAccount(events: StreamReader, userId: string): Promise<BillingAccount | null> {
  const account = foldBillingAccount(userId, await readUserEvents(events, userId));
  if (!account) return null;
  for (const item of account.scheduled) {
    const record = await readPayment(events, item.merchantUid, { userId, kind: 'renewal' });
    // a foreign payment under this id can never be this schedule's charge: nothing is left to do for it
    item.done = record.result !== null || record.foreign;
  }
  return account;
}

export type PaymentRecord = {
  requested: boolean;
  result: { status: 'paid' } | { status: 'failed'; failReason: string } | null;
  /**
   * The stream holds someone else's payment, or another kind (a purchase, a transfer): never this charge. The
   * worker neither trusts its result nor charges under its id.
   */
  foreign: boolean;
};

/**
 * What `payment-<merchantUid>` says: was the charge asked for, and is its result recorded? Only a payment of
 * `expected.userId` and `expected.kind` counts; anything else is `foreign`.
 */
export async function readPayment(events: StreamReader, merchantUid: string, expected: { userId: string; kind: PaymentKind }): Promise<PaymentRecord> {
  const record: PaymentRecord = { requested: false, result: null, foreign: false };
  for await (const recorded of events.readStream(paymentStream(merchantUid))) {
    if (!paymentEventDecoder.knows(recorded.type)) continue;
    const event = paymentEventDecoder.decode(recorded.type, recorded.data);
    if (event.type === 'PaymentRequested') {
      if (event.data.userId !== expected.userId || event.data.kind !== expected.kind) return { requested: false, result: null, foreign: true };
      record.requested = true;
    } else if (event.type === 'TransferPaymentRecorded') return { requested: false, result: null, foreign: true };
    else if (event.type === 'PaymentSucceeded') record.result = { status: 'paid' };
    else if (event.type === 'PaymentFailed') record.result = { status: 'failed', failReason: event.data.failReason };
  }
  return record;
}
