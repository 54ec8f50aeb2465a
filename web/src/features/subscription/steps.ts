import type { SubscriptionType } from '@pocketguide/contracts';

/** Spec 2 §2: the subscription screen's steps. */
export const SUBSCRIPTION_STEPS = [
  'free',
  'standard',
  'mini',
  'pro',
  'business',
  'onemonth',
  'purchase',
  'paymentHistory',
  'unsubscribe',
] as const;
export type SubscriptionStep = (typeof SUBSCRIPTION_STEPS)[number] | 'enterprise';

const isStep = (value: string | null): value is (typeof SUBSCRIPTION_STEPS)[number] =>
  value !== null && (SUBSCRIPTION_STEPS as readonly string[]).includes(value);

/** The step of a subscription type: close, cancel and success return here (spec 2 §4). */
export function typeStep(type: SubscriptionType): SubscriptionStep {
  return type;
}

/**
 * The step shown: the query's when it names one, else the session's subscription type's. A free trial has nothing
 * to unsubscribe from, so `?step=unsubscribe` shows it its own step instead (issue 23).
 */
export function currentStep(query: string | null, type: SubscriptionType): SubscriptionStep {
  if (query === 'unsubscribe' && type === 'free') return typeStep(type);
  return isStep(query) ? query : typeStep(type);
}

/** The paid plans' step (one screen for all of them). */
export const PAID_STEPS = ['standard', 'mini', 'pro', 'business', 'enterprise'] as const;
export const isPaidStep = (step: SubscriptionStep): step is (typeof PAID_STEPS)[number] =>
  (PAID_STEPS as readonly string[]).includes(step);
