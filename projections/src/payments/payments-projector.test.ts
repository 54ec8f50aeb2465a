import { describe, expect, it } from 'vitest';
import { EventDecodeError } from '@pocketguide/contracts/event-decoding';
import { expectIdempotent, projectEvents, recordedEvents } from '../testing/project.ts';
import { paymentsProjector } from './payments-projector.ts';

const stream = (merchantUid: string) => `payment-${merchantUid}`;
const requested = (merchantUid: string, kind = 'purchase', amount = 50_000) => ({
  streamId: stream(merchantUid),
  type: 'PaymentRequested',
  data: { merchantUid, userId: 'u1', plan: 'standard', billingCycle: 'month', amount, kind, requestedAt: '2026-03-01T09:00:00.000Z' },
});
const paymentData = { currency: 'KRW', card_name: 'BC card', receipt_url: 'https://receipts.example/1', amount: 50_000, cancel_amount: 0, cancelled_at: null };
const succeeded = (merchantUid: string, amount = 50_000) => ({
  streamId: stream(merchantUid),
  type: 'PaymentSucceeded',
  data: { merchantUid, userId: 'u1', impUid: 'imp_1', amount, method: 'card', paymentData: { ...paymentData, amount }, paidAt: '2026-03-01T09:00:01.000Z' },
});
const refunded = (merchantUid: string, amount: number, cancelAmount: number, partial: boolean, at: string) => ({
  streamId: stream(merchantUid),
  type: 'PaymentRefunded',
  data: { merchantUid, userId: 'u1', amount, cancelAmount, partial, reason: 'asked', refundedAt: at },
});

describe('the payments read model', () => {
  it('refuses a stored payment event that does not fit its schema instead of misreading it', () => {
    const negative = refunded('pg_purchase_1', -1, 0, true, '2026-03-02T09:00:00.000Z');
    expect(() => projectEvents(paymentsProjector, recordedEvents([requested('pg_purchase_1'), negative]))).toThrow(EventDecodeError);
    const noData = { ...succeeded('pg_purchase_1'), data: { ...succeeded('pg_purchase_1').data, paymentData: undefined } };
    expect(() => projectEvents(paymentsProjector, recordedEvents([requested('pg_purchase_1'), noData]))).toThrow('PaymentSucceeded: paymentData:');
  });

  it('a paid purchase is an Order with its receipt and payment data, and one transaction', () => {
    const docs = expectIdempotent(paymentsProjector, recordedEvents([requested('pg_purchase_1'), succeeded('pg_purchase_1')]));
    expect(docs.get('pg_purchase_1')).toEqual({
      id: 'pg_purchase_1',
      userId: 'u1',
      merchantUid: 'pg_purchase_1',
      kind: 'purchase',
      plan: 'standard',
      billingCycle: 'month',
      amount: 50_000,
      method: 'card',
      status: 'paid',
      createdAt: '2026-03-01T09:00:00.000Z',
      paidAt: '2026-03-01T09:00:01.000Z',
      refundedAt: null,
      cancelAmount: 0,
      receiptUrl: 'https://receipts.example/1',
      paymentData,
      failReason: null,
      buyerEmail: null,
      note: null,
      impUid: 'imp_1',
      history: [{ status: 'paid', amount: 50_000, at: '2026-03-01T09:00:01.000Z', failReason: null }],
    });
  });

  it('refunds in part, then whole: status, cancel amount, refund time and the transactions follow', () => {
    const docs = expectIdempotent(
      paymentsProjector,
      recordedEvents([
        requested('pg_purchase_1'),
        succeeded('pg_purchase_1'),
        refunded('pg_purchase_1', 20_000, 20_000, true, '2026-03-02T09:00:00.000Z'),
      ]),
    );
    expect(docs.get('pg_purchase_1')).toMatchObject({ status: 'partially-refunded', cancelAmount: 20_000, refundedAt: '2026-03-02T09:00:00.000Z' });
    const whole = expectIdempotent(
      paymentsProjector,
      recordedEvents([
        requested('pg_purchase_1'),
        succeeded('pg_purchase_1'),
        refunded('pg_purchase_1', 20_000, 20_000, true, '2026-03-02T09:00:00.000Z'),
        refunded('pg_purchase_1', 30_000, 50_000, false, '2026-03-03T09:00:00.000Z'),
      ]),
    ).get('pg_purchase_1');
    expect(whole).toMatchObject({ status: 'refunded', cancelAmount: 50_000, paymentData: { cancel_amount: 50_000, cancelled_at: '2026-03-03T09:00:00.000Z' } });
    expect(whole?.history.map((entry) => [entry.status, entry.amount])).toEqual([
      ['paid', 50_000],
      ['refunded', 20_000],
      ['refunded', 30_000],
    ]);
  });

  it('a failed renewal keeps its reason; a card check is cancelled; a deleted payment is gone; a transfer has no payment data', () => {
    const docs = expectIdempotent(
      paymentsProjector,
      recordedEvents([
        requested('pg_renew_1', 'renewal'),
        { streamId: stream('pg_renew_1'), type: 'PaymentFailed', data: { merchantUid: 'pg_renew_1', userId: 'u1', impUid: null, failReason: 'declined', failedAt: '2026-03-01T09:00:02.000Z' } },
        requested('pg_cardcheck_1', 'card-check', 100),
        succeeded('pg_cardcheck_1', 100),
        refunded('pg_cardcheck_1', 100, 100, false, '2026-03-01T09:00:03.000Z'),
        requested('pg_purchase_2'),
        succeeded('pg_purchase_2'),
        { streamId: stream('pg_purchase_2'), type: 'PaymentDeleted', data: { merchantUid: 'pg_purchase_2', userId: 'u1', deletedAt: '2026-03-04T09:00:00.000Z' } },
        {
          streamId: stream('pg_transfer_1'),
          type: 'TransferPaymentRecorded',
          data: { merchantUid: 'pg_transfer_1', userId: 'u1', plan: 'enterprise', billingCycle: 'month', amount: 1_000_000, note: 'invoice 7', paidAt: '2026-03-05T00:00:00.000Z' },
        },
      ]),
    );
    expect(docs.get('pg_renew_1')).toMatchObject({ status: 'failed', failReason: 'declined', history: [{ status: 'failed', amount: 50_000, failReason: 'declined' }] });
    expect(docs.get('pg_cardcheck_1')?.history.map((entry) => entry.status)).toEqual(['paid', 'cancelled']);
    expect(docs.has('pg_purchase_2')).toBe(false);
    expect(docs.get('pg_transfer_1')).toMatchObject({ kind: 'transfer', method: 'transfer', status: 'paid', paymentData: null, note: 'invoice 7', paidAt: '2026-03-05T00:00:00.000Z' });
  });
});
