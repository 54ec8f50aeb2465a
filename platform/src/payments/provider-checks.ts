import { PaymentProviderError, type ChargeRequest, type ProviderPayment } from './payment-provider.ts';

/**
 * Checks both adapters make before a request leaves: KRW amounts are whole won, ids are short printable text.
 * A caller's mistake is PaymentProviderError('invalid'), never a half-sent request.
 */

/** KRW has no minor unit: a whole, non-negative, safe number of won. */
export function assertWon(amount: unknown, what = 'amount', { positive = false } = {}): asserts amount is number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0 || (positive && amount === 0)) {
    throw new PaymentProviderError(
      `${what} must be a whole number of won${positive ? ' above 0' : ''} (got ${String(amount)})`,
      'invalid',
    );
  }
}

/** merchant_uid, customer_uid and imp_uid: 1-80 letters, digits, `_`, `-`, `.`, `:` (PortOne's own ids fit). */
const ID = /^[A-Za-z0-9_.:-]{1,80}$/;

export function assertId(value: unknown, what: string): asserts value is string {
  if (typeof value !== 'string' || !ID.test(value)) {
    throw new PaymentProviderError(
      `${what} must be 1-80 letters, digits, _ - . or : (got ${JSON.stringify(value)?.slice(0, 100)})`,
      'invalid',
    );
  }
}

export function assertCharge(request: ChargeRequest): void {
  assertId(request.customerUid, 'customerUid');
  assertId(request.merchantUid, 'merchantUid');
  assertWon(request.amount, 'amount', { positive: true });
  if (typeof request.name !== 'string' || request.name.trim() === '')
    throw new PaymentProviderError('name (what the buyer sees) is required', 'invalid');
}

/** What is left to refund of a payment. */
export function refundableOf(payment: ProviderPayment): number {
  return Math.max(0, payment.amount - payment.cancelAmount);
}

/**
 * A webhook body ({ imp_uid, merchant_uid, status }, JSON or form fields already parsed, or the raw form text):
 * only imp_uid is used to look the payment up; merchant_uid, when given, must name the same payment.
 */
export function webhookIds(body: unknown): { impUid: string; merchantUid: string | undefined } {
  let fields: unknown = body;
  if (typeof body === 'string') fields = Object.fromEntries(new URLSearchParams(body));
  if (Buffer.isBuffer(body)) fields = Object.fromEntries(new URLSearchParams(body.toString('utf8')));
  if (typeof fields !== 'object' || fields === null)
    throw new PaymentProviderError('A webhook call must carry imp_uid', 'invalid');
  const { imp_uid: impUid, merchant_uid: merchantUid } = fields as Record<string, unknown>;
  assertId(impUid, 'imp_uid');
  if (merchantUid !== undefined && merchantUid !== null && merchantUid !== '') assertId(merchantUid, 'merchant_uid');
  return { impUid, merchantUid: typeof merchantUid === 'string' && merchantUid !== '' ? merchantUid : undefined };
}

export function assertWebhookMatches(payment: ProviderPayment, merchantUid: string | undefined): ProviderPayment {
  if (merchantUid !== undefined && payment.merchantUid !== merchantUid) {
    throw new PaymentProviderError(
      `The webhook names merchant_uid ${merchantUid}, but ${payment.impUid} belongs to ${payment.merchantUid}`,
      'invalid',
    );
  }
  return payment;
}
