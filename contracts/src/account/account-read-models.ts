import type { Language, Role, SubscriptionType, UserStatus } from './account-limits.ts';

/** The administrators' users list and every user's profile view: one document per living account. */
export const USERS = 'users';

export type UserDoc = {
  id: string;
  email: string;
  name: string;
  companyName: string;
  companyAddress: string;
  companyPhone: string;
  companyWebsite: string;
  mobile: string;
  role: Role;
  image: string | null;
  language: Language;
  createdAt: string;
  isActivated: boolean;
  isHidden: boolean;
  status: UserStatus;
  subscription: boolean;
  subscriptionType: SubscriptionType;
  expiresAt: string;
  /** the card's name (the session's `paymentMethod`), null when none */
  paymentMethod: string | null;
  /** the billing key renewals are charged to (absent on documents built before payments) */
  customerUid?: string | null;
  /** a failed renewal waiting for its next attempt, for the billing worker */
  renewal?: { merchantUid: string; attempt: number; nextAttemptAt: string | null } | null;
  /** when an administrator asked for the card to be charged (the billing worker's due list) */
  paymentScheduledAt?: string | null;
  guidebooksCount: number;
  updatedAt: string;
};

/** Open password-reset links by the SHA-256 of their token: what GET password-resets/check reads. */
export const PASSWORD_RESETS = 'password-resets';

export type PasswordResetDoc = {
  /** SHA-256 (hex) of the token */
  id: string;
  userId: string;
  requestedAt: string;
  expiresAt: string;
  state: 'open' | 'closed';
};
