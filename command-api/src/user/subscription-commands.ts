import { PAYMENT_MESSAGES as P, SUBSCRIPTION_MESSAGES as S, isPlanUpgrade, type UserEvent } from '@pocketguide/contracts';
import { AppError, ConflictError } from '@pocketguide/platform/http/errors';
import type {
  ChangePaymentMethod,
  ChangeUserPlan,
  LapseSubscription,
  PurchaseSubscription,
  RecordBillingNotice,
  RecordRenewalFailure,
  RenewSubscription,
  SchedulePayment,
  SubscribeUser,
  UnsubscribeUser,
} from './user-commands.ts';
import { existing, usable, type UserState } from './user-state.ts';

/**
 * The billing commands of an account: subscriptions (an administrator's or a person's own purchase), plan changes,
 * the card renewals are charged to, renewals and their failures, lapses, scheduled payments and billing notices.
 * One decide function per command.
 */

/** A purchase option that is not sold (yearly billing, enterprise): 400 with the spec's text. */
export class OptionUnavailableError extends AppError {
  constructor(message: string = P.yearly) {
    super(400, 'option_unavailable', message);
  }
}

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

export function subscribeUser(command: SubscribeUser, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
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

export function unsubscribeUser(command: UnsubscribeUser, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
  const account = existing(state);
  if (!account.subscription) return [];
  // The spec's rule is the person's own button; an administrator may still end a one-month plan.
  if (command.data.by === 'self' && account.subscriptionType === 'onemonth') throw new ConflictError(S.oneMonthUnsubscribe);
  return [{ type: 'UserUnsubscribed', data: { userId: account.userId, expiresAt: account.expiresAt, unsubscribedAt: now } }];
}

export function changeUserPlan(command: ChangeUserPlan, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
  const account = existing(state);
  if (!account.subscription) throw new ConflictError(S.notSubscribed);
  if (account.subscriptionType === command.data.plan) return [];
  return [{ type: 'UserPlanChanged', data: { userId: account.userId, plan: command.data.plan, changedAt: now } }];
}

export function purchaseSubscription(command: PurchaseSubscription, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
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
  // An upgrade takes effect now and its month runs on from the end of the period already paid for, so no paid day
  // is lost; a new subscription's month starts now.
  const from = upgrade ? new Date(Math.max(Date.parse(account.expiresAt), command.data.now.getTime())) : command.data.now;
  const expiresAt = addMonths(from, 1).toISOString();
  events.push({ type: 'UserSubscribed', data: { userId: account.userId, plan, billingCycle: 'month', expiresAt, subscribedAt: now, merchantUid } });
  return events;
}

export function changePaymentMethod(command: ChangePaymentMethod, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
  const account = usable(state);
  const { customerUid, cardName } = command.data;
  if (account.customerUid === customerUid && account.paymentMethod === cardName) return [];
  return [{ type: 'PaymentMethodChanged', data: { userId: account.userId, customerUid, cardName, changedAt: now } }];
}

export function renewSubscription(command: RenewSubscription, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
  const account = existing(state);
  const { merchantUid } = command.data;
  if (account.renewedMerchantUids.includes(merchantUid)) return [];
  if (account.subscriptionType === 'free' || account.subscriptionType === 'onemonth') throw new ConflictError(S.notSubscribed);
  const expiresAt = addMonths(new Date(account.expiresAt), 1).toISOString();
  return [
    { type: 'SubscriptionRenewed', data: { userId: account.userId, plan: account.subscriptionType, merchantUid, expiresAt, renewedAt: now } },
  ];
}

export function recordRenewalFailure(command: RecordRenewalFailure, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
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

export function lapseSubscription(command: LapseSubscription, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
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

export function schedulePayment(command: SchedulePayment, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
  const account = existing(state);
  if (account.customerUid === null) throw new ConflictError(P.noPaymentMethod);
  return [{ type: 'PaymentScheduled', data: { userId: account.userId, scheduleAt: command.data.scheduleAt.toISOString(), scheduledAt: now } }];
}

export function recordBillingNotice(command: RecordBillingNotice, state: UserState): UserEvent[] {
  const now = command.data.now.toISOString();
  if (state.status === 'deleted') return [];
  const account = existing(state);
  const { kind, key, title, message } = command.data;
  if (account.noticeKeys.includes(key)) return [];
  const inApp = title !== undefined && message !== undefined ? { title, message } : {};
  return [{ type: 'BillingNoticeSent', data: { userId: account.userId, kind, key, sentAt: now, ...inApp } }];
}
