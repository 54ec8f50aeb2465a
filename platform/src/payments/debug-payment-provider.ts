import { randomBytes } from 'node:crypto';
import {
  PaymentProviderError,
  type BillingKey,
  type CancelRequest,
  type ChargeRequest,
  type PaymentProvider,
  type ProviderPayment,
  type ScheduleRequest,
} from './payment-provider.ts';
import {
  assertCharge,
  assertId,
  assertWebhookMatches,
  assertWon,
  refundableOf,
  webhookIds,
} from './provider-checks.ts';

/**
 * The spec's DEBUG provider, the embedded default (no PORTONE_* keys): no money moves and nothing leaves the
 * process. It is used by development, the tests, and a standalone run that sells nothing.
 *
 * The browser side of DEBUG mode skips PortOne's window and makes the ids up. The one it sends as imp_uid is
 *
 *     imp_debug_<merchant_uid>_<amount>        e.g. imp_debug_pg_purchase_1732500000000_50000
 *
 * (`debugImpUid`): the amount is the last `_<digits>` segment, the merchant_uid everything between `imp_debug_`
 * and it. `getPayment` answers such an id with a paid card payment of that merchant_uid and amount, so the
 * server's checks (paid, same merchant_uid, amount = the plan's price) run exactly as with PortOne, and a wrong
 * amount is refused the same way. Such a payment is remembered from its first look-up on (`findPayment`, `cancel`
 * and webhooks then know it); memory is per process and lost on restart (nothing real was paid).
 * An amount of 0 (a billing key issued without a charge) reads as a paid payment of 0 won, with nothing to cancel.
 *
 * Billing keys (customer_uid): DEBUG has no card store, so every customer_uid has a card ('DEBUG card'), except
 * these ones, which let tests and the renewal worker act out a card's troubles without a real card:
 *   - a customer_uid containing `decline`: charges answer a `failed` payment (the card was refused);
 *   - a customer_uid containing `missing`: there is no card (`getBillingKey` null, charge/schedule not-found);
 *   - a customer_uid containing `unavailable`: charges throw PaymentProviderError('unavailable'), as a timeout.
 * Charges made here get ids `imp_debug_<24 hex>` (no `_<amount>` suffix, so they never read as a browser's id).
 */
export const DEBUG_IMP_PREFIX = 'imp_debug_';
export const DEBUG_CARD_NAME = 'DEBUG card';

/** The imp_uid a DEBUG browser sends for a payment it pretends to have made. */
export function debugImpUid(merchantUid: string, amount: number): string {
  return `${DEBUG_IMP_PREFIX}${merchantUid}_${amount}`;
}

/** The merchant_uid and amount a DEBUG browser's imp_uid carries; null when it is not one. */
export function parseDebugImpUid(impUid: string): { merchantUid: string; amount: number } | null {
  const match = /^imp_debug_([A-Za-z0-9_.:-]{1,80})_(\d{1,12})$/.exec(impUid);
  if (!match) return null;
  const amount = Number(match[2]);
  if (!Number.isSafeInteger(amount)) return null;
  return { merchantUid: match[1] as string, amount };
}

export type DebugPaymentProvider = PaymentProvider & {
  readonly kind: 'debug';
  /** tests: while on, every call throws PaymentProviderError('unavailable') (PortOne down or timing out) */
  simulateOutage(on: boolean): void;
  /** the scheduled charges asked for (DEBUG records them; the product's renewal worker does the charging) */
  scheduled(): ScheduleRequest[];
};

export type DebugPaymentProviderOptions = {
  /** the clock (tests) */
  now?: () => Date;
};

