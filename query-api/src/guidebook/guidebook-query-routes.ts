import { Router } from 'express';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import type { LoginRateLimiter } from '@pocketguide/platform/auth/login-rate-limiter';
import type { ReadYourWrites } from '../core/read-your-writes.ts';
import { guidebookListRoutes } from './guidebook-list-routes.ts';
import { guidebookReadRoutes } from './guidebook-read-routes.ts';
import { sampleRoutes } from './sample-routes.ts';
import { publicGalleryRoutes } from './public-gallery-routes.ts';

export type GuidebookQueryRoutesDeps = {
  readStore: ReadStore;
  readYourWrites: ReadYourWrites;
  auth: Auth;
  now?: () => Date;
  /** the viewer's share-password limiter, shared with the preview read */
  unlockLimiter?: LoginRateLimiter;
};

/**
 * Every guidebook read. Order matters: `guidebooks/recent`, `guidebooks/public-gallery` and `guidebooks/uuid/…`
 * before `guidebooks/:id`.
 */
export function guidebookQueryRoutes(deps: GuidebookQueryRoutesDeps): Router {
  const router = Router();
  router.use(publicGalleryRoutes(deps));
  router.use(guidebookListRoutes(deps));
  router.use(guidebookReadRoutes(deps));
  router.use(sampleRoutes(deps));
  return router;
}
