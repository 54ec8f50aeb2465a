/**
 * The paid plans the front page lists, with their monthly prices in won, VAT included (spec 2 §3 and §9: the
 * catalogue's amounts are what is charged, e.g. the one-month pass's 30,000 + 10 % VAT = 33,000).
 *
 * Spec 3 §2.11's update banner announces new monthly prices from 1 November 2025 (Korean time) for standard, pro
 * and business; the front page shows the price in effect on the day it is read, so it never contradicts the
 * banner above it. Mini keeps its price (the announcement does not name it).
 *
 * Not in contracts yet: nothing on the server charges by plan today. When payments are built, these belong in
 * contracts (ARCHITECTURE.md: business constants, plans and prices) and this file should read them from there.
 */
export const LANDING_PLANS = ['mini', 'standard', 'pro', 'business'] as const;
export type LandingPlan = (typeof LANDING_PLANS)[number];

const CATALOGUE_MONTHLY_KRW: Record<LandingPlan, number> = { mini: 11_000, standard: 33_000, pro: 110_000, business: 220_000 };
export const NEW_PRICES_FROM = new Date('2025-11-01T00:00:00+09:00');
const NEW_MONTHLY_KRW: Partial<Record<LandingPlan, number>> = { standard: 50_000, pro: 150_000, business: 330_000 };

/** The plan the front page points out (the purchase screen's default, spec 2 §2). */
export const HIGHLIGHTED_PLAN: LandingPlan = 'standard';

export function monthlyPriceKrw(plan: LandingPlan, now: Date = new Date()): number {
  const announced = now.getTime() >= NEW_PRICES_FROM.getTime() ? NEW_MONTHLY_KRW[plan] : undefined;
  return announced ?? CATALOGUE_MONTHLY_KRW[plan];
}
