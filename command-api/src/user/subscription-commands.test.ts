import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES as P, SUBSCRIPTION_MESSAGES as S, type UserEvent } from '@pocketguide/contracts';
import { ConflictError, ForbiddenError, NotFoundError } from '@pocketguide/platform/http/errors';
import { activated, deleted, hidden, iso, now, registered as signedUp, spec } from '../testing/user-given.ts';
import { OptionUnavailableError, addMonths } from './subscription-commands.ts';
import type { UserCommand } from './user-commands.ts';
import { userDecider } from './user-decider.ts';

/**
 * Given/when/then for the billing commands: an administrator's subscription actions, and the payments issue's
 * purchase, card change, renewal, failure, lapse, schedule and notices.
 */

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'minji@example.com',
    profile: { name: 'Kim Minji', companyName: 'Jeju Trails' },
    language: 'kr',
    role: 'user',
    registeredAt: '2026-02-01T09:00:00.000Z',
    trialExpiresAt: '2026-02-15T09:00:00.000Z',
    via: 'signup',
    activation: null,
  },
};
const card: UserEvent = { type: 'PaymentMethodChanged', data: { userId: 'u1', customerUid: 'pg_card_u1_1', cardName: 'BC card', changedAt: '2026-02-01T09:00:00.000Z' } };
const subscribed = (plan: 'standard' | 'onemonth' | 'mini' = 'standard', expiresAt = '2026-03-01T09:00:00.000Z'): UserEvent => ({
  type: 'UserSubscribed',
  data: { userId: 'u1', plan, billingCycle: 'month', expiresAt, subscribedAt: '2026-02-01T09:00:00.000Z' },
});
const unsubscribed: UserEvent = { type: 'UserUnsubscribed', data: { userId: 'u1', expiresAt: '2026-03-01T09:00:00.000Z', unsubscribedAt: '2026-02-10T09:00:00.000Z' } };
const lapsed: UserEvent = { type: 'SubscriptionLapsed', data: { userId: 'u1', plan: 'standard', reason: 'unsubscribed', lapsedAt: '2026-03-01T10:00:00.000Z' } };

const purchase = (overrides: Partial<Extract<UserCommand, { type: 'PurchaseSubscription' }>['data']> = {}): UserCommand => ({
  type: 'PurchaseSubscription',
  data: { plan: 'standard', billingCycle: 'month', merchantUid: 'pg_purchase_1', customerUid: 'pg_card_u1_2', cardName: 'Shinhan card', now, ...overrides },
});

