import { priceOf, type PaidPlan } from '@pocketguide/contracts/payment/plans';
import { newGuidebookDocument, type SubscriptionType } from '@pocketguide/contracts';

/**
 * A made-up but plausible history of the product for the dashboard's tests and bench: people register, confirm,
 * subscribe, change plans, renew, unsubscribe, lapse and leave; guidebooks are created, published, put in the
 * gallery and deleted; payments are made, refunded, recorded by transfer and deleted. Deterministic for a seed.
 *
 * Next to the events it keeps its own plain record of what happened (`HistoryFacts`, when asked), from which the
 * tests compute the expected figures without the projector's code.
 */

export type HistoryEvent = { streamId: string; type: string; data: Record<string, unknown>; recordedAt: string };

type Snapshot<S> = { at: string; state: S };
export type UserFacts = {
  registeredAt: string;
  /** state after each change, in time order */
  timeline: Array<
    Snapshot<{ plan: SubscriptionType; renewing: boolean; activated: boolean; hidden: boolean; deleted: boolean }>
  >;
};
export type GuidebookFacts = {
  createdAt: string;
  timeline: Array<Snapshot<{ exists: boolean; published: boolean; gallery: boolean }>>;
};
export type PaymentFacts = {
  amount: number;
  paidAt: string;
  refunds: Array<{ amount: number; at: string }>;
  deletedAt: string | null;
};
export type HistoryFacts = {
  users: Map<string, UserFacts>;
  guidebooks: Map<string, GuidebookFacts>;
  payments: Map<string, PaymentFacts>;
};

export type HistoryRates = {
  registrations: number;
  activations: number;
  hides: number;
  subscriptions: number;
  planChanges: number;
  unsubscriptions: number;
  renewals: number;
  lapses: number;
  deletions: number;
  guidebooks: number;
  publishes: number;
  galleries: number;
  unpublishes: number;
  guidebookDeletions: number;
  refunds: number;
  transfers: number;
  paymentDeletions: number;
  trialEnds: number;
};

/** Per day; fractions are chances. */
export const SMALL_HISTORY_RATES: HistoryRates = {
  registrations: 0.45,
  activations: 0.35,
  hides: 0.02,
  subscriptions: 0.15,
  planChanges: 0.05,
  unsubscriptions: 0.06,
  renewals: 0.25,
  lapses: 0.08,
  deletions: 0.03,
  guidebooks: 0.5,
  publishes: 0.3,
  galleries: 0.12,
  unpublishes: 0.06,
  guidebookDeletions: 0.06,
  refunds: 0.05,
  transfers: 0.02,
  paymentDeletions: 0.015,
  trialEnds: 0.1,
};

export const scaleRates = (rates: HistoryRates, factor: number): HistoryRates =>
  Object.fromEntries(Object.entries(rates).map(([key, value]) => [key, value * factor])) as HistoryRates;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type User = {
  id: string;
  plan: SubscriptionType;
  renewing: boolean;
  activated: boolean;
  hidden: boolean;
  deleted: boolean;
  trialEnded: boolean;
};
type Guidebook = { id: string; ownerId: string; published: boolean; gallery: boolean; deleted: boolean };
type Payment = { uid: string; userId: string; amount: number; refunded: number; deleted: boolean };

const SELF_PLANS: PaidPlan[] = ['mini', 'standard', 'standard', 'pro', 'business', 'onemonth'];
const CHANGE_PLANS: PaidPlan[] = ['standard', 'pro', 'business'];
const DAY_MS = 86_400_000;

export type HistoryOptions = { seed: number; from: Date; days: number; rates: HistoryRates; facts?: boolean };

/**
 * Generates the history day by day, each day's events in time order. `onDay` gets every day's events (so a bench
 * can write a million of them without holding them all) and may return false to stop; the facts are returned when
 * `facts` is set.
 */
export function generateHistory(
  options: HistoryOptions,
  onDay: (events: HistoryEvent[]) => void | boolean,
): HistoryFacts | null {
  const facts: HistoryFacts | null = options.facts
    ? { users: new Map(), guidebooks: new Map(), payments: new Map() }
    : null;
  for (const events of historyDays(options, facts)) {
    // `false` from onDay: enough
    if (onDay(events) === false) break;
  }
  return facts;
}

