import { z } from 'zod';
import { BILLING_CYCLES, PAID_PLANS } from '../account/account-limits.ts';
import { sessionUserSchema, userViewSchema } from '../account/account-http.ts';
import { pageNumber } from '../list-query.ts';
import { MERCHANT_UID_PATTERN, PAYMENT_KINDS, paymentDataSchema } from './payment-events.ts';
import { PAYMENTS_PAGE_SIZE, PURCHASABLE_PLANS } from './plans.ts';

/** Requests and answers of the subscription and payment calls (spec 2 §7, payments design). */

const providerId = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(200, `${name} is too long`);
const merchantUidSchema = z
  .string({ error: 'merchant_uid is required' })
  .trim()
  .regex(MERCHANT_UID_PATTERN, 'merchant_uid must be 1 to 80 letters, digits, _ or -');

/**
 * POST subscriptions/subscribe and subscriptions/subscribe-one-month (the latter forces plan onemonth, whatever is
 * sent). `billingCycle: 'year'` parses, and is refused by the server with PAYMENT_MESSAGES.yearly.
 */
export const subscribeBodySchema = z.strictObject({
  customer_uid: providerId('customer_uid'),
  merchant_uid: merchantUidSchema,
  imp_uid: providerId('imp_uid'),
  plan: z.enum(PURCHASABLE_PLANS, { error: `plan must be one of ${PURCHASABLE_PLANS.join(', ')}` }).default('standard'),
  billingCycle: z.enum(BILLING_CYCLES, { error: 'billingCycle must be month or year' }).default('month'),
  /** a test payment: honoured only when the server's provider is the debug one */
  DEBUG: z.boolean().optional(),
});
export type SubscribeBody = z.input<typeof subscribeBodySchema>;

/** POST subscriptions/change-payment-method: the new billing key and the card check payment (100 won, cancelled). */
export const changePaymentMethodBodySchema = z.strictObject({
  customer_uid: providerId('customer_uid'),
  imp_uid: providerId('imp_uid'),
  DEBUG: z.boolean().optional(),
});
export type ChangePaymentMethodBody = z.input<typeof changePaymentMethodBodySchema>;

/**
 * POST payments/webhook: PortOne's notification ({imp_uid, merchant_uid, status}; other fields PortOne may add are
 * ignored). Only a hint: the payment is looked up with the provider.
 */
export const portOneWebhookBodySchema = z.looseObject({
  imp_uid: providerId('imp_uid'),
  merchant_uid: merchantUidSchema.optional(),
  status: z.string().max(40).optional(),
});
export type PortOneWebhookBody = z.infer<typeof portOneWebhookBodySchema>;

/** What the webhook did: `recorded` (paid and granted, now or before), or left alone. */
export const webhookAnswerSchema = z.object({
  outcome: z.enum(['recorded', 'ignored', 'not-paid']),
  merchantUid: z.string(),
  position: z.number().int().optional(),
});
export type WebhookAnswer = z.infer<typeof webhookAnswerSchema>;

/** subscribe, subscribe-one-month, change-payment-method, unsubscribe: the session refreshed (spec 2 §4). */
export const subscriptionAnswerSchema = z.object({
  user: sessionUserSchema,
  token: z.string(),
  position: z.number().int(),
});
export type SubscriptionAnswer = z.infer<typeof subscriptionAnswerSchema>;

/** POST payments/refund (admin): `amount` omitted refunds what is left. */
export const refundBodySchema = z.strictObject({
  merchantUid: merchantUidSchema,
  amount: z.number({ error: 'amount must be a whole number of won' }).int().positive().optional(),
  reason: z.string().trim().max(500).optional(),
});
export const refundAnswerSchema = z.object({
  merchantUid: z.string(),
  refundedAt: z.string(),
  cancelAmount: z.number().int(),
  position: z.number().int(),
});
export type RefundAnswer = z.infer<typeof refundAnswerSchema>;

/** DELETE payments/{merchantUid} (admin). */
export const paymentDeletedAnswerSchema = z.object({
  merchantUid: z.string(),
  deletedAt: z.string(),
  position: z.number().int(),
});

/** POST payments/transfer (admin): a payment made by bank transfer; it grants the plan (one month from paidAt). */
/** The largest bank transfer an administrator can record at once (a typo guard: 1,000,000,000 won). */
export const MAX_TRANSFER_WON = 1_000_000_000;
/** How far ahead a payment can be scheduled. */
export const MAX_SCHEDULE_AHEAD_DAYS = 366;
/** Clocks differ: a transfer's paidAt may be this much ahead of the server's clock. */
export const PAID_AT_SKEW_MS = 5 * 60_000;
/**
 * `1,000,000,000`, grouped by hand: `toLocaleString` would load the ICU data on import (about 200 ms), and every
 * process and test file that imports the contracts would pay for it.
 */