describe('PurchaseSubscription', () => {
  it('given a free account, when it buys standard, then its card is kept and it is subscribed for a month', () => {
    spec
      .given([registered])
      .when(purchase())
      .then([
        { type: 'PaymentMethodChanged', data: { userId: 'u1', customerUid: 'pg_card_u1_2', cardName: 'Shinhan card', changedAt: iso(now) } },
        { type: 'UserSubscribed', data: { userId: 'u1', plan: 'standard', billingCycle: 'month', expiresAt: '2026-04-01T09:00:00.000Z', subscribedAt: iso(now), merchantUid: 'pg_purchase_1' } },
      ]);
  });

  it('the same card again is not recorded twice; the state shows the card as the payment method', () => {
    const sameCard = purchase({ customerUid: 'pg_card_u1_1', cardName: 'BC card' });
    spec.given([registered, card]).when(sameCard).then([
      { type: 'UserSubscribed', data: { userId: 'u1', plan: 'standard', billingCycle: 'month', expiresAt: '2026-04-01T09:00:00.000Z', subscribedAt: iso(now), merchantUid: 'pg_purchase_1' } },
    ]);
    const state = [registered, ...userDecider.decide(purchase(), [registered].reduce(userDecider.evolve, userDecider.initialState()))].reduce(
      userDecider.evolve,
      userDecider.initialState(),
    );
    expect(state.status === 'registered' && [state.account.paymentMethod, state.account.customerUid, state.account.subscriptionType]).toEqual([
      'Shinhan card',
      'pg_card_u1_2',
      'standard',
    ]);
  });

  it('an unsubscribed plan still running may be bought again: a new period starts now', () => {
    spec.given([registered, card, subscribed(), unsubscribed]).when(purchase({ customerUid: 'pg_card_u1_1', cardName: 'BC card', plan: 'pro' })).then([
      { type: 'UserSubscribed', data: { userId: 'u1', plan: 'pro', billingCycle: 'month', expiresAt: '2026-04-01T09:00:00.000Z', subscribedAt: iso(now), merchantUid: 'pg_purchase_1' } },
    ]);
  });

  it('the purchase that granted the plan, sent again (the browser after the webhook, or a retry), grants nothing; another purchase is refused', () => {
    const granted = userDecider.decide(purchase(), [registered].reduce(userDecider.evolve, userDecider.initialState()));
    spec.given([registered, ...granted]).when(purchase({ now: new Date(now.getTime() + 60_000) })).then([]);
    spec.given([registered, ...granted]).when(purchase({ merchantUid: 'pg_purchase_2' })).thenThrows(ConflictError, P.alreadySubscribed);
    // one given by an administrator (no merchantUid) does not make a purchase look granted
    spec.given([registered, subscribed()]).when(purchase()).thenThrows(ConflictError, P.alreadySubscribed);
  });

  it('yearly billing is refused with the spec text', () => {
    spec.given([registered]).when(purchase({ billingCycle: 'year' })).thenThrows(OptionUnavailableError, P.yearly);
  });

  it('enterprise is not sold', () => {
    spec.given([registered]).when(purchase({ plan: 'enterprise' })).thenThrows(OptionUnavailableError, P.notSellable);
  });

  it('a subscribed person may not buy the one-month plan (spec text), nor the same or a smaller plan again', () => {
    spec.given([registered, subscribed()]).when(purchase({ plan: 'onemonth' })).thenThrows(ConflictError, S.oneMonthForSubscribed);
    spec.given([registered, subscribed()]).when(purchase({ plan: 'standard', merchantUid: 'pg_purchase_2' })).thenThrows(ConflictError, P.alreadySubscribed);
    spec.given([registered, subscribed()]).when(purchase({ plan: 'mini' })).thenThrows(ConflictError, P.alreadySubscribed);
    // a one-month pass publishes as many as standard: buying standard is no upgrade
    spec.given([registered, subscribed('onemonth')]).when(purchase({ plan: 'standard' })).thenThrows(ConflictError, P.alreadySubscribed);
  });

  it('an upgrade (issue 23, the plan a refused publish offers) takes effect now; its month runs on from the end of the period already paid', () => {
    // mini until 2026-03-20, upgraded on 2026-03-01: pro until 2026-04-20, no paid day lost
    spec.given([registered, card, subscribed('mini', '2026-03-20T09:00:00.000Z')]).when(purchase({ customerUid: 'pg_card_u1_1', cardName: 'BC card', plan: 'pro' })).then([
      { type: 'UserSubscribed', data: { userId: 'u1', plan: 'pro', billingCycle: 'month', expiresAt: '2026-04-20T09:00:00.000Z', subscribedAt: iso(now), merchantUid: 'pg_purchase_1' } },
    ]);
    // a period already past its end (a renewal being retried): the month starts now
    spec.given([registered, card, subscribed('standard', '2026-02-25T09:00:00.000Z')]).when(purchase({ customerUid: 'pg_card_u1_1', cardName: 'BC card', plan: 'pro' })).then([
      { type: 'UserSubscribed', data: { userId: 'u1', plan: 'pro', billingCycle: 'month', expiresAt: '2026-04-01T09:00:00.000Z', subscribedAt: iso(now), merchantUid: 'pg_purchase_1' } },
    ]);
    // a one-month pass becomes a subscription to a larger plan
    spec.given([registered, card, subscribed('onemonth', '2026-03-10T09:00:00.000Z')]).when(purchase({ customerUid: 'pg_card_u1_1', cardName: 'BC card', plan: 'pro' })).then([
      { type: 'UserSubscribed', data: { userId: 'u1', plan: 'pro', billingCycle: 'month', expiresAt: '2026-04-10T09:00:00.000Z', subscribedAt: iso(now), merchantUid: 'pg_purchase_1' } },
    ]);
  });

  it('a hidden account buys nothing; an unknown one is 404', () => {
    spec.given([registered, hidden]).when(purchase()).thenThrows(ForbiddenError);
    spec.given([]).when(purchase()).thenThrows(NotFoundError);
  });
});

