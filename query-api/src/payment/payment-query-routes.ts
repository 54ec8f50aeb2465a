import { Router, type Request } from 'express';
import {
  MERCHANT_UID_PATTERN,
  PAYMENT_MESSAGES as P,
  PAYMENTS,
  USERS,
  isAdminRole,
  paymentsQuerySchema,
  userPaymentsQuerySchema,
  vatBreakdown,
  type Order,
  type OrdersPage,
  type PaymentDoc,
  type Receipt,
  type Seller,
  type Transaction,
  type TransactionsPage,
  type UserDoc,
} from '@pocketguide/contracts';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import { NotFoundError, UnauthorizedError } from '@pocketguide/platform/http/errors';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import type { Filter, ReadStore } from '@pocketguide/platform/read-store/read-store';
import type { ReadYourWrites } from '../core/read-your-writes.ts';
import { pathParam } from '@pocketguide/platform/http/path-param';

export type PaymentQueryRoutesDeps = {
  readStore: ReadStore;
  readYourWrites: ReadYourWrites;
  auth: Auth;
  /** the seller every receipt names (SELLER_* settings) */
  seller: Seller;
  now?: () => Date;
};

/**
 * A payment's receipt: the charge (or transfer) and each refund, each as 공급가액 / 부가세 / 합계, and what stands.
 * Null when there is nothing to receipt (a failed or unanswered charge, a card check).
 */
export function receiptOf(doc: PaymentDoc, user: UserDoc | undefined, seller: Seller, issuedAt: Date): Receipt | null {
  if (doc.kind === 'card-check' || doc.paidAt === null || doc.status === 'failed' || doc.status === 'pending')
    return null;
  const refunds = (doc.history ?? []).filter((entry) => entry.status === 'refunded');
  return {
    merchantUid: doc.merchantUid,
    kind: doc.kind,
    plan: doc.plan,
    billingCycle: doc.billingCycle,
    method: doc.method,
    cardName: doc.paymentData?.card_name ?? null,
    seller,
    buyer: {
      name: user?.name ?? null,
      companyName: user?.companyName ?? null,
      email: doc.buyerEmail ?? user?.email ?? null,
    },
    lines: [
      { kind: doc.kind === 'transfer' ? 'transfer' : 'payment', at: doc.paidAt, amounts: vatBreakdown(doc.amount) },
      ...refunds.map((entry) => ({ kind: 'refund' as const, at: entry.at, amounts: vatBreakdown(-entry.amount) })),
    ],
    net: vatBreakdown(doc.amount - doc.cancelAmount),
    providerReceiptUrl: doc.receiptUrl ?? doc.paymentData?.receipt_url ?? null,
    issuedAt: issuedAt.toISOString(),
  };
}

/** Orders are purchases, renewals and transfers that got an answer: card checks and unanswered requests are not. */
const ORDERS: Filter = { kind: { $ne: 'card-check' }, status: { $ne: 'pending' } };

export function toOrder(doc: PaymentDoc, user: UserDoc | undefined): Order {
  return {
    _id: doc.merchantUid,
    merchantUid: doc.merchantUid,
    amount: doc.amount,
    method: doc.method,
    plan: doc.plan,
    billingCycle: doc.billingCycle,
    status: doc.status,
    paidAt: doc.paidAt,
    createdAt: doc.createdAt,
    refundedAt: doc.refundedAt,
    cancelAmount: doc.cancelAmount,
    receiptUrl: doc.receiptUrl,
    customerUid: {
      _id: doc.userId,
      name: user?.name ?? null,
      companyName: user?.companyName ?? null,
      email: user?.email ?? null,
    },
    paymentData: doc.paymentData,
    fail_reason: doc.failReason,
    buyer_email: doc.buyerEmail ?? user?.email ?? null,
    note: doc.note,
    kind: doc.kind,
  };
}

/** Every charge result and refund, newest first (the admin transactions list). */
export function transactionsOf(docs: readonly PaymentDoc[]): Transaction[] {
  return docs
    .flatMap((doc) =>
      (doc.history ?? []).map((entry) => ({
        merchantUid: doc.merchantUid,
        userId: doc.userId,
        kind: doc.kind,
        status: entry.status,
        amount: entry.amount,
        at: entry.at,
        ...(entry.failReason ? { failReason: entry.failReason } : {}),
      })),
    )
    .sort((a, b) => (a.at === b.at ? a.merchantUid.localeCompare(b.merchantUid) : a.at < b.at ? 1 : -1));
}

const stripped = (req: Request) => {
  const { after: _after, access_token: _a, token: _t, ...query } = req.query;
  return query;
};

/**
 * The payment reads (spec 2 §7, payments design), all from the `payments` read model: a person's own payments,
 * one payment (its owner or an administrator; anyone else 404), a user's payments (self or administrator), every
 * payment and every transaction (administrators).
 */
