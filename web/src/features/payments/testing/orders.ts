import type { Order } from '../api/payment-schemas.ts';

/** One payment as GET /api/payments/{merchantUid} answers it (payments design's Order). */
export function order(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'pg_purchase_1',
    merchantUid: 'pg_purchase_1',
    amount: 50_000,
    cancelAmount: 0,
    method: 'card',
    plan: 'standard',
    billingCycle: 'month',
    status: 'paid',
    paidAt: '2026-11-20T01:02:03.000Z',
    createdAt: '2026-11-20T01:02:00.000Z',
    refundedAt: null,
    receiptUrl: 'https://receipt.example.com/r/1',
    customerUid: { _id: 'user-1', name: '김여행', companyName: '포켓트래블', email: 'traveller@example.com' },
    paymentData: {
      currency: 'KRW',
      card_name: '신한카드',
      receipt_url: 'https://receipt.example.com/r/1',
      amount: 50_000,
      cancel_amount: 0,
      cancelled_at: null,
    },
    fail_reason: null,
    buyer_email: 'traveller@example.com',
    note: null,
    kind: 'purchase',
    ...overrides,
  };
}

/** A page of `total` payments numbered from `first` (merchantUids pg_n). */
export function orderPage(page: number, total: number, size = 10) {
  const start = (page - 1) * size;
  const orders = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, index) =>
    order({
      _id: `pg_${start + index + 1}`,
      merchantUid: `pg_${start + index + 1}`,
      amount: 11_000 * (1 + ((start + index) % 3)),
    }),
  );
  return { orders, count: total, pages: Math.max(1, Math.ceil(total / size)), page };
}
