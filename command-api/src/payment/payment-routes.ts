import { Router, type Request, type Response } from 'express';
import {
  MERCHANT_UID_PATTERN,
  PAYMENT_MESSAGES as P,
  changePaymentMethodBodySchema,
  portOneWebhookBodySchema,
  refundBodySchema,
  schedulePaymentBodySchema,
  subscribeBodySchema,
  transferBodySchema,
  type AdminSubscriptionAnswer,
  type Order,
  type SubscriptionAnswer,
  type WebhookAnswer,
} from '@pocketguide/contracts';
import type { AccessTokens } from '@pocketguide/platform/auth/access-tokens';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import { NotFoundError, UnauthorizedError } from '@pocketguide/platform/http/errors';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import type { IdSource } from '../core/ids.ts';
import { commandMetadata } from '../core/request-context.ts';
import { accountToSessionUser, accountToUserView } from '../user/accounts.ts';
import type { Account } from '../user/user-state.ts';
import type { Payments } from './payments.ts';

export type PaymentRoutesDeps = { payments: Payments; auth: Auth; tokens: AccessTokens; ids: IdSource };

/**
 * The subscription and payment calls that change state (spec 2 §7, payments design): a person's purchase,
 * one-month pass, card change and unsubscription, each answering the refreshed session; and the administrators'
 * schedule-payment, refund, delete and transfer.
 */
export function paymentCommandRoutes({ payments, auth, tokens, ids }: PaymentRoutesDeps): Router {
  const router = Router();

  const caller = (req: Request) => {
    if (!req.user) throw new UnauthorizedError('Please log in');
    return { user: req.user, metadata: commandMetadata(req, ids, req.user) };
  };
  const session = async (result: { account: Account; position: number }): Promise<SubscriptionAnswer> => ({
    user: accountToSessionUser(result.account),
    token: await tokens.issue({ id: result.account.userId, role: result.account.role, sessionVersion: result.account.sessionVersion }),
    position: result.position,
  });

  const purchase = (oneMonth: boolean) => async (req: Request, res: Response) => {
    const body = parseOrThrow(subscribeBodySchema, req.body);
    const { user, metadata } = caller(req);
    const result = await payments.purchase(
      user.id,
      {
        customerUid: body.customer_uid,
        merchantUid: body.merchant_uid,
        impUid: body.imp_uid,
        plan: oneMonth ? 'onemonth' : body.plan,
        billingCycle: body.billingCycle,
        debug: body.DEBUG === true,
      },
      metadata,
    );
    res.json(await session(result));
  };

  router.post('/subscriptions/subscribe', auth.required, purchase(false));
  router.post('/subscriptions/subscribe-one-month', auth.required, purchase(true));

  /**
   * PortOne's webhook (its console's "결제 결과 웹훅 URL"): anyone can call it, so its body is only a hint. The
   * payment is looked up with the provider; a paid purchase is recorded and granted once, whether the webhook
   * or the buyer's browser comes first. A forged imp_uid is 404; anything not ours to act on answers 200 ignored.
   */
  router.post('/payments/webhook', async (req, res) => {
    const body = parseOrThrow(portOneWebhookBodySchema, req.body);
    const metadata = commandMetadata(req, ids, { id: 'portone-webhook', role: 'system' });
    const answer: WebhookAnswer = await payments.confirmFromWebhook({ imp_uid: body.imp_uid, merchant_uid: body.merchant_uid }, metadata);
    res.json(answer);
  });

  router.post('/subscriptions/change-payment-method', auth.required, async (req, res) => {
    const body = parseOrThrow(changePaymentMethodBodySchema, req.body);
    const { user, metadata } = caller(req);
    const result = await payments.changePaymentMethod(user.id, { customerUid: body.customer_uid, impUid: body.imp_uid, debug: body.DEBUG === true }, metadata);
    res.json(await session(result));
  });

  router.post('/subscriptions/unsubscribe', auth.required, async (req, res) => {
    const { user, metadata } = caller(req);
    res.json(await session(await payments.unsubscribe(user.id, metadata)));
  });

  router.post('/subscriptions/admin/schedule-payment', auth.admin, async (req, res) => {
    const { customerUid, scheduleAt } = parseOrThrow(schedulePaymentBodySchema, req.body);
    const { metadata } = caller(req);
    const result = await payments.schedulePayment(customerUid, scheduleAt ? new Date(scheduleAt) : undefined, metadata);
    const answer: AdminSubscriptionAnswer = { user: accountToUserView(result.account), position: result.position };
    res.json(answer);
  });

  router.delete('/payments/:merchantUid', auth.admin, async (req, res) => {
    const merchantUid = req.params.merchantUid;
    if (typeof merchantUid !== 'string' || !MERCHANT_UID_PATTERN.test(merchantUid)) throw new NotFoundError(P.orderNotFound);
    const { metadata } = caller(req);
    res.json(await payments.deletePayment(merchantUid, metadata));
  });

  router.post('/payments/refund', auth.admin, async (req, res) => {
    const { merchantUid, amount, reason } = parseOrThrow(refundBodySchema, req.body);
    const { metadata } = caller(req);
    res.json(await payments.refund(merchantUid, amount, reason ?? 'refunded by an administrator', metadata));
  });

  router.post('/payments/transfer', auth.admin, async (req, res) => {
    const body = parseOrThrow(transferBodySchema, req.body);
    const { metadata } = caller(req);
    const result = await payments.recordTransfer(
      { userId: body.customerUid, plan: body.plan, amount: body.amount, note: body.note, ...(body.paidAt ? { paidAt: new Date(body.paidAt) } : {}) },
      metadata,
    );
    const user = accountToUserView(result.account);
    const order: Order = {
      _id: result.merchantUid,
      merchantUid: result.merchantUid,
      amount: body.amount,
      method: 'transfer',
      plan: body.plan,
      billingCycle: 'month',
      status: 'paid',
      paidAt: result.paidAt,
      createdAt: result.createdAt,
      refundedAt: null,
      cancelAmount: 0,
      receiptUrl: null,
      customerUid: { _id: user.id, name: user.name, companyName: user.companyName, email: user.email },
      paymentData: null,
      fail_reason: null,
      buyer_email: user.email,
      note: body.note,
      kind: 'transfer',
    };
    res.json({ order, user, position: result.position });
  });

  return router;
}
