import { PAYMENTS, type PaymentDoc, type PaymentEvent } from '@pocketguide/contracts';
import { paymentEvents } from '../event-readers.ts';
import type { Projector } from '../projector.ts';

const PAYMENT_DOC_EVENTS = [
  'PaymentRequested',
  'PaymentSucceeded',
  'PaymentFailed',
  'PaymentRefunded',
  'PaymentDeleted',
  'TransferPaymentRecorded',
] as const satisfies ReadonlyArray<PaymentEvent['type']>;

/**
 * `payments`: one document per merchantUid, the spec's Order (spec 2 §3) without the buyer's name, which the
 * query side joins from `users`. Its `history` (each charge result and refund) is what the admin transactions list
 * shows. A deleted payment is removed.
 */
export const paymentsProjector: Projector<PaymentDoc, PaymentEvent> = {
  name: PAYMENTS,
  collection: PAYMENTS,
  indexes: [{ fields: { userId: 1, createdAt: -1 } }, { fields: { createdAt: -1 } }],
  filter: { streamCategories: [paymentEvents.category], eventTypes: PAYMENT_DOC_EVENTS },
  decode: paymentEvents.read,
  documentIds: (event) => [event.data.merchantUid],
  evolve(doc, event) {
    switch (event.type) {
      case 'PaymentRequested': {
        const { merchantUid, userId, plan, billingCycle, amount, kind, requestedAt } = event.data;
        return {
          id: merchantUid,
          userId,
          merchantUid,
          kind,
          plan,
          billingCycle,
          amount,
          method: 'card',
          status: 'pending',
          createdAt: requestedAt,
          paidAt: null,
          refundedAt: null,
          cancelAmount: 0,
          receiptUrl: null,
          paymentData: null,
          failReason: null,
          buyerEmail: null,
          note: null,
          impUid: null,
          history: [],
        };
      }
      case 'TransferPaymentRecorded': {
        const { merchantUid, userId, plan, billingCycle, amount, note, paidAt } = event.data;
        return {
          id: merchantUid,
          userId,
          merchantUid,
          kind: 'transfer',
          plan,
          billingCycle,
          amount,
          method: 'transfer',
          status: 'paid',
          createdAt: paidAt,
          paidAt,
          refundedAt: null,
          cancelAmount: 0,
          receiptUrl: null,
          paymentData: null,
          failReason: null,
          buyerEmail: null,
          note,
          impUid: null,
          history: [{ status: 'paid', amount, at: paidAt, failReason: null }],
        };
      }
      default:
        break;
    }
    if (doc === null) return null;
    switch (event.type) {
      case 'PaymentSucceeded': {
        const { amount, method, paymentData, paidAt, impUid } = event.data;
        return {
          ...doc,
          status: 'paid',
          amount,
          method,
          paidAt,
          impUid,
          paymentData,
          receiptUrl: paymentData.receipt_url,
          history: [...doc.history, { status: 'paid', amount, at: paidAt, failReason: null }],
        };
      }
      case 'PaymentFailed': {
        const { failReason, failedAt, impUid } = event.data;
        return {
          ...doc,
          status: 'failed',
          failReason,
          impUid,
          history: [...doc.history, { status: 'failed', amount: doc.amount, at: failedAt, failReason }],
        };
      }
      case 'PaymentRefunded': {
        const { amount, cancelAmount, partial, refundedAt } = event.data;
        return {
          ...doc,
          status: partial ? 'partially-refunded' : 'refunded',
          cancelAmount,
          refundedAt,
          paymentData: doc.paymentData ? { ...doc.paymentData, cancel_amount: cancelAmount, cancelled_at: refundedAt } : null,
          history: [...doc.history, { status: doc.kind === 'card-check' ? 'cancelled' : 'refunded', amount, at: refundedAt, failReason: null }],
        };
      }
      case 'PaymentDeleted':
        return null;
      default:
        return doc;
    }
  },
};