describe('ChangePaymentMethod', () => {
  it('records the new card; the same card again changes nothing', () => {
    const change: UserCommand = { type: 'ChangePaymentMethod', data: { customerUid: 'pg_card_u1_9', cardName: 'Hana card', now } };
    spec.given([registered, card]).when(change).then([
      { type: 'PaymentMethodChanged', data: { userId: 'u1', customerUid: 'pg_card_u1_9', cardName: 'Hana card', changedAt: iso(now) } },
    ]);
    spec.given([registered, card]).when({ type: 'ChangePaymentMethod', data: { customerUid: 'pg_card_u1_1', cardName: 'BC card', now } }).thenNothingHappens();
  });
});

describe('RenewSubscription', () => {
  const renew: UserCommand = { type: 'RenewSubscription', data: { merchantUid: 'pg_renew_u1_20260301_1', now } };
  const renewed: UserEvent = {
    type: 'SubscriptionRenewed',
    data: { userId: 'u1', plan: 'standard', merchantUid: 'pg_renew_u1_20260301_1', expiresAt: '2026-04-01T09:00:00.000Z', renewedAt: iso(now) },
  };

  it('extends the plan by a month from its end', () => {
    spec.given([registered, card, subscribed()]).when(renew).then([renewed]);
  });

  it('the same renewal again changes nothing (idempotent by merchantUid)', () => {
    spec.given([registered, card, subscribed(), renewed]).when(renew).thenNothingHappens();
  });

  it('clears a pending failed attempt', () => {
    const failed: UserEvent = {
      type: 'RenewalChargeFailed',
      data: { userId: 'u1', merchantUid: 'pg_renew_u1_20260301_1', attempt: 1, failReason: 'declined', nextAttemptAt: '2026-03-02T09:00:00.000Z', failedAt: iso(now) },
    };
    const retry: UserCommand = { type: 'RenewSubscription', data: { merchantUid: 'pg_renew_u1_20260301_2', now } };
    spec.given([registered, card, subscribed(), failed]).when(retry).thenState({
      status: 'registered',
      account: expect.objectContaining({ renewal: null, expiresAt: '2026-04-01T09:00:00.000Z' }) as never,
    });
  });

  it('a free account or the one-month plan is not renewed', () => {
    spec.given([registered]).when(renew).thenThrows(ConflictError, S.notSubscribed);
    spec.given([registered, subscribed('onemonth')]).when(renew).thenThrows(ConflictError, S.notSubscribed);
  });
});

describe('RecordRenewalFailure', () => {
  const fail = (attempt: number, nextAttemptAt: Date | null): UserCommand => ({
    type: 'RecordRenewalFailure',
    data: { merchantUid: `pg_renew_u1_20260301_${attempt}`, attempt, failReason: 'declined', nextAttemptAt, now },
  });

  it('records the failed attempt and when the next one is', () => {
    spec.given([registered, card, subscribed()]).when(fail(1, new Date('2026-03-02T09:00:00.000Z'))).then([
      {
        type: 'RenewalChargeFailed',
        data: { userId: 'u1', merchantUid: 'pg_renew_u1_20260301_1', attempt: 1, failReason: 'declined', nextAttemptAt: '2026-03-02T09:00:00.000Z', failedAt: iso(now) },
      },
    ]);
  });

  it('the same attempt again changes nothing; a deleted or free account records nothing', () => {
    const given: UserEvent = {
      type: 'RenewalChargeFailed',
      data: { userId: 'u1', merchantUid: 'pg_renew_u1_20260301_1', attempt: 1, failReason: 'declined', nextAttemptAt: null, failedAt: iso(now) },
    };
    spec.given([registered, card, subscribed(), given]).when(fail(1, null)).thenNothingHappens();
    spec.given([registered, deleted]).when(fail(1, null)).thenNothingHappens();
    spec.given([registered]).when(fail(1, null)).thenNothingHappens();
  });
});

