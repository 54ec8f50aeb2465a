import { NEW_PRICES_FROM, priceOf, SELLABLE_PLANS, type SellablePlan } from '@pocketguide/contracts';

/**
 * The paid plans the front page lists, with their monthly prices in won, VAT included (spec 2 §3 and §9). The
 * numbers live in contracts (`payment/plans.ts`), where the server charges by them: the front page shows the
 * price in effect on the day it is read, so it never contradicts the update banner above it.
 */
export const LANDING_PLANS = SELLABLE_PLANS;
export type LandingPlan = SellablePlan;
export { NEW_PRICES_FROM };

/** The plan the front page points out (the purchase screen's default, spec 2 §2). */
export const HIGHLIGHTED_PLAN: LandingPlan = 'standard';

export function monthlyPriceKrw(plan: LandingPlan, now: Date = new Date()): number {
  return priceOf(plan, now);
}
