import { Router, type Request } from 'express';
import {
  THUMBNAIL_MESSAGES,
  adminThumbnailsBodySchemaFor,
  requestThumbnailsBodySchema,
  type ThumbnailRequestAnswer,
} from '@pocketguide/contracts';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import { ForbiddenError, UnauthorizedError } from '@pocketguide/platform/http/errors';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import type { IdSource } from '../core/ids.ts';
import { commandMetadata } from '../core/request-context.ts';
import type { ThumbnailCaller, Thumbnails } from './thumbnails.ts';

export type ThumbnailRoutesDeps = { thumbnails: Thumbnails; auth: Auth; ids: IdSource };

function callerOf(req: Request): ThumbnailCaller {
  if (!req.user) throw new UnauthorizedError('Please log in');
  return { userId: req.user.id, isAdmin: req.user.isAdmin };
}

/** 202 when the request was recorded (even if it queued nothing), 200 when nothing could be (no renderer). */
const statusOf = (answer: ThumbnailRequestAnswer): number => (answer.position > 0 ? 202 : 200);

/**
 * The thumbnail requests (spec 1 §7, spec 3 §7):
 * - `POST thumbnails/generate {guidebookIds, priority?}`: signed in (401); queues the caller's own published
 *   guidebooks and skips the rest (`queued` counts the accepted ones); 429 after 5 in a minute.
 * - `POST admin/thumbnails/generate {guidebookId, priority?}` or `{mode: 'specific', guidebookIds, priority?}`:
 *   administrators only (403), any published guidebook, no rate limit.
 */
export function thumbnailRoutes({ thumbnails, auth, ids }: ThumbnailRoutesDeps): Router {
  const router = Router();

  router.post('/thumbnails/generate', auth.required, async (req, res) => {
    const caller = callerOf(req);
    const body = parseOrThrow(requestThumbnailsBodySchema, req.body);
    const answer = await thumbnails.request(caller, { ...body, via: 'user' }, commandMetadata(req, ids, req.user));
    res.status(statusOf(answer)).json(answer);
  });

  router.post('/admin/thumbnails/generate', auth.required, async (req, res) => {
    const caller = callerOf(req);
    if (!caller.isAdmin) throw new ForbiddenError(THUMBNAIL_MESSAGES.adminOnly);
    const body = parseOrThrow(adminThumbnailsBodySchemaFor(req.body), req.body);
    const guidebookIds = 'guidebookIds' in body ? body.guidebookIds : [body.guidebookId];
    const answer = await thumbnails.request(
      caller,
      { guidebookIds, priority: body.priority, via: 'admin' },
      commandMetadata(req, ids, req.user),
    );
    res.status(statusOf(answer)).json(answer);
  });

  return router;
}
