import { resolve } from 'node:path';
import { Router } from 'express';
import { spaFallback } from '@pocketguide/platform/http/static-files';

/** The signed-out visitor's pages (issue 11, fast front door): the landing, the login and the sign-up screen. */
export const FRONT_DOOR_PATHS = ['/', '/login', '/signup'] as const;

/**
 * `/`, `/login` and `/signup` get the front door's own small entry (web/front.html, built beside the app's
 * index.html: web/scripts/front-door.ts) rather than the whole app; compressed and revalidated like index.html.
 * A build without it (an older one) leaves them to the app's fallback. The entry's script sends anyone already
 * signed in on to the app, as the app's own guards would.
 */
export function frontDoorRoutes(webDist: string): Router {
  const router = Router({ strict: false });
  router.get([...FRONT_DOOR_PATHS], spaFallback(resolve(webDist, 'front.html')));
  return router;
}
