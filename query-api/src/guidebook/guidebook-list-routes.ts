import { Router, type Request } from 'express';
import {
  GUIDEBOOK_LIST,
  USERS,
  guidebookListQuerySchema,
  recentGuidebooksQuerySchema,
  type AdminGuidebookRow,
  type AdminGuidebookRows,
  type GuidebookListDoc,
  type GuidebookListQuery,
  type GuidebookRow,
  type GuidebookRows,
  type UserDoc,
  type UserGuidebookRows,
} from '@pocketguide/contracts';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import { NotFoundError, UnauthorizedError } from '@pocketguide/platform/http/errors';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import type { Filter, ReadStore } from '@pocketguide/platform/read-store/read-store';
import type { ReadYourWrites } from '../core/read-your-writes.ts';
import { pathParam } from '@pocketguide/platform/http/path-param';
import { startOfReportingDay } from '../user/user-routes.ts';
import { guidebookOwners, type GuidebookOwners } from './guidebook-owners.ts';
import { settingsView } from './guidebook-settings-view.ts';

export type GuidebookListRoutesDeps = {
  readStore: ReadStore;
  readYourWrites: ReadYourWrites;
  auth: Auth;
  now?: () => Date;
};

/** The lists join owners from `users`, so a read after a write waits for both read models. */
const LIST_READ_MODELS = [GUIDEBOOK_LIST, USERS] as const;

type Page<T> = { results: T[]; page: number; pageSize: number; pageCount: number; totalCount: number };

/** The query string without the parameters other layers read (read-your-writes, the token). */
function listQuery(req: Request): Record<string, unknown> {
  const { after: _after, access_token: _accessToken, token: _token, ...query } = req.query;
  return query;
}

function callerId(req: Request): string {
  if (!req.user) throw new UnauthorizedError('Please log in');
  return req.user.id;
}

