import { Router } from 'express';
import {
  DASHBOARD,
  dashboardQuerySchema,
  type DashboardSummary,
} from '@pocketguide/contracts/dashboard/dashboard-summary';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import { ValidationError } from '@pocketguide/platform/http/errors';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import { dashboardProjector } from '@pocketguide/projections/dashboard/dashboard-projector';
import { endOfReportingDay, reportingDay, type DashboardDoc } from '@pocketguide/projections/dashboard/dashboard-docs';
import { answerFromCollection, DashboardReplay } from '@pocketguide/projections/dashboard/dashboard-replay';
import { dashboardReads, summarizeDashboard } from '@pocketguide/projections/dashboard/dashboard-summary';
import type { ReadYourWrites } from '../core/read-your-writes.ts';

export type DashboardRoutesDeps = {
  readStore: ReadStore;
  eventStore: EventStore;
  readYourWrites: ReadYourWrites;
  auth: Auth;
  now?: () => Date;
};

/** Past days never change (an event's recordedAt is when it was appended), so their replays are kept, a few. */
const REPLAY_CACHE_SIZE = 32;
/** Clocks of several writers may disagree by a little: the log is read this far past the cut-off. */
const CLOCK_SLACK_MS = 60_000;

/**
 * The dashboard as it was at `at`, by replaying the log through the dashboard projector in memory (streamed: the
 * log is never held whole). Same fold and same reads as the read model (see replayDashboard).
 */
export async function replayDashboardFromLog(eventStore: EventStore, at: Date): Promise<DashboardSummary> {
  const replay = new DashboardReplay();
  const until = at.getTime();
  const filter = dashboardProjector.filter ?? {};
  for await (const event of eventStore.readAll({ filter })) {
    const recorded = Date.parse(event.recordedAt);
    if (recorded > until + CLOCK_SLACK_MS) break;
    if (recorded <= until) replay.apply(event);
  }
  return replay.summary(at);
}

/**
 * GET /api/admin/dashboard (administrators): the back office's figures (spec 3 §2.5) from the `dashboard` read
 * model. `?asOf=YYYY-MM-DD` (a day in Korea, not after today): the figures as they were at the end of that day (now,
 * for today), replayed from the log.
 */
export function dashboardRoutes({
  readStore,
  eventStore,
  readYourWrites,
  auth,
  now = () => new Date(),
}: DashboardRoutesDeps): Router {
  const router = Router();
  const dashboard = readStore.collection<DashboardDoc>(DASHBOARD);
  const replays = new Map<string, Promise<DashboardSummary>>();

  const replayed = (day: string, current: Date): Promise<DashboardSummary> => {
    // the day's last millisecond: its own "today", everything recorded during it
    const last = new Date(endOfReportingDay(day).getTime() - 1);
    if (last.getTime() >= current.getTime()) return replayDashboardFromLog(eventStore, current);
    let cached = replays.get(day);
    if (!cached) {
      cached = replayDashboardFromLog(eventStore, last);
      cached.catch(() => replays.delete(day));
      replays.set(day, cached);
      if (replays.size > REPLAY_CACHE_SIZE) replays.delete(replays.keys().next().value!);
    }
    return cached;
  };

  router.get('/admin/dashboard', auth.admin, async (req, res) => {
    const { asOf } = parseOrThrow(dashboardQuerySchema, { asOf: req.query.asOf }, 'query');
    const current = now();
    if (asOf !== undefined) {
      const valid =
        !Number.isNaN(endOfReportingDay(asOf).getTime()) &&
        reportingDay(new Date(endOfReportingDay(asOf).getTime() - 1)) === asOf;
      if (!valid)
        throw new ValidationError('asOf must be a calendar day (YYYY-MM-DD)', [
          { path: 'asOf', message: 'Invalid date' },
        ]);
      if (asOf > reportingDay(current))
        throw new ValidationError('asOf cannot be after today', [{ path: 'asOf', message: 'Date in the future' }]);
      res.json(await replayed(asOf, current));
      return;
    }
    await readYourWrites(req, res, [DASHBOARD]);
    const answer: DashboardSummary = summarizeDashboard(
      current,
      await answerFromCollection(dashboard, dashboardReads(current)),
    );
    res.json(answer);
  });

  return router;
}