describe('LapseSubscription', () => {
  const lapse = (reason: 'unsubscribed' | 'charge-failed' | 'admin' | 'trial-ended' | 'onemonth-ended', at = new Date('2026-03-01T10:00:00.000Z')): UserCommand => ({
    type: 'LapseSubscription',
    data: { reason, now: at },
  });

  it('after the end of an unsubscribed plan, the account goes back to free (expiresAt stays)', () => {
    spec.given([registered, subscribed(), unsubscribed]).when(lapse('unsubscribed')).then([lapsed]);
    spec.given([registered, subscribed(), unsubscribed, lapsed]).when(lapse('unsubscribed')).thenState(
      [registered, subscribed(), unsubscribed, lapsed].reduce(userDecider.evolve, userDecider.initialState()),
    );
    const state = [registered, subscribed(), unsubscribed, lapsed].reduce(userDecider.evolve, userDecider.initialState());
    expect(state.status === 'registered' && [state.account.subscription, state.account.subscriptionType, state.account.expiresAt]).toEqual([
      false,
      'free',
      '2026-03-01T09:00:00.000Z',
    ]);
  });

  it('a lapse while the period still runs is refused (except by an administrator)', () => {
    const early = new Date('2026-02-20T09:00:00.000Z');
    spec.given([registered, subscribed()]).when(lapse('charge-failed', early)).thenThrows(ConflictError);
    spec.given([registered, subscribed()]).when(lapse('admin', early)).then([
      { type: 'SubscriptionLapsed', data: { userId: 'u1', plan: 'standard', reason: 'admin', lapsedAt: iso(early) } },
    ]);
  });

  it('a free account lapses only once, at the end of its trial; twice changes nothing', () => {
    spec.given([registered]).when(lapse('trial-ended')).then([
      { type: 'SubscriptionLapsed', data: { userId: 'u1', plan: 'free', reason: 'trial-ended', lapsedAt: '2026-03-01T10:00:00.000Z' } },
    ]);
    const ended: UserEvent = { type: 'SubscriptionLapsed', data: { userId: 'u1', plan: 'free', reason: 'trial-ended', lapsedAt: '2026-03-01T10:00:00.000Z' } };
    spec.given([registered, ended]).when(lapse('trial-ended')).thenNothingHappens();
    spec.given([registered, subscribed(), unsubscribed, lapsed]).when(lapse('charge-failed')).thenNothingHappens();
    spec.given([registered, deleted]).when(lapse('unsubscribed')).thenNothingHappens();
  });

  it('the one-month plan ends at its end', () => {
    spec.given([registered, subscribed('onemonth')]).when(lapse('onemonth-ended')).then([
      { type: 'SubscriptionLapsed', data: { userId: 'u1', plan: 'onemonth', reason: 'onemonth-ended', lapsedAt: '2026-03-01T10:00:00.000Z' } },
    ]);
  });
});

describe('SchedulePayment', () => {
  const schedule: UserCommand = { type: 'SchedulePayment', data: { scheduleAt: new Date('2026-03-05T00:00:00.000Z'), now } };

  it('records when the card is to be charged', () => {
    spec.given([registered, card, subscribed()]).when(schedule).then([
      { type: 'PaymentScheduled', data: { userId: 'u1', scheduleAt: '2026-03-05T00:00:00.000Z', scheduledAt: iso(now) } },
    ]);
  });

  it('is refused without a card on file', () => {
    spec.given([registered, subscribed()]).when(schedule).thenThrows(ConflictError, P.noPaymentMethod);
  });
});

describe('RecordBillingNotice', () => {
  const notice: UserCommand = { type: 'RecordBillingNotice', data: { kind: 'renewal-upcoming', key: 'upcoming:2026-03-01', now } };

  it('records a sent notice once per key', () => {
    const sent: UserEvent = { type: 'BillingNoticeSent', data: { userId: 'u1', kind: 'renewal-upcoming', key: 'upcoming:2026-03-01', sentAt: iso(now) } };
    spec.given([registered]).when(notice).then([sent]);
    spec.given([registered, sent]).when(notice).thenNothingHappens();
    spec.given([registered, deleted]).when(notice).thenNothingHappens();
  });

  it('carries the in-app words when given (the inbox shows them)', () => {
    const words = { title: 'Your payment did not go through', message: 'We will try again on 2026.03.02.' };
    const withWords: UserCommand = { type: 'RecordBillingNotice', data: { kind: 'charge-failed', key: 'charge-failed-1', ...words, now } };
    spec
      .given([registered])
      .when(withWords)
      .then([{ type: 'BillingNoticeSent', data: { userId: 'u1', kind: 'charge-failed', key: 'charge-failed-1', sentAt: iso(now), ...words } }]);
  });
});

