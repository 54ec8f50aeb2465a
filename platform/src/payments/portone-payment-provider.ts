import {
  PaymentProviderError,
  type BillingKey,
  type PaymentProvider,
  type ProviderPayment,
} from './payment-provider.ts';
import type { PortOneCustomer, PortOneEnvelope, PortOnePayment, PortOneToken } from './portone-wire.ts';
import { assertCharge, assertId, assertWebhookMatches, assertWon, webhookIds } from './provider-checks.ts';

/**
 * The PortOne (iamport) REST API v1 adapter (endpoints in portone-wire.ts). Global fetch, one timeout per
 * request (PORTONE_TIMEOUT_MS, default 10 s). How answers become the port's:
 *   - no answer in time, a network error, a 5xx, or an answer that is not PortOne's envelope:
 *     PaymentProviderError('unavailable') (try later; after a charge, look the merchant_uid up first: PortOne may
 *     have charged before the answer was lost);
 *   - PortOne refusing the API key/secret: 'unavailable' too (nothing can be charged until an operator fixes it);
 *   - a declined card on a charge: a `failed` payment (code 0, status failed, fail_reason), not a throw;
 *   - a charge PortOne refuses outright (code != 0, nothing charged): 'invalid' when the merchant_uid was already
 *     paid, 'not-found' when the customer_uid has no card, else 'declined' with PortOne's message;
 *   - a payment or card PortOne does not know: 'not-found' (getPayment), null (findPayment, getBillingKey);
 *   - any other code != 0: 'invalid' with PortOne's message.
 * The access token is fetched once, shared by concurrent calls, and renewed a minute before it expires (or at
 * once when PortOne answers 401).
 */
export type PortOnePaymentProviderOptions = {
  /** PORTONE_API_KEY (PortOne's "REST API key", imp_key) */
  apiKey: string;
  /** PORTONE_API_SECRET (imp_secret) */
  apiSecret: string;
  /** PORTONE_API_URL; default https://api.iamport.kr */
  baseUrl?: string;
  /** per request, in ms; default 10000 */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** the clock, in ms (tests) */
  now?: () => number;
};

export const PORTONE_DEFAULT_API_URL = 'https://api.iamport.kr';

type Answer = { status: number; envelope: PortOneEnvelope<unknown> };

const STATUSES = new Set(['ready', 'paid', 'failed', 'cancelled']);

