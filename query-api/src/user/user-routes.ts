import { Router, type Request } from 'express';
import {
  ACCOUNT_MESSAGES as M,
  GUIDEBOOK_LIST,
  PASSWORD_RESETS,
  REPORTING_UTC_OFFSET_MINUTES,
  USERS,
  adminUsersQuerySchema,
  resetTokenSchema,
  toUserView,
  type GuidebookListDoc,
  type PasswordResetDoc,
  type UserDoc,
  type UserList,
  type UserView,
} from '@pocketguide/contracts';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import { sha256Hex } from '@pocketguide/platform/auth/secret-tokens';
import { NotFoundError } from '@pocketguide/platform/http/errors';
import { pathParam } from '@pocketguide/platform/http/path-param';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import type { Filter, ReadStore } from '@pocketguide/platform/read-store/read-store';
import type { ReadYourWrites } from '../core/read-your-writes.ts';

export type UserQueryRoutesDeps = {
  readStore: ReadStore;
  readYourWrites: ReadYourWrites;
  auth: Auth;
  now?: () => Date;
};

/** Midnight of the current day in Korea, as an ISO instant: where "joined today" starts. */
export function startOfReportingDay(now: Date): string {
  const offsetMs = REPORTING_UTC_OFFSET_MINUTES * 60_000;
  const local = new Date(now.getTime() + offsetMs);
  const midnightLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return new Date(midnightLocal - offsetMs).toISOString();
}

const idParam = (req: Request): string => pathParam(req, 'id', 'User not found');

/** The account reads: the admin users list, one user, and the reset-link check. All from read models. */
export function userQueryRoutes({
  readStore,
  readYourWrites,
  auth,
  now = () => new Date(),
}: UserQueryRoutesDeps): Router {
  const router = Router();
  const users = readStore.collection<UserDoc>(USERS);
  const resets = readStore.collection<PasswordResetDoc>(PASSWORD_RESETS);
  const guidebooks = readStore.collection<GuidebookListDoc>(GUIDEBOOK_LIST);

  // Counted when read: a deletion event names only the guidebook, so the users projector cannot tell whose count
  // to lower; the guidebook list knows every guidebook's owner (indexed by ownerId).
  const withGuidebooksCount = async (user: UserDoc): Promise<UserDoc> => ({
    ...user,
    guidebooksCount: await guidebooks.count({ ownerId: user.id, deleted: false }),
  });

  router.get('/users', auth.admin, async (req, res) => {
    const { after: _after, access_token: _accessToken, token: _token, ...query } = req.query;
    const { page, pageSize, search, subscriptionType, status, role, paid, today } = parseOrThrow(
      adminUsersQuerySchema,
      query,
      'query',
    );
    await readYourWrites(req, res, [USERS, GUIDEBOOK_LIST]);
    const filter: Filter = {};
    if (search)
      filter.$or = [
        { name: { $contains: search } },
        { email: { $contains: search } },
        { companyName: { $contains: search } },
      ];
    if (subscriptionType) filter.subscriptionType = paid ? { $eq: subscriptionType, $ne: 'free' } : subscriptionType;
    else if (paid) filter.subscriptionType = { $ne: 'free' };
    if (status) filter.status = status;
    if (role) filter.role = role;
    if (today) filter.createdAt = { $gte: startOfReportingDay(now()) };
    const [totalCount, docs] = await Promise.all([
      users.count(filter),
      users.find(filter, { sort: { createdAt: -1, id: 1 }, skip: (page - 1) * pageSize, limit: pageSize }),
    ]);
    const pageCount = Math.max(1, Math.ceil(totalCount / pageSize));
    const items = (await Promise.all(docs.map(withGuidebooksCount))).map(toUserView);
    const answer: UserList = { users: items, pages: pageCount, results: items, page, pageCount, pageSize, totalCount };
    res.json(answer);
  });

  router.get('/users/:id', auth.selfOrAdmin('id'), async (req, res) => {
    await readYourWrites(req, res, [USERS, GUIDEBOOK_LIST]);
    const doc = await users.get(idParam(req));
    if (!doc) throw new NotFoundError('User not found');
    const answer: UserView = toUserView(await withGuidebooksCount(doc));
    res.json(answer);
  });

  router.get('/password-resets/check/:token', async (req, res) => {
    const token = resetTokenSchema.safeParse(req.params.token);
    if (!token.success) throw new NotFoundError(M.linkInvalid);
    const reset = await resets.get(sha256Hex(token.data));
    const open = reset !== null && reset.state === 'open' && Date.parse(reset.expiresAt) > now().getTime();
    const owner = open ? await users.get(reset.userId) : null;
    if (!open || !owner || owner.isHidden) throw new NotFoundError(M.linkInvalid);
    res.json({ valid: true, expiresAt: reset.expiresAt });
  });

  return router;
}
