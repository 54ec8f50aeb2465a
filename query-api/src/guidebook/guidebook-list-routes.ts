import { Router } from 'express';
import { GUIDEBOOK_LIST, listQuerySchema, type GuidebookList, type GuidebookListDoc } from '@pocketguide/contracts';
import type { Filter, ReadStore } from '@pocketguide/platform/read-store/read-store';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import { NotFoundError } from '@pocketguide/platform/http/errors';
import type { ReadYourWrites } from '../core/read-your-writes.ts';

export function guidebookQueryRoutes({ readStore, readYourWrites }: { readStore: ReadStore; readYourWrites: ReadYourWrites }): Router {
  const router = Router();
  const list = readStore.collection<GuidebookListDoc>(GUIDEBOOK_LIST);

  router.get('/guidebooks', async (req, res) => {
    const { after: _after, ...query } = req.query;
    const { page, pageSize, search } = parseOrThrow(listQuerySchema, query, 'query');
    await readYourWrites(req, res, [GUIDEBOOK_LIST]);
    const filter: Filter = search ? { title: { $contains: search } } : {};
    const [totalCount, docs] = await Promise.all([
      list.count(filter),
      list.find(filter, { sort: { updatedAt: -1, id: 1 }, skip: (page - 1) * pageSize, limit: pageSize }),
    ]);
    const answer: GuidebookList = {
      results: docs.map(({ id, uuid, title, createdAt, updatedAt }) => ({ _id: id, uuid, title, createdAt, updatedAt })),
      page,
      pageSize,
      totalCount,
      pageCount: Math.max(1, Math.ceil(totalCount / pageSize)),
    };
    res.json(answer);
  });

  router.get('/guidebooks/:id', async (req, res) => {
    await readYourWrites(req, res, [GUIDEBOOK_LIST]);
    const doc = await list.get(req.params.id);
    if (!doc) throw new NotFoundError('Not Found');
    const { id, uuid, title, createdAt, updatedAt } = doc;
    res.json({ _id: id, uuid, title, createdAt, updatedAt });
  });

  return router;
}
