import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EventDecodeError, eventDecoder, type EventDecoder } from './event-decoding.ts';
import {
  emailReservationEventDecoder,
  kakaoLinkEventDecoder,
  userEventDecoder,
  userEventSchemas,
  type UserEvent,
} from './account/account-events.ts';
import { paymentEventDecoder, paymentEventSchemas, type PaymentEvent } from './payment/payment-events.ts';
import { feedbackEventDecoder } from './feedback/feedback-events.ts';
import { iconEventDecoder } from './icon/icons.ts';
import { inboxEventDecoder, messageEventDecoder } from './message/messages.ts';
import { thumbnailRenderEventDecoder, thumbnailRequestEventDecoder } from './thumbnail/thumbnail-events.ts';
import { readingEventDecoder } from './insights/reading.ts';
import { guidebookViewsEventDecoder, publisherEventDecoder } from './guidebook/guidebook-events.ts';

const at = '2026-03-01T09:00:00.000Z';
const hash = 'a'.repeat(64);

/** The error a decode throws, for looking at its path. */
function refusal(decode: () => unknown): EventDecodeError {
  try {
    decode();
  } catch (error) {
    expect(error).toBeInstanceOf(EventDecodeError);
    return error as EventDecodeError;
  }
  return expect.unreachable('the event was decoded');
}

describe('eventDecoder: versions and upcasters', () => {
  // A made-up category whose one type changed twice: v1 { name }, v2 { v, name, tags }, v3 { v, title, tags }.
  const renamedSchema = z.object({ v: z.literal(3), title: z.string(), tags: z.array(z.string()) });
  const decoder = eventDecoder({
    schemas: { ThingNamed: renamedSchema, ThingDropped: z.object({ at: z.iso.datetime() }) },
    versions: { ThingNamed: 3 },
    upcasters: {
      ThingNamed: {
        1: (data) => ({ ...data, v: 2, tags: [] }),
        2: ({ name, ...data }, { metadata }) => ({
          ...data,
          v: 3,
          title: typeof name === 'string' ? name : String(metadata?.userId),
        }),
      },
    },
  });

  it('reads today’s shape as it is', () => {
    expect(decoder.decode('ThingNamed', { v: 3, title: 'Jeju', tags: ['sea'] })).toEqual({
      type: 'ThingNamed',
      data: { v: 3, title: 'Jeju', tags: ['sea'] },
    });
    expect(decoder.decode('ThingDropped', { at })).toEqual({ type: 'ThingDropped', data: { at } });
  });

  it('brings an older stored shape up one version at a time, with the stored metadata at hand', () => {
    expect(decoder.decode('ThingNamed', { name: 'Jeju' }).data).toEqual({ v: 3, title: 'Jeju', tags: [] });
    expect(decoder.decode('ThingNamed', { v: 2, name: 'Busan', tags: ['port'] }).data).toEqual({
      v: 3,
      title: 'Busan',
      tags: ['port'],
    });
    expect(decoder.decode('ThingNamed', { v: 2, tags: [] }, { metadata: { userId: 'u9' } }).data).toEqual({
      v: 3,
      title: 'u9',
      tags: [],
    });
  });

  it('refuses loudly what it cannot read: an unknown type, data that does not fit (naming the path), a version it has no upcaster from', () => {
    expect(decoder.knows('ThingExploded')).toBe(false);
    expect(refusal(() => decoder.decode('ThingExploded', {})).message).toBe('ThingExploded: unknown event type');
    expect(refusal(() => decoder.decode('ThingNamed', { v: 3, title: 'Jeju', tags: [7] })).issue.path).toBe('tags.0');
    expect(refusal(() => decoder.decode('ThingDropped', 'yesterday')).issue.path).toBe('');
    expect(refusal(() => decoder.decode('ThingNamed', { v: 0, title: 'x', tags: [] })).issue).toEqual({
      path: 'v',
      message: 'no upcaster from version 0',
    });
    expect(refusal(() => decoder.decode('ThingNamed', { v: 4, title: 'x', tags: [] })).issue.path).toBe('v');
  });

  it('refuses an upcaster that does not move the version on, rather than looping', () => {
    const stuck = eventDecoder({
      schemas: { Stuck: z.object({ v: z.literal(2) }) },
      versions: { Stuck: 2 },
      upcasters: { Stuck: { 1: (data) => data } },
    });
    expect(refusal(() => stuck.decode('Stuck', {})).issue.message).toMatch(/did not move the version on/);
  });
});

