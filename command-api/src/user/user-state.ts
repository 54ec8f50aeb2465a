import { ACCOUNT_MESSAGES as M, type Language, type Role, type SubscriptionType, type UserEvent, type UserProfile } from '@pocketguide/contracts';
import { ForbiddenError, NotFoundError } from '@pocketguide/platform/http/errors';

/**
 * The account aggregate's state (`user-<userId>`) and how its events evolve it: the one fold of an account, used
 * by the decider, by `accounts.ts`, `payments.ts` and the guidebook side alike (through the command handler's
 * loader). Everything a person or an administrator does to an account is one of the commands in
 * `user-commands.ts`; secrets never pass through here (passwords go to the credential store, tokens arrive hashed).
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

export const initialState = (): UserState => ({ status: 'none' });

/** Keeps the last `max` of a growing list (dedup keys: old ones can no longer come back). */
const lastOf = <T>(items: readonly T[], item: T, max = 50): T[] => [...items, item].slice(-max);

/** The account a command acts on: 404 when there is none (never registered, or deleted). */
export function existing(state: UserState): Account {
  if (state.status !== 'registered') throw new NotFoundError('User not found');
  return state.account;
}

/** What the person may do for themselves: not while hidden (spec: blocked from all services). */
export function usable(state: UserState): Account {
  const account = existing(state);
  if (account.hidden) throw new ForbiddenError(M.accountHidden);
  return account;
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

export function evolve(state: UserState, event: UserEvent): UserState {
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
}
