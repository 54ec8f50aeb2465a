import { randomBytes, randomInt } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  PortOneCustomer,
  PortOneEnvelope,
  PortOnePayment,
  PortOneSchedule,
  PortOneStatus,
} from '../portone-wire.ts';

/**
 * A local HTTP server answering as PortOne's REST API v1 does for the endpoints PocketGuide uses (see
 * portone-wire.ts), for the PortOne adapter's contract test and for any test that wants the product to talk to
 * "PortOne" (PORTONE_API_URL=<fake.url>, PORTONE_API_KEY/SECRET=<fake.impKey/impSecret>).
 *
 * Knobs: `browserPayment` (the customer paid in PortOne's window: answers the imp_uid the browser would get),
 * `registerBillingKey`, `declineCustomer` (charges of that customer_uid answer status failed), `delayAnswers`
 * (to run the adapter into its timeout), `failNext`/`failAlways` (5xx), `expireTokens` (401 until a new token),
 * `refuseReusedMerchantUid` (on by default, as PortOne: a merchant_uid already paid cannot be paid again),
 * `runDueSchedules` (executes scheduled charges, posting webhooks to `noticeUrl` when set), and `calls`
 * (every request, in order, bodies included; imp_secret is masked).
 * Error answers follow PortOne's shape ({code != 0, message in Korean, response: null}); the exact messages are
 * this fake's, not PortOne's.
 */
export type FakePortOneOptions = {
  impKey?: string;
  impSecret?: string;
  /** access token lifetime in seconds (PortOne: 1800) */
  tokenTtlSeconds?: number;
};

export type FakePortOneCall = { method: string; path: string; body: unknown; authorization: string | null; at: Date };

export type BrowserPaymentInput = {
  merchantUid: string;
  amount: number;
  /** set: the window also issued (or used) this billing key, as `IMP.request_pay({ customer_uid })` does */
  customerUid?: string;
  buyerEmail?: string;
  buyerName?: string;
  /** default paid; failed: the card was refused in the window; ready: the window was opened and left */
  status?: 'paid' | 'failed' | 'ready';
  cardName?: string;
  payMethod?: string;
};

export type FakePortOne = {
  /** base URL, e.g. http://127.0.0.1:41234 (PORTONE_API_URL) */
  readonly url: string;
  readonly impKey: string;
  readonly impSecret: string;
  /** every request received, oldest first */
  readonly calls: FakePortOneCall[];
  /** access tokens issued so far */
  tokensIssued(): number;
  payments(): PortOnePayment[];
  schedules(): PortOneSchedule[];
  browserPayment(input: BrowserPaymentInput): string;
  registerBillingKey(customerUid: string, card?: { cardName?: string; cardNumber?: string }): void;
  /** charges of this customer_uid answer status failed with this reason (the key is registered if needed) */
  declineCustomer(customerUid: string, reason?: string): void;
  /** every answer waits this long first (0: off) */
  delayAnswers(ms: number): void;
  /** the next `count` requests (whatever they are) answer this 5xx status */
  failNext(count: number, status?: number): void;
  /** every request answers this 5xx status until called with null */
  failAlways(status: number | null): void;
  /** every token issued so far is refused (401), as after PortOne revokes or expires it */
  expireTokens(): void;
  refuseReusedMerchantUid: boolean;
  /** where scheduled charges post their webhook ({imp_uid, merchant_uid, status}); unset: none is posted */
  noticeUrl: string | undefined;
  /** runs the schedules due at `at`; answers the imp_uids of the payments made */
  runDueSchedules(at?: Date): Promise<string[]>;
  /** forgets payments, keys, schedules, calls and knobs (tokens stay valid) */
  reset(): void;
  close(): Promise<void>;
};

const DEFAULT_CARD = { cardName: 'KB국민카드', cardNumber: '536112******1234' };

const unix = (date: Date = new Date()): number => Math.floor(date.getTime() / 1000);

