import { z } from 'zod';
import { BILLING_CYCLES, PAID_PLANS } from '../account/account-limits.ts';
import { eventDecoder, type EventDecoder } from '../event-decoding.ts';

/**
 * One stream per payment, `payment-<merchantUid>`: a charge attempt (purchase, one-month pass, renewal, card check)
 * and what became of it, or a transfer an administrator recorded. The merchantUid is our idempotency key with the
 * provider (`pg_<purpose>_<...>`); renewals use `renewalMerchantUid` so a retried renewal never charges twice.
 */

const at = z.iso.datetime();

export const PAYMENT_KINDS = ['purchase', 'onemonth', 'renewal', 'card-check'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const paymentRequestedSchema = z.object({
  merchantUid: z.string(),
  userId: z.string(),
  plan: z.enum(PAID_PLANS),
  billingCycle: z.enum(BILLING_CYCLES),
  amount: z.number().int().nonnegative(),
  kind: z.enum(PAYMENT_KINDS),
  requestedAt: at,
});

/** The provider's payment data as the spec's Order shows it (snake_case names are the spec's). */
export const paymentDataSchema = z.object({
  currency: z.string(),
  card_name: z.string().nullable(),
  receipt_url: z.string().nullable(),
  amount: z.number(),
  cancel_amount: z.number(),
  cancelled_at: z.string().nullable(),
});
export type PaymentData = z.infer<typeof paymentDataSchema>;

export const paymentSucceededSchema = z.object({
  merchantUid: z.string(),
  userId: z.string(),
  impUid: z.string(),
  amount: z.number().int().nonnegative(),
  /** 'card', 'trans', 'transfer'… as the provider names it */
  method: z.string(),
  paymentData: paymentDataSchema,
  paidAt: at,
});

export const paymentFailedSchema = z.object({
  merchantUid: z.string(),
  userId: z.string(),
  impUid: z.string().nullable(),
  failReason: z.string(),
  failedAt: at,
});

export const paymentRefundedSchema = z.object({
  merchantUid: z.string(),
  userId: z.string(),
  /** this refund */
  amount: z.number().int().nonnegative(),
  /** everything refunded so far, this refund included */
  cancelAmount: z.number().int().nonnegative(),
  partial: z.boolean(),
  reason: z.string(),
  refundedAt: at,
});

/** An administrator deleted the payment permanently: it leaves every list. */
export const paymentDeletedSchema = z.object({ merchantUid: z.string(), userId: z.string(), deletedAt: at });

/** An administrator recorded a payment made by bank transfer (no provider, no paymentData). */
export const transferPaymentRecordedSchema = z.object({
  merchantUid: z.string(),
  userId: z.string(),
  plan: z.enum(PAID_PLANS),
  billingCycle: z.enum(BILLING_CYCLES),
  amount: z.number().int().nonnegative(),
  note: z.string(),
  paidAt: at,
});

type E<T extends string, S extends z.ZodType> = { type: T; data: z.infer<S> };

export type PaymentRequested = E<'PaymentRequested', typeof paymentRequestedSchema>;
export type PaymentSucceeded = E<'PaymentSucceeded', typeof paymentSucceededSchema>;
export type PaymentFailed = E<'PaymentFailed', typeof paymentFailedSchema>;
export type PaymentRefunded = E<'PaymentRefunded', typeof paymentRefundedSchema>;
export type PaymentDeleted = E<'PaymentDeleted', typeof paymentDeletedSchema>;
export type TransferPaymentRecorded = E<'TransferPaymentRecorded', typeof transferPaymentRecordedSchema>;

export type PaymentEvent =
  | PaymentRequested
  | PaymentSucceeded
  | PaymentFailed
  | PaymentRefunded
  | PaymentDeleted
  | TransferPaymentRecorded;

export const paymentEventSchemas = {
  PaymentRequested: paymentRequestedSchema,
  PaymentSucceeded: paymentSucceededSchema,
  PaymentFailed: paymentFailedSchema,
  PaymentRefunded: paymentRefundedSchema,
  PaymentDeleted: paymentDeletedSchema,
  TransferPaymentRecorded: transferPaymentRecordedSchema,
} as const satisfies Record<PaymentEvent['type'], z.ZodType>;

/** How payment streams are read (see `event-decoding.ts`): every type is at version 1, no upcaster yet. */
export const paymentEventDecoder: EventDecoder<PaymentEvent> = eventDecoder({ schemas: paymentEventSchemas });

export const PAYMENT_STREAM_CATEGORY = 'payment';
export const PAYMENT_STREAM_PREFIX = `${PAYMENT_STREAM_CATEGORY}-`;
export const paymentStream = (merchantUid: string): string => `${PAYMENT_STREAM_PREFIX}${merchantUid}`;

/** A merchantUid: letters, digits, `_` and `-` only (it is part of a stream name and of URLs). */
export const MERCHANT_UID_PATTERN = /^[A-Za-z0-9_-]{1,80}$/;

/** YYYYMMDD of a date in UTC. */
const ymd = (date: Date): string => date.toISOString().slice(0, 10).replaceAll('-', '');

/** PortOne takes a merchant_uid of at most 40 bytes; every id the product makes fits. */
export const PROVIDER_MERCHANT_UID_MAX = 40;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A user id short enough for a merchant_uid: a UUID's 16 bytes as 22 base64url characters (the same id always
 * gives the same text, and two ids never the same); any other id of up to 22 characters as it is, a longer one
 * by a 64-bit FNV-1a hash in hex.
 */
