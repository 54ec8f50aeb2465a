import { Router, type Request, type Response } from 'express';
import { ICONS, type Icon, type IconDoc, type IconList } from '@pocketguide/contracts';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import { UnauthorizedError } from '@pocketguide/platform/http/errors';
import type { Filter, ReadStore } from '@pocketguide/platform/read-store/read-store';
import type { ReadYourWrites } from '../core/read-your-writes.ts';

export type IconQueryRoutesDeps = { readStore: ReadStore; readYourWrites: ReadYourWrites; auth: Auth };

const toIcon = (doc: IconDoc): Icon => ({ _id: doc.id, url: doc.url, user: doc.userId, createdAt: doc.createdAt });

/** GET icons (the caller's own) and GET admin/icons (everyone's, administrators only), newest first. */
export function iconQueryRoutes({ readStore, readYourWrites, auth }: IconQueryRoutesDeps): Router {
  const router = Router();
  const icons = readStore.collection<IconDoc>(ICONS);

  async function listed(req: Request, res: Response, filter: Filter): Promise<IconList> {
    await readYourWrites(req, res, [ICONS]);
    const docs = await icons.find(filter, { sort: { createdAt: -1, id: 1 } });
    return { icons: docs.map(toIcon), totalCount: docs.length };
  }

  router.get('/icons', auth.required, async (req, res) => {
    if (!req.user) throw new UnauthorizedError('Please log in');
    res.json(await listed(req, res, { userId: req.user.id, deleted: false }));
  });

  router.get('/admin/icons', auth.admin, async (req, res) => {
    res.json(await listed(req, res, { deleted: false }));
  });

  return router;
}
