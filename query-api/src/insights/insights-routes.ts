import { Router, type Request, type Response } from 'express';
import {
  COVER_PAGE,
  GUIDEBOOK_EDITOR,
  GUIDEBOOK_MESSAGES,
  INSIGHTS_MESSAGES,
  READING_INSIGHTS,
  READING_STREAM_CATEGORY,
  USERS,
  insightsQuerySchema,
  koreanDay,
  readingInsightIds,
  readingInsightOf,
  readingStream,
  type GuidebookEditorDoc,
  type ReadingInsightsDoc,
  type ReadingScope,
  type UserDoc,
} from '@pocketguide/contracts';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import type { EventStore, RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import { ForbiddenError, NotFoundError, ValidationError } from '@pocketguide/platform/http/errors';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import type { Collection, ReadStore } from '@pocketguide/platform/read-store/read-store';
import type { ReadYourWrites } from '../core/read-your-writes.ts';
import { pathParam } from '@pocketguide/platform/http/path-param';
import {
  insightsAnswer,
  insightsCsv,
  insightsDocIds,
  insightsRange,
  isCalendarDay,
  type PageTitles,
} from './insights-answer.ts';

export type InsightsRoutesDeps = {
  readStore: ReadStore;
  eventStore: Pick<EventStore, 'readStream' | 'readAll'>;
  auth: Auth;
  readYourWrites: ReadYourWrites;
  now?: () => Date;
};

/** End of a Korean day as an instant. */
const endOfKoreanDay = (day: string): number => Date.parse(`${day}T00:00:00+09:00`) + 24 * 3600_000;

/** The documents (days and months) a replay of reading events recorded up to `until` builds: the "as of" view. */
async function replayDays(
  events: AsyncIterable<RecordedEvent>,
  until: number,
): Promise<Map<string, ReadingInsightsDoc>> {
  const docs = new Map<string, ReadingInsightsDoc>();
  for await (const event of events) {
    if (Date.parse(event.recordedAt) > until) continue;
    for (const id of readingInsightIds(event)) {
      const next = readingInsightOf(docs.get(id) ?? null, event, id);
      if (next) docs.set(id, next);
    }
  }
  return docs;
}

/**
 * Reader insights (issue 24); the readers' beacons (`POST /api/reading`) come in through `beacon-intake.ts`:
 * - `GET /api/guidebooks/{id}/insights` (its owner, administrators) and `GET /api/admin/insights` (administrators,
 *   `?company=` for one company's guidebooks): the figures of `?from`–`?to` (Korean days, default the last 30) beside
 *   the period before; `?asOf=` replays the reading events recorded up to the end of that day; `?format=csv`.
 */
export function insightsRoutes({
  readStore,
  eventStore,
  auth,
  readYourWrites,
  now = () => new Date(),
}: InsightsRoutesDeps): Router {
  const router = Router();
  const editor = readStore.collection<GuidebookEditorDoc>(GUIDEBOOK_EDITOR);
  const users = readStore.collection<UserDoc>(USERS);
  const insights: Collection<ReadingInsightsDoc> = readStore.collection<ReadingInsightsDoc>(READING_INSIGHTS);
  function parseQuery(req: Request) {
    const query = parseOrThrow(insightsQuerySchema, req.query, 'query');
    const today = koreanDay(now());
    const range = insightsRange(today, query.from, query.to);
    if (!range)
      throw new ValidationError(INSIGHTS_MESSAGES.badRange, [{ path: 'from', message: INSIGHTS_MESSAGES.badRange }]);
    if (query.asOf !== undefined && (!isCalendarDay(query.asOf) || query.asOf > today)) {
      throw new ValidationError('asOf must be a calendar day (YYYY-MM-DD), not after today', [
        { path: 'asOf', message: 'Invalid date' },
      ]);
    }
    return { ...query, range };
  }

  /** The range's documents, each day once: its whole months' rollups and its other days, read by id. */
  async function docsOf(
    scope: ReadingScope,
    keys: readonly string[],
    from: string,
    to: string,
    replay: Map<string, ReadingInsightsDoc> | null,
  ): Promise<ReadingInsightsDoc[]> {
    const ids = keys.flatMap((key) => insightsDocIds(scope, key, from, to));
    if (ids.length === 0) return [];
    if (replay) return ids.flatMap((id) => replay.get(id) ?? []);
    return insights.getMany(ids);
  }

  function send(req: Request, res: Response, answer: ReturnType<typeof insightsAnswer>, name: string): void {
    res.set('Cache-Control', 'private, no-store');
    if (req.query.format === 'csv') {
      res.set('Content-Type', 'text/csv; charset=utf-8');
      res.set('Content-Disposition', `attachment; filename="${name}-${answer.from}-${answer.to}.csv"`);
      res.send(insightsCsv(answer));
      return;
    }
    res.json(answer);
  }

  router.get('/guidebooks/:id/insights', auth.required, async (req, res) => {
    const id = pathParam(req, 'id', GUIDEBOOK_MESSAGES.notFound);
    const query = parseQuery(req);
    await readYourWrites(req, res, [READING_INSIGHTS, GUIDEBOOK_EDITOR]);
    const guidebook = await editor.get(id);
    if (!guidebook) throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
    const caller = req.user!;
    if (!caller.isAdmin && caller.id !== guidebook.ownerId) throw new ForbiddenError();
    const titles: PageTitles = new Map<string, string>([
      [COVER_PAGE, ''],
      ...guidebook.document.contents.map((page) => [page._id, page.title] as [string, string]),
    ]);
    const replay =
      query.asOf === undefined
        ? null
        : await replayDays(eventStore.readStream(readingStream(id)), endOfKoreanDay(query.asOf));
    const { range } = query;
    const answer = insightsAnswer({
      scope: 'guidebook',
      title: guidebook.document.title,
      range,
      asOf: query.asOf ?? null,
      docs: await docsOf('guidebook', [id], range.from, range.to, replay),
      previousDocs: await docsOf('guidebook', [id], range.previous.from, range.previous.to, replay),
      titles,
    });
    send(req, res, answer, 'insights');
  });

  router.get('/admin/insights', auth.admin, async (req, res) => {
    const query = parseQuery(req);
    await readYourWrites(req, res, [READING_INSIGHTS, USERS]);
    const replay =
      query.asOf === undefined
        ? null
        : await replayDays(
            eventStore.readAll({ filter: { streamCategories: [READING_STREAM_CATEGORY] } }),
            endOfKoreanDay(query.asOf),
          );
    const { range } = query;
    const [scope, keys]: [ReadingScope, string[]] =
      query.company === undefined
        ? ['site', ['*']]
        : ['owner', (await users.find({ companyName: query.company })).map((user) => user.id)];
    const answer = insightsAnswer({
      scope: query.company === undefined ? 'site' : 'company',
      range,
      asOf: query.asOf ?? null,
      docs: await docsOf(scope, keys, range.from, range.to, replay),
      previousDocs: await docsOf(scope, keys, range.previous.from, range.previous.to, replay),
    });
    send(req, res, answer, 'insights-site');
  });

  return router;
}