/** The same history as a generator of days (each day's events in time order), for callers that await between days. */
export function* historyDays(
  options: Omit<HistoryOptions, 'facts'>,
  facts: HistoryFacts | null = null,
): Generator<HistoryEvent[]> {
  const random = mulberry32(options.seed);
  const pick = <T>(items: readonly T[]): T | undefined =>
    items.length === 0 ? undefined : items[Math.floor(random() * items.length)];
  const times = (rate: number): number => Math.floor(rate) + (random() < rate - Math.floor(rate) ? 1 : 0);

  const users: User[] = [];
  const guidebooks: Guidebook[] = [];
  const payments: Payment[] = [];
  let serial = 0;

  const noteUser = (user: User, at: string) => {
    if (!facts) return;
    const { plan, renewing, activated, hidden, deleted } = user;
    facts.users.get(user.id)!.timeline.push({ at, state: { plan, renewing, activated, hidden, deleted } });
  };
  const noteGuidebook = (guidebook: Guidebook, at: string) => {
    if (!facts) return;
    facts.guidebooks.get(guidebook.id)!.timeline.push({
      at,
      state: { exists: !guidebook.deleted, published: guidebook.published, gallery: guidebook.gallery },
    });
  };
  /** a random living entity meeting `test`, after a few tries */
  const find = <T>(items: readonly T[], test: (item: T) => boolean): T | undefined => {
    for (let tries = 0; tries < 8; tries += 1) {
      const item = pick(items);
      if (item !== undefined && test(item)) return item;
    }
    return undefined;
  };

  for (let dayIndex = 0; dayIndex < options.days; dayIndex += 1) {
    const dayStart = options.from.getTime() + dayIndex * DAY_MS;
    // the day's actions at random seconds, applied in time order
    const actions: Array<{ at: number; run: (at: string) => HistoryEvent[] }> = [];
    const schedule = (count: number, run: (at: string) => HistoryEvent[]) => {
      for (let k = 0; k < count; k += 1) actions.push({ at: dayStart + Math.floor(random() * (DAY_MS - 1000)), run });
    };
    const r = options.rates;

    const pay = (user: User, plan: PaidPlan, at: string, kind: string): HistoryEvent[] => {
      const uid = `pg_${kind}_${user.id}_${++serial}`;
      const amount = priceOf(plan, new Date(at));
      payments.push({ uid, userId: user.id, amount, refunded: 0, deleted: false });
      facts?.payments.set(uid, { amount, paidAt: at, refunds: [], deletedAt: null });
      return [
        {
          streamId: `payment-${uid}`,
          type: 'PaymentSucceeded',
          data: {
            merchantUid: uid,
            userId: user.id,
            impUid: `imp_${serial}`,
            amount,
            method: 'card',
            paymentData: {
              currency: 'KRW',
              card_name: '신한카드',
              receipt_url: null,
              amount,
              cancel_amount: 0,
              cancelled_at: null,
            },
            paidAt: at,
          },
          recordedAt: at,
        },
      ];
    };

    schedule(times(r.registrations), (at) => {
      const id = `u${++serial}`;
      const user: User = {
        id,
        plan: 'free',
        renewing: false,
        activated: false,
        hidden: false,
        deleted: false,
        trialEnded: false,
      };
      users.push(user);
      facts?.users.set(id, { registeredAt: at, timeline: [] });
      noteUser(user, at);
      const trialExpiresAt = new Date(Date.parse(at) + 14 * DAY_MS).toISOString();
      return [
        {
          streamId: `user-${id}`,
          type: 'UserRegistered',
          data: {
            userId: id,
            email: `${id}@example.com`,
            profile: { name: `User ${id}`, companyName: 'Jeju Trails' },
            language: 'kr',
            role: 'user',
            registeredAt: at,
            trialExpiresAt,
            via: 'signup',
            activation: null,
          },
          recordedAt: at,
        },
      ];
    });
    schedule(times(r.activations), (at) => {
      const user = find(users, (u) => !u.deleted && !u.activated);
      if (!user) return [];
      user.activated = true;
      noteUser(user, at);
      return [
        {
          streamId: `user-${user.id}`,
          type: 'UserActivated',
          data: { userId: user.id, activatedAt: at, via: 'link' },
          recordedAt: at,
        },
      ];
    });
    schedule(times(r.hides), (at) => {
      const user = find(users, (u) => !u.deleted);
      if (!user) return [];
      user.hidden = !user.hidden;
      noteUser(user, at);
      return user.hidden
        ? [{ streamId: `user-${user.id}`, type: 'UserHidden', data: { userId: user.id, hiddenAt: at }, recordedAt: at }]
        : [
            {
              streamId: `user-${user.id}`,
              type: 'UserUnhidden',
              data: { userId: user.id, unhiddenAt: at },
              recordedAt: at,
            },
          ];
    });
    schedule(times(r.subscriptions), (at) => {
      // a purchase by someone without a running subscription (an unsubscribed plan may still be running)
      const user = find(users, (u) => !u.deleted && !u.renewing);
      if (!user) return [];
      const plan = pick(SELF_PLANS)!;
      const events = pay(user, plan, at, plan === 'onemonth' ? 'onemonth' : 'purchase');
      user.plan = plan;
      user.renewing = true;
      noteUser(user, at);
      const expiresAt = new Date(Date.parse(at) + 30 * DAY_MS).toISOString();
      events.push({
        streamId: `user-${user.id}`,
        type: 'UserSubscribed',
        data: { userId: user.id, plan, billingCycle: 'month', expiresAt, subscribedAt: at },
        recordedAt: at,
      });
      return events;
    });
    schedule(times(r.transfers), (at) => {
      // an administrator gives the enterprise plan and records its transfer
      const user = find(users, (u) => !u.deleted && u.plan === 'free');
      if (!user) return [];
      const uid = `pg_transfer_${user.id}_${++serial}`;
      const amount = 1_000_000 + Math.floor(random() * 10) * 100_000;
      payments.push({ uid, userId: user.id, amount, refunded: 0, deleted: false });
      facts?.payments.set(uid, { amount, paidAt: at, refunds: [], deletedAt: null });
      user.plan = 'enterprise';
      user.renewing = true;
      noteUser(user, at);
      const expiresAt = new Date(Date.parse(at) + 30 * DAY_MS).toISOString();
      return [
        {
          streamId: `user-${user.id}`,
          type: 'UserSubscribed',
          data: { userId: user.id, plan: 'enterprise', billingCycle: 'month', expiresAt, subscribedAt: at },
          recordedAt: at,
        },
        {
          streamId: `payment-${uid}`,
          type: 'TransferPaymentRecorded',
          data: {
            merchantUid: uid,
            userId: user.id,
            plan: 'enterprise',
            billingCycle: 'month',
            amount,
            note: '세금계산서 발행',
            paidAt: at,
          },
          recordedAt: at,
        },
      ];
    });
    schedule(times(r.planChanges), (at) => {
      const user = find(users, (u) => !u.deleted && u.renewing && u.plan !== 'onemonth' && u.plan !== 'enterprise');
      if (!user) return [];
      const plan = pick(CHANGE_PLANS.filter((p) => p !== user.plan))!;
      user.plan = plan;
      noteUser(user, at);
      return [
        {
          streamId: `user-${user.id}`,
          type: 'UserPlanChanged',
          data: { userId: user.id, plan, changedAt: at },
          recordedAt: at,
        },
      ];
    });
    schedule(times(r.unsubscriptions), (at) => {
      const user = find(users, (u) => !u.deleted && u.renewing && u.plan !== 'onemonth');
      if (!user) return [];
      user.renewing = false;
      noteUser(user, at);
      return [
        {
          streamId: `user-${user.id}`,
          type: 'UserUnsubscribed',
          data: { userId: user.id, expiresAt: at, unsubscribedAt: at },
          recordedAt: at,
        },
      ];
    });
    schedule(times(r.renewals), (at) => {
      const user = find(users, (u) => !u.deleted && u.renewing && u.plan !== 'free' && u.plan !== 'onemonth');
      if (!user) return [];
      const plan = user.plan as PaidPlan;
      const events = plan === 'enterprise' ? [] : pay(user, plan, at, 'renew');
      const uid = events.length > 0 ? (events[0]!.data.merchantUid as string) : `pg_renew_${user.id}_${++serial}`;
      events.push({
        streamId: `user-${user.id}`,
        type: 'SubscriptionRenewed',
        data: {
          userId: user.id,
          plan,
          merchantUid: uid,
          expiresAt: new Date(Date.parse(at) + 30 * DAY_MS).toISOString(),
          renewedAt: at,
        },
        recordedAt: at,
      });
      return events;
    });
    schedule(times(r.lapses), (at) => {
      // unsubscribed plans and one-month passes end
      const user = find(users, (u) => !u.deleted && u.plan !== 'free' && (!u.renewing || u.plan === 'onemonth'));
      if (!user) return [];
      const plan = user.plan;
      user.plan = 'free';
      user.renewing = false;
      noteUser(user, at);
      const reason = plan === 'onemonth' ? 'onemonth-ended' : 'unsubscribed';
      return [
        {
          streamId: `user-${user.id}`,
          type: 'SubscriptionLapsed',
          data: { userId: user.id, plan, reason, lapsedAt: at },
          recordedAt: at,
        },
      ];
    });
    schedule(times(r.trialEnds), (at) => {
      const user = find(users, (u) => !u.deleted && u.plan === 'free' && !u.trialEnded);
      if (!user) return [];
      user.trialEnded = true;
      return [
        {
          streamId: `user-${user.id}`,
          type: 'SubscriptionLapsed',
          data: { userId: user.id, plan: 'free', reason: 'trial-ended', lapsedAt: at },
          recordedAt: at,
        },
      ];
    });
    schedule(times(r.deletions), (at) => {
      const user = find(users, (u) => !u.deleted);
      if (!user) return [];
      user.deleted = true;
      user.renewing = false;
      noteUser(user, at);
      return [
        { streamId: `user-${user.id}`, type: 'UserDeleted', data: { userId: user.id, deletedAt: at }, recordedAt: at },
      ];
    });
    schedule(times(r.guidebooks), (at) => {
      const owner = find(users, (u) => !u.deleted);
      if (!owner) return [];
      const id = `g${++serial}`;
      const guidebook: Guidebook = { id, ownerId: owner.id, published: false, gallery: false, deleted: false };
      guidebooks.push(guidebook);
      facts?.guidebooks.set(id, { createdAt: at, timeline: [] });
      noteGuidebook(guidebook, at);
      return [
        {
          streamId: `guidebook-${id}`,
          type: 'GuidebookCreated',
          data: {
            v: 2,
            guidebookId: id,
            uuid: `uuid-${id}`,
            ownerId: owner.id,
            company: 'Jeju Trails',
            document: newGuidebookDocument({ title: `Guide ${id}` }),
            source: 'new',
            createdAt: at,
          },
          recordedAt: at,
        },
      ];
    });
    schedule(times(r.publishes), (at) => {
      const guidebook = find(guidebooks, (g) => !g.deleted && !g.published);
      if (!guidebook) return [];
      guidebook.published = true;
      noteGuidebook(guidebook, at);
      return [
        {
          streamId: `guidebook-${guidebook.id}`,
          type: 'GuidebookPublished',
          data: { guidebookId: guidebook.id, publishedAt: at },
          recordedAt: at,
        },
      ];
    });
    schedule(times(r.galleries), (at) => {
      const guidebook = find(guidebooks, (g) => !g.deleted && g.published);
      if (!guidebook) return [];
      guidebook.gallery = !guidebook.gallery;
      noteGuidebook(guidebook, at);
      return [
        {
          streamId: `guidebook-${guidebook.id}`,
          type: 'GuidebookPublicGallerySet',
          data: { guidebookId: guidebook.id, isPublicGallery: guidebook.gallery, setAt: at },
          recordedAt: at,
        },
      ];
    });
    schedule(times(r.unpublishes), (at) => {
      const guidebook = find(guidebooks, (g) => !g.deleted && g.published);
      if (!guidebook) return [];
      guidebook.published = false;
      guidebook.gallery = false;
      noteGuidebook(guidebook, at);
      return [
        {
          streamId: `guidebook-${guidebook.id}`,
          type: 'GuidebookUnpublished',
          data: { guidebookId: guidebook.id, reason: 'single', unpublishedAt: at },
          recordedAt: at,
        },
      ];
    });
    schedule(times(r.guidebookDeletions), (at) => {
      const guidebook = find(guidebooks, (g) => !g.deleted);
      if (!guidebook) return [];
      const events: HistoryEvent[] = [];
      if (guidebook.published) {
        events.push({
          streamId: `guidebook-${guidebook.id}`,
          type: 'GuidebookUnpublished',
          data: { guidebookId: guidebook.id, reason: 'deleted', unpublishedAt: at },
          recordedAt: at,
        });
      }
      guidebook.deleted = true;
      guidebook.published = false;
      guidebook.gallery = false;
      noteGuidebook(guidebook, at);
      events.push({
        streamId: `guidebook-${guidebook.id}`,
        type: 'GuidebookDeleted',
        data: { guidebookId: guidebook.id, deletedAt: at },
        recordedAt: at,
      });
      return events;
    });
    schedule(times(r.refunds), (at) => {
      const payment = find(payments, (p) => !p.deleted && p.refunded < p.amount && p.amount > 0);
      if (!payment) return [];
      const amount =
        random() < 0.5
          ? payment.amount - payment.refunded
          : Math.max(1, Math.floor((payment.amount - payment.refunded) / 2));
      payment.refunded += amount;
      facts?.payments.get(payment.uid)!.refunds.push({ amount, at });
      return [
        {
          streamId: `payment-${payment.uid}`,
          type: 'PaymentRefunded',
          data: {
            merchantUid: payment.uid,
            userId: payment.userId,
            amount,
            cancelAmount: payment.refunded,
            partial: payment.refunded < payment.amount,
            reason: '고객 요청',
            refundedAt: at,
          },
          recordedAt: at,
        },
      ];
    });
    schedule(times(r.paymentDeletions), (at) => {
      const payment = find(payments, (p) => !p.deleted);
      if (!payment) return [];
      payment.deleted = true;
      const noted = facts?.payments.get(payment.uid);
      if (noted) noted.deletedAt = at;
      return [
        {
          streamId: `payment-${payment.uid}`,
          type: 'PaymentDeleted',
          data: { merchantUid: payment.uid, userId: payment.userId, deletedAt: at },
          recordedAt: at,
        },
      ];
    });

    actions.sort((a, b) => a.at - b.at);
    const events: HistoryEvent[] = [];
    for (const action of actions) events.push(...action.run(new Date(action.at).toISOString()));
    yield events;
  }
}
