import type { BillingCycle, BillingNoticeKind, LapseReason, Language, MailKind, PaidPlan, Role, UserProfile } from '@pocketguide/contracts';

/**
 * The commands of the account aggregate (`user-<userId>`): what a person, an administrator or a worker asks of an
 * account. Each has its decide function in `identity-commands.ts` or `subscription-commands.ts`.
 */

export type At = { now: Date };

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
