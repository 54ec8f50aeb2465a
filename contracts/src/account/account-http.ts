import { z } from 'zod';
import { LANGUAGES, ROLES, SUBSCRIPTION_TYPES, USER_STATUSES } from './account-limits.ts';

/** Answers of the account calls (spec 2 §7, spec 3 §7). */

/** The session data the client keeps after signing in (spec 2 §3). */
export const sessionUserSchema = z.object({
  id: z.string(),
  role: z.enum(ROLES),
  name: z.string(),
  companyName: z.string(),
  /** address of the portrait (under /media), null when none */
  image: z.string().nullable(),
  email: z.string(),
  subscription: z.boolean(),
  subscriptionType: z.enum(SUBSCRIPTION_TYPES),
  expiresAt: z.string(),
  paymentMethod: z.string().nullable(),
  language: z.enum(LANGUAGES),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** POST /api/auth (201). */
export const authResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** POST /api/auth/kakao (201): the spec's success flag, and the same session as a password login. */
export const kakaoAuthResponseSchema = authResponseSchema.extend({
  success: z.literal(true),
  /** true when this sign-in created the account */
  created: z.boolean(),
});
export type KakaoAuthResponse = z.infer<typeof kakaoAuthResponseSchema>;

/**
 * One user as GET /api/users/{id} and the admin list show it. Text fields the person left empty are ''.
 * `website` repeats `companyWebsite` under the admin view's name.
 */
export const userViewSchema = sessionUserSchema.extend({
  _id: z.string(),
  companyAddress: z.string(),
  companyPhone: z.string(),
  companyWebsite: z.string(),
  website: z.string(),
  mobile: z.string(),
  createdAt: z.string(),
  isActivated: z.boolean(),
  isHidden: z.boolean(),
  /** the list's label: hidden, then active, then not confirmed (inactive) */
  status: z.enum(USER_STATUSES),
  guidebooksCount: z.number().int(),
});
export type UserView = z.infer<typeof userViewSchema>;

/** PUT /api/users/{id} and PUT /api/users/{id}/image (200): the user as it is now, and where to read it after. */
export const userUpdatedSchema = userViewSchema.extend({ position: z.number().int() });
export type UserUpdated = z.infer<typeof userUpdatedSchema>;

/**
 * GET /api/users (administrators). Spec 3 §7 names the envelope `users, pages`; the other lists use
 * `results, page, pageCount, pageSize, totalCount`; both are given (same items, `pages` = `pageCount`).
 */
export const userListSchema = z.object({
  users: z.array(userViewSchema),
  pages: z.number().int(),
  results: z.array(userViewSchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type UserList = z.infer<typeof userListSchema>;

/** The administrator subscription calls (spec 3 §7: 'response.user'). */
export const adminSubscriptionAnswerSchema = z.object({ user: userViewSchema, position: z.number().int() });
export type AdminSubscriptionAnswer = z.infer<typeof adminSubscriptionAnswerSchema>;

/** POST /api/users (201). */
export const signupAcceptedSchema = z.object({
  _id: z.string(),
  id: z.string(),
  email: z.string(),
  position: z.number().int(),
  message: z.string(),
});
export type SignupAccepted = z.infer<typeof signupAcceptedSchema>;

/** Plain acknowledgements (activation, resend, resets, password change, hide, delete). */
export const accountAckSchema = z.object({ message: z.string(), position: z.number().int().optional() });
export type AccountAck = z.infer<typeof accountAckSchema>;

/**
 * PUT /api/users/{id}/password: every session signed in before the change has ended; `token` is a new session for
 * the device that changed it.
 */
export const passwordChangeAckSchema = accountAckSchema.extend({ token: z.string() });
export type PasswordChangeAck = z.infer<typeof passwordChangeAckSchema>;

/** The status label the admin list shows and filters on: hidden, then active, then not confirmed. */
export function userStatusOf(user: { isHidden: boolean; isActivated: boolean }): UserView['status'] {
  if (user.isHidden) return 'hidden';
  return user.isActivated ? 'active' : 'inactive';
}

type UserFields = Omit<UserView, '_id' | 'website' | 'status'> & { isHidden: boolean; isActivated: boolean };

/** A user as the API shows it, from a read-model document or from the command side's state. */
export function toUserView(user: UserFields): UserView {
  return {
    _id: user.id,
    id: user.id,
    role: user.role,
    name: user.name,
    companyName: user.companyName,
    image: user.image,
    email: user.email,
    subscription: user.subscription,
    subscriptionType: user.subscriptionType,
    expiresAt: user.expiresAt,
    paymentMethod: user.paymentMethod,
    language: user.language,
    companyAddress: user.companyAddress,
    companyPhone: user.companyPhone,
    companyWebsite: user.companyWebsite,
    website: user.companyWebsite,
    mobile: user.mobile,
    createdAt: user.createdAt,
    isActivated: user.isActivated,
    isHidden: user.isHidden,
    status: userStatusOf(user),
    guidebooksCount: user.guidebooksCount,
  };
}

export function toSessionUser(user: SessionUser): SessionUser {
  const {
    id,
    role,
    name,
    companyName,
    image,
    email,
    subscription,
    subscriptionType,
    expiresAt,
    paymentMethod,
    language,
  } = user;
  return {
    id,
    role,
    name,
    companyName,
    image,
    email,
    subscription,
    subscriptionType,
    expiresAt,
    paymentMethod,
    language,
  };
}