export function compactUserId(userId: string): string {
  const hex = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId) ? userId.replaceAll('-', '').toLowerCase() : null;
  if (hex === null) return userId.length <= 22 ? userId : fnv64(userId);
  let bits = '';
  for (const digit of hex) bits += parseInt(digit, 16).toString(2).padStart(4, '0');
  let out = '';
  for (let i = 0; i < bits.length; i += 6) out += BASE64URL[parseInt(bits.slice(i, i + 6).padEnd(6, '0'), 2)];
  return out;
}

function fnv64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const unit of new TextEncoder().encode(text)) hash = BigInt.asUintN(64, (hash ^ BigInt(unit)) * 0x100000001b3n);
  return hash.toString(16).padStart(16, '0');
}

/**
 * A person's purchase names its payment (spec 2 §7: "a prefix plus a timestamp"), so the prefix puts it in a
 * namespace of its own: `pg_purchase_` (a plan) or `pg_onemonth_` (the one-month pass), then 8 to 28 letters or
 * digits (no `_`, at most 40 bytes in all). The server's own ids (`pg_r_` renewals, `pg_s_` schedules,
 * `pg_cardcheck_`, `pg_transfer_`) can never match, so a buyer cannot steer a purchase onto them.
 */
export const PURCHASE_MERCHANT_UID_PATTERN = /^pg_(purchase|onemonth)_[A-Za-z0-9]{8,28}$/;

/** The kind of purchase a merchantUid names (`purchase` or `onemonth`), or null when it is not a purchase's. */
export function purchaseKindOf(merchantUid: string): 'purchase' | 'onemonth' | null {
  const match = PURCHASE_MERCHANT_UID_PATTERN.exec(merchantUid);
  return match ? (match[1] as 'purchase' | 'onemonth') : null;
}

/** The account a billing key names (`pg_card_<userId>_…`, see isOwnCustomerUid), or null. */
export function ownerOfCustomerUid(customerUid: string | null): string | null {
  const match = customerUid ? /^pg_card_(.+)_[^_]+$/.exec(customerUid) : null;
  return match?.[1] ?? null;
}

/**
 * The deterministic merchantUid of a renewal: `pg_r_<compact user id>_<YYYYMMDD of the expiry>_<attempt>` (at
 * most 37 characters). The same renewal attempt always has the same id, so a redelivered job never charges twice.
 */
export function renewalMerchantUid(userId: string, expiresAt: Date | string, attempt: number): string {
  return `pg_r_${compactUserId(userId)}_${ymd(new Date(expiresAt))}_${attempt}`;
}

/**
 * A billing key (customer_uid) is the browser's choice, so it is bound to its account by its name: the web makes
 * `pg_card_<userId>_<...>` and the server refuses any other, so nobody can register someone else's card as theirs.
 */
export const cardCustomerUidPrefix = (userId: string): string => `pg_card_${userId}_`;
export function isOwnCustomerUid(customerUid: string, userId: string): boolean {
  return customerUid.startsWith(cardCustomerUidPrefix(userId)) && customerUid.length > cardCustomerUidPrefix(userId).length;
}
