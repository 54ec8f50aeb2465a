import type { PaidPlan, SubscriptionType } from '../account/account-limits.ts';

export type { PaidPlan };

/**
 * Plans, prices and what each plan includes (spec 2 §3 and §9, payments design). Prices are monthly, in won, VAT
 * (10 %) included: the amount a card is charged. Only the month cycle is sold; a yearly purchase is refused with
 * PAYMENT_MESSAGES.yearly.
 *
 * The price in effect depends on the charge's date: before NEW_PRICES_FROM the catalogue, from then the announced
 * prices (spec 3 §2.11's banner). Existing subscribers pay the price in effect on each charge's date.
 */

/** When the announced prices take effect: 1 November 2025, 00:00 Korean time. */
export const NEW_PRICES_FROM = new Date('2025-11-01T00:00:00+09:00');

/** The plans a person can buy on the purchase step (onemonth is bought through its own call). */
export const SELLABLE_PLANS = ['mini', 'standard', 'pro', 'business'] as const;
export type SellablePlan = (typeof SELLABLE_PLANS)[number];

/** The plans a person can pay for themselves: the sellable ones and the one-month pass. */
export const PURCHASABLE_PLANS = ['mini', 'standard', 'pro', 'business', 'onemonth'] as const;
export type PurchasablePlan = (typeof PURCHASABLE_PLANS)[number];

export type PlanCatalogueEntry = {
  /** monthly price before NEW_PRICES_FROM */
  catalogue: number;
  /** monthly price from NEW_PRICES_FROM */
  fromNewPrices: number;
  /** guidebooks published at once (gallery ones excluded) */
  publishLimit: number;
  /** bought by people (enterprise is given by an administrator and invoiced by transfer) */
  sellable: boolean;
};

export const PLAN_CATALOGUE: Record<PaidPlan, PlanCatalogueEntry> = {
  mini: { catalogue: 11_000, fromNewPrices: 11_000, publishLimit: 3, sellable: true },
  standard: { catalogue: 33_000, fromNewPrices: 50_000, publishLimit: 10, sellable: true },
  pro: { catalogue: 110_000, fromNewPrices: 150_000, publishLimit: 30, sellable: true },
  business: { catalogue: 220_000, fromNewPrices: 330_000, publishLimit: 100, sellable: true },
  /** not sold; its own renewals are charged 0 (invoiced by transfer) */
  enterprise: { catalogue: 0, fromNewPrices: 0, publishLimit: 1000, sellable: false },
  /** one month of standard, never renewed */
  onemonth: { catalogue: 33_000, fromNewPrices: 50_000, publishLimit: 10, sellable: true },
};

/** The amount charged (won, VAT included) for one month of `plan` on the date `at`. */
export function priceOf(plan: PaidPlan, at: Date): number {
  const entry = PLAN_CATALOGUE[plan];
  return at.getTime() >= NEW_PRICES_FROM.getTime() ? entry.fromNewPrices : entry.catalogue;
}

/** Guidebooks a plan may have published at once (gallery ones excluded). The free trial publishes none. */
export function publishLimitOf(plan: SubscriptionType): number {
  return plan === 'free' ? 0 : PLAN_CATALOGUE[plan].publishLimit;
}

/**
 * The publish refusal with the owner's own limit (spec 1 §5's text, whose 10 is the standard plan's number).
 */
export function publishLimitMessage(limit: number): string {
  return `You already have ${limit} published guidebooks. Please unpublish one of the guidebooks.`;
}

/**
 * The smallest plan a person can buy that publishes more at once than `plan` does: what a refused publish on a plan
 * limit offers. Null when no sellable plan allows more (business, enterprise).
 */
export function planAllowingMoreThan(plan: SubscriptionType): SellablePlan | null {
  const limit = publishLimitOf(plan);
  return SELLABLE_PLANS.find((candidate) => PLAN_CATALOGUE[candidate].publishLimit > limit) ?? null;
}

/**
 * Whether a person on `current` may buy `next` as an upgrade while their plan runs (issue 23: the plan a refused
 * publish offers must be one they can buy). An upgrade is a sellable, renewing plan that publishes more at once
 * than the current paid plan (a one-month pass included); the free plan buys as a new subscription, enterprise is
 * the administrators'.
 */
export function isPlanUpgrade(current: SubscriptionType, next: PaidPlan): boolean {
  if (current === 'free' || current === 'enterprise' || next === 'onemonth') return false;
  return (SELLABLE_PLANS as readonly string[]).includes(next) && publishLimitOf(next) > publishLimitOf(current);
}

/** The plans a person on `current` can upgrade to, smallest first. */
export function upgradesFrom(current: SubscriptionType): SellablePlan[] {
  return SELLABLE_PLANS.filter((plan) => isPlanUpgrade(current, plan));
}

/** The amount of the card check a payment-method change makes (cancelled at once, spec 2 §9). */
export const CARD_CHECK_AMOUNT = 100;

/** Payment lists' page size (spec 2 §9). */
export const PAYMENTS_PAGE_SIZE = 10;

/** How many times a failed renewal is tried (the first charge and its retries) before the subscription lapses. */
export const RENEWAL_MAX_ATTEMPTS = 4;

/** The spec's texts word for word (spec 2 §5, §8), then this server's own. */
export const PAYMENT_MESSAGES = {
  oneMonthForSubscribed: 'Subscribed user is not allowed to purchase one month plan',
  oneMonthUnsubscribe: 'One month subscription is not allowed to unsubscribe',
  yearly: 'Sorry. This option is not available right now.',
  subscribeToPublish: 'You need to subscribe to publish this guidebook',
  // ---- not in the spec ----
  notPaid: 'The payment was not completed, so nothing was charged and your plan is unchanged.',
  amountMismatch: 'The amount paid does not match the price of this plan, so the plan was not changed. Please contact us for a refund.',
  merchantMismatch: 'This payment does not belong to this purchase, so the plan was not changed.',
  paymentNotFound: 'The payment could not be found with the payment provider.',
  paymentUsed: 'This payment was already used.',
  debugNotAllowed: 'Test payments are not accepted by this server.',
  notSellable: 'This plan cannot be bought online. Please contact us.',
  alreadySubscribed: 'You already have a subscription. Change your plan or payment method instead.',
  notSubscribed: 'You have no subscription to unsubscribe from.',
  noPaymentMethod: 'There is no card on file for this account.',
  cardCheckFailed: 'The card could not be verified. Please try another card.',
  providerUnavailable: 'The payment service is not answering right now. Please try again in a moment.',
  orderNotFound: 'Payment not found',
  /** a payment that has no receipt: failed, unanswered, or a card check */
  receiptNotFound: 'This payment has no receipt',
  notRefundable: 'This payment cannot be refunded.',
  refundTooLarge: 'The refund is larger than what is left of this payment.',
  deleted: 'Payment deleted',
  merchantUidRefused:
    'merchant_uid must be pg_purchase_ (a plan) or pg_onemonth_ (the one-month pass) followed by 8 to 28 letters or digits, such as pg_purchase_1764115200123ab12.',
  notGrantedRefunded: 'This payment could not be applied to your account, so it was cancelled and refunded in full.',
} as const;
