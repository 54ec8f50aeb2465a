import { z } from 'zod';

/**
 * GET /api/admin/dashboard (spec 3 §2.5 and §3 "Dashboard summary"): the back office's figures, built from the
 * `dashboard` read model (or, with `?asOf=YYYY-MM-DD`, by replaying the log up to the end of that day in Korea).
 * Amounts are won (VAT included); percentages are 0–100 with one decimal; months are YYYY-MM and days YYYY-MM-DD
 * in Korean time (REPORTING_UTC_OFFSET_MINUTES). Every figure is defined in projections/src/dashboard/README.
 */

export const DASHBOARD = 'dashboard';
/** How many months the three trends show, the current one included. */
export const DASHBOARD_TREND_MONTHS = 12;
export const DASHBOARD_PLANS = ['free', 'mini', 'standard', 'pro', 'business', 'enterprise', 'onemonth'] as const;

const count = z.number().int().nonnegative();
const won = z.number().int();
const percent = z.number();
const month = z.string().regex(/^\d{4}-\d{2}$/);

export const dashboardSummarySchema = z.object({
  /** the instant the figures describe: now, or the end of the asOf day */
  asOf: z.iso.datetime(),
  /** the day "today" means (Korea), YYYY-MM-DD */
  today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** the current month (Korea), YYYY-MM */
  month,
  /** false: the live read model; true: replayed from the log for `asOf` */
  replayed: z.boolean(),

  usersTotal: count,
  usersToday: count,
  paidUsers: count,
  /** paid ÷ total users × 100, one decimal */
  conversionRate: percent,
  activeUsers: count,
  inactiveUsers: count,
  hiddenUsers: count,
  activeRate: percent,
  freeUsers: count,
  standardUsers: count,
  proUsers: count,
  businessUsers: count,
  /** accounts on every plan, the four the spec names and the others (mini, enterprise, onemonth) */
  plans: z.record(z.enum(DASHBOARD_PLANS), count),

  guidebooksTotal: count,
  guidebooksToday: count,
  publishedGuidebooks: count,
  publicGalleryGuidebooks: count,
  publishedRate: percent,
  publicGalleryRate: percent,

  /** net revenue (paid − refunded) recorded today */
  paymentsToday: won,
  /** net revenue since the start */
  paymentsTotal: won,
  /** net revenue of the current month */
  paymentsThisMonth: won,
  /**
   * monthly recurring revenue: the monthly price in effect of every subscription that renews, less what was refunded
   * of its current period (up to that price); a lapsed subscription is in it no more
   */
  mrr: won,

  usersTrend: z.array(z.object({ month, paidUsers: count })),
  guidebooksTrend: z.array(z.object({ month, total: count })),
  paymentsTrend: z.array(z.object({ month, amount: won })),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
export type DashboardPlan = (typeof DASHBOARD_PLANS)[number];

/** `?asOf=YYYY-MM-DD`: a calendar day in Korea, not after today. */
export const dashboardQuerySchema = z.object({
  asOf: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

/**
 * The list each counted figure opens, and the filters that make the list's total the figure: the dashboard's links
 * are built from these and a test compares every figure with its list's `totalCount`. `users` is the administrators'
 * account list (GET /api/users, /admin/users), `guidebooks` theirs of guidebooks (GET /api/admin/guidebooks,
 * /admin/guidebooks). Administrators are never members, so every account link asks for `role=user`; "today" is
 * always `today=true`.
 */
export type DashboardLink = { list: 'users' | 'guidebooks'; query: Record<string, string> };
export const DASHBOARD_LINKS = {
  usersTotal: { list: 'users', query: { role: 'user' } },
  usersToday: { list: 'users', query: { role: 'user', today: 'true' } },
  paidUsers: { list: 'users', query: { role: 'user', paid: 'true' } },
  activeUsers: { list: 'users', query: { role: 'user', status: 'active' } },
  hiddenUsers: { list: 'users', query: { role: 'user', status: 'hidden' } },
  inactiveUsers: { list: 'users', query: { role: 'user', status: 'inactive' } },
  guidebooksTotal: { list: 'guidebooks', query: {} },
  guidebooksToday: { list: 'guidebooks', query: { today: 'true' } },
  publishedGuidebooks: { list: 'guidebooks', query: { status: 'published' } },
  publicGalleryGuidebooks: { list: 'guidebooks', query: { status: 'public-gallery' } },
} as const satisfies Record<string, DashboardLink>;
export type DashboardLinkedFigure = keyof typeof DASHBOARD_LINKS;
/** The accounts on one plan (the plan shares). */
export const dashboardPlanLink = (plan: DashboardPlan): DashboardLink => ({
  list: 'users',
  query: { role: 'user', subscriptionType: plan },
});
/** `?…` of a link (empty when it has no filter). */
export const dashboardLinkSearch = (link: DashboardLink): string => {
  const search = new URLSearchParams(link.query).toString();
  return search ? `?${search}` : '';
};
