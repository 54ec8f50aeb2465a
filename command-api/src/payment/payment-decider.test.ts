import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES as P, type PaymentEvent } from '@pocketguide/contracts';
import { ConflictError, NotFoundError } from '@pocketguide/platform/http/errors';
import {
  iso,
  now,
  paid,
  purchase,
  recordTransfer,
  refund,
  refunded,
  request,
  requested,
  spec,
  succeeded,
  transferRecorded,
} from '../testing/payment-given.ts';
import { serverRequest } from './payment-decider.ts';
import { providerPayment } from './testing/fake-payment-provider.ts';

describe('RequestPayment', () => {
  it('given nothing, records the request', () => {
    spec.given([]).when(request()).then([requested]);
  });

  it('a purchase with a merchantUid already used is refused: one payment grants one plan', () => {
    spec.given([requested, succeeded]).when(request()).thenThrows(ConflictError, P.paymentUsed);
    spec
      .given([requested])
      .when(request({ userId: 'u2' }))
      .thenThrows(ConflictError, P.paymentUsed);
  });

  it('a request the server makes is monthly and may be repeated: the same again records nothing', () => {
    const again = serverRequest({ ...purchase, now });
    expect(again).toEqual(request({ allowExisting: true }));
    spec.given([]).when(again).then([requested]);
    spec.given([requested]).when(again).thenNothingHappens();
    spec.given([requested, succeeded]).when(again).thenNothingHappens();
  });

  it("the billing worker's same request again is already there (idempotent); a different one is refused", () => {
    spec
      .given([requested])
      .when(request({ allowExisting: true }))
      .thenNothingHappens();
    spec
      .given([requested])
      .when(request({ allowExisting: true, amount: 1 }))
      .thenThrows(ConflictError, P.paymentUsed);
  });
});

describe('RecordPaymentResult', () => {
  it('a paid payment succeeds with the spec paymentData; recording it again changes nothing', () => {
    spec
      .given([requested])
      .when({ type: 'RecordPaymentResult', data: { payment: paid, now } })
      .then([succeeded]);
    spec
      .given([requested, succeeded])
      .when({ type: 'RecordPaymentResult', data: { payment: paid, now } })
      .thenNothingHappens();
  });

  it('a failed payment fails with the reason; a payment still open records nothing', () => {
    const failed = providerPayment({
      merchantUid: 'pg_purchase_1',
      amount: 50_000,
      impUid: 'imp_1',
      status: 'failed',
      paidAt: null,
      failedAt: now,
      failReason: 'card declined',
    });
    spec
      .given([requested])
      .when({ type: 'RecordPaymentResult', data: { payment: failed, now } })
      .then([
        {
          type: 'PaymentFailed',
          data: {
            merchantUid: 'pg_purchase_1',
            userId: 'u1',
            impUid: 'imp_1',
            failReason: 'card declined',
            failedAt: iso,
          },
        },
      ]);
    spec
      .given([requested])
      .when({ type: 'RecordPaymentResult', data: { payment: { ...paid, status: 'ready' }, now } })
      .thenNothingHappens();
  });

  it('an unknown payment is 404', () => {
    spec
      .given([])
      .when({ type: 'RecordPaymentResult', data: { payment: paid, now } })
      .thenThrows(NotFoundError);
  });
});

describe('RefundPayment', () => {
  it('a partial refund, then the rest', () => {
    spec
      .given([requested, succeeded])
      .when(refund(20_000, 20_000))
      .then([refunded(20_000, 20_000, true)]);
    spec
      .given([requested, succeeded, refunded(20_000, 20_000, true)])
      .when(refund(30_000, 50_000))
      .then([refunded(30_000, 50_000, false)]);
  });

  it('the same provider total again records nothing; more than was paid, or an unpaid payment, is refused', () => {
    spec
      .given([requested, succeeded, refunded(50_000, 50_000, false)])
      .when(refund(50_000, 50_000))
      .thenNothingHappens();
    spec.given([requested, succeeded]).when(refund(60_000, 60_000)).thenThrows(ConflictError, P.refundTooLarge);
    spec.given([requested]).when(refund(1, 1)).thenThrows(ConflictError, P.notRefundable);
  });

  it('a transfer is not refunded through the provider', () => {
    spec
      .given([transferRecorded('pg_purchase_1')])
      .when(refund(1, 1))
      .thenThrows(ConflictError, P.notRefundable);
  });
});

describe('DeletePayment', () => {
  it('deletes once; twice changes nothing; unknown is 404; a deleted payment is gone for other commands', () => {
    const deleted: PaymentEvent = {
      type: 'PaymentDeleted',
      data: { merchantUid: 'pg_purchase_1', userId: 'u1', deletedAt: iso },
    };
    spec.given([requested, succeeded]).when({ type: 'DeletePayment', data: { now } }).then([deleted]);
    spec.given([requested, succeeded, deleted]).when({ type: 'DeletePayment', data: { now } }).thenNothingHappens();
    spec.given([]).when({ type: 'DeletePayment', data: { now } }).thenThrows(NotFoundError);
    spec.given([requested, succeeded, deleted]).when(refund(1, 1)).thenThrows(NotFoundError);
  });
});

describe('RecordTransfer', () => {
  it('records a transfer once; the merchantUid cannot be reused', () => {
    const command = recordTransfer('pg_transfer_1');
    const recorded = transferRecorded('pg_transfer_1');
    spec.given([]).when(command).then([recorded]);
    spec.given([recorded]).when(command).thenThrows(ConflictError, P.paymentUsed);
  });
});
