import { z } from 'zod';
import { REPORTING_UTC_OFFSET_MINUTES } from './account-limits.ts';

/**
 * GET /api/admin/users/{userId}/activity (administrators): the activity overview of the admin user detail
 * (spec 3 §2.6 "activity overview with statistics counts"; spec 2 §9 "months active is computed from createdAt").
 * Built from the read models at read time. `payments` is null when the payments read model is not there (its
 * projector has never run), so "not known" never shows as "none".
 */
export const adminUserActivitySchema = z.object({
  userId: z.string(),
  createdAt: z.string(),
  /** whole months since joining, in Korean calendar days (0 in the first month) */
  monthsActive: z.number().int().nonnegative(),
  /** living guidebooks (deleted ones left out) */
  guidebooksCount: z.number().int().nonnegative(),
  publishedCount: z.number().int().nonnegative(),
  publicGalleryCount: z.number().int().nonnegative(),
  /** reader views of the living guidebooks, summed */
  views: z.number().int().nonnegative(),
  payments: z
    .object({
      /** payments that went through (paid, or refunded after), card checks left out */
      count: z.number().int().nonnegative(),
      /** won kept: what they paid less what was refunded */
      total: z.number(),
      lastPaidAt: z.string().nullable(),
    })
    .nullable(),
  /** the latest of joining, a change to one of their guidebooks, and a payment */
  lastActivityAt: z.string(),
});
export type AdminUserActivity = z.infer<typeof adminUserActivitySchema>;

/** The Korean calendar date (the reporting day, UTC+9) of an instant. */
function reportingDate(at: Date): { year: number; month: number; day: number } {
  const local = new Date(at.getTime() + REPORTING_UTC_OFFSET_MINUTES * 60_000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth(), day: local.getUTCDate() };
}

/**
 * Whole calendar months from `createdAt` to `now` (spec: months active is computed from createdAt), counted on
 * Korean calendar days: a month is complete on the same day number of a later month, or on that month's last day
 * when it is shorter (joined Jan 31: 1 on Feb 28). 0 in the first month, never negative.
 */
export function monthsActiveOf(createdAt: string, now: Date): number {
  const start = new Date(createdAt);
  if (Number.isNaN(start.getTime()) || start.getTime() >= now.getTime()) return 0;
  const from = reportingDate(start);
  const to = reportingDate(now);
  const months = (to.year - from.year) * 12 + (to.month - from.month);
  const lastDayOfMonth = new Date(Date.UTC(to.year, to.month + 1, 0)).getUTCDate();
  const complete = to.day >= Math.min(from.day, lastDayOfMonth);
  return Math.max(0, complete ? months : months - 1);
}
