import {
  ACCOUNT_MESSAGES as M,
  DEFAULT_LANGUAGE,
  PASSWORD_RESET_TTL_MINUTES,
  TRIAL_DAYS,
  type UserEvent,
  type UserProfile,
} from '@pocketguide/contracts';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '@pocketguide/platform/http/errors';
import type {
  ActivateUser,
  ChangePassword,
  ChangeUserImage,
  ChangeUserRole,
  CompletePasswordReset,
  DeleteUser,
  LinkKakaoAccount,
  RecordMailSent,
  RegisterUser,
  RequestPasswordReset,
  ResendVerification,
  SetUserHidden,
  SignOut,
  UpdateProfile,
} from './user-commands.ts';
import { existing, usable, type UserState } from './user-state.ts';

/**
 * The identity commands of an account: signing up and verifying the address, signing in and out, the password,
 * the profile, and what administrators do to an account (hide, role, delete). One decide function per command.
 */

/** Mails (verification resends, reset links) a person may trigger per hour: enough for typos, not for spam. */
export const MAIL_REQUESTS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

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

export function registerUser(command: RegisterUser, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
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

export function activateUser(command: ActivateUser, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
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

export function resendVerification(command: ResendVerification, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
  const account = usable(state);
  if (account.activated) throw new ConflictError('This email is already verified. Please log in.');
  checkMailLimit(account.verificationRequests, command.data.now);
  const { activationId, tokenHash } = command.data;
  return [{ type: 'VerificationResent', data: { userId: account.userId, activationId, tokenHash, requestedAt: now } }];
}

export function requestPasswordReset(command: RequestPasswordReset, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
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

export function completePasswordReset(command: CompletePasswordReset, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
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

export function changePassword(command: ChangePassword, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
  const account = command.data.via === 'admin' ? existing(state) : usable(state);
  return [{ type: 'PasswordChanged', data: { userId: account.userId, changedAt: now, via: command.data.via } }];
}

export function signOut(command: SignOut, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
  const account = existing(state);
  const { sessionId, until } = command.data;
  // signing out twice, or after the token expired, changes nothing
  if (until.getTime() <= command.data.now.getTime()) return [];
  if (account.endedSessions.some((ended) => ended.sessionId === sessionId)) return [];
  return [{ type: 'UserSignedOut', data: { userId: account.userId, sessionId, until: until.toISOString(), signedOutAt: now } }];
}

export function updateProfile(command: UpdateProfile, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
  const account = usable(state);
  const profile = compactProfile(command.data.profile);
  const language = command.data.language ?? account.language;
  if (sameProfile(profile, account.profile) && language === account.language) return [];
  return [{ type: 'UserProfileUpdated', data: { userId: account.userId, profile, language, updatedAt: now } }];
}

export function changeUserImage(command: ChangeUserImage, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
  const account = usable(state);
  if (account.image === command.data.image) return [];
  return [{ type: 'UserImageChanged', data: { userId: account.userId, image: command.data.image, changedAt: now } }];
}

export function linkKakaoAccount(command: LinkKakaoAccount, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
  const account = usable(state);
  if (account.kakaoId === command.data.kakaoId) return [];
  if (account.kakaoId !== null) throw new ConflictError('This account is already linked to another Kakao account');
  return [{ type: 'KakaoAccountLinked', data: { userId: account.userId, kakaoId: command.data.kakaoId, linkedAt: now } }];
}

export function recordMailSent(command: RecordMailSent, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
  // A mail for an account deleted meanwhile is simply not recorded: the worker must not get stuck on it.
  if (state.status === 'deleted') return [];
  const account = existing(state);
  if (account.sentMailIds.includes(command.data.mailId)) return [];
  const { mailId, kind } = command.data;
  return [{ type: 'MailSent', data: { userId: account.userId, mailId, kind, sentAt: now } }];
}

export function setUserHidden(command: SetUserHidden, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
  const account = existing(state);
  if (account.hidden === command.data.isHidden) return [];
  return command.data.isHidden
    ? [{ type: 'UserHidden', data: { userId: account.userId, hiddenAt: now } }]
    : [{ type: 'UserUnhidden', data: { userId: account.userId, unhiddenAt: now } }];
}

export function changeUserRole(command: ChangeUserRole, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
  const account = existing(state);
  if (account.role === command.data.role) return [];
  return [{ type: 'UserRoleChanged', data: { userId: account.userId, role: command.data.role, changedAt: now } }];
}

export function deleteUser(command: DeleteUser, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
  // Deleting twice is the same as once: a retried admin click must not fail.
  if (state.status === 'deleted') return [];
  const account = existing(state);
  return [{ type: 'UserDeleted', data: { userId: account.userId, deletedAt: now } }];
}