/** One event of every account type, as the deciders write them today. */
const userEvents: UserEvent[] = [
  {
    type: 'UserRegistered',
    data: {
      userId: 'u1',
      email: 'minji@example.com',
      profile: { name: 'Kim Minji', companyName: 'Jeju Trails' },
      language: 'kr',
      role: 'user',
      registeredAt: at,
      trialExpiresAt: at,
      via: 'signup',
      activation: { activationId: 'a1', tokenHash: hash },
      termsAcceptedAt: at,
    },
  },
  { type: 'UserActivated', data: { userId: 'u1', activatedAt: at, via: 'link' } },
  { type: 'VerificationResent', data: { userId: 'u1', activationId: 'a2', tokenHash: hash, requestedAt: at } },
  {
    type: 'PasswordResetRequested',
    data: {
      userId: 'u1',
      resetId: 'r1',
      tokenHash: hash,
      link: 'https://pocketguide.app/reset',
      requestedAt: at,
      expiresAt: at,
    },
  },
  { type: 'PasswordResetCompleted', data: { userId: 'u1', resetId: 'r1', completedAt: at, closedTokenHashes: [hash] } },
  { type: 'PasswordChanged', data: { userId: 'u1', changedAt: at, via: 'change' } },
  {
    type: 'UserProfileUpdated',
    data: {
      userId: 'u1',
      profile: { name: 'Kim Minji', companyName: 'Jeju Trails', mobile: '010' },
      language: 'en',
      updatedAt: at,
    },
  },
  { type: 'UserImageChanged', data: { userId: 'u1', image: '/media/users/u1/a.png', changedAt: at } },
  { type: 'UserHidden', data: { userId: 'u1', hiddenAt: at } },
  { type: 'UserUnhidden', data: { userId: 'u1', unhiddenAt: at } },
  { type: 'UserRoleChanged', data: { userId: 'u1', role: 'admin', changedAt: at } },
  { type: 'UserDeleted', data: { userId: 'u1', deletedAt: at } },
  { type: 'KakaoAccountLinked', data: { userId: 'u1', kakaoId: 'k1', linkedAt: at } },
  { type: 'MailSent', data: { userId: 'u1', mailId: 'm1', kind: 'verification', sentAt: at } },
  {
    type: 'UserSubscribed',
    data: {
      userId: 'u1',
      plan: 'standard',
      billingCycle: 'month',
      expiresAt: at,
      subscribedAt: at,
      merchantUid: 'pg_purchase_1',
    },
  },
  { type: 'UserUnsubscribed', data: { userId: 'u1', expiresAt: at, unsubscribedAt: at } },
  { type: 'UserPlanChanged', data: { userId: 'u1', plan: 'pro', changedAt: at } },
  { type: 'UserSignedOut', data: { userId: 'u1', sessionId: 's1', until: at, signedOutAt: at } },
  { type: 'PaymentMethodChanged', data: { userId: 'u1', customerUid: 'pg_card_u1_1', cardName: null, changedAt: at } },
  {
    type: 'SubscriptionRenewed',
    data: { userId: 'u1', plan: 'standard', merchantUid: 'pg_r_u1_20260301_1', expiresAt: at, renewedAt: at },
  },
  {
    type: 'RenewalChargeFailed',
    data: {
      userId: 'u1',
      merchantUid: 'pg_r_u1_20260301_1',
      attempt: 1,
      failReason: 'declined',
      nextAttemptAt: null,
      failedAt: at,
    },
  },
  { type: 'SubscriptionLapsed', data: { userId: 'u1', plan: 'free', reason: 'trial-ended', lapsedAt: at } },
  { type: 'PaymentScheduled', data: { userId: 'u1', scheduleAt: at, scheduledAt: at } },
  {
    type: 'BillingNoticeSent',
    data: { userId: 'u1', kind: 'lapsed', key: 'k', sentAt: at, title: 'Plan ended', message: 'Your plan ended.' },
  },
];

const paymentEvents: PaymentEvent[] = [
  {
    type: 'PaymentRequested',
    data: {
      merchantUid: 'pg_purchase_1',
      userId: 'u1',
      plan: 'standard',
      billingCycle: 'month',
      amount: 30000,
      kind: 'purchase',
      requestedAt: at,
    },
  },
  {
    type: 'PaymentSucceeded',
    data: {
      merchantUid: 'pg_purchase_1',
      userId: 'u1',
      impUid: 'imp_1',
      amount: 30000,
      method: 'card',
      paymentData: {
        currency: 'KRW',
        card_name: 'BC',
        receipt_url: null,
        amount: 30000,
        cancel_amount: 0,
        cancelled_at: null,
      },
      paidAt: at,
    },
  },
  {
    type: 'PaymentFailed',
    data: { merchantUid: 'pg_purchase_1', userId: 'u1', impUid: null, failReason: 'declined', failedAt: at },
  },
  {
    type: 'PaymentRefunded',
    data: {
      merchantUid: 'pg_purchase_1',
      userId: 'u1',
      amount: 1000,
      cancelAmount: 1000,
      partial: true,
      reason: 'asked',
      refundedAt: at,
    },
  },
  { type: 'PaymentDeleted', data: { merchantUid: 'pg_purchase_1', userId: 'u1', deletedAt: at } },
  {
    type: 'TransferPaymentRecorded',
    data: {
      merchantUid: 'pg_transfer_1',
      userId: 'u1',
      plan: 'pro',
      billingCycle: 'month',
      amount: 50000,
      note: 'bank',
      paidAt: at,
    },
  },
];