export function createDebugPaymentProvider(options: DebugPaymentProviderOptions = {}): DebugPaymentProvider {
  const now = options.now ?? (() => new Date());
  const byImpUid = new Map<string, ProviderPayment>();
  /** the latest payment of each merchant_uid (as PortOne's /payments/find answers) */
  const byMerchantUid = new Map<string, ProviderPayment>();
  const schedules: ScheduleRequest[] = [];
  const billingKeys = new Map<string, BillingKey>();
  let outage = false;

  const copy = (payment: ProviderPayment): ProviderPayment => ({ ...payment });
  function remember(payment: ProviderPayment): ProviderPayment {
    byImpUid.set(payment.impUid, payment);
    byMerchantUid.set(payment.merchantUid, payment);
    return payment;
  }
  function up(): void {
    if (outage) throw new PaymentProviderError('The DEBUG payment provider is simulating an outage', 'unavailable');
  }
  function used(merchantUid: string): boolean {
    const payment = byMerchantUid.get(merchantUid);
    return (
      (payment !== undefined && (payment.status === 'paid' || payment.status === 'cancelled')) ||
      schedules.some((s) => s.merchantUid === merchantUid)
    );
  }
  function keyOf(customerUid: string): BillingKey | null {
    if (customerUid.includes('missing')) return null;
    let key = billingKeys.get(customerUid);
    if (!key) {
      key = { customerUid, cardName: DEBUG_CARD_NAME, cardNumberMasked: '0000-00**-****-0000', createdAt: now() };
      billingKeys.set(customerUid, key);
    }
    return key;
  }
  const base = (
    fields: Pick<ProviderPayment, 'impUid' | 'merchantUid' | 'amount' | 'status'> & Partial<ProviderPayment>,
  ): ProviderPayment => ({
    cancelAmount: 0,
    currency: 'KRW',
    method: 'card',
    cardName: DEBUG_CARD_NAME,
    receiptUrl: null,
    customerUid: null,
    paidAt: null,
    failedAt: null,
    cancelledAt: null,
    failReason: null,
    buyerEmail: null,
    ...fields,
  });

  async function getPayment(impUid: string): Promise<ProviderPayment> {
    up();
    assertId(impUid, 'imp_uid');
    const known = byImpUid.get(impUid);
    if (known) return copy(known);
    const browser = parseDebugImpUid(impUid);
    if (!browser)
      throw new PaymentProviderError(
        `No payment ${impUid} (a DEBUG browser payment's imp_uid is imp_debug_<merchant_uid>_<amount>)`,
        'not-found',
      );
    // A browser id naming a merchant_uid already paid by another imp_uid is not a second payment of it.
    const other = byMerchantUid.get(browser.merchantUid);
    if (other && other.impUid !== impUid && (other.status === 'paid' || other.status === 'cancelled')) {
      throw new PaymentProviderError(
        `No payment ${impUid}: merchant_uid ${browser.merchantUid} was paid as ${other.impUid}`,
        'not-found',
      );
    }
    return copy(
      remember(
        base({ impUid, merchantUid: browser.merchantUid, amount: browser.amount, status: 'paid', paidAt: now() }),
      ),
    );
  }

  return {
    kind: 'debug',
    getPayment,

    async findPayment(merchantUid) {
      up();
      assertId(merchantUid, 'merchantUid');
      const payment = byMerchantUid.get(merchantUid);
      return payment ? copy(payment) : null;
    },

    async getBillingKey(customerUid) {
      up();
      assertId(customerUid, 'customerUid');
      const key = keyOf(customerUid);
      return key ? { ...key } : null;
    },

    async charge(request: ChargeRequest) {
      up();
      assertCharge(request);
      if (request.customerUid.includes('unavailable')) {
        throw new PaymentProviderError(
          `DEBUG: customer_uid ${request.customerUid} acts out a provider that does not answer`,
          'unavailable',
        );
      }
      if (!keyOf(request.customerUid))
        throw new PaymentProviderError(`No card is registered as ${request.customerUid}`, 'not-found');
      if (used(request.merchantUid))
        throw new PaymentProviderError(`merchant_uid ${request.merchantUid} was already used`, 'invalid');
      const impUid = `${DEBUG_IMP_PREFIX}${randomBytes(12).toString('hex')}`;
      const declined = request.customerUid.includes('decline');
      const at = now();
      return copy(
        remember(
          base({
            impUid,
            merchantUid: request.merchantUid,
            amount: request.amount,
            status: declined ? 'failed' : 'paid',
            customerUid: request.customerUid,
            buyerEmail: request.buyerEmail ?? null,
            paidAt: declined ? null : at,
            failedAt: declined ? at : null,
            failReason: declined ? `DEBUG: the card was declined (customer_uid contains "decline")` : null,
          }),
        ),
      );
    },

    async cancel(request: CancelRequest) {
      up();
      assertId(request.merchantUid, 'merchantUid');
      const payment = byMerchantUid.get(request.merchantUid);
      if (!payment) throw new PaymentProviderError(`No payment ${request.merchantUid} to cancel`, 'not-found');
      if (payment.status !== 'paid')
        throw new PaymentProviderError(
          `Payment ${request.merchantUid} is ${payment.status}: nothing to cancel`,
          'invalid',
        );
      const left = refundableOf(payment);
      const amount = request.amount ?? left;
      assertWon(amount, 'amount', { positive: true });
      if (amount > left)
        throw new PaymentProviderError(
          `Cannot cancel ${amount} won of ${request.merchantUid}: ${left} won is left to cancel`,
          'invalid',
        );
      const cancelAmount = payment.cancelAmount + amount;
      const cancelled = {
        ...payment,
        cancelAmount,
        cancelledAt: now(),
        status: cancelAmount === payment.amount ? ('cancelled' as const) : ('paid' as const),
      };
      return copy(remember(cancelled));
    },

    async schedule(request: ScheduleRequest) {
      up();
      assertCharge(request);
      if (
        !(request.scheduleAt instanceof Date) ||
        Number.isNaN(request.scheduleAt.getTime()) ||
        request.scheduleAt.getTime() <= now().getTime()
      ) {
        throw new PaymentProviderError('scheduleAt must be a date in the future', 'invalid');
      }
      if (!keyOf(request.customerUid))
        throw new PaymentProviderError(`No card is registered as ${request.customerUid}`, 'not-found');
      if (used(request.merchantUid))
        throw new PaymentProviderError(`merchant_uid ${request.merchantUid} was already used`, 'invalid');
      schedules.push({ ...request, scheduleAt: new Date(request.scheduleAt) });
    },

    async verifyWebhook(body) {
      up();
      const { impUid, merchantUid } = webhookIds(body);
      return assertWebhookMatches(await getPayment(impUid), merchantUid);
    },

    simulateOutage(on) {
      outage = on;
    },

    scheduled() {
      return schedules.map((s) => ({ ...s, scheduleAt: new Date(s.scheduleAt) }));
    },
  };
}