function toRow(doc: GuidebookListDoc, owner: UserDoc | undefined): GuidebookRow {
  return {
    _id: doc.id,
    uuid: doc.uuid,
    title: doc.title,
    user: doc.ownerId,
    // The owner's name now; the one from the creation once the account is gone.
    company: owner?.companyName ?? doc.company,
    ...settingsView(doc),
    contentsCount: doc.contentsCount,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

function toAdminRow(doc: GuidebookListDoc, owner: UserDoc | undefined, owners: GuidebookOwners): AdminGuidebookRow {
  const user = owner
    ? { _id: owner.id, name: owner.name, email: owner.email, companyName: owner.companyName, role: owner.role }
    : { _id: doc.ownerId };
  return { ...toRow(doc, owner), user, ownerType: owners.typeOf(owner) };
}

/**
 * The guidebook lists (spec 1 §2 and §7, spec 3 §2.6 and §2.8), all from `guidebook-list`, newest update first:
 * the caller's own (GET guidebooks/ and guidebooks/recent), everyone's for administrators (GET admin/guidebooks)
 * and one user's for administrators (GET admin/users/{userId}/guidebooks). Deleted guidebooks are never listed.
 */
export function guidebookListRoutes({
  readStore,
  readYourWrites,
  auth,
  now = () => new Date(),
}: GuidebookListRoutesDeps): Router {
  const router = Router();
  const list = readStore.collection<GuidebookListDoc>(GUIDEBOOK_LIST);
  const owners = guidebookOwners(readStore);

  /**
   * The filter of a list. `ownerId` limits it to one owner; the user-type filter then keeps or drops that owner's
   * guidebooks as a whole. Search matches the title, the owner's current company or the one at creation.
   */
  async function filterOf(
    query: Partial<Pick<GuidebookListQuery, 'search' | 'company' | 'status' | 'today'>>,
    ownerId?: string,
  ): Promise<Filter> {
    const filter: Filter = { deleted: false };
    const owner = {
      ...(ownerId === undefined ? {} : { $eq: ownerId }),
      ...(query.company ? await owners.ownerTypeCondition(query.company) : {}),
    };
    if (Object.keys(owner).length > 0) filter.ownerId = owner;
    if (query.search) {
      const search = query.search;
      filter.$or = [
        { title: { $contains: search } },
        { company: { $contains: search } },
        { ownerId: { $in: await owners.idsWithCompany(search) } },
      ];
    }
    if (query.status === 'published') filter.published = true;
    if (query.status === 'unpublished') filter.published = false;
    if (query.status === 'public-gallery') filter.isPublicGallery = true;
    if (query.today) filter.createdAt = { $gte: startOfReportingDay(now()) };
    return filter;
  }

  async function pageOf(
    filter: Filter,
    page: number,
    pageSize: number,
  ): Promise<Page<GuidebookListDoc> & { owners: Map<string, UserDoc> }> {
    const [totalCount, docs] = await Promise.all([
      list.count(filter),
      list.find(filter, { sort: { updatedAt: -1, id: 1 }, skip: (page - 1) * pageSize, limit: pageSize }),
    ]);
    return {
      results: docs,
      owners: await owners.byId(docs.map((doc) => doc.ownerId)),
      page,
      pageSize,
      totalCount,
      pageCount: Math.max(1, Math.ceil(totalCount / pageSize)),
    };
  }

  // The caller's own guidebooks (administrators' too: everyone's is admin/guidebooks).
  router.get('/guidebooks', auth.required, async (req, res) => {
    const query = parseOrThrow(guidebookListQuerySchema, listQuery(req), 'query');
    const ownerId = callerId(req);
    await readYourWrites(req, res, LIST_READ_MODELS);
    const {
      owners: found,
      results,
      ...paging
    } = await pageOf(await filterOf(query, ownerId), query.page, query.pageSize);
    const answer: GuidebookRows = { ...paging, results: results.map((doc) => toRow(doc, found.get(doc.ownerId))) };
    res.json(answer);
  });

  // The newest few as cards; with a search, pages of that size (the recent screen's search results table).
  router.get('/guidebooks/recent', auth.required, async (req, res) => {
    const query = parseOrThrow(recentGuidebooksQuerySchema, listQuery(req), 'query');
    const ownerId = callerId(req);
    await readYourWrites(req, res, LIST_READ_MODELS);
    const {
      owners: found,
      results,
      ...paging
    } = await pageOf(await filterOf({ search: query.search }, ownerId), query.page, query.pageSize);
    const answer: GuidebookRows = { ...paging, results: results.map((doc) => toRow(doc, found.get(doc.ownerId))) };
    res.json(answer);
  });

  router.get('/admin/guidebooks', auth.admin, async (req, res) => {
    const query = parseOrThrow(guidebookListQuerySchema, listQuery(req), 'query');
    await readYourWrites(req, res, LIST_READ_MODELS);
    const { owners: found, results, ...paging } = await pageOf(await filterOf(query), query.page, query.pageSize);
    const answer: AdminGuidebookRows = {
      ...paging,
      results: results.map((doc) => toAdminRow(doc, found.get(doc.ownerId), owners)),
    };
    res.json(answer);
  });

  router.get('/admin/users/:userId/guidebooks', auth.admin, async (req, res) => {
    const query = parseOrThrow(guidebookListQuerySchema, listQuery(req), 'query');
    await readYourWrites(req, res, LIST_READ_MODELS);
    const userId = pathParam(req, 'userId', 'User not found');
    if (!(await owners.get(userId))) throw new NotFoundError('User not found');
    const {
      owners: found,
      results,
      ...paging
    } = await pageOf(await filterOf(query, userId), query.page, query.pageSize);
    const rows = results.map((doc) => toAdminRow(doc, found.get(doc.ownerId), owners));
    const answer: UserGuidebookRows = { ...paging, results: rows, response: rows };
    res.json(answer);
  });

  return router;
}
