import {
  ACCOUNT_MESSAGES as M,
  SUBSCRIPTION_MESSAGES as S,
  DEFAULT_LANGUAGE,
  PASSWORD_RESET_TTL_MINUTES,
  TRIAL_DAYS,
  PAYMENT_MESSAGES as P,
  isPlanUpgrade,
  type BillingCycle,
  type BillingNoticeKind,
  type LapseReason,
  type Language,
  type MailKind,
  type PaidPlan,
  type Role,
  type SubscriptionType,
  type UserEvent,
  type UserProfile,
} from '@pocketguide/contracts';
import { AppError, ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '@pocketguide/platform/http/errors';
import type { Decider } from '../core/decider.ts';

/**
 * The account aggregate (`user-<userId>`). Everything a person or an administrator does to an account is one of
 * these commands; secrets never pass through here (passwords go to the credential store, tokens arrive hashed).
 */

export type Account = {
  userId: string;
  email: string;
  role: Role;
  profile: UserProfile;
  language: Language;
  image: string | null;
  registeredAt: string;
  activated: boolean;
  hidden: boolean;
  subscription: boolean;
  subscriptionType: SubscriptionType;
  expiresAt: string;
  /** the card's name (the session's `paymentMethod`) */
  paymentMethod: string | null;
  /** the billing key renewals are charged to */
  customerUid: string | null;
  /** a renewal that failed and is tried again, null when none is pending */
  renewal: { merchantUid: string; attempt: number; nextAttemptAt: string | null } | null;
  /** renewals already granted (by payment), so a redelivered one extends the plan once */
  renewedMerchantUids: string[];
  /** the purchases that granted a plan (the last 50): the same purchase again (browser and webhook) grants nothing */
  purchasedMerchantUids: string[];
  /** billing mails already sent, by their dedup key */
  noticeKeys: string[];
  /** the free trial's end was recorded (SubscriptionLapsed 'trial-ended') */
  trialEnded: boolean;
  kakaoId: string | null;
  /** SHA-256 of every activation token mailed so far: any of them activates */
  activationTokenHashes: string[];
  /** when verification mails were asked for (registration and resends), for the resend limit */
  verificationRequests: string[];
  resetRequests: string[];
  openResets: Array<{ resetId: string; tokenHash: string; expiresAt: string }>;
  sentMailIds: string[];
  /**
   * Tokens carry the version they were issued under; a password change or reset moves it on, so every session
   * signed in before it ends.
   */
  sessionVersion: number;
  /** sessions ended by their own sign-out, kept until their tokens would have expired anyway */
  endedSessions: Array<{ sessionId: string; until: string }>;
};

/** A deleted account keeps what its deletion must release (a retried deletion finishes the job). */
export type UserState =
  | { status: 'none' }
  | { status: 'registered'; account: Account }
  | { status: 'deleted'; userId: string; email: string; kakaoId: string | null };

/** Mails (verification resends, reset links) a person may trigger per hour: enough for typos, not for spam. */
export const MAIL_REQUESTS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

type At = { now: Date };

export type RegisterUser = {
  type: 'RegisterUser';
  data: At & {
    userId: string;
    email: string;
    profile: UserProfile;
    language?: Language;
    role?: Role;
    via: 'signup' | 'kakao' | 'admin';
    /** signup only: the first activation link */
    activation: { activationId: string; tokenHash: string } | null;
    /** signup only: the person ticked the consent to the terms and the privacy policy */
    termsAccepted?: boolean;
  };
};
export type ActivateUser = {
  type: 'ActivateUser';
  data: At & { proof: { kind: 'link'; tokenHash: string } | { kind: 'kakao' } | { kind: 'admin' } };
};
export type ResendVerification = { type: 'ResendVerification'; data: At & { activationId: string; tokenHash: string } };
export type RequestPasswordReset = {
  type: 'RequestPasswordReset';
  data: At & { resetId: string; tokenHash: string; link: string };
};
export type CompletePasswordReset = { type: 'CompletePasswordReset'; data: At & { tokenHash: string } };
export type ChangePassword = { type: 'ChangePassword'; data: At & { via: 'change' | 'admin' } };
export type UpdateProfile = { type: 'UpdateProfile'; data: At & { profile: UserProfile; language?: Language } };
export type ChangeUserImage = { type: 'ChangeUserImage'; data: At & { image: string } };
export type SetUserHidden = { type: 'SetUserHidden'; data: At & { isHidden: boolean } };
export type ChangeUserRole = { type: 'ChangeUserRole'; data: At & { role: Role } };
export type DeleteUser = { type: 'DeleteUser'; data: At };
export type LinkKakaoAccount = { type: 'LinkKakaoAccount'; data: At & { kakaoId: string } };
export type RecordMailSent = {
  type: 'RecordMailSent';
  data: At & { mailId: string; kind: MailKind };
};

/** Administrator subscription actions today (spec 2 §7); the purchase flow of the payments issue reuses them. */
/** `merchantUid`: the payment that paid for it (a bank transfer an administrator recorded), when there is one. */
export type SubscribeUser = { type: 'SubscribeUser'; data: At & { plan: PaidPlan; billingCycle: BillingCycle; merchantUid?: string } };
export type UnsubscribeUser = { type: 'UnsubscribeUser'; data: At & { by: 'admin' | 'self' } };
export type ChangeUserPlan = { type: 'ChangeUserPlan'; data: At & { plan: PaidPlan } };
/**
 * A person's own purchase (POST subscriptions/subscribe, subscribe-one-month), after the payment was verified with
 * the provider and recorded on its payment stream: the card becomes the one renewals are charged to.
 */
export type PurchaseSubscription = {
  type: 'PurchaseSubscription';
  data: At & { plan: PaidPlan; billingCycle: BillingCycle; merchantUid: string; customerUid: string; cardName: string | null };
};
export type ChangePaymentMethod = { type: 'ChangePaymentMethod'; data: At & { customerUid: string; cardName: string | null } };
/** The billing worker's renewal, once its charge (`merchantUid`) was paid: the plan runs a month longer. */
export type RenewSubscription = { type: 'RenewSubscription'; data: At & { merchantUid: string } };
export type RecordRenewalFailure = {
  type: 'RecordRenewalFailure';
  data: At & { merchantUid: string; attempt: number; failReason: string; nextAttemptAt: Date | null };
};
/** The paid period (or the trial) ended without renewal: the account is on the free plan from now. */
export type LapseSubscription = { type: 'LapseSubscription'; data: At & { reason: LapseReason } };
export type SchedulePayment = { type: 'SchedulePayment'; data: At & { scheduleAt: Date } };
export type RecordBillingNotice = { type: 'RecordBillingNotice'; data: At & { kind: BillingNoticeKind; key: string; title?: string; message?: string } };

/** One session signs out: its token (`sessionId`, valid `until`) is refused from now on. */
export type SignOut = { type: 'SignOut'; data: At & { sessionId: string; until: Date } };

export type UserCommand =
  | RegisterUser
  | ActivateUser
  | ResendVerification
  | RequestPasswordReset
  | CompletePasswordReset
  | ChangePassword
  | UpdateProfile
  | ChangeUserImage
  | SetUserHidden
  | ChangeUserRole
  | DeleteUser
  | LinkKakaoAccount
  | RecordMailSent
  | SubscribeUser
  | UnsubscribeUser
  | ChangeUserPlan
  | SignOut
  | PurchaseSubscription
  | ChangePaymentMethod
  | RenewSubscription
  | RecordRenewalFailure
  | LapseSubscription
  | SchedulePayment
  | RecordBillingNotice;

/** A purchase option that is not sold (yearly billing, enterprise): 400 with the spec's text. */
export class OptionUnavailableError extends AppError {
  constructor(message: string = P.yearly) {
    super(400, 'option_unavailable', message);
  }
}

/** Keeps the last `max` of a growing list (dedup keys: old ones can no longer come back). */
const lastOf = <T>(items: readonly T[], item: T, max = 50): T[] => [...items, item].slice(-max);

const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/** Same day and time `months` later (UTC), on the month's last day when it is shorter: 31 Jan + 1 → 28/29 Feb. */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

function recentRequests(times: readonly string[], now: Date): string[] {
  return times.filter((time) => now.getTime() - Date.parse(time) < HOUR_MS);
}

/** Refuses a mail request past the hourly limit, saying when the oldest one counted leaves the window. */
function checkMailLimit(times: readonly string[], now: Date): void {
  const recent = recentRequests(times, now);
  const oldest = recent[0];
  if (recent.length < MAIL_REQUESTS_PER_HOUR || oldest === undefined) return;
  const retryAfter = (Date.parse(oldest) + HOUR_MS - now.getTime()) / 1000;
  throw new TooManyRequestsError('Too many emails were requested for this account. Please try again later.', retryAfter);
}

function existing(state: UserState): Account {
  if (state.status !== 'registered') throw new NotFoundError('User not found');
  return state.account;
}

/** What the person may do for themselves: not while hidden (spec: blocked from all services). */
function usable(state: UserState): Account {
  const account = existing(state);
  if (account.hidden) throw new ForbiddenError(M.accountHidden);
  return account;
}

function sameProfile(a: UserProfile, b: UserProfile): boolean {
  const keys: Array<keyof UserProfile> = ['name', 'companyName', 'companyAddress', 'companyPhone', 'companyWebsite', 'mobile'];
  return keys.every((key) => (a[key] ?? '') === (b[key] ?? ''));
}

/** Optional profile fields are left out when empty, so events and state carry no empty strings. */
function compactProfile(profile: UserProfile): UserProfile {
  const { name, companyName, ...optional } = profile;
  const kept = Object.entries(optional).filter(([, value]) => value !== undefined && value !== '');
  return { name, companyName, ...Object.fromEntries(kept) };
}

function evolveAccount(account: Account, event: UserEvent): Account {
  switch (event.type) {
    case 'UserRegistered':
      return account;
    case 'UserActivated':
      return { ...account, activated: true };
    case 'VerificationResent':
      return {
        ...account,
        activationTokenHashes: [...account.activationTokenHashes, event.data.tokenHash],
        verificationRequests: [...account.verificationRequests, event.data.requestedAt],
      };
    case 'PasswordResetRequested':
      return {
        ...account,
        resetRequests: [...account.resetRequests, event.data.requestedAt],
        openResets: [
          ...account.openResets,
          { resetId: event.data.resetId, tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt },
        ],
      };
    case 'PasswordResetCompleted':
      return {
        ...account,
        openResets: account.openResets.filter((r) => !event.data.closedTokenHashes.includes(r.tokenHash)),
        sessionVersion: account.sessionVersion + 1,
      };
    case 'PasswordChanged':
      return { ...account, sessionVersion: account.sessionVersion + 1 };
    case 'UserProfileUpdated':
      return { ...account, profile: event.data.profile, language: event.data.language };
    case 'UserImageChanged':
      return { ...account, image: event.data.image };
    case 'UserHidden':
      return { ...account, hidden: true };
    case 'UserUnhidden':
      return { ...account, hidden: false };
    case 'UserRoleChanged':
      return { ...account, role: event.data.role };
    case 'UserDeleted':
      return account;
    case 'KakaoAccountLinked':
      return { ...account, kakaoId: event.data.kakaoId };
    case 'MailSent':
      return { ...account, sentMailIds: [...account.sentMailIds, event.data.mailId] };
    case 'UserSubscribed':
      return {
        ...account,
        subscription: true,
        subscriptionType: event.data.plan,
        expiresAt: event.data.expiresAt,
        renewal: null,
        purchasedMerchantUids: event.data.merchantUid ? lastOf(account.purchasedMerchantUids, event.data.merchantUid) : account.purchasedMerchantUids,
      };
    case 'UserUnsubscribed':
      // the plan keeps running to its end: a paid type with the flag off (spec 2 §4)
      return { ...account, subscription: false, expiresAt: event.data.expiresAt };
    case 'UserPlanChanged':
      return { ...account, subscriptionType: event.data.plan };
    case 'UserSignedOut': {
      // sessions whose tokens have expired by now need not be remembered
      const stillValid = account.endedSessions.filter((ended) => ended.until > event.data.signedOutAt);
      return { ...account, endedSessions: [...stillValid, { sessionId: event.data.sessionId, until: event.data.until }] };
    }
    case 'PaymentMethodChanged':
      return { ...account, customerUid: event.data.customerUid, paymentMethod: event.data.cardName };
    case 'SubscriptionRenewed':
      return {
        ...account,
        expiresAt: event.data.expiresAt,
        renewal: null,
        renewedMerchantUids: lastOf(account.renewedMerchantUids, event.data.merchantUid),
      };
    case 'RenewalChargeFailed':
      return {
        ...account,
        renewal: { merchantUid: event.data.merchantUid, attempt: event.data.attempt, nextAttemptAt: event.data.nextAttemptAt },
      };
    case 'SubscriptionLapsed':
      return {
        ...account,
        subscription: false,
        subscriptionType: 'free',
        renewal: null,
        trialEnded: account.trialEnded || event.data.reason === 'trial-ended',
      };
    case 'PaymentScheduled':
      return account;
    case 'BillingNoticeSent':
      return { ...account, noticeKeys: lastOf(account.noticeKeys, event.data.key, 200) };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve(state, event) {
    if (event.type === 'UserRegistered') {
      const data = event.data;
      return {
        status: 'registered',
        account: {
          userId: data.userId,
          email: data.email,
          role: data.role,
          profile: data.profile,
          language: data.language,
          image: null,
          registeredAt: data.registeredAt,
          activated: false,
          hidden: false,
          subscription: false,
          subscriptionType: 'free',
          expiresAt: data.trialExpiresAt,
          paymentMethod: null,
          customerUid: null,
          renewal: null,
          renewedMerchantUids: [],
          purchasedMerchantUids: [],
          noticeKeys: [],
          trialEnded: false,
          kakaoId: null,
          activationTokenHashes: data.activation ? [data.activation.tokenHash] : [],
          verificationRequests: data.activation ? [data.registeredAt] : [],
          resetRequests: [],
          openResets: [],
          sentMailIds: [],
          sessionVersion: 0,
          endedSessions: [],
        },
      };
    }
    if (state.status !== 'registered') return state;
    if (event.type === 'UserDeleted') {
      return { status: 'deleted', userId: event.data.userId, email: state.account.email, kakaoId: state.account.kakaoId };
    }
    return { status: 'registered', account: evolveAccount(state.account, event) };
  },

  decide(command, state) {
    const now = command.data.now.toISOString();
    switch (command.type) {
      case 'RegisterUser': {
        if (state.status !== 'none') throw new ConflictError(M.emailTaken);
        const { userId, email, profile, language, role, via, activation } = command.data;
        const registered: UserEvent = {
          type: 'UserRegistered',
          data: {
            userId,
            email,
            profile: compactProfile(profile),
            language: language ?? DEFAULT_LANGUAGE,
            role: role ?? 'user',
            registeredAt: now,
            trialExpiresAt: addDays(command.data.now, TRIAL_DAYS).toISOString(),
            via,
            activation: via === 'signup' ? activation : null,
            ...(command.data.termsAccepted === true ? { termsAcceptedAt: now } : {}),
          },
        };
        // Kakao verified the address, and an administrator vouches for the accounts made at the console.
        if (via === 'signup') return [registered];
        return [registered, { type: 'UserActivated', data: { userId, activatedAt: now, via } }];
      }

      case 'ActivateUser': {
        if (state.status !== 'registered') throw new NotFoundError(M.activationInvalid);
        const account = state.account;
        const { proof } = command.data;
        if (proof.kind === 'link' && !account.activationTokenHashes.includes(proof.tokenHash)) {
          throw new NotFoundError(M.activationInvalid);
        }
        if (account.hidden && proof.kind !== 'admin') throw new ForbiddenError(M.accountHidden);
        if (account.activated) return [];
        return [{ type: 'UserActivated', data: { userId: account.userId, activatedAt: now, via: proof.kind } }];
      }

      case 'ResendVerification': {
        const account = usable(state);
        if (account.activated) throw new ConflictError('This email is already verified. Please log in.');
        checkMailLimit(account.verificationRequests, command.data.now);
        const { activationId, tokenHash } = command.data;
        return [{ type: 'VerificationResent', data: { userId: account.userId, activationId, tokenHash, requestedAt: now } }];
      }

      case 'RequestPasswordReset': {
        const account = usable(state);
        checkMailLimit(account.resetRequests, command.data.now);
        const { resetId, tokenHash, link } = command.data;
        const expiresAt = addMinutes(command.data.now, PASSWORD_RESET_TTL_MINUTES).toISOString();
        return [
          {
            type: 'PasswordResetRequested',
            data: { userId: account.userId, resetId, tokenHash, link, requestedAt: now, expiresAt },
          },
        ];
      }

      case 'CompletePasswordReset': {
        if (state.status !== 'registered') throw new NotFoundError(M.linkInvalid);
        const account = state.account;
        const reset = account.openResets.find((r) => r.tokenHash === command.data.tokenHash);
        if (!reset || Date.parse(reset.expiresAt) <= command.data.now.getTime()) throw new NotFoundError(M.linkInvalid);
        if (account.hidden) throw new ForbiddenError(M.accountHidden);
        return [
          {
            type: 'PasswordResetCompleted',
            data: {
              userId: account.userId,
              resetId: reset.resetId,
              completedAt: now,
              closedTokenHashes: account.openResets.map((r) => r.tokenHash),
            },
          },
        ];
      }

      case 'ChangePassword': {
        const account = command.data.via === 'admin' ? existing(state) : usable(state);
        return [{ type: 'PasswordChanged', data: { userId: account.userId, changedAt: now, via: command.data.via } }];
      }

      case 'UpdateProfile': {
        const account = usable(state);
        const profile = compactProfile(command.data.profile);
        const language = command.data.language ?? account.language;
        if (sameProfile(profile, account.profile) && language === account.language) return [];
        return [{ type: 'UserProfileUpdated', data: { userId: account.userId, profile, language, updatedAt: now } }];
      }

      case 'ChangeUserImage': {
        const account = usable(state);
        if (account.image === command.data.image) return [];
        return [{ type: 'UserImageChanged', data: { userId: account.userId, image: command.data.image, changedAt: now } }];
      }

      case 'SetUserHidden': {
        const account = existing(state);
        if (account.hidden === command.data.isHidden) return [];
        return command.data.isHidden
          ? [{ type: 'UserHidden', data: { userId: account.userId, hiddenAt: now } }]
          : [{ type: 'UserUnhidden', data: { userId: account.userId, unhiddenAt: now } }];
      }

      case 'ChangeUserRole': {
        const account = existing(state);
        if (account.role === command.data.role) return [];
        return [{ type: 'UserRoleChanged', data: { userId: account.userId, role: command.data.role, changedAt: now } }];
      }

      case 'DeleteUser': {
        // Deleting twice is the same as once: a retried admin click must not fail.
        if (state.status === 'deleted') return [];
        const account = existing(state);
        return [{ type: 'UserDeleted', data: { userId: account.userId, deletedAt: now } }];
      }

      case 'LinkKakaoAccount': {
        const account = usable(state);
        if (account.kakaoId === command.data.kakaoId) return [];
        if (account.kakaoId !== null) throw new ConflictError('This account is already linked to another Kakao account');
        return [{ type: 'KakaoAccountLinked', data: { userId: account.userId, kakaoId: command.data.kakaoId, linkedAt: now } }];
      }

      case 'RecordMailSent': {
        // A mail for an account deleted meanwhile is simply not recorded: the worker must not get stuck on it.
        if (state.status === 'deleted') return [];
        const account = existing(state);
        if (account.sentMailIds.includes(command.data.mailId)) return [];
        const { mailId, kind } = command.data;
        return [{ type: 'MailSent', data: { userId: account.userId, mailId, kind, sentAt: now } }];
      }

      case 'SubscribeUser': {
        const account = existing(state);
        const { plan, billingCycle } = command.data;
        if (account.subscription) {
          if (plan === 'onemonth') throw new ConflictError(S.oneMonthForSubscribed);
          if (account.subscriptionType === plan) return [];
          throw new ConflictError(S.alreadySubscribed);
        }
        // A new paid period starts now (the spec does not carry unused trial or unsubscribed days over).
        const months = plan === 'onemonth' || billingCycle === 'month' ? 1 : 12;
        const expiresAt = addMonths(command.data.now, months).toISOString();
        const paidBy = command.data.merchantUid ? { merchantUid: command.data.merchantUid } : {};
        return [{ type: 'UserSubscribed', data: { userId: account.userId, plan, billingCycle: plan === 'onemonth' ? 'month' : billingCycle, expiresAt, subscribedAt: now, ...paidBy } }];
      }

      case 'UnsubscribeUser': {
        const account = existing(state);
        if (!account.subscription) return [];
        // The spec's rule is the person's own button; an administrator may still end a one-month plan.
        if (command.data.by === 'self' && account.subscriptionType === 'onemonth') throw new ConflictError(S.oneMonthUnsubscribe);
        return [{ type: 'UserUnsubscribed', data: { userId: account.userId, expiresAt: account.expiresAt, unsubscribedAt: now } }];
      }

      case 'ChangeUserPlan': {
        const account = existing(state);
        if (!account.subscription) throw new ConflictError(S.notSubscribed);
        if (account.subscriptionType === command.data.plan) return [];
        return [{ type: 'UserPlanChanged', data: { userId: account.userId, plan: command.data.plan, changedAt: now } }];
      }

      case 'SignOut': {
        const account = existing(state);
        const { sessionId, until } = command.data;
        // signing out twice, or after the token expired, changes nothing
        if (until.getTime() <= command.data.now.getTime()) return [];
        if (account.endedSessions.some((ended) => ended.sessionId === sessionId)) return [];
        return [{ type: 'UserSignedOut', data: { userId: account.userId, sessionId, until: until.toISOString(), signedOutAt: now } }];
      }

      case 'PurchaseSubscription': {
        const account = usable(state);
        const { plan, billingCycle, customerUid, cardName, merchantUid } = command.data;
        // this very purchase already granted its plan (the browser's return after PortOne's webhook, or a retry)
        if (account.purchasedMerchantUids.includes(merchantUid)) return [];
        if (billingCycle === 'year') throw new OptionUnavailableError(P.yearly);
        if (plan === 'enterprise') throw new OptionUnavailableError(P.notSellable);
        // a running plan may only be upgraded (issue 23: the plan a refused publish offers); anything else is refused
        const upgrade = account.subscription && isPlanUpgrade(account.subscriptionType, plan);
        if (account.subscription && !upgrade) {
          throw new ConflictError(plan === 'onemonth' ? S.oneMonthForSubscribed : P.alreadySubscribed);
        }
        const events: UserEvent[] = [];
        if (account.customerUid !== customerUid || account.paymentMethod !== cardName) {
          events.push({ type: 'PaymentMethodChanged', data: { userId: account.userId, customerUid, cardName, changedAt: now } });
        }
        // An upgrade takes effect now and its month runs on from the end of the period already paid for, so no
        // paid day is lost; a new subscription's month starts now.
        const from = upgrade ? new Date(Math.max(Date.parse(account.expiresAt), command.data.now.getTime())) : command.data.now;
        const expiresAt = addMonths(from, 1).toISOString();
        events.push({ type: 'UserSubscribed', data: { userId: account.userId, plan, billingCycle: 'month', expiresAt, subscribedAt: now, merchantUid } });
        return events;
      }

      case 'ChangePaymentMethod': {
        const account = usable(state);
        const { customerUid, cardName } = command.data;
        if (account.customerUid === customerUid && account.paymentMethod === cardName) return [];
        return [{ type: 'PaymentMethodChanged', data: { userId: account.userId, customerUid, cardName, changedAt: now } }];
      }

      case 'RenewSubscription': {
        const account = existing(state);
        const { merchantUid } = command.data;
        if (account.renewedMerchantUids.includes(merchantUid)) return [];
        if (account.subscriptionType === 'free' || account.subscriptionType === 'onemonth') throw new ConflictError(S.notSubscribed);
        const expiresAt = addMonths(new Date(account.expiresAt), 1).toISOString();
        return [
          { type: 'SubscriptionRenewed', data: { userId: account.userId, plan: account.subscriptionType, merchantUid, expiresAt, renewedAt: now } },
        ];
      }

      case 'RecordRenewalFailure': {
        if (state.status === 'deleted') return [];
        const account = existing(state);
        const { merchantUid, attempt, failReason, nextAttemptAt } = command.data;
        if (account.renewal?.merchantUid === merchantUid || account.renewedMerchantUids.includes(merchantUid)) return [];
        if (account.subscriptionType === 'free') return [];
        return [
          {
            type: 'RenewalChargeFailed',
            data: { userId: account.userId, merchantUid, attempt, failReason, nextAttemptAt: nextAttemptAt?.toISOString() ?? null, failedAt: now },
          },
        ];
      }

      case 'LapseSubscription': {
        if (state.status === 'deleted') return [];
        const account = existing(state);
        const { reason } = command.data;
        if (account.subscriptionType === 'free') {
          if (reason !== 'trial-ended' || account.trialEnded) return [];
        }
        if (reason !== 'admin' && Date.parse(account.expiresAt) > command.data.now.getTime()) {
          throw new ConflictError('The plan has not ended yet');
        }
        return [{ type: 'SubscriptionLapsed', data: { userId: account.userId, plan: account.subscriptionType, reason, lapsedAt: now } }];
      }

      case 'SchedulePayment': {
        const account = existing(state);
        if (account.customerUid === null) throw new ConflictError(P.noPaymentMethod);
        return [{ type: 'PaymentScheduled', data: { userId: account.userId, scheduleAt: command.data.scheduleAt.toISOString(), scheduledAt: now } }];
      }

      case 'RecordBillingNotice': {
        if (state.status === 'deleted') return [];
        const account = existing(state);
        const { kind, key, title, message } = command.data;
        if (account.noticeKeys.includes(key)) return [];
        const inApp = title !== undefined && message !== undefined ? { title, message } : {};
        return [{ type: 'BillingNoticeSent', data: { userId: account.userId, kind, key, sentAt: now, ...inApp } }];
      }

      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