export async function startFakePortOne(options: FakePortOneOptions = {}): Promise<FakePortOne> {
  const impKey = options.impKey ?? `fake_imp_key_${randomBytes(4).toString('hex')}`;
  const impSecret = options.impSecret ?? `fake_imp_secret_${randomBytes(16).toString('hex')}`;
  const tokenTtl = options.tokenTtlSeconds ?? 1800;

  const tokens = new Map<string, number>(); // token -> expires (unix s)
  let issued = 0;
  let payments: PortOnePayment[] = [];
  let customers = new Map<string, PortOneCustomer>();
  let declined = new Map<string, string>();
  let schedules: PortOneSchedule[] = [];
  const calls: FakePortOneCall[] = [];
  let delayMs = 0;
  let failCount = 0;
  let failStatus = 503;
  let failForever: number | null = null;
  const timers = new Set<NodeJS.Timeout>();

  let url = '';
  const newImpUid = (): string => `imp_${randomInt(100_000_000, 999_999_999)}${randomInt(100, 999)}`;
  const latestOf = (merchantUid: string): PortOnePayment | undefined =>
    payments
      .filter((p) => p.merchant_uid === merchantUid)
      .sort((a, b) => b.started_at - a.started_at || payments.indexOf(b) - payments.indexOf(a))[0];
  const usedMerchantUid = (merchantUid: string, { scheduled = true } = {}): boolean =>
    payments.some((p) => p.merchant_uid === merchantUid && (p.status === 'paid' || p.status === 'cancelled')) ||
    (scheduled && schedules.some((s) => s.merchant_uid === merchantUid && s.schedule_status !== 'revoked'));

  function register(customerUid: string, card: { cardName?: string; cardNumber?: string } = {}): PortOneCustomer {
    const existing = customers.get(customerUid);
    const customer: PortOneCustomer = {
      customer_uid: customerUid,
      pg_provider: 'fake',
      card_name: card.cardName ?? existing?.card_name ?? DEFAULT_CARD.cardName,
      card_code: '381',
      card_number: card.cardNumber ?? existing?.card_number ?? DEFAULT_CARD.cardNumber,
      customer_name: null,
      customer_email: null,
      inserted: existing?.inserted ?? unix(),
      updated: unix(),
    };
    customers.set(customerUid, customer);
    return customer;
  }

  function newPayment(fields: {
    merchantUid: string;
    amount: number;
    status: PortOneStatus;
    customerUid?: string | null;
    usage?: PortOnePayment['customer_uid_usage'];
    channel: PortOnePayment['channel'];
    name?: string | null;
    buyerEmail?: string | null;
    buyerName?: string | null;
    cardName?: string | null;
    payMethod?: string;
    failReason?: string | null;
  }): PortOnePayment {
    const impUid = newImpUid();
    const at = unix();
    const payment: PortOnePayment = {
      imp_uid: impUid,
      merchant_uid: fields.merchantUid,
      pay_method: fields.payMethod ?? 'card',
      channel: fields.channel,
      pg_provider: 'fake',
      pg_tid: fields.status === 'ready' ? null : `tid_${randomBytes(6).toString('hex')}`,
      name: fields.name ?? null,
      amount: fields.amount,
      cancel_amount: 0,
      currency: 'KRW',
      card_name:
        fields.cardName ??
        (fields.customerUid
          ? (customers.get(fields.customerUid)?.card_name ?? DEFAULT_CARD.cardName)
          : DEFAULT_CARD.cardName),
      card_number: DEFAULT_CARD.cardNumber,
      buyer_name: fields.buyerName ?? null,
      buyer_email: fields.buyerEmail ?? null,
      status: fields.status,
      started_at: at,
      paid_at: fields.status === 'paid' ? at : 0,
      failed_at: fields.status === 'failed' ? at : 0,
      cancelled_at: 0,
      fail_reason: fields.failReason ?? null,
      cancel_reason: null,
      receipt_url: fields.status === 'paid' ? `${url}/receipts/${impUid}` : null,
      cancel_history: [],
      customer_uid: fields.customerUid ?? null,
      customer_uid_usage: fields.customerUid ? (fields.usage ?? 'payment') : null,
    };
    payments.push(payment);
    return payment;
  }

  const ok = <T>(response: T): [number, PortOneEnvelope<T>] => [200, { code: 0, message: null, response }];
  const refuse = (message: string, status = 200, code = 1): [number, PortOneEnvelope<null>] => [
    status,
    { code, message, response: null },
  ];
  const isWon = (v: unknown, positive = true): v is number =>
    typeof v === 'number' && Number.isSafeInteger(v) && (positive ? v > 0 : v >= 0);
  const text = (v: unknown): v is string => typeof v === 'string' && v !== '';

  /** `fromSchedule`: the schedule's own run (its merchant_uid is reserved for it) */
  function charge(body: Record<string, unknown>, fromSchedule = false): [number, PortOneEnvelope<unknown>] {
    const { customer_uid: customerUid, merchant_uid: merchantUid, amount, name } = body;
    if (!text(customerUid) || !text(merchantUid) || !isWon(amount) || !text(name)) {
      return refuse('customer_uid, merchant_uid, amount(정수), name 은 필수입니다.', 400, -1);
    }
    if (!customers.has(customerUid)) return refuse(`등록되지 않은 구매자입니다. (customer_uid: ${customerUid})`);
    if (fake.refuseReusedMerchantUid && usedMerchantUid(merchantUid, { scheduled: !fromSchedule }))
      return refuse(`이미 결제완료된 merchant_uid 입니다. (${merchantUid})`);
    const reason = declined.get(customerUid);
    const payment = newPayment({
      merchantUid,
      amount,
      status: reason ? 'failed' : 'paid',
      customerUid,
      channel: 'api',
      name,
      buyerEmail: text(body.buyer_email) ? body.buyer_email : null,
      buyerName: text(body.buyer_name) ? body.buyer_name : null,
      failReason: reason ?? null,
    });
    return ok(payment);
  }

  function cancel(body: Record<string, unknown>): [number, PortOneEnvelope<unknown>] {
    const { imp_uid: impUid, merchant_uid: merchantUid, amount, checksum, reason } = body;
    const payment = text(impUid)
      ? payments.find((p) => p.imp_uid === impUid)
      : text(merchantUid)
        ? latestOf(merchantUid)
        : undefined;
    if (!text(impUid) && !text(merchantUid)) return refuse('imp_uid 또는 merchant_uid 가 필요합니다.', 400, -1);
    if (!payment) return refuse('취소할 결제건이 존재하지 않습니다.');
    if (payment.status === 'cancelled') return refuse('이미 전액취소된 주문입니다.');
    if (payment.status !== 'paid') return refuse(`결제완료 상태가 아니어서 취소할 수 없습니다. (${payment.status})`);
    const left = payment.amount - payment.cancel_amount;
    if (checksum !== undefined && checksum !== null && checksum !== left)
      return refuse(`취소가능잔액(${left})이 checksum(${String(checksum)})과 다릅니다.`);
    const cancelAmount = amount === undefined || amount === null ? left : amount;
    if (!isWon(cancelAmount)) return refuse('취소금액이 올바르지 않습니다.', 400, -1);
    if (cancelAmount > left) return refuse(`취소요청금액(${cancelAmount})이 취소가능잔액(${left})보다 큽니다.`);
    const at = unix();
    payment.cancel_amount += cancelAmount;
    payment.cancelled_at = at;
    payment.cancel_reason = text(reason) ? reason : null;
    payment.cancel_history.push({
      pg_tid: payment.pg_tid,
      amount: cancelAmount,
      cancelled_at: at,
      reason: payment.cancel_reason,
      receipt_url: payment.receipt_url,
    });
    // as PortOne: a partial cancel leaves the payment paid
    if (payment.cancel_amount === payment.amount) payment.status = 'cancelled';
    return ok(payment);
  }

  function schedule(body: Record<string, unknown>): [number, PortOneEnvelope<unknown>] {
    const { customer_uid: customerUid, schedules: list } = body;
    if (!text(customerUid) || !Array.isArray(list) || list.length === 0)
      return refuse('customer_uid 와 schedules 는 필수입니다.', 400, -1);
    if (!customers.has(customerUid))
      return refuse(`등록되지 않은 구매자입니다. 카드정보를 함께 전달해주세요. (customer_uid: ${customerUid})`);
    const made: PortOneSchedule[] = [];
    for (const item of list as Array<Record<string, unknown>>) {
      const { merchant_uid: merchantUid, schedule_at: scheduleAt, amount, name } = item;
      if (!text(merchantUid) || !isWon(amount) || typeof scheduleAt !== 'number')
        return refuse('merchant_uid, schedule_at, amount 는 필수입니다.', 400, -1);
      if (scheduleAt <= unix()) return refuse(`schedule_at(${scheduleAt})은 미래 시각이어야 합니다.`);
      if (usedMerchantUid(merchantUid) || made.some((s) => s.merchant_uid === merchantUid))
        return refuse(`이미 사용된 merchant_uid 입니다. (${merchantUid})`);
      made.push({
        customer_uid: customerUid,
        merchant_uid: merchantUid,
        imp_uid: null,
        schedule_at: scheduleAt,
        executed_at: 0,
        revoked_at: 0,
        amount,
        name: text(name) ? name : null,
        buyer_name: text(item.buyer_name) ? item.buyer_name : null,
        buyer_email: text(item.buyer_email) ? item.buyer_email : null,
        schedule_status: 'scheduled',
        payment_status: null,
      });
    }
    schedules.push(...made);
    return ok(made);
  }

  function route(
    method: string,
    path: string,
    body: Record<string, unknown>,
    authorization: string | null,
  ): [number, unknown] {
    if (method === 'GET' && path.startsWith('/receipts/'))
      return [200, `<html><body>영수증 ${path.slice('/receipts/'.length)}</body></html>`];
    if (method === 'POST' && path === '/users/getToken') {
      if (body.imp_key !== impKey || body.imp_secret !== impSecret)
        return refuse('인증에 실패하였습니다. API키와 secret을 확인하세요.', 401, -1);
      const token = randomBytes(20).toString('hex');
      const now = unix();
      tokens.set(token, now + tokenTtl);
      issued += 1;
      return ok({ access_token: token, now, expired_at: now + tokenTtl });
    }
    const token = authorization?.replace(/^Bearer\s+/i, '') ?? '';
    const expires = tokens.get(token);
    if (expires === undefined || expires <= unix()) return refuse('Unauthorized', 401, -1);

    let match: RegExpExecArray | null;
    if (method === 'GET' && (match = /^\/payments\/find\/([^/]+)(?:\/(ready|paid|failed|cancelled))?$/.exec(path))) {
      const merchantUid = decodeURIComponent(match[1] as string);
      const status = match[2];
      const found = payments
        .filter((p) => p.merchant_uid === merchantUid && (!status || p.status === status))
        .sort((a, b) => b.started_at - a.started_at || payments.indexOf(b) - payments.indexOf(a))[0];
      return found ? ok(found) : refuse('존재하지 않는 결제정보입니다.', 404, -1);
    }
    if (method === 'GET' && (match = /^\/payments\/([^/]+)$/.exec(path))) {
      const impUid = decodeURIComponent(match[1] as string);
      const found = payments.find((p) => p.imp_uid === impUid);
      return found ? ok(found) : refuse('존재하지 않는 결제정보입니다.', 404, -1);
    }
    if (method === 'GET' && (match = /^\/subscribe\/customers\/([^/]+)$/.exec(path))) {
      const customer = customers.get(decodeURIComponent(match[1] as string));
      return customer ? ok(customer) : refuse('요청하신 customer_uid로 등록된 정보를 찾을 수 없습니다.', 404, 1);
    }
    if (method === 'POST' && path === '/subscribe/payments/again') return charge(body);
    if (method === 'POST' && path === '/payments/cancel') return cancel(body);
    if (method === 'POST' && path === '/subscribe/payments/schedule') return schedule(body);
    return refuse(`${method} ${path} is not served by the fake PortOne`, 404, -1);
  }

  async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (raw === '') return {};
    if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
      return Object.fromEntries(new URLSearchParams(raw));
    }
    try {
      const parsed: unknown = JSON.parse(raw);
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const body = await readBody(req);
      const path = (req.url ?? '/').split('?')[0] as string;
      const authorization = req.headers.authorization ?? null;
      const recorded = 'imp_secret' in body ? { ...body, imp_secret: '***' } : body;
      calls.push({ method: req.method ?? 'GET', path, body: recorded, authorization, at: new Date() });
      let status: number;
      let answer: unknown;
      if (failForever !== null || failCount > 0) {
        status = failForever ?? failStatus;
        if (failForever === null) failCount -= 1;
        answer = '<html><body>502 Bad Gateway</body></html>';
      } else {
        [status, answer] = route(req.method ?? 'GET', path, body, authorization);
      }
      const send = (): void => {
        if (res.destroyed || res.writableEnded) return;
        const isText = typeof answer === 'string';
        res
          .writeHead(status, {
            'content-type': isText ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
          })
          .end(isText ? answer : JSON.stringify(answer));
      };
      if (delayMs > 0) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, delayMs);
        timers.add(timer);
      } else send();
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakePortOne = {
    url,
    impKey,
    impSecret,
    calls,
    refuseReusedMerchantUid: true,
    noticeUrl: undefined,
    tokensIssued: () => issued,
    payments: () => payments.map((p) => structuredClone(p)),
    schedules: () => schedules.map((s) => structuredClone(s)),
    browserPayment(input) {
      if (fake.refuseReusedMerchantUid && usedMerchantUid(input.merchantUid)) {
        throw new Error(
          `fake PortOne: merchant_uid ${input.merchantUid} was already paid (PortOne's window refuses it)`,
        );
      }
      if (!Number.isSafeInteger(input.amount) || input.amount < 0)
        throw new Error(`fake PortOne: amount ${input.amount} is not whole won`);
      const status = input.status ?? 'paid';
      if (input.customerUid && status === 'paid')
        register(input.customerUid, input.cardName ? { cardName: input.cardName } : {});
      return newPayment({
        merchantUid: input.merchantUid,
        amount: input.amount,
        status,
        customerUid: input.customerUid ?? null,
        usage: 'issue',
        channel: 'pc',
        buyerEmail: input.buyerEmail ?? null,
        buyerName: input.buyerName ?? null,
        cardName: input.cardName ?? null,
        payMethod: input.payMethod ?? 'card',
        failReason: status === 'failed' ? '[fake] 카드사 승인 거절' : null,
      }).imp_uid;
    },
    registerBillingKey(customerUid, card) {
      register(customerUid, card);
    },
    declineCustomer(customerUid, reason = '[fake] 잔액부족 (한도초과)') {
      if (!customers.has(customerUid)) register(customerUid);
      declined.set(customerUid, reason);
    },
    delayAnswers(ms) {
      delayMs = Math.max(0, ms);
    },
    failNext(count, status = 503) {
      failCount = count;
      failStatus = status;
    },
    failAlways(status) {
      failForever = status;
    },
    expireTokens() {
      tokens.clear();
    },
    async runDueSchedules(at = new Date()) {
      const made: string[] = [];
      for (const s of schedules) {
        if (s.schedule_status !== 'scheduled' || s.schedule_at > unix(at)) continue;
        const [, envelope] = charge(
          {
            customer_uid: s.customer_uid,
            merchant_uid: s.merchant_uid,
            amount: s.amount,
            name: s.name ?? 'scheduled',
            buyer_email: s.buyer_email,
          },
          true,
        );
        const payment = envelope.response as PortOnePayment | null;
        s.schedule_status = 'executed';
        s.executed_at = unix();
        if (!payment) continue;
        payment.customer_uid_usage = 'payment.scheduled';
        s.imp_uid = payment.imp_uid;
        s.payment_status = payment.status;
        made.push(payment.imp_uid);
        if (fake.noticeUrl)
          await postForgedWebhook(fake.noticeUrl, {
            imp_uid: payment.imp_uid,
            merchant_uid: payment.merchant_uid,
            status: payment.status,
          });
      }
      return made;
    },
    reset() {
      payments = [];
      customers = new Map();
      declined = new Map();
      schedules = [];
      calls.length = 0;
      delayMs = 0;
      failCount = 0;
      failForever = null;
      fake.refuseReusedMerchantUid = true;
      fake.noticeUrl = undefined;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

/**
 * POSTs a webhook call as PortOne sends it ({imp_uid, merchant_uid, status}, JSON unless `form`) to `url`, e.g.
 * to forge one at the product's webhook route: whatever its body says, the product must look the payment up.
 */
export async function postForgedWebhook(
  url: string,
  body: { imp_uid: string; merchant_uid?: string; status?: string },
  options: { form?: boolean; headers?: Record<string, string> } = {},
): Promise<Response> {
  const fields = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': options.form ? 'application/x-www-form-urlencoded' : 'application/json',
      ...options.headers,
    },
    body: options.form ? new URLSearchParams(fields).toString() : JSON.stringify(fields),
    signal: AbortSignal.timeout(10_000),
  });
}