export function paymentQueryRoutes({
  readStore,
  readYourWrites,
  auth,
  seller,
  now = () => new Date(),
}: PaymentQueryRoutesDeps): Router {
  const router = Router();
  const payments = readStore.collection<PaymentDoc>(PAYMENTS);
  const users = readStore.collection<UserDoc>(USERS);

  async function ordersOf(docs: readonly PaymentDoc[]): Promise<Order[]> {
    const owners = new Map(
      (await users.getMany([...new Set(docs.map((doc) => doc.userId))])).map((user) => [user.id, user]),
    );
    return docs.map((doc) => toOrder(doc, owners.get(doc.userId)));
  }

  async function page(filter: Filter, pageNumber: number | undefined, limit: number): Promise<OrdersPage> {
    const where = { ...ORDERS, ...filter };
    const sort = { createdAt: -1, id: 1 } as const;
    if (pageNumber === undefined) {
      const docs = await payments.find(where, { sort });
      return { orders: await ordersOf(docs), count: docs.length, pages: 1, page: 1 };
    }
    const [count, docs] = await Promise.all([
      payments.count(where),
      payments.find(where, { sort, skip: (pageNumber - 1) * limit, limit }),
    ]);
    return { orders: await ordersOf(docs), count, pages: Math.max(1, Math.ceil(count / limit)), page: pageNumber };
  }

  const signedIn = (req: Request) => {
    if (!req.user) throw new UnauthorizedError('Please log in');
    return req.user;
  };

  router.get('/payments', auth.required, async (req, res) => {
    const user = signedIn(req);
    const { page: pageNumber, limit } = parseOrThrow(paymentsQuerySchema, stripped(req), 'query');
    await readYourWrites(req, res, [PAYMENTS]);
    res.json(await page({ userId: user.id }, pageNumber, limit));
  });

  router.get('/payments/all', auth.admin, async (req, res) => {
    const { page: pageNumber, limit } = parseOrThrow(paymentsQuerySchema, stripped(req), 'query');
    await readYourWrites(req, res, [PAYMENTS, USERS]);
    res.json(await page({}, pageNumber, limit));
  });

  router.get('/payments/user/:userId', auth.required, async (req, res) => {
    const user = signedIn(req);
    const userId = pathParam(req, 'userId', 'User not found');
    // someone else's payments do not exist for a non-administrator
    if (userId !== user.id && !isAdminRole(user.role)) throw new NotFoundError('User not found');
    const { page: pageNumber, limit } = parseOrThrow(userPaymentsQuerySchema, stripped(req), 'query');
    await readYourWrites(req, res, [PAYMENTS]);
    res.json(await page({ userId }, pageNumber, limit));
  });

  // GET payments/config (the browser's payment settings) is another route's, and public
  const notConfig = (req: Request, _res: unknown, next: (route?: 'route') => void) =>
    req.params.merchantUid === 'config' ? next('route') : next();
  router.get('/payments/:merchantUid', notConfig, auth.required, async (req, res) => {
    const user = signedIn(req);
    const merchantUid = pathParam(req, 'merchantUid', P.orderNotFound);
    if (!MERCHANT_UID_PATTERN.test(merchantUid)) throw new NotFoundError(P.orderNotFound);
    await readYourWrites(req, res, [PAYMENTS]);
    const doc = await payments.get(merchantUid);
    if (!doc || (doc.userId !== user.id && !isAdminRole(user.role))) throw new NotFoundError(P.orderNotFound);
    const [order] = await ordersOf([doc]);
    res.json(order);
  });

  // the receipt: only its owner or an administrator; to anyone else it does not exist (404, as the payment)
  router.get('/payments/:merchantUid/receipt', auth.required, async (req, res) => {
    const user = signedIn(req);
    const merchantUid = pathParam(req, 'merchantUid', P.orderNotFound);
    if (!MERCHANT_UID_PATTERN.test(merchantUid)) throw new NotFoundError(P.orderNotFound);
    await readYourWrites(req, res, [PAYMENTS]);
    const doc = await payments.get(merchantUid);
    if (!doc || (doc.userId !== user.id && !isAdminRole(user.role))) throw new NotFoundError(P.orderNotFound);
    const receipt = receiptOf(doc, (await users.getMany([doc.userId]))[0], seller, now());
    if (!receipt) throw new NotFoundError(P.receiptNotFound);
    res.json(receipt);
  });

  const transactionsPage = async (filter: Filter, pageNumber: number, limit: number): Promise<TransactionsPage> => {
    const all = transactionsOf(await payments.find(filter));
    return {
      transactions: all.slice((pageNumber - 1) * limit, pageNumber * limit),
      count: all.length,
      pages: Math.max(1, Math.ceil(all.length / limit)),
      page: pageNumber,
    };
  };

  router.get('/admin/subscriptions/transactions', auth.admin, async (req, res) => {
    const { page: pageNumber, limit } = parseOrThrow(paymentsQuerySchema, stripped(req), 'query');
    await readYourWrites(req, res, [PAYMENTS]);
    res.json(await transactionsPage({}, pageNumber, limit));
  });

  router.get('/admin/subscriptions/user-transactions/:userId', auth.admin, async (req, res) => {
    const userId = pathParam(req, 'userId', 'User not found');
    const { page: pageNumber, limit } = parseOrThrow(paymentsQuerySchema, stripped(req), 'query');
    await readYourWrites(req, res, [PAYMENTS]);
    res.json(await transactionsPage({ userId }, pageNumber, limit));
  });

  return router;
}
