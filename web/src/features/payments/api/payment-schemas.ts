import { z } from 'zod';
import type { Order } from '@pocketguide/contracts';

/**
 * The payment answers (contracts/src/payment/payment-http.ts: Order, the lists' `{ orders, count, pages, page }`,
 * the refund and deletion answers); re-exported here with the helpers the screens share.
 */
export {
  orderSchema,
  ordersPageSchema as orderPageSchema,
  paymentDeletedAnswerSchema as paymentDeletedSchema,
  refundAnswerSchema as paymentRefundedSchema,
  subscriptionAnswerSchema,
  type Order,
  type OrdersPage as OrderPage,
  type RefundAnswer as PaymentRefunded,
  type SubscriptionAnswer,
} from '@pocketguide/contracts';

/**
 * GET /api/payments/config: which payment window the browser opens. Written here: contracts has no schema for it
 * (platform/src/payments/open-payment-provider.ts `PublicPaymentConfig`).
 */
export const paymentsConfigSchema = z.object({
  provider: z.enum(['debug', 'portone']),
  impCode: z.string().optional(),
  channelKey: z.string().optional(),
  storeId: z.string().optional(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/** What is left to refund of a payment. */
export function refundableOf(order: Order): number {
  return Math.max(0, order.amount - order.cancelAmount);
}

/** A payment without the provider's data was paid by bank transfer (spec 2 §3). */
export function isTransfer(order: Order): boolean {
  return order.paymentData === null;
}
