/**
 * The payment provider port (ARCHITECTURE.md: the spec's DEBUG provider embedded, PortOne (iamport) at scale).
 * The server never trusts what a browser says it paid: it looks every payment up here and checks the amount.
 */

/** One payment as the provider knows it (PortOne's `/payments/{imp_uid}` answer, in our names). */
export type ProviderPayment = {
  impUid: string;
  merchantUid: string;
  /** ready: the window was opened but nothing was charged */
  status: 'ready' | 'paid' | 'failed' | 'cancelled';
  amount: number;
  /** total cancelled (refunded) so far */
  cancelAmount: number;
  currency: string;
  /** card, trans, vbank… */
  method: string;
  cardName: string | null;
  receiptUrl: string | null;
  /** the billing key the payment was made with or issued, when there is one */
  customerUid: string | null;
  paidAt: Date | null;
  failedAt: Date | null;
  cancelledAt: Date | null;
  failReason: string | null;
  buyerEmail: string | null;
};

/** A stored card (PortOne's billing key, `/subscribe/customers/{customer_uid}`). */
export type BillingKey = {
  customerUid: string;
  cardName: string | null;
  cardNumberMasked: string | null;
  createdAt: Date;
};

export type ChargeRequest = {
  customerUid: string;
  /** our idempotency key: the provider refuses a second payment with the same one */
  merchantUid: string;
  amount: number;
  /** what the buyer sees on the receipt, e.g. 'PocketGuide standard (1 month)' */
  name: string;
  buyerEmail?: string;
  buyerName?: string;
};

export type CancelRequest = {
  /** the payment to cancel, by our id */
  merchantUid: string;
  /** omitted: whatever is left */
  amount?: number;
  reason: string;
};

export type ScheduleRequest = ChargeRequest & { scheduleAt: Date };

/** A refusal the provider gave (declined card, unknown payment…): shown to people, never a 500. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /** declined: the card or amount was refused; not-found: no such payment/key; unavailable: timeout or 5xx, try later */
    readonly reason: 'declined' | 'not-found' | 'unavailable' | 'invalid',
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export interface PaymentProvider {
  readonly kind: 'debug' | 'portone';
  /** the payment a browser made, by the provider's id; PaymentProviderError('not-found') when unknown */
  getPayment(impUid: string): Promise<ProviderPayment>;
  /** by our id; null when the provider never saw it (so the charge was never made) */
  findPayment(merchantUid: string): Promise<ProviderPayment | null>;
  /** the card behind a billing key; null when there is none */
  getBillingKey(customerUid: string): Promise<BillingKey | null>;
  /**
   * Charges a billing key again (a renewal). Answers the payment whether paid or failed (a declined card is a
   * `failed` payment, not a throw); throws PaymentProviderError('unavailable') on timeouts and 5xx, and
   * ('invalid') when the merchantUid was already used.
   * When the provider refuses the request outright (nothing charged, no payment made) it throws ('not-found') for a
   * customerUid without a card, else ('declined') with the provider's message.
   */
  charge(request: ChargeRequest): Promise<ProviderPayment>;
  /** refunds all or part of a payment; answers the payment after the cancel */
  cancel(request: CancelRequest): Promise<ProviderPayment>;
  /** asks the provider to charge later (PortOne's scheduled payment) */
  schedule(request: ScheduleRequest): Promise<void>;
  /**
   * A webhook call's body ({ imp_uid, merchant_uid, status }) is never trusted: the payment is looked up again
   * and that answer is returned (a forged call changes nothing it did not already say).
   */
  verifyWebhook(body: unknown): Promise<ProviderPayment>;
}
