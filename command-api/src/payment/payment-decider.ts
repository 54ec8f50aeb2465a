import {
  PAYMENT_MESSAGES as P,
  type BillingCycle,
  type PaidPlan,
  type PaymentData,
  type PaymentEvent,
  type PaymentKind,
} from '@pocketguide/contracts';
import { ConflictError, NotFoundError } from '@pocketguide/platform/http/errors';
import type { ProviderPayment } from '@pocketguide/platform/payments/payment-provider';
import type { Decider } from '../core/decider.ts';

/**
 * One payment (`payment-<merchantUid>`): requested, then paid or failed, then maybe refunded (in parts) or deleted;
 * or a bank transfer an administrator recorded. The merchantUid is unique: a second purchase with the same one is
 * refused, so a payment grants a plan once.
 */

export type Payment = {
  merchantUid: string;
  userId: string;
  plan: PaidPlan;
  billingCycle: BillingCycle;
  kind: PaymentKind | 'transfer';
  /** the amount asked for */
  amount: number;
  status: 'requested' | 'paid' | 'failed';
  /** what was paid (0 until paid) */
  paidAmount: number;
  /** refunded so far */
  cancelAmount: number;
  deleted: boolean;
};

export type PaymentState = { status: 'none' } | { status: 'exists'; payment: Payment };

type At = { now: Date };

export type RequestPayment = {
  type: 'RequestPayment';
  data: At & {
    merchantUid: string;
    userId: string;
    plan: PaidPlan;
    billingCycle: BillingCycle;
    amount: number;
    kind: PaymentKind;
    /**
     * The requests the server makes itself are retried with the same merchantUid (`serverRequest`): the same request
     * again is then already there (no events). Without it, an existing payment is never a second purchase: 409.
     */
    allowExisting?: boolean;
  };
};

/**
 * A monthly payment the server asks to record itself: a purchase it verified with the provider, a card check, the
 * billing worker's renewal charge. Each is retried with the same merchantUid (a retried request, the browser's
 * return and the webhook both, a job delivered twice), so the same request again records nothing.
 */
export function serverRequest(data: Omit<RequestPayment['data'], 'billingCycle' | 'allowExisting'>): RequestPayment {
  return { type: 'RequestPayment', data: { ...data, billingCycle: 'month', allowExisting: true } };
}
/** What the provider said of the payment (paid, failed, cancelled; `ready` records nothing yet). */
export type RecordPaymentResult = { type: 'RecordPaymentResult'; data: At & { payment: ProviderPayment } };
/** A refund the provider made: `amount` this time, `cancelAmount` the provider's total so far. */
export type RefundPayment = {
  type: 'RefundPayment';
  data: At & { amount: number; cancelAmount: number; reason: string };
};
export type DeletePayment = { type: 'DeletePayment'; data: At };
export type RecordTransfer = {
  type: 'RecordTransfer';
  data: At & {
    merchantUid: string;
    userId: string;
    plan: PaidPlan;
    billingCycle: BillingCycle;
    amount: number;
    note: string;
    paidAt: Date;
  };
};

export type PaymentCommand = RequestPayment | RecordPaymentResult | RefundPayment | DeletePayment | RecordTransfer;

/** The spec's paymentData from the provider's answer. */
export function paymentDataOf(payment: ProviderPayment): PaymentData {
  return {
    currency: payment.currency || 'KRW',
    card_name: payment.cardName,
    receipt_url: payment.receiptUrl,
    amount: payment.amount,
    cancel_amount: payment.cancelAmount,
    cancelled_at: payment.cancelledAt?.toISOString() ?? null,
  };
}

function living(state: PaymentState): Payment {
  if (state.status !== 'exists' || state.payment.deleted) throw new NotFoundError(P.orderNotFound);
  return state.payment;
}

