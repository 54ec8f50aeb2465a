import type { PaymentEvent } from '@pocketguide/contracts';
import type { PaymentCommand } from '../payment/payment-decider.ts';
import { paymentDecider } from '../payment/payment-decider.ts';
import { providerPayment } from '../payment/testing/fake-payment-provider.ts';
import { deciderSpec } from './decider-spec.ts';

/**
 * The payments the given/when/then tests of the payment commands start from, and their helpers. A command and the
 * event it records are built from one description, so the two cannot drift apart.
 */

export const spec = deciderSpec(paymentDecider);
export const now = new Date('2026-03-01T09:00:00.000Z');
export const iso = now.toISOString();

/** A member's card purchase of the standard plan, billed by the month. */
export const purchase = {
  merchantUid: 'pg_purchase_1',
  userId: 'u1',
  plan: 'standard',
  amount: 50_000,
  kind: 'purchase',
} as const;

export const request = (
  overrides: Partial<Extract<PaymentCommand, { type: 'RequestPayment' }>['data']> = {},
): PaymentCommand => ({ type: 'RequestPayment', data: { ...purchase, billingCycle: 'month', now, ...overrides } });
export const requested: PaymentEvent = {
  type: 'PaymentRequested',
  data: { ...purchase, billingCycle: 'month', requestedAt: iso },
};

/** The provider's answer for the purchase: paid in full by card. */
export const paid = providerPayment({ merchantUid: purchase.merchantUid, amount: purchase.amount, impUid: 'imp_1' });
export const succeeded: PaymentEvent = {
  type: 'PaymentSucceeded',
  data: {
    merchantUid: purchase.merchantUid,
    userId: purchase.userId,
    impUid: 'imp_1',
    amount: purchase.amount,
    method: 'card',
    paymentData: {
      currency: 'KRW',
      card_name: 'Test card',
      receipt_url: `https://receipts.example/${purchase.merchantUid}`,
      amount: purchase.amount,
      cancel_amount: 0,
      cancelled_at: null,
    },
    paidAt: iso,
  },
};

export const refund = (amount: number, cancelAmount: number): PaymentCommand => ({
  type: 'RefundPayment',
  data: { amount, cancelAmount, reason: 'asked', now },
});
export const refunded = (amount: number, cancelAmount: number, partial: boolean): PaymentEvent => ({
  type: 'PaymentRefunded',
  data: {
    merchantUid: purchase.merchantUid,
    userId: purchase.userId,
    amount,
    cancelAmount,
    partial,
    reason: 'asked',
    refundedAt: iso,
  },
});

/** An enterprise month paid by bank transfer, recorded by an administrator. */
const transfer = {
  userId: 'u1',
  plan: 'enterprise',
  billingCycle: 'month',
  amount: 1_000_000,
  note: 'invoice 7',
} as const;

export const recordTransfer = (merchantUid: string): PaymentCommand => ({
  type: 'RecordTransfer',
  data: { merchantUid, ...transfer, paidAt: now, now },
});
export const transferRecorded = (merchantUid: string): PaymentEvent => ({
  type: 'TransferPaymentRecorded',
  data: { merchantUid, ...transfer, paidAt: iso },
});
