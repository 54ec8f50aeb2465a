import { Router, type Request } from 'express';
import {
  adminChangePlanBodySchema,
  adminCustomerBodySchema,
  adminSubscribeBodySchema,
  type AdminSubscriptionAnswer,
} from '@pocketguide/contracts';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import { UnauthorizedError } from '@pocketguide/platform/http/errors';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import type { IdSource } from '../core/ids.ts';
import { commandMetadata } from '../core/request-context.ts';
import { accountToUserView, type Accounts } from './accounts.ts';
import type { Account } from './user-state.ts';

export type SubscriptionAdminRoutesDeps = { accounts: Accounts; auth: Auth; ids: IdSource };

/**
 * The administrators' subscription calls of spec 2 §7 / spec 3 §7, so an account can be subscribed for real
 * before payments exist: subscribe (plan, default standard, monthly), one month of standard, unsubscribe,
 * change plan. Each answers `{ user, position }` (the spec's `response.user`).
 */
export function subscriptionAdminRoutes({ accounts, auth, ids }: SubscriptionAdminRoutesDeps): Router {
  const router = Router();

  const answer = (result: { account: Account; position: number }): AdminSubscriptionAnswer => ({
    user: accountToUserView(result.account),
    position: result.position,
  });
  const metadataOf = (req: Request) => {
    if (!req.user) throw new UnauthorizedError('Please log in');
    return commandMetadata(req, ids, req.user);
  };

  router.post('/subscriptions/admin/subscribe', auth.admin, async (req, res) => {
    const { customerUid, plan } = parseOrThrow(adminSubscribeBodySchema, req.body);
    const result = await accounts.changeSubscription(customerUid, { type: 'SubscribeUser', plan, billingCycle: 'month' }, metadataOf(req));
    res.json(answer(result));
  });

  router.post('/subscriptions/admin/subscribe-one-month', auth.admin, async (req, res) => {
    const { customerUid } = parseOrThrow(adminCustomerBodySchema, req.body);
    const result = await accounts.changeSubscription(customerUid, { type: 'SubscribeUser', plan: 'onemonth', billingCycle: 'month' }, metadataOf(req));
    res.json(answer(result));
  });

  router.post('/subscriptions/admin/unsubscribe', auth.admin, async (req, res) => {
    const { customerUid } = parseOrThrow(adminCustomerBodySchema, req.body);
    const result = await accounts.changeSubscription(customerUid, { type: 'UnsubscribeUser', by: 'admin' }, metadataOf(req));
    res.json(answer(result));
  });

  router.post('/subscriptions/admin/change-plan', auth.admin, async (req, res) => {
    const { customerUid, plan } = parseOrThrow(adminChangePlanBodySchema, req.body);
    const result = await accounts.changeSubscription(customerUid, { type: 'ChangeUserPlan', plan }, metadataOf(req));
    res.json(answer(result));
  });

  return router;
}
