import { z } from 'zod';
import { ORDER_KINDS } from './payment-http.ts';
import { BILLING_CYCLES, PAID_PLANS } from '../account/account-limits.ts';

/**
 * GET /api/payments/{merchantUid}/receipt (its owner or an administrator): what a receipt page prints for one
 * payment, its refunds, or a transfer. Amounts are won, VAT included, shown as Korean receipts show them:
 * 공급가액 (supply) + 부가세 (VAT) = 합계 (total), with VAT = round(total / 11).
 */

/** The VAT inside a VAT-inclusive total (부가세): a tenth of the supply, i.e. round(total / 11). */
export const vatOf = (total: number): number => Math.round(total / 11);
/** 공급가액, 부가세, 합계 of a VAT-inclusive total; a refund's are negative. */
export function vatBreakdown(total: number): { supply: number; vat: number; total: number } {
  const vat = Math.sign(total) * vatOf(Math.abs(total));
  return { supply: total - vat, vat, total };
}

const won = z.number().int();
export const amountsSchema = z.object({ supply: won, vat: won, total: won });

/** The seller as configured (SELLER_* keys): an empty field is left off the receipt. */
export const sellerSchema = z.object({
  name: z.string(),
  businessNumber: z.string(),
  representative: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type Seller = z.infer<typeof sellerSchema>;

export const RECEIPT_LINE_KINDS = ['payment', 'refund', 'transfer'] as const;
export const receiptLineSchema = z.object({ kind: z.enum(RECEIPT_LINE_KINDS), at: z.string(), amounts: amountsSchema });

export const receiptSchema = z.object({
  merchantUid: z.string(),
  kind: z.enum(ORDER_KINDS),
  plan: z.enum(PAID_PLANS),
  billingCycle: z.enum(BILLING_CYCLES),
  /** 'card', 'transfer'… as recorded */
  method: z.string(),
  cardName: z.string().nullable(),
  seller: sellerSchema,
  buyer: z.object({ name: z.string().nullable(), companyName: z.string().nullable(), email: z.string().nullable() }),
  /** the payment (or transfer) and each refund, oldest first */
  lines: z.array(receiptLineSchema),
  /** what stands after the refunds */
  net: amountsSchema,
  /** PortOne's own receipt, when the provider gave one */
  providerReceiptUrl: z.string().nullable(),
  issuedAt: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;
