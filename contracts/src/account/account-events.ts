import { z } from 'zod';
import { eventDecoder, type EventDecoder } from '../event-decoding.ts';
import { BILLING_CYCLES, LANGUAGES, PAID_PLANS, ROLES, SUBSCRIPTION_TYPES } from './account-limits.ts';

/**
 * Account events. Three kinds of stream:
 * - `user-<userId>`: the account itself;
 * - `user-email-<normalised email>`: the reservation that makes an email unique (appended with "no stream", or
 *   at the exact revision of its release when the address is taken again);
 * - `user-kakao-<kakaoId>`: the same for a Kakao account id.
 *
 * No event carries a password or a password hash (those live in the credential store, see
 * `platform/src/credentials/`), nor a raw activation or reset token: events hold a token's id and its SHA-256,
 * and the mail worker re-derives the raw token from the id with the server's token secret.
 */

const at = z.iso.datetime();
const language = z.enum(LANGUAGES);
const role = z.enum(ROLES);
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

export const userProfileSchema = z.object({
  name: z.string(),
  companyName: z.string(),
  companyAddress: z.string().optional(),
  companyPhone: z.string().optional(),
  companyWebsite: z.string().optional(),
  mobile: z.string().optional(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const userRegisteredSchema = z.object({
  userId: z.string(),
  email: z.string(),
  profile: userProfileSchema,
  language,
  role,
  registeredAt: at,
  /** the free trial's end: registration + TRIAL_DAYS */
  trialExpiresAt: at,
  /** how the account came to be; only 'signup' accounts need an activation mail */
  via: z.enum(['signup', 'kakao', 'admin']),
  /** the first activation link (signup only): its id and the SHA-256 of its token */
  activation: z.object({ activationId: z.string(), tokenHash: sha256Hex }).nullable(),
  /** when the person consented to the terms and the privacy policy at signup (absent: not sent, e.g. a spec-only client) */
  termsAcceptedAt: at.optional(),
});

export const userActivatedSchema = z.object({
  userId: z.string(),
  activatedAt: at,
  via: z.enum(['link', 'kakao', 'admin']),
});

export const verificationResentSchema = z.object({
  userId: z.string(),
  activationId: z.string(),
  tokenHash: sha256Hex,
  requestedAt: at,
});

export const passwordResetRequestedSchema = z.object({
  userId: z.string(),
  resetId: z.string(),
  tokenHash: sha256Hex,
  /** the reset page the mail links to (`{link}/{token}`), already checked against the allowed origin */
  link: z.string(),
  requestedAt: at,
  expiresAt: at,
});

export const passwordResetCompletedSchema = z.object({
  userId: z.string(),
  resetId: z.string(),
  completedAt: at,
  /** every reset link this completion makes unusable (the one used and any other still open) */
  closedTokenHashes: z.array(sha256Hex),
});

export const passwordChangedSchema = z.object({
  userId: z.string(),
  changedAt: at,
  via: z.enum(['change', 'admin']),
});

export const userProfileUpdatedSchema = z.object({
  userId: z.string(),
  profile: userProfileSchema,
  language,
  updatedAt: at,
});

export const userImageChangedSchema = z.object({ userId: z.string(), image: z.string(), changedAt: at });
export const userHiddenSchema = z.object({ userId: z.string(), hiddenAt: at });
export const userUnhiddenSchema = z.object({ userId: z.string(), unhiddenAt: at });
export const userRoleChangedSchema = z.object({ userId: z.string(), role, changedAt: at });
/** Permanent deletion: read models drop the person's data; the email and Kakao id are released. */
export const userDeletedSchema = z.object({ userId: z.string(), deletedAt: at });
export const kakaoAccountLinkedSchema = z.object({ userId: z.string(), kakaoId: z.string(), linkedAt: at });
/**
 * The mails the mail worker sends: the account's own (activation, password reset) and, since issue 23, one on each
 * payment, refund, failed charge and plan change, in the account's language, linking to the payment's receipt.
 */
export const MAIL_KINDS = ['verification', 'password-reset', 'payment', 'refund', 'charge-failed', 'plan-changed'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const mailSentSchema = z.object({
  userId: z.string(),
  /** one mail per triggering event: the event's id */
  mailId: z.string(),
  kind: z.enum(MAIL_KINDS),
  sentAt: at,
});

/**
 * A subscription started (administrator action today; purchases later). `expiresAt` is the end of the paid
 * period: access continues to it even after an unsubscription.
 */
export const userSubscribedSchema = z.object({
  userId: z.string(),
  plan: z.enum(PAID_PLANS),
  billingCycle: z.enum(BILLING_CYCLES),
  expiresAt: at,
  subscribedAt: at,
  /** the purchase that paid for it (absent: given by an administrator, or recorded before purchases carried it) */
  merchantUid: z.string().optional(),
});
/** The subscription stops renewing; the plan runs to `expiresAt` (spec 2 §4: access continues to the cycle's end). */
export const userUnsubscribedSchema = z.object({ userId: z.string(), expiresAt: at, unsubscribedAt: at });
export const userPlanChangedSchema = z.object({ userId: z.string(), plan: z.enum(PAID_PLANS), changedAt: at });

/** The card renewals are charged to (the provider's billing key); `cardName` is the session's `paymentMethod`. */
export const paymentMethodChangedSchema = z.object({
  userId: z.string(),
  customerUid: z.string(),
  cardName: z.string().nullable(),
  changedAt: at,
});
/** A renewal was paid (payment `merchantUid`): the plan runs to the new `expiresAt`. */
export const subscriptionRenewedSchema = z.object({
  userId: z.string(),
  plan: z.enum(PAID_PLANS),
  merchantUid: z.string(),
  expiresAt: at,
  renewedAt: at,
});
/** A renewal charge failed; it is tried again at `nextAttemptAt` (null: no more attempts, the plan lapses). */
export const renewalChargeFailedSchema = z.object({
  userId: z.string(),
  merchantUid: z.string(),
  attempt: z.number().int().min(1),
  failReason: z.string(),
  nextAttemptAt: at.nullable(),
  failedAt: at,
});
export const LAPSE_REASONS = ['unsubscribed', 'onemonth-ended', 'charge-failed', 'trial-ended', 'admin'] as const;
export type LapseReason = (typeof LAPSE_REASONS)[number];
/** The paid period ended without renewal: from now the account is on the free plan (expiresAt stays, in the past). */
export const subscriptionLapsedSchema = z.object({
  userId: z.string(),
  /** the plan that ended */
  plan: z.enum(SUBSCRIPTION_TYPES),
  reason: z.enum(LAPSE_REASONS),
  lapsedAt: at,
});
/** An administrator asked for the card to be charged at `scheduleAt` (spec 2 §6: schedule a payment). */
export const paymentScheduledSchema = z.object({ userId: z.string(), scheduleAt: at, scheduledAt: at });
export const BILLING_NOTICE_KINDS = ['renewal-upcoming', 'charge-failed', 'lapsed'] as const;
export type BillingNoticeKind = (typeof BILLING_NOTICE_KINDS)[number];
/** A billing mail was sent; `key` makes it once only (e.g. the renewal's merchantUid). */
export const billingNoticeSentSchema = z.object({
  userId: z.string(),
  kind: z.enum(BILLING_NOTICE_KINDS),
  key: z.string(),
  sentAt: at,
  /** the in-app notice (bell and banner), in the account's language, as the mail said it */
  title: z.string().max(300).optional(),
  message: z.string().max(4000).optional(),
});

/** A billing notice's id in the person's inbox (the bell), beside the administrators' messages. */
export const billingNoticeMessageId = (key: string): string => `billing-${key}`;

/**
 * One session (one signed-in device) ended by its own sign-out: its token is refused from now on. `until` is the
 * token's own expiry, after which nobody needs to remember it.
 */
export const userSignedOutSchema = z.object({ userId: z.string(), sessionId: z.string(), until: at, signedOutAt: at });

export const userEmailReservedSchema = z.object({ email: z.string(), userId: z.string(), reservedAt: at });
export const userEmailReleasedSchema = z.object({ email: z.string(), userId: z.string(), releasedAt: at });
export const kakaoIdClaimedSchema = z.object({ kakaoId: z.string(), userId: z.string(), claimedAt: at });
export const kakaoIdReleasedSchema = z.object({ kakaoId: z.string(), userId: z.string(), releasedAt: at });

type E<T extends string, S extends z.ZodType> = { type: T; data: z.infer<S> };

export type UserRegistered = E<'UserRegistered', typeof userRegisteredSchema>;
export type UserActivated = E<'UserActivated', typeof userActivatedSchema>;
export type VerificationResent = E<'VerificationResent', typeof verificationResentSchema>;
export type PasswordResetRequested = E<'PasswordResetRequested', typeof passwordResetRequestedSchema>;
export type PasswordResetCompleted = E<'PasswordResetCompleted', typeof passwordResetCompletedSchema>;
export type PasswordChanged = E<'PasswordChanged', typeof passwordChangedSchema>;
export type UserProfileUpdated = E<'UserProfileUpdated', typeof userProfileUpdatedSchema>;
export type UserImageChanged = E<'UserImageChanged', typeof userImageChangedSchema>;
export type UserHidden = E<'UserHidden', typeof userHiddenSchema>;
export type UserUnhidden = E<'UserUnhidden', typeof userUnhiddenSchema>;
export type UserRoleChanged = E<'UserRoleChanged', typeof userRoleChangedSchema>;
export type UserDeleted = E<'UserDeleted', typeof userDeletedSchema>;
export type KakaoAccountLinked = E<'KakaoAccountLinked', typeof kakaoAccountLinkedSchema>;
export type MailSent = E<'MailSent', typeof mailSentSchema>;
export type UserSubscribed = E<'UserSubscribed', typeof userSubscribedSchema>;
export type UserUnsubscribed = E<'UserUnsubscribed', typeof userUnsubscribedSchema>;
export type UserPlanChanged = E<'UserPlanChanged', typeof userPlanChangedSchema>;
export type UserSignedOut = E<'UserSignedOut', typeof userSignedOutSchema>;
export type PaymentMethodChanged = E<'PaymentMethodChanged', typeof paymentMethodChangedSchema>;
export type SubscriptionRenewed = E<'SubscriptionRenewed', typeof subscriptionRenewedSchema>;
export type RenewalChargeFailed = E<'RenewalChargeFailed', typeof renewalChargeFailedSchema>;
export type SubscriptionLapsed = E<'SubscriptionLapsed', typeof subscriptionLapsedSchema>;
export type PaymentScheduled = E<'PaymentScheduled', typeof paymentScheduledSchema>;
export type BillingNoticeSent = E<'BillingNoticeSent', typeof billingNoticeSentSchema>;

export type UserEvent =
  | UserRegistered
  | UserActivated
  | VerificationResent
  | PasswordResetRequested
  | PasswordResetCompleted
  | PasswordChanged
  | UserProfileUpdated
  | UserImageChanged
  | UserHidden
  | UserUnhidden
  | UserRoleChanged
  | UserDeleted
  | KakaoAccountLinked
  | MailSent
  | UserSubscribed
  | UserUnsubscribed
  | UserPlanChanged
  | UserSignedOut
  | PaymentMethodChanged
  | SubscriptionRenewed
  | RenewalChargeFailed
  | SubscriptionLapsed
  | PaymentScheduled
  | BillingNoticeSent;

export type UserEmailReserved = E<'UserEmailReserved', typeof userEmailReservedSchema>;
export type UserEmailReleased = E<'UserEmailReleased', typeof userEmailReleasedSchema>;
export type EmailReservationEvent = UserEmailReserved | UserEmailReleased;

export type KakaoIdClaimed = E<'KakaoIdClaimed', typeof kakaoIdClaimedSchema>;
export type KakaoIdReleased = E<'KakaoIdReleased', typeof kakaoIdReleasedSchema>;
export type KakaoLinkEvent = KakaoIdClaimed | KakaoIdReleased;

export const userEventSchemas = {
  UserRegistered: userRegisteredSchema,
  UserActivated: userActivatedSchema,
  VerificationResent: verificationResentSchema,
  PasswordResetRequested: passwordResetRequestedSchema,
  PasswordResetCompleted: passwordResetCompletedSchema,
  PasswordChanged: passwordChangedSchema,
  UserProfileUpdated: userProfileUpdatedSchema,
  UserImageChanged: userImageChangedSchema,
  UserHidden: userHiddenSchema,
  UserUnhidden: userUnhiddenSchema,
  UserRoleChanged: userRoleChangedSchema,
  UserDeleted: userDeletedSchema,
  KakaoAccountLinked: kakaoAccountLinkedSchema,
  MailSent: mailSentSchema,
  UserSubscribed: userSubscribedSchema,
  UserUnsubscribed: userUnsubscribedSchema,
  UserPlanChanged: userPlanChangedSchema,
  UserSignedOut: userSignedOutSchema,
  PaymentMethodChanged: paymentMethodChangedSchema,
  SubscriptionRenewed: subscriptionRenewedSchema,
  RenewalChargeFailed: renewalChargeFailedSchema,
  SubscriptionLapsed: subscriptionLapsedSchema,
  PaymentScheduled: paymentScheduledSchema,
  BillingNoticeSent: billingNoticeSentSchema,
} as const satisfies Record<UserEvent['type'], z.ZodType>;

export const emailReservationEventSchemas = {
  UserEmailReserved: userEmailReservedSchema,
  UserEmailReleased: userEmailReleasedSchema,
} as const satisfies Record<EmailReservationEvent['type'], z.ZodType>;

export const kakaoLinkEventSchemas = {
  KakaoIdClaimed: kakaoIdClaimedSchema,
  KakaoIdReleased: kakaoIdReleasedSchema,
} as const satisfies Record<KakaoLinkEvent['type'], z.ZodType>;

/**
 * The decoders every reader of these streams goes through (see `event-decoding.ts`). Every type is at version 1:
 * what was added since the first events was added as optional (`termsAcceptedAt`, `merchantUid`, a notice's words),
 * so no stored event needs an upcaster yet. A change that would make an older event not fit adds one here.
 */
export const userEventDecoder: EventDecoder<UserEvent> = eventDecoder({ schemas: userEventSchemas });
export const emailReservationEventDecoder: EventDecoder<EmailReservationEvent> = eventDecoder({ schemas: emailReservationEventSchemas });
export const kakaoLinkEventDecoder: EventDecoder<KakaoLinkEvent> = eventDecoder({ schemas: kakaoLinkEventSchemas });

/** The category of the three kinds of account stream (a stream's category is the text before its first '-'). */
export const USER_STREAM_CATEGORY = 'user';
export const userStream = (userId: string): string => `${USER_STREAM_CATEGORY}-${userId}`;
/** The email must already be normalised (`normaliseEmail`). */
export const userEmailStream = (normalisedEmail: string): string => `user-email-${normalisedEmail}`;
export const userKakaoStream = (kakaoId: string): string => `user-kakao-${kakaoId}`;

/** The account events the mail worker turns into mails. */
export const MAIL_TRIGGER_EVENTS = ['UserRegistered', 'VerificationResent', 'PasswordResetRequested'] as const;
/** The billing events the mail worker turns into mails (issue 23): plan changes on `user-…`, the rest on `payment-…`. */
export const BILLING_MAIL_TRIGGER_EVENTS = ['UserSubscribed', 'UserPlanChanged', 'PaymentSucceeded', 'PaymentRefunded', 'PaymentFailed', 'TransferPaymentRecorded'] as const;

/** What a worker sends to record a mail (see `RecordMailSent` in command-api). */
export type RecordMailSentInput = z.infer<typeof mailSentSchema>;
