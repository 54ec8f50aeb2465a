import { Router } from 'express';
import {
  THUMBNAIL_QUEUE,
  THUMBNAIL_QUEUE_ORDER,
  THUMBNAIL_STATS_ID,
  averageRenderMsOf,
  type ThumbnailQueueCollectionDoc,
  type ThumbnailStatus,
} from '@pocketguide/contracts';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import { UnauthorizedError } from '@pocketguide/platform/http/errors';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import type { ReadYourWrites } from '../core/read-your-writes.ts';

export type ThumbnailStatusRoutesDeps = {
  readStore: ReadStore;
  readYourWrites: ReadYourWrites;
  auth: Auth;
  /** whether a renderer can draw thumbnails (the worker's, in this process or as last reported) */
  availability: () => Promise<{ available: boolean }>;
  now?: () => Date;
};

/** The caller's waiting guidebooks listed at most (an administrator's batch may hold hundreds). */
const YOURS_MAX = 100;

/**
 * GET /api/thumbnails/status (spec: "queue state"): signed in (401 otherwise). The spec gives it to
 * non-administrators, whose screens have no other view of the queue; administrators get the same answer. Nobody
 * learns which guidebooks of others are waiting, only how many: `yours` lists the caller's own.
 */
export function thumbnailStatusRoutes({
  readStore,
  readYourWrites,
  auth,
  availability,
  now = () => new Date(),
}: ThumbnailStatusRoutesDeps): Router {
  const router = Router();
  const queue = readStore.collection<ThumbnailQueueCollectionDoc>(THUMBNAIL_QUEUE);

  router.get('/thumbnails/status', auth.required, async (req, res) => {
    if (!req.user) throw new UnauthorizedError('Please log in');
    await readYourWrites(req, res, [THUMBNAIL_QUEUE]);
    const [renderer, high, low, own, stats] = await Promise.all([
      availability(),
      queue.count({ kind: 'guidebook', pendingRank: 0 }),
      queue.count({ kind: 'guidebook', pendingRank: 1 }),
      queue.find(
        { kind: 'guidebook', ownerId: req.user.id, pendingRank: { $exists: true } },
        { sort: THUMBNAIL_QUEUE_ORDER, limit: YOURS_MAX },
      ),
      queue.get(THUMBNAIL_STATS_ID),
    ]);
    const averageRenderMs = averageRenderMsOf(stats);
    const pending = high + low;
    const answer: ThumbnailStatus = {
      available: renderer.available,
      pending,
      byPriority: { high, low },
      yours: own.flatMap((doc) =>
        doc.kind === 'guidebook' && doc.pending
          ? [{ guidebookId: doc.id, priority: doc.pending.priority, requestedAt: doc.pending.lastRequestedAt }]
          : [],
      ),
      averageRenderMs,
      estimatedDrainAt: pending > 0 ? new Date(now().getTime() + pending * averageRenderMs).toISOString() : null,
    };
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(answer);
  });

  return router;
}
