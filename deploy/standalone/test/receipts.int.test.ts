import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceOf } from '@pocketguide/contracts/payment/plans';
import { receiptSchema, vatOf, type Receipt } from '@pocketguide/contracts';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';

/**
 * GET /api/payments/{merchantUid}/receipt: a payment's, refund's and transfer's receipt, with the seller from the
 * SELLER_* settings and VAT as Korean receipts show it; only its owner or an administrator reads it.
 */

const SELLER = {
  SELLER_NAME: '포켓가이드 주식회사',
  SELLER_BUSINESS_NUMBER: '123-45-67890',
  SELLER_REPRESENTATIVE: '홍길동',
  SELLER_ADDRESS: '서울시 중구 세종대로 1',
  SELLER_PHONE: '02-123-4567',
  SELLER_EMAIL: 'billing@example.com',
};

let product: StartedWithAdmin;
let buyer: SignedIn;
let stranger: SignedIn;
let bought = '';
let transfer = '';
let position = 0;

const price = priceOf('standard', new Date());
const json = (who: SignedIn) => ({ 'content-type': 'application/json', ...bearer(who.token) });
const receipt = (merchantUid: string, who: SignedIn | null) =>
  fetch(`${product.baseUrl}/api/payments/${merchantUid}/receipt?after=${position}`, {
    headers: who ? bearer(who.token) : {},
  });

beforeAll(async () => {
  product = await startWithAdmin('receipts', { env: SELLER });
  [buyer, stranger] = await Promise.all([
    product.newUser('receipt-buyer', { name: '김구매' }),
    product.newUser('receipt-stranger'),
  ]);
  bought = `pg_purchase_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const subscribed = await fetch(`${product.baseUrl}/api/subscriptions/subscribe`, {
    method: 'POST',
    headers: json(buyer),
    body: JSON.stringify({
      customer_uid: `pg_card_${buyer.user.id}_a`,
      merchant_uid: bought,
      imp_uid: `imp_debug_${bought}_${price}`,
      plan: 'standard',
      billingCycle: 'month',
      DEBUG: true,
    }),
  });
  expect(subscribed.status).toBe(200);
  const refunded = await fetch(`${product.baseUrl}/api/payments/refund`, {
    method: 'POST',
    headers: json(product.admin),
    body: JSON.stringify({ merchantUid: bought, amount: 11_000, reason: '일부 환불' }),
  });
  expect(refunded.status).toBe(200);
  const recorded = await fetch(`${product.baseUrl}/api/payments/transfer`, {
    method: 'POST',
    headers: json(product.admin),
    body: JSON.stringify({ customerUid: buyer.user.id, plan: 'pro', amount: 100_000, note: '계좌이체' }),
  });
  expect(recorded.status).toBe(200);
  const answer = (await recorded.json()) as { order: { merchantUid: string }; position: number };
  transfer = answer.order.merchantUid;
  position = answer.position;
}, 60_000);
afterAll(() => product?.app.close());

describe('GET /api/payments/{merchantUid}/receipt', () => {
  it('shows the charge and its refund as 공급가액 / 부가세 / 합계, the seller from the settings, and what stands', async () => {
    const response = await receipt(bought, buyer);
    expect(response.status).toBe(200);
    const body: Receipt = receiptSchema.parse(await response.json());
    expect(body.seller).toEqual({
      name: SELLER.SELLER_NAME,
      businessNumber: SELLER.SELLER_BUSINESS_NUMBER,
      representative: '홍길동',
      address: SELLER.SELLER_ADDRESS,
      phone: SELLER.SELLER_PHONE,
      email: SELLER.SELLER_EMAIL,
    });
    expect(body.buyer.name).toBe('김구매');
    expect(body.lines.map((line) => [line.kind, line.amounts])).toEqual([
      ['payment', { total: price, vat: vatOf(price), supply: price - vatOf(price) }],
      ['refund', { total: -11_000, vat: -1_000, supply: -10_000 }],
    ]);
    expect(body.net).toEqual({
      total: price - 11_000,
      vat: vatOf(price - 11_000),
      supply: price - 11_000 - vatOf(price - 11_000),
    });
    expect(body).toMatchObject({ merchantUid: bought, kind: 'purchase', plan: 'standard' });
  });

  it('a transfer has its receipt too, with no provider receipt', async () => {
    const response = await receipt(transfer, buyer);
    expect(response.status).toBe(200);
    const body = receiptSchema.parse(await response.json());
    expect(body.lines).toEqual([
      { kind: 'transfer', at: expect.any(String), amounts: { total: 100_000, vat: 9_091, supply: 90_909 } },
    ]);
    expect(body.providerReceiptUrl).toBeNull();
  });

  it('an administrator reads anyone’s receipt', async () => {
    expect((await receipt(bought, product.admin)).status).toBe(200);
  });

  it('refuses anyone else (404, as if there were none), anonymous callers (401) and a malformed id (404)', async () => {
    const other = await receipt(bought, stranger);
    expect(other.status).toBe(404);
    expect(other.headers.get('content-type')).toContain('application/problem+json');
    expect((await receipt(transfer, stranger)).status).toBe(404);
    expect((await receipt(bought, null)).status).toBe(401);
    expect((await receipt('no%20such', buyer)).status).toBe(404);
    expect((await receipt('pg_purchase_doesnotexist0', buyer)).status).toBe(404);
  });
});