export function createPortOnePaymentProvider(options: PortOnePaymentProviderOptions): PaymentProvider {
  const baseUrl = (options.baseUrl ?? PORTONE_DEFAULT_API_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  let token: { value: string; renewAt: number } | undefined;
  let pendingToken: Promise<string> | undefined;

  async function send(method: 'GET' | 'POST', path: string, body: unknown, accessToken?: string): Promise<Answer> {
    const what = `PortOne ${method} ${path}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    let status: number;
    let text: string;
    try {
      const response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      if (status >= 500) {
        await response.body?.cancel().catch(() => {});
        throw new PaymentProviderError(`${what} answered ${status}`, 'unavailable');
      }
      text = await response.text();
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error;
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PaymentProviderError(
        timedOut
          ? `${what} did not answer within ${timeoutMs} ms`
          : `${what} failed: ${error instanceof Error ? error.message : String(error)}`,
        'unavailable',
      );
    }
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch {
      throw new PaymentProviderError(`${what} answered ${status} with something that is not JSON`, 'unavailable');
    }
    if (
      typeof envelope !== 'object' ||
      envelope === null ||
      typeof (envelope as { code?: unknown }).code !== 'number'
    ) {
      throw new PaymentProviderError(
        `${what} answered ${status} without PortOne's {code, message, response}`,
        'unavailable',
      );
    }
    return { status, envelope: envelope as PortOneEnvelope<unknown> };
  }

  async function fetchToken(): Promise<string> {
    const { status, envelope } = await send('POST', '/users/getToken', {
      imp_key: options.apiKey,
      imp_secret: options.apiSecret,
    });
    const issued = envelope.response as PortOneToken | null;
    if (envelope.code !== 0 || !issued || typeof issued.access_token !== 'string') {
      throw new PaymentProviderError(
        `PortOne refused PORTONE_API_KEY/PORTONE_API_SECRET (${status}, code ${envelope.code}: ${envelope.message ?? 'no message'})`,
        'unavailable',
      );
    }
    // expired_at is PortOne's clock; measure the lifetime against its `now` so a skewed local clock does not matter.
    const lifetimeMs = Math.max(0, (Number(issued.expired_at) - Number(issued.now)) * 1000) || 30 * 60_000;
    token = { value: issued.access_token, renewAt: now() + lifetimeMs - Math.min(60_000, lifetimeMs / 2) };
    return issued.access_token;
  }

  async function accessToken(): Promise<string> {
    if (token && now() < token.renewAt) return token.value;
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = undefined;
    });
    return pendingToken;
  }

  /** An authorised call; a 401 (token expired early or revoked) renews the token and tries once more. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const first = await accessToken();
    const answer = await send(method, path, body, first);
    if (answer.status !== 401) return answer;
    if (token?.value === first) token = undefined;
    const again = await send(method, path, body, await accessToken());
    if (again.status === 401)
      throw new PaymentProviderError(`PortOne refused a fresh access token for ${method} ${path}`, 'unavailable');
    return again;
  }

  const message = (answer: Answer): string => `PortOne: ${answer.envelope.message ?? `code ${answer.envelope.code}`}`;
  const paymentOf = (answer: Answer): ProviderPayment => providerPaymentOf(answer.envelope.response);

  async function lookUp(path: string): Promise<ProviderPayment | null> {
    const answer = await call('GET', path);
    if (answer.status === 404) return null;
    if (answer.envelope.code !== 0 || !answer.envelope.response)
      throw new PaymentProviderError(message(answer), 'invalid');
    return paymentOf(answer);
  }

  async function getPayment(impUid: string): Promise<ProviderPayment> {
    assertId(impUid, 'imp_uid');
    const payment = await lookUp(`/payments/${encodeURIComponent(impUid)}`);
    if (!payment) throw new PaymentProviderError(`PortOne knows no payment ${impUid}`, 'not-found');
    return payment;
  }

  async function findPayment(merchantUid: string): Promise<ProviderPayment | null> {
    assertId(merchantUid, 'merchantUid');
    return lookUp(`/payments/find/${encodeURIComponent(merchantUid)}`);
  }

  async function getBillingKey(customerUid: string): Promise<BillingKey | null> {
    assertId(customerUid, 'customerUid');
    const answer = await call('GET', `/subscribe/customers/${encodeURIComponent(customerUid)}`);
    if (answer.status === 404) return null;
    const customer = answer.envelope.response as PortOneCustomer | null;
    if (answer.envelope.code !== 0 || !customer) throw new PaymentProviderError(message(answer), 'invalid');
    return {
      customerUid: customer.customer_uid,
      cardName: customer.card_name || null,
      cardNumberMasked: customer.card_number || null,
      createdAt: dateOf(customer.inserted) ?? new Date(0),
    };
  }

  /** Why PortOne refused to charge or schedule (code != 0): nothing was charged. */
  async function refusal(answer: Answer, merchantUid: string, customerUid: string): Promise<PaymentProviderError> {
    const earlier = await findPayment(merchantUid).catch(() => null);
    if (earlier && (earlier.status === 'paid' || earlier.status === 'cancelled')) {
      return new PaymentProviderError(`merchant_uid ${merchantUid} was already used (${message(answer)})`, 'invalid');
    }
    const key = await getBillingKey(customerUid).catch(() => undefined);
    if (key === null)
      return new PaymentProviderError(`No card is registered as ${customerUid} (${message(answer)})`, 'not-found');
    return new PaymentProviderError(message(answer), 'declined');
  }

  return {
    kind: 'portone',
    getPayment,
    findPayment,
    getBillingKey,

    async charge(request) {
      assertCharge(request);
      const answer = await call('POST', '/subscribe/payments/again', {
        customer_uid: request.customerUid,
        merchant_uid: request.merchantUid,
        amount: request.amount,
        currency: 'KRW',
        name: request.name,
        ...(request.buyerEmail ? { buyer_email: request.buyerEmail } : {}),
        ...(request.buyerName ? { buyer_name: request.buyerName } : {}),
      });
      if (answer.envelope.code === 0 && answer.envelope.response) return paymentOf(answer);
      throw await refusal(answer, request.merchantUid, request.customerUid);
    },

    async cancel(request) {
      assertId(request.merchantUid, 'merchantUid');
      if (request.amount !== undefined) assertWon(request.amount, 'amount', { positive: true });
      const answer = await call('POST', '/payments/cancel', {
        merchant_uid: request.merchantUid,
        reason: request.reason,
        ...(request.amount !== undefined ? { amount: request.amount } : {}),
      });
      if (answer.envelope.code === 0 && answer.envelope.response) return paymentOf(answer);
      // only a 404 or a look-up answering null proves there is no such payment (a failed look-up proves nothing)
      const known = answer.status === 404 ? null : await findPayment(request.merchantUid).catch(() => undefined);
      if (known === null)
        throw new PaymentProviderError(
          `PortOne knows no payment ${request.merchantUid} to cancel (${message(answer)})`,
          'not-found',
        );
      throw new PaymentProviderError(message(answer), 'invalid');
    },

    async schedule(request) {
      assertCharge(request);
      const at = request.scheduleAt instanceof Date ? request.scheduleAt.getTime() : Number.NaN;
      if (!Number.isFinite(at) || at <= now())
        throw new PaymentProviderError('scheduleAt must be a date in the future', 'invalid');
      const answer = await call('POST', '/subscribe/payments/schedule', {
        customer_uid: request.customerUid,
        schedules: [
          {
            merchant_uid: request.merchantUid,
            schedule_at: Math.floor(at / 1000),
            currency: 'KRW',
            amount: request.amount,
            name: request.name,
            ...(request.buyerEmail ? { buyer_email: request.buyerEmail } : {}),
            ...(request.buyerName ? { buyer_name: request.buyerName } : {}),
          },
        ],
      });
      if (answer.envelope.code === 0) return;
      const reason = await refusal(answer, request.merchantUid, request.customerUid);
      throw reason.reason === 'declined' ? new PaymentProviderError(reason.message, 'invalid') : reason;
    },

    async verifyWebhook(body) {
      const { impUid, merchantUid } = webhookIds(body);
      return assertWebhookMatches(await getPayment(impUid), merchantUid);
    },
  };
}

