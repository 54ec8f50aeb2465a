import { Router } from 'express';
import {
  GUIDEBOOK_LIST,
  PAYMENTS,
  USERS,
  monthsActiveOf,
  type AdminUserActivity,
  type GuidebookListDoc,
  type PaymentDoc,
  type UserDoc,
} from '@pocketguide/contracts';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import { NotFoundError } from '@pocketguide/platform/http/errors';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import { pathParam } from '@pocketguide/platform/http/path-param';
import type { ReadYourWrites } from '../core/read-your-writes.ts';

export type UserActivityRoutesDeps = {
  readStore: ReadStore;
  readYourWrites: ReadYourWrites;
  auth: Auth;
  now?: () => Date;
};

/** Payments that went through: paid, or refunded (in part or whole) after; card checks are not purchases. */
const WENT_THROUGH = new Set<PaymentDoc['status']>(['paid', 'refunded', 'partially-refunded']);

const latest = (dates: readonly (string | null | undefined)[]): string | null =>
  dates.reduce<string | null>((found, date) => (date && (found === null || date > found) ? date : found), null);

/**
 * GET admin/users/{userId}/activity (administrators): the admin user detail's activity overview, from the read
 * models: the user's living guidebooks (how many, published, in the gallery, reader views), their payments, the
 * months since joining, and their last activity. Payments are `null` while the `payments` read model has never been
 * built (its projector has no checkpoint), so a product without it says "not known" rather than "none".
 */
export function userActivityRoutes({
  readStore,
  readYourWrites,
  auth,
  now = () => new Date(),
}: UserActivityRoutesDeps): Router {
  const router = Router();
  const users = readStore.collection<UserDoc>(USERS);
  const guidebooks = readStore.collection<GuidebookListDoc>(GUIDEBOOK_LIST);
  const payments = readStore.collection<PaymentDoc>(PAYMENTS);

  router.get('/admin/users/:userId/activity', auth.admin, async (req, res) => {
    const userId = pathParam(req, 'userId', 'User not found');
    const paymentsBuilt = (await readStore.getCheckpoint(PAYMENTS)) !== null;
    await readYourWrites(req, res, paymentsBuilt ? [USERS, GUIDEBOOK_LIST, PAYMENTS] : [USERS, GUIDEBOOK_LIST]);
    const user = await users.get(userId);
    if (!user) throw new NotFoundError('User not found');

    const [owned, paid] = await Promise.all([
      guidebooks.find({ ownerId: userId, deleted: false }),
      paymentsBuilt ? payments.find({ userId }) : Promise.resolve(null),
    ]);
    const through =
      paid?.filter((payment) => WENT_THROUGH.has(payment.status) && payment.kind !== 'card-check') ?? null;
    const lastPaidAt = through ? latest(through.map((payment) => payment.paidAt ?? payment.createdAt)) : null;

    const answer: AdminUserActivity = {
      userId,
      createdAt: user.createdAt,
      monthsActive: monthsActiveOf(user.createdAt, now()),
      guidebooksCount: owned.length,
      publishedCount: owned.filter((guidebook) => guidebook.published).length,
      publicGalleryCount: owned.filter((guidebook) => guidebook.isPublicGallery).length,
      views: owned.reduce((sum, guidebook) => sum + (guidebook.views?.count ?? 0), 0),
      payments: through
        ? {
            count: through.length,
            total: through.reduce((sum, payment) => sum + payment.amount - (payment.cancelAmount ?? 0), 0),
            lastPaidAt,
          }
        : null,
      lastActivityAt:
        latest([user.createdAt, ...owned.map((guidebook) => guidebook.updatedAt), lastPaidAt]) ?? user.createdAt,
    };
    res.json(answer);
  });

  return router;
}
