import { describe, expect, it } from 'vitest';
import { EventDecodeError } from '@pocketguide/contracts/event-decoding';
import { expectIdempotent, projectEvents, recordedEvents } from '../testing/project.ts';
import { usersProjector } from './users-projector.ts';

const hash = (n: number) => n.toString(16).padStart(64, '0');
const stream = 'user-u1';
const registered = {
  streamId: stream,
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'minji@example.com',
    profile: { name: 'Kim Minji', companyName: 'Jeju Trails', companyPhone: '0641234567' },
    language: 'kr',
    role: 'user',
    registeredAt: '2026-03-01T09:00:00.000Z',
    trialExpiresAt: '2026-03-15T09:00:00.000Z',
    via: 'signup',
    activation: { activationId: 'a1', tokenHash: hash(1) },
  },
};
const reserved = { streamId: 'user-email-minji@example.com', type: 'UserEmailReserved', data: { email: 'minji@example.com', userId: 'u1', reservedAt: '2026-03-01T09:00:00.000Z' } };

describe('the users read model', () => {
  it('reads each stored event with its schema: one that does not fit stops the read model there, never half-read', () => {
    const subscribed = { streamId: stream, type: 'UserSubscribed', data: { userId: 'u1', plan: 'platinum', billingCycle: 'month', expiresAt: '2026-04-01T09:00:00.000Z', subscribedAt: '2026-03-01T09:00:00.000Z' } };
    expect(() => projectEvents(usersProjector, recordedEvents([registered, subscribed]))).toThrow(EventDecodeError);
    expect(() => projectEvents(usersProjector, recordedEvents([registered, subscribed]))).toThrow('UserSubscribed: plan:');
    // an event of a type this build does not know (a newer writer's) is left alone
    const docs = expectIdempotent(usersProjector, recordedEvents([registered, { streamId: stream, type: 'UserTeleported', data: {} }]));
    expect(docs.get('u1')?.subscriptionType).toBe('free');
  });

  it('a registration makes a document on the free trial, not confirmed yet', () => {
    const docs = expectIdempotent(usersProjector, recordedEvents([reserved, registered]));
    expect(docs.get('u1')).toEqual({
      id: 'u1',
      email: 'minji@example.com',
      name: 'Kim Minji',
      companyName: 'Jeju Trails',
      companyAddress: '',
      companyPhone: '0641234567',
      companyWebsite: '',
      mobile: '',
      role: 'user',
      image: null,
      language: 'kr',
      createdAt: '2026-03-01T09:00:00.000Z',
      isActivated: false,
      isHidden: false,
      status: 'inactive',
      subscription: false,
      subscriptionType: 'free',
      expiresAt: '2026-03-15T09:00:00.000Z',
      paymentMethod: null,
      customerUid: null,
      renewal: null,
      paymentScheduledAt: null,
      guidebooksCount: 0,
      updatedAt: '2026-03-01T09:00:00.000Z',
    });
    expect(docs.size).toBe(1);
  });

  it('follows activation, profile, portrait, role and hiding; the status label prefers hidden, then active', () => {
    const docs = expectIdempotent(
      usersProjector,
      recordedEvents([
        registered,
        { streamId: stream, type: 'UserActivated', data: { userId: 'u1', activatedAt: '2026-03-01T10:00:00.000Z', via: 'link' } },
        { streamId: stream, type: 'MailSent', data: { userId: 'u1', mailId: 'm1', kind: 'verification', sentAt: '2026-03-01T09:00:01.000Z' } },
        {
          streamId: stream,
          type: 'UserProfileUpdated',
          data: { userId: 'u1', profile: { name: 'Kim Minji', companyName: 'Jeju Walks', companyAddress: 'Jeju-si 1', mobile: '01012345678' }, language: 'en', updatedAt: '2026-03-02T09:00:00.000Z' },
        },
        { streamId: stream, type: 'UserImageChanged', data: { userId: 'u1', image: '/media/users/u1/portrait-ab.webp', changedAt: '2026-03-02T10:00:00.000Z' } },
        { streamId: stream, type: 'UserRoleChanged', data: { userId: 'u1', role: 'admin', changedAt: '2026-03-02T11:00:00.000Z' } },
      ]),
    );
    expect(docs.get('u1')).toMatchObject({
      isActivated: true,
      status: 'active',
      companyName: 'Jeju Walks',
      companyPhone: '',
      companyAddress: 'Jeju-si 1',
      mobile: '01012345678',
      language: 'en',
      image: '/media/users/u1/portrait-ab.webp',
      role: 'admin',
      updatedAt: '2026-03-02T11:00:00.000Z',
    });

    const hidden = projectEvents(
      usersProjector,
      recordedEvents([
        registered,
        { streamId: stream, type: 'UserActivated', data: { userId: 'u1', activatedAt: '2026-03-01T10:00:00.000Z', via: 'link' } },
        { streamId: stream, type: 'UserHidden', data: { userId: 'u1', hiddenAt: '2026-03-03T09:00:00.000Z' } },
      ]),
    );
    expect(hidden.get('u1')).toMatchObject({ isHidden: true, isActivated: true, status: 'hidden' });
  });

  it('unhiding gives the label back', () => {
    const docs = expectIdempotent(
      usersProjector,
      recordedEvents([
        registered,
        { streamId: stream, type: 'UserHidden', data: { userId: 'u1', hiddenAt: '2026-03-03T09:00:00.000Z' } },
        { streamId: stream, type: 'UserUnhidden', data: { userId: 'u1', unhiddenAt: '2026-03-03T10:00:00.000Z' } },
      ]),
    );
    expect(docs.get('u1')).toMatchObject({ isHidden: false, status: 'inactive' });
  });

  it('a permanent deletion removes the document and everything personal in it', () => {
    const docs = expectIdempotent(
      usersProjector,
      recordedEvents([registered, { streamId: stream, type: 'UserDeleted', data: { userId: 'u1', deletedAt: '2026-03-04T09:00:00.000Z' } }]),
    );
    expect(docs.size).toBe(0);
  });

  it('follows subscriptions: subscribed, plan changed, unsubscribed (the plan runs to its end)', () => {
    const subscribed = { streamId: stream, type: 'UserSubscribed', data: { userId: 'u1', plan: 'standard', billingCycle: 'month', expiresAt: '2026-04-05T09:00:00.000Z', subscribedAt: '2026-03-05T09:00:00.000Z' } };
    const changed = { streamId: stream, type: 'UserPlanChanged', data: { userId: 'u1', plan: 'pro', changedAt: '2026-03-06T09:00:00.000Z' } };
    const unsubscribed = { streamId: stream, type: 'UserUnsubscribed', data: { userId: 'u1', expiresAt: '2026-04-05T09:00:00.000Z', unsubscribedAt: '2026-03-07T09:00:00.000Z' } };
    expect(expectIdempotent(usersProjector, recordedEvents([registered, subscribed])).get('u1')).toMatchObject({
      subscription: true,
      subscriptionType: 'standard',
      expiresAt: '2026-04-05T09:00:00.000Z',
    });
    expect(expectIdempotent(usersProjector, recordedEvents([registered, subscribed, changed, unsubscribed])).get('u1')).toMatchObject({
      subscription: false,
      subscriptionType: 'pro',
      expiresAt: '2026-04-05T09:00:00.000Z',
      updatedAt: '2026-03-07T09:00:00.000Z',
    });
  });

  it('follows payments: the card, renewals, a failed renewal waiting for its retry, a scheduled charge, the lapse to free', () => {
    const subscribed = { streamId: stream, type: 'UserSubscribed', data: { userId: 'u1', plan: 'standard', billingCycle: 'month', expiresAt: '2026-04-05T09:00:00.000Z', subscribedAt: '2026-03-05T09:00:00.000Z' } };
    const card = { streamId: stream, type: 'PaymentMethodChanged', data: { userId: 'u1', customerUid: 'pg_card_u1_1', cardName: 'BC card', changedAt: '2026-03-05T09:00:00.000Z' } };
    const renewed = {
      streamId: stream,
      type: 'SubscriptionRenewed',
      data: { userId: 'u1', plan: 'standard', merchantUid: 'pg_renew_u1_20260405_1', expiresAt: '2026-05-05T09:00:00.000Z', renewedAt: '2026-04-05T09:00:00.000Z' },
    };
    const failed = {
      streamId: stream,
      type: 'RenewalChargeFailed',
      data: { userId: 'u1', merchantUid: 'pg_renew_u1_20260505_1', attempt: 1, failReason: 'declined', nextAttemptAt: '2026-05-06T09:00:00.000Z', failedAt: '2026-05-05T09:00:00.000Z' },
    };
    const scheduled = { streamId: stream, type: 'PaymentScheduled', data: { userId: 'u1', scheduleAt: '2026-05-07T00:00:00.000Z', scheduledAt: '2026-05-05T10:00:00.000Z' } };
    const lapsed = { streamId: stream, type: 'SubscriptionLapsed', data: { userId: 'u1', plan: 'standard', reason: 'charge-failed', lapsedAt: '2026-05-09T09:00:00.000Z' } };
    const notice = { streamId: stream, type: 'BillingNoticeSent', data: { userId: 'u1', kind: 'lapsed', key: 'k', sentAt: '2026-05-09T09:00:01.000Z' } };
    expect(expectIdempotent(usersProjector, recordedEvents([registered, card, subscribed, renewed, failed, scheduled])).get('u1')).toMatchObject({
      paymentMethod: 'BC card',
      customerUid: 'pg_card_u1_1',
      subscription: true,
      expiresAt: '2026-05-05T09:00:00.000Z',
      renewal: { merchantUid: 'pg_renew_u1_20260505_1', attempt: 1, nextAttemptAt: '2026-05-06T09:00:00.000Z' },
      paymentScheduledAt: '2026-05-07T00:00:00.000Z',
    });
    expect(expectIdempotent(usersProjector, recordedEvents([registered, card, subscribed, renewed, failed, scheduled, lapsed, notice])).get('u1')).toMatchObject({
      subscription: false,
      subscriptionType: 'free',
      expiresAt: '2026-05-05T09:00:00.000Z',
      renewal: null,
      paymentScheduledAt: null,
      paymentMethod: 'BC card',
      updatedAt: '2026-05-09T09:00:00.000Z',
    });
  });
});
