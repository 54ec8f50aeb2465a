import { Router } from 'express';
import {
  PUBLIC_GALLERY,
  USERS,
  publicGalleryQuerySchema,
  type PublicGalleryDoc,
  type PublicGalleryPage,
  type PublicGuidebook,
  type UserDoc,
} from '@pocketguide/contracts';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import type { ReadYourWrites } from '../core/read-your-writes.ts';
import { guidebookOwners } from './guidebook-owners.ts';

export type PublicGalleryRoutesDeps = { readStore: ReadStore; readYourWrites: ReadYourWrites };

/** The gallery hides the guidebooks of hidden owners, read from `users`, so a read after a write waits for both. */
const GALLERY_READ_MODELS = [PUBLIC_GALLERY, USERS] as const;

function toPublic(doc: PublicGalleryDoc): PublicGuidebook {
  return {
    _id: doc.id,
    uuid: doc.uuid,
    title: doc.title,
    thumbnailUrl: doc.thumbnailUrl,
    thumbnailGeneratedAt: doc.thumbnailGeneratedAt,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    isPublicGallery: doc.isPublicGallery,
    published: doc.published,
  };
}

/**
 * GET guidebooks/public-gallery?page&limit=20 (spec 3 §2.2, §7): public, newest arrival first. A hidden owner's
 * guidebooks are left out of the count and the pages; a deleted owner's are left out of the page they fall on.
 */
export function publicGalleryRoutes({ readStore, readYourWrites }: PublicGalleryRoutesDeps): Router {
  const router = Router();
  const gallery = readStore.collection<PublicGalleryDoc>(PUBLIC_GALLERY);
  const users = readStore.collection<UserDoc>(USERS);
  const owners = guidebookOwners(readStore);

  /**
   * Pages as sent, by page and size, with the checkpoints of the two read models they were built from: a page is
   * built again only after either model has moved (any event moves them), so a busy gallery is mostly answered
   * from memory. Bounded: the spec's readers scroll through few pages.
   */
  const pages = new Map<string, { stamp: string; body: string }>();
  const PAGES_KEPT = 50;

  async function buildPage(page: number, limit: number): Promise<string> {
    const hidden = (await users.find({ isHidden: true })).map((user) => user.id);
    const filter = hidden.length > 0 ? { listed: true, ownerId: { $nin: hidden } } : { listed: true };
    const [totalCount, docs] = await Promise.all([
      gallery.count(filter),
      gallery.find(filter, { sort: { joinedAt: -1, id: 1 }, skip: (page - 1) * limit, limit }),
    ]);
    const living = await owners.byId(docs.map((doc) => doc.ownerId));
    const answer: PublicGalleryPage = {
      items: docs.filter((doc) => living.has(doc.ownerId)).map(toPublic),
      page,
      pageSize: limit,
      pageCount: Math.max(1, Math.ceil(totalCount / limit)),
      totalCount,
    };
    return JSON.stringify(answer);
  }

  router.get('/guidebooks/public-gallery', async (req, res) => {
    const { after: _after, ...query } = req.query;
    const { page, limit } = parseOrThrow(publicGalleryQuerySchema, query, 'query');
    await readYourWrites(req, res, GALLERY_READ_MODELS);
    const [galleryAt, usersAt] = await Promise.all(GALLERY_READ_MODELS.map((name) => readStore.getCheckpoint(name)));
    const stamp = `${galleryAt ?? -1}:${usersAt ?? -1}`;
    const key = `${page}:${limit}`;
    let cached = pages.get(key);
    if (cached?.stamp !== stamp) {
      cached = { stamp, body: await buildPage(page, limit) };
      if (pages.size >= PAGES_KEPT) pages.clear();
      pages.set(key, cached);
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.type('application/json').send(cached.body);
  });

  return router;
}