describe('subscriptions (administrator actions)', () => {
  const subscribed = (plan: 'standard' | 'onemonth' = 'standard', expiresAt = '2026-04-01T09:00:00.000Z'): UserEvent => ({
    type: 'UserSubscribed',
    data: { userId: 'u1', plan, billingCycle: 'month', expiresAt, subscribedAt: iso(now) },
  });
  const subscribe = (plan: 'standard' | 'pro' | 'onemonth' = 'standard', billingCycle: 'month' | 'year' = 'month'): UserCommand => ({
    type: 'SubscribeUser',
    data: { plan, billingCycle, now },
  });

  it('subscribes a free user for one calendar month; a yearly cycle runs twelve', () => {
    spec.given([signedUp, activated]).when(subscribe()).then([subscribed()]);
    spec
      .given([signedUp])
      .when(subscribe('pro', 'year'))
      .then([{ type: 'UserSubscribed', data: { userId: 'u1', plan: 'pro', billingCycle: 'year', expiresAt: '2027-03-01T09:00:00.000Z', subscribedAt: iso(now) } }]);
  });

  const accountAfter = (events: UserEvent[]) => {
    const state = events.reduce(userDecider.evolve, userDecider.initialState());
    return state.status === 'registered' ? state.account : null;
  };

  it('the state shows the subscription, its type and its end', () => {
    expect(accountAfter([signedUp, subscribed('onemonth')])).toMatchObject({ subscription: true, subscriptionType: 'onemonth', expiresAt: '2026-04-01T09:00:00.000Z' });
  });

  it('one month on a subscribed user is refused with the spec text; the same plan again changes nothing; another plan is refused', () => {
    spec.given([signedUp, subscribed()]).when(subscribe('onemonth')).thenThrows(ConflictError, S.oneMonthForSubscribed);
    spec.given([signedUp, subscribed()]).when(subscribe()).thenNothingHappens();
    spec.given([signedUp, subscribed()]).when(subscribe('pro')).thenThrows(ConflictError, S.alreadySubscribed);
  });

  it('unknown users are refused', () => {
    spec.given([]).when(subscribe()).thenThrows(NotFoundError);
    spec.given([signedUp, deleted]).when(subscribe()).thenThrows(NotFoundError);
  });

  it('unsubscribing keeps the plan running to its end; not subscribed: nothing', () => {
    const unsubscribed: UserEvent = { type: 'UserUnsubscribed', data: { userId: 'u1', expiresAt: '2026-04-01T09:00:00.000Z', unsubscribedAt: iso(now) } };
    spec.given([signedUp, subscribed()]).when({ type: 'UnsubscribeUser', data: { by: 'admin', now } }).then([unsubscribed]);
    expect(accountAfter([signedUp, subscribed(), unsubscribed])).toMatchObject({ subscription: false, subscriptionType: 'standard', expiresAt: '2026-04-01T09:00:00.000Z' });
    spec.given([signedUp]).when({ type: 'UnsubscribeUser', data: { by: 'admin', now } }).thenNothingHappens();
  });

  it('a one-month plan cannot be unsubscribed by its owner (spec text); an administrator may end it', () => {
    spec.given([signedUp, subscribed('onemonth')]).when({ type: 'UnsubscribeUser', data: { by: 'self', now } }).thenThrows(ConflictError, S.oneMonthUnsubscribe);
    spec
      .given([signedUp, subscribed('onemonth')])
      .when({ type: 'UnsubscribeUser', data: { by: 'admin', now } })
      .then([{ type: 'UserUnsubscribed', data: { userId: 'u1', expiresAt: '2026-04-01T09:00:00.000Z', unsubscribedAt: iso(now) } }]);
  });

  it('changes the plan of a subscriber; the same plan: nothing; without a subscription: refused', () => {
    spec
      .given([signedUp, subscribed()])
      .when({ type: 'ChangeUserPlan', data: { plan: 'business', now } })
      .then([{ type: 'UserPlanChanged', data: { userId: 'u1', plan: 'business', changedAt: iso(now) } }]);
    spec.given([signedUp, subscribed()]).when({ type: 'ChangeUserPlan', data: { plan: 'standard', now } }).thenNothingHappens();
    spec.given([signedUp]).when({ type: 'ChangeUserPlan', data: { plan: 'pro', now } }).thenThrows(ConflictError, S.notSubscribed);
  });
});

describe('addMonths', () => {
  it('keeps the day, or takes the shorter month’s last day', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T10:00:00.000Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2026-12-15T00:00:00.000Z'), 1).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});