export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve(state, event) {
    switch (event.type) {
      case 'PaymentRequested': {
        const { merchantUid, userId, plan, billingCycle, amount, kind } = event.data;
        return {
          status: 'exists',
          payment: {
            merchantUid,
            userId,
            plan,
            billingCycle,
            kind,
            amount,
            status: 'requested',
            paidAmount: 0,
            cancelAmount: 0,
            deleted: false,
          },
        };
      }
      case 'TransferPaymentRecorded': {
        const { merchantUid, userId, plan, billingCycle, amount } = event.data;
        return {
          status: 'exists',
          payment: {
            merchantUid,
            userId,
            plan,
            billingCycle,
            kind: 'transfer',
            amount,
            status: 'paid',
            paidAmount: amount,
            cancelAmount: 0,
            deleted: false,
          },
        };
      }
      default:
        break;
    }
    if (state.status !== 'exists') return state;
    const payment = state.payment;
    switch (event.type) {
      case 'PaymentSucceeded':
        return { status: 'exists', payment: { ...payment, status: 'paid', paidAmount: event.data.amount } };
      case 'PaymentFailed':
        return { status: 'exists', payment: { ...payment, status: 'failed' } };
      case 'PaymentRefunded':
        return { status: 'exists', payment: { ...payment, cancelAmount: event.data.cancelAmount } };
      case 'PaymentDeleted':
        return { status: 'exists', payment: { ...payment, deleted: true } };
      default:
        return state;
    }
  },

  decide(command, state) {
    const now = command.data.now.toISOString();
    switch (command.type) {
      case 'RequestPayment': {
        const { merchantUid, userId, plan, billingCycle, amount, kind } = command.data;
        if (state.status === 'exists') {
          const p = state.payment;
          // the same request again (a retried job) is already there; anything else reuses someone's payment
          const same = p.userId === userId && p.kind === kind && p.amount === amount && p.plan === plan && !p.deleted;
          if (command.data.allowExisting === true && same) return [];
          throw new ConflictError(P.paymentUsed);
        }
        return [
          {
            type: 'PaymentRequested',
            data: { merchantUid, userId, plan, billingCycle, amount, kind, requestedAt: now },
          },
        ];
      }

      case 'RecordPaymentResult': {
        const payment = living(state);
        const result = command.data.payment;
        if (payment.status !== 'requested' || result.status === 'ready') return [];
        if (result.status === 'paid') {
          return [
            {
              type: 'PaymentSucceeded',
              data: {
                merchantUid: payment.merchantUid,
                userId: payment.userId,
                impUid: result.impUid,
                amount: result.amount,
                method: result.method,
                paymentData: paymentDataOf(result),
                paidAt: (result.paidAt ?? command.data.now).toISOString(),
              },
            },
          ];
        }
        const failReason = result.failReason ?? (result.status === 'cancelled' ? 'cancelled' : 'failed');
        return [
          {
            type: 'PaymentFailed',
            data: {
              merchantUid: payment.merchantUid,
              userId: payment.userId,
              impUid: result.impUid || null,
              failReason,
              failedAt: (result.failedAt ?? command.data.now).toISOString(),
            },
          },
        ];
      }

      case 'RefundPayment': {
        const payment = living(state);
        if (payment.status !== 'paid' || payment.kind === 'transfer') throw new ConflictError(P.notRefundable);
        const { amount, cancelAmount, reason } = command.data;
        // the provider's total is the truth: a repeated answer (same total) records nothing new
        if (cancelAmount <= payment.cancelAmount) return [];
        if (cancelAmount > payment.paidAmount) throw new ConflictError(P.refundTooLarge);
        return [
          {
            type: 'PaymentRefunded',
            data: {
              merchantUid: payment.merchantUid,
              userId: payment.userId,
              amount,
              cancelAmount,
              partial: cancelAmount < payment.paidAmount,
              reason,
              refundedAt: now,
            },
          },
        ];
      }

      case 'DeletePayment': {
        if (state.status === 'exists' && state.payment.deleted) return [];
        const payment = living(state);
        return [
          {
            type: 'PaymentDeleted',
            data: { merchantUid: payment.merchantUid, userId: payment.userId, deletedAt: now },
          },
        ];
      }

      case 'RecordTransfer': {
        if (state.status === 'exists') throw new ConflictError(P.paymentUsed);
        const { merchantUid, userId, plan, billingCycle, amount, note, paidAt } = command.data;
        return [
          {
            type: 'TransferPaymentRecorded',
            data: { merchantUid, userId, plan, billingCycle, amount, note, paidAt: paidAt.toISOString() },
          },
        ];
      }

      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