describe('every category decodes with its schema', () => {
  it('every account event type, as written today, reads back as it is', () => {
    expect(userEvents.map((event) => event.type).sort()).toEqual(Object.keys(userEventSchemas).sort());
    for (const event of userEvents) expect(userEventDecoder.decode(event.type, event.data)).toEqual(event);
  });

  it('an account event written before the optional fields existed still reads, without them', () => {
    const { termsAcceptedAt: _terms, ...before } = (userEvents[0] as Extract<UserEvent, { type: 'UserRegistered' }>)
      .data;
    expect(userEventDecoder.decode('UserRegistered', before).data).toEqual(before);
    const subscribed = { userId: 'u1', plan: 'mini', billingCycle: 'month', expiresAt: at, subscribedAt: at };
    expect(userEventDecoder.decode('UserSubscribed', subscribed).data).toEqual(subscribed);
  });

  it('a malformed stored account event is refused, naming what does not fit, never read half-way', () => {
    expect(
      refusal(() =>
        userEventDecoder.decode('UserSubscribed', {
          userId: 'u1',
          plan: 'platinum',
          billingCycle: 'month',
          expiresAt: at,
          subscribedAt: at,
        }),
      ).issue.path,
    ).toBe('plan');
    expect(
      refusal(() => userEventDecoder.decode('UserRegistered', { ...userEvents[0]!.data, profile: { name: 'Kim' } }))
        .issue.path,
    ).toBe('profile.companyName');
    expect(
      refusal(() =>
        userEventDecoder.decode('PasswordResetRequested', {
          userId: 'u1',
          resetId: 'r1',
          tokenHash: 'not-a-hash',
          link: 'x',
          requestedAt: at,
          expiresAt: at,
        }),
      ).issue.path,
    ).toBe('tokenHash');
    expect(
      refusal(() => userEventDecoder.decode('UserActivated', { userId: 'u1', activatedAt: 'yesterday', via: 'link' }))
        .issue.path,
    ).toBe('activatedAt');
    expect(
      refusal(() => userEventDecoder.decode('UserEmailReserved', { email: 'a@b.c', userId: 'u1', reservedAt: at }))
        .message,
    ).toMatch(/unknown event type/);
  });

  it('every payment event type reads back as it is; a malformed one is refused', () => {
    expect(paymentEvents.map((event) => event.type).sort()).toEqual(Object.keys(paymentEventSchemas).sort());
    for (const event of paymentEvents) expect(paymentEventDecoder.decode(event.type, event.data)).toEqual(event);
    expect(
      refusal(() => paymentEventDecoder.decode('PaymentRefunded', { ...paymentEvents[3]!.data, amount: -5 })).issue
        .path,
    ).toBe('amount');
    expect(
      refusal(() => paymentEventDecoder.decode('PaymentSucceeded', { ...paymentEvents[1]!.data, paymentData: null }))
        .issue.path,
    ).toBe('paymentData');
  });

  it('the other categories refuse what does not fit their schema', () => {
    const cases: Array<[EventDecoder<{ type: string; data: unknown }>, string, unknown, string]> = [
      [emailReservationEventDecoder, 'UserEmailReserved', { email: 'a@b.c', reservedAt: at }, 'userId'],
      [kakaoLinkEventDecoder, 'KakaoIdClaimed', { kakaoId: 7, userId: 'u1', claimedAt: at }, 'kakaoId'],
      [
        feedbackEventDecoder,
        'FeedbackSubmitted',
        { feedbackId: 'f1', feedback: 'hi', url: '/', userAgent: 'x', clientTimestamp: 'now', submittedAt: 'now' },
        'submittedAt',
      ],
      [
        iconEventDecoder,
        'IconUploaded',
        { iconId: 'i1', userId: 'u1', url: '/x.png', bytes: -1, uploadedAt: at },
        'bytes',
      ],
      [messageEventDecoder, 'MessageUnsent', { messageId: 'm1', recipients: 'everyone', unsentAt: at }, 'recipients'],
      [inboxEventDecoder, 'MessageDismissed', { userId: 'u1', dismissedAt: at }, 'messageId'],
      [
        thumbnailRequestEventDecoder,
        'ThumbnailsRequested',
        { requestId: 'r', userId: 'u', via: 'cron', priority: 'high', guidebookIds: [], skipped: [], requestedAt: at },
        'via',
      ],
      [
        thumbnailRenderEventDecoder,
        'ThumbnailRenderFailed',
        { guidebookId: 'g1', requestedAt: at, failedAt: at },
        'reason',
      ],
      [readingEventDecoder, 'GuidebookReadsRecorded', { guidebookId: 'g1', ownerId: 'u1', reads: [] }, 'reads'],
      [publisherEventDecoder, 'PublishSlotTaken', { userId: 'u1', guidebookId: 'g1', reason: 'bored', at }, 'reason'],
      [guidebookViewsEventDecoder, 'GuidebookViewed', { guidebookId: 'g1', count: 0, viewedAt: at }, 'count'],
    ];
    for (const [decoder, type, data, path] of cases) {
      expect(decoder.knows(type), type).toBe(true);
      expect(refusal(() => decoder.decode(type, data)).issue.path, type).toBe(path);
    }
  });
});