function dateOf(unixSeconds: unknown): Date | null {
  return typeof unixSeconds === 'number' && unixSeconds > 0 ? new Date(unixSeconds * 1000) : null;
}

/** PortOne's payment in the port's names; anything that is not a payment is the provider misbehaving. */
export function providerPaymentOf(value: unknown): ProviderPayment {
  const p = value as Partial<PortOnePayment> | null;
  if (!p || typeof p.imp_uid !== 'string' || typeof p.merchant_uid !== 'string' || typeof p.amount !== 'number') {
    throw new PaymentProviderError('PortOne answered a payment without imp_uid, merchant_uid or amount', 'unavailable');
  }
  return {
    impUid: p.imp_uid,
    merchantUid: p.merchant_uid,
    // an unknown status is never taken for paid
    status: STATUSES.has(p.status as string) ? (p.status as ProviderPayment['status']) : 'ready',
    amount: p.amount,
    cancelAmount: typeof p.cancel_amount === 'number' ? p.cancel_amount : 0,
    currency: p.currency || 'KRW',
    method: p.pay_method || 'card',
    cardName: p.card_name || null,
    receiptUrl: p.receipt_url || null,
    customerUid: p.customer_uid || null,
    paidAt: dateOf(p.paid_at),
    failedAt: dateOf(p.failed_at),
    cancelledAt: dateOf(p.cancelled_at),
    failReason: p.fail_reason || null,
    buyerEmail: p.buyer_email || null,
  };
}