const MAX_TRANSFER_TEXT = String(MAX_TRANSFER_WON).replace(/\B(?=(\d{3})+$)/g, ',');

export const transferBodySchema = z.strictObject({
  customerUid: z.string({ error: 'customerUid is required' }).trim().min(1, 'customerUid is required').max(200),
  plan: z.enum(PAID_PLANS, { error: `plan must be one of ${PAID_PLANS.join(', ')}` }),
  amount: z
    .number({ error: 'amount must be a whole number of won' })
    .int('amount must be a whole number of won')
    .min(1, 'amount must be at least 1 won (a transfer of nothing is not a payment)')
    .max(MAX_TRANSFER_WON, `amount must be at most ${MAX_TRANSFER_TEXT} won`),
  note: z.string().trim().max(1000).default(''),
  paidAt: z.iso.datetime({ offset: true }).optional(),
});

/** POST subscriptions/admin/schedule-payment (admin). `scheduleAt` must be ahead (checked against the server's clock). */
export const schedulePaymentBodySchema = z.strictObject({
  customerUid: z.string({ error: 'customerUid is required' }).trim().min(1, 'customerUid is required').max(200),
  scheduleAt: z.iso.datetime({ offset: true }).optional(),
});

export const ORDER_STATUSES = ['paid', 'failed', 'refunded', 'partially-refunded', 'pending'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_KINDS = [...PAYMENT_KINDS, 'transfer'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** The buyer as an order shows them (spec 2 §3: customerUid is `_id, name, companyName, email`). */
export const orderCustomerSchema = z.object({
  _id: z.string(),
  name: z.string().nullable(),
  companyName: z.string().nullable(),
  email: z.string().nullable(),
});

/** One payment (spec 2 §3, Order). A transfer has no paymentData. */
export const orderSchema = z.object({
  _id: z.string(),
  merchantUid: z.string(),
  amount: z.number(),
  method: z.string(),
  plan: z.enum(PAID_PLANS),
  billingCycle: z.enum(BILLING_CYCLES),
  status: z.enum(ORDER_STATUSES),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
  /** total refunded so far */
  cancelAmount: z.number(),
  receiptUrl: z.string().nullable(),
  customerUid: orderCustomerSchema,
  paymentData: paymentDataSchema.nullable(),
  fail_reason: z.string().nullable(),
  buyer_email: z.string().nullable(),
  note: z.string().nullable(),
  kind: z.enum(ORDER_KINDS),
});
export type Order = z.infer<typeof orderSchema>;

/** GET payments, payments/user/{userId}, payments/all: `orders, count, pages, page` (spec 2 §7). */
export const ordersPageSchema = z.object({
  orders: z.array(orderSchema),
  count: z.number().int(),
  pages: z.number().int(),
  page: z.number().int(),
});
export type OrdersPage = z.infer<typeof ordersPageSchema>;

export const TRANSACTION_STATUSES = ['paid', 'failed', 'refunded', 'cancelled'] as const;
/** Every charge attempt, refund and card check, in time order (admin transactions). */
export const transactionSchema = z.object({
  merchantUid: z.string(),
  userId: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(TRANSACTION_STATUSES),
  amount: z.number(),
  at: z.string(),
  failReason: z.string().optional(),
});
export type Transaction = z.infer<typeof transactionSchema>;
export const transactionsPageSchema = z.object({
  transactions: z.array(transactionSchema),
  count: z.number().int(),
  pages: z.number().int(),
  page: z.number().int(),
});
export type TransactionsPage = z.infer<typeof transactionsPageSchema>;

/** POST payments/transfer answer. */
export const transferAnswerSchema = z.object({ order: orderSchema, user: userViewSchema, position: z.number().int() });

/** `?page&limit` of the payment lists; `page` absent on payments/user/{userId} means all of them. */
export const paymentsQuerySchema = z.object({
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(100).default(PAYMENTS_PAGE_SIZE),
});
export const userPaymentsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(PAYMENTS_PAGE_SIZE),
});

// ---- read models ----

/** `payments`: one document per merchantUid (deleted payments are removed). */
export const PAYMENTS = 'payments';
export type PaymentDoc = {
  id: string;
  userId: string;
  merchantUid: string;
  kind: OrderKind;
  plan: z.infer<typeof orderSchema>['plan'];
  billingCycle: z.infer<typeof orderSchema>['billingCycle'];
  amount: number;
  method: string;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
  cancelAmount: number;
  receiptUrl: string | null;
  paymentData: z.infer<typeof paymentDataSchema> | null;
  failReason: string | null;
  buyerEmail: string | null;
  note: string | null;
  impUid: string | null;
  /** every charge result and refund of this payment, oldest first: the admin transactions list flattens these */
  history: Array<{ status: Transaction['status']; amount: number; at: string; failReason: string | null }>;
};
