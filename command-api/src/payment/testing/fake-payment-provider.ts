import {
  PaymentProviderError,
  type BillingKey,
  type PaymentProvider,
  type ProviderPayment,
} from '@pocketguide/platform/payments/payment-provider';

/** A provider payment with sensible defaults (paid by card, nothing cancelled). */
export function providerPayment(
  fields: Partial<ProviderPayment> & Pick<ProviderPayment, 'merchantUid' | 'amount'>,
): ProviderPayment {
  return {
    impUid: `imp_${fields.merchantUid}`,
    status: 'paid',
    cancelAmount: 0,
    currency: 'KRW',
    method: 'card',
    cardName: 'Test card',
    receiptUrl: `https://receipts.example/${fields.merchantUid}`,
    customerUid: null,
    paidAt: new Date('2026-03-01T09:00:00.000Z'),
    failedAt: null,
    cancelledAt: null,
    failReason: null,
    buyerEmail: null,
    ...fields,
  };
}

export type FakePaymentProvider = PaymentProvider & {
  /** what getPayment answers for an imp_uid */
  payments: Map<string, ProviderPayment>;
  /** cards by customer_uid; a missing one has no card */
  keys: Map<string, BillingKey>;
  /** set to make charges answer failed */
  declineCharges: boolean;
  /** every call, for assertions */
  calls: string[];
};

/**
 * A tiny in-memory provider for the payment tests, until a test needs the real DEBUG adapter: what it answers is
 * set by the test (unpaid, other merchant_uid, other amount…), so every refusal can be acted out.
 */
export function createFakePaymentProvider(kind: 'debug' | 'portone' = 'portone'): FakePaymentProvider {
  const payments = new Map<string, ProviderPayment>();
  const byMerchant = new Map<string, ProviderPayment>();
  const keys = new Map<string, BillingKey>();
  const calls: string[] = [];
  const fake: FakePaymentProvider = {
    kind,
    payments,
    keys,
    calls,
    declineCharges: false,
    async getPayment(impUid) {
      calls.push(`getPayment ${impUid}`);
      const found = payments.get(impUid);
      if (!found) throw new PaymentProviderError(`No payment ${impUid}`, 'not-found');
      return { ...found };
    },
    async findPayment(merchantUid) {
      calls.push(`findPayment ${merchantUid}`);
      const found = byMerchant.get(merchantUid) ?? [...payments.values()].find((p) => p.merchantUid === merchantUid);
      return found ? { ...found } : null;
    },
    async getBillingKey(customerUid) {
      calls.push(`getBillingKey ${customerUid}`);
      return keys.get(customerUid) ?? null;
    },
    async charge(request) {
      calls.push(`charge ${request.merchantUid} ${request.amount}`);
      if (byMerchant.has(request.merchantUid)) throw new PaymentProviderError('merchant_uid used', 'invalid');
      const payment = providerPayment({
        merchantUid: request.merchantUid,
        amount: request.amount,
        customerUid: request.customerUid,
        ...(fake.declineCharges
          ? { status: 'failed' as const, paidAt: null, failedAt: new Date(), failReason: 'declined' }
          : {}),
      });
      byMerchant.set(request.merchantUid, payment);
      return { ...payment };
    },
    async cancel(request) {
      calls.push(`cancel ${request.merchantUid} ${request.amount ?? 'rest'}`);
      const payment =
        byMerchant.get(request.merchantUid) ??
        [...payments.values()].find((p) => p.merchantUid === request.merchantUid);
      if (!payment) throw new PaymentProviderError('No payment', 'not-found');
      const left = payment.amount - payment.cancelAmount;
      const amount = request.amount ?? left;
      if (amount > left) throw new PaymentProviderError('too much', 'invalid');
      const cancelAmount = payment.cancelAmount + amount;
      const after: ProviderPayment = {
        ...payment,
        cancelAmount,
        cancelledAt: new Date(),
        status: cancelAmount === payment.amount ? 'cancelled' : 'paid',
      };
      byMerchant.set(request.merchantUid, after);
      return { ...after };
    },
    async schedule(request) {
      calls.push(`schedule ${request.merchantUid}`);
    },
    async verifyWebhook() {
      throw new PaymentProviderError('not in the fake', 'invalid');
    },
  };
  return fake;
}
