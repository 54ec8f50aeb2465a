import { Router } from 'express';
import {
  FEEDBACK,
  USERS,
  feedbackListQuerySchema,
  type FeedbackDoc,
  type FeedbackPage,
  type UserDoc,
} from '@pocketguide/contracts';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import type { ReadYourWrites } from '../core/read-your-writes.ts';

export type FeedbackQueryRoutesDeps = { readStore: ReadStore; readYourWrites: ReadYourWrites; auth: Auth };

/** GET admin/feedback (administrators, spec 3 §2.12): the feedback sent, newest first, with who sent it. */
export function feedbackQueryRoutes({ readStore, readYourWrites, auth }: FeedbackQueryRoutesDeps): Router {
  const router = Router();
  const feedback = readStore.collection<FeedbackDoc>(FEEDBACK);
  const users = readStore.collection<UserDoc>(USERS);

  router.get('/admin/feedback', auth.admin, async (req, res) => {
    const { after: _after, access_token: _a, token: _t, ...query } = req.query;
    const { page, limit } = parseOrThrow(feedbackListQuerySchema, query, 'query');
    await readYourWrites(req, res, [FEEDBACK]);
    const [totalCount, docs] = await Promise.all([
      feedback.count({}),
      feedback.find({}, { sort: { submittedAt: -1, id: 1 }, skip: (page - 1) * limit, limit }),
    ]);
    const senders = new Map(
      (await users.getMany([...new Set(docs.flatMap((doc) => (doc.userId ? [doc.userId] : [])))])).map((user) => [
        user.id,
        user,
      ]),
    );
    const answer: FeedbackPage = {
      results: docs.map((doc) => {
        const sender = doc.userId ? senders.get(doc.userId) : undefined;
        return {
          _id: doc.id,
          title: doc.title,
          feedback: doc.feedback,
          url: doc.url,
          userAgent: doc.userAgent,
          timestamp: doc.clientTimestamp,
          createdAt: doc.submittedAt,
          user: doc.userId ? { _id: doc.userId, name: sender?.name ?? null, email: sender?.email ?? null } : null,
        };
      }),
      page,
      pageCount: Math.max(1, Math.ceil(totalCount / limit)),
      totalCount,
    };
    res.json(answer);
  });

  return router;
}
