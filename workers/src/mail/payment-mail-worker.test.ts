import { describe, expect, it } from 'vitest';
import type { RecordMailSentInput } from '@pocketguide/contracts';
import type { EventStore, RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import type { Mailer, MailMessage } from '@pocketguide/platform/mail/mailer';
import { createSecretTokens } from '@pocketguide/platform/auth/secret-tokens';
import { createPaymentMailWorker, PAYMENT_MAIL_STALE_MS } from './mail-worker.ts';

/**
 * The money mails (issue 23): given the events of a payment or a plan change, the mail worker sends one mail per
 * event, in the account's language, linking to the receipt; the same event again (a replay, a restart) sends none.
 */

const secretTokens = createSecretTokens(Buffer.from('a-test-secret-that-is-long-enough-0123456789'));
const now = new Date('2026-03-01T09:00:10.000Z');
const at = '2026-03-01T09:00:00.000Z';
const base = 'https://pocketguide.test';

let position = 0;
function recorded(streamId: string, type: string, data: Record<string, unknown>, metadata: Record<string, unknown> = {}): RecordedEvent {
  position += 1;
  return { id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`, type, data, metadata: { correlationId: 'corr-1', ...metadata }, streamId, revision: position, position, recordedAt: at };
}

const registered = (userId: string, language: 'kr' | 'en', email = `${userId}@example.com`) =>
  recorded(`user-${userId}`, 'UserRegistered', {
    userId,
    email,
    profile: { name: language === 'kr' ? '김민지' : 'Jamie', companyName: 'Jeju Trails' },
    language,
    role: 'user',
    registeredAt: at,
    trialExpiresAt: '2026-03-15T09:00:00.000Z',
    via: 'kakao',
    activation: null,
  });

const paymentData = (amount: number) => ({ currency: 'KRW', card_name: 'BC card', receipt_url: null, amount, cancel_amount: 0, cancelled_at: null });
const requested = (uid: string, userId: string, kind: string, amount = 50_000, plan = 'standard') =>
  recorded(`payment-${uid}`, 'PaymentRequested', { merchantUid: uid, userId, plan, billingCycle: 'month', amount, kind, requestedAt: at });
const succeeded = (uid: string, userId: string, amount = 50_000) =>
  recorded(`payment-${uid}`, 'PaymentSucceeded', { merchantUid: uid, userId, impUid: `imp_${uid}`, amount, method: 'card', paymentData: paymentData(amount), paidAt: at });
const refunded = (uid: string, userId: string, amount: number, cancelAmount: number) =>
  recorded(`payment-${uid}`, 'PaymentRefunded', { merchantUid: uid, userId, amount, cancelAmount, partial: cancelAmount < 50_000, reason: '고객 요청', refundedAt: at });
const failed = (uid: string, userId: string) =>
  recorded(`payment-${uid}`, 'PaymentFailed', { merchantUid: uid, userId, impUid: null, failReason: 'card declined', failedAt: at });

/** Streams in memory, a mailer that keeps what it sends, and RecordMailSent appending MailSent to the account. */
function harness(events: RecordedEvent[]) {
  const sent: MailMessage[] = [];
  const recordedMails: RecordMailSentInput[] = [];
  const log = [...events];
  const mailer: Mailer = {
    kind: 'outbox',
    async send(message) {
      sent.push(message);
      return { messageId: `<${message.id}>` };
    },
    async close() {},
  };
  const store: Pick<EventStore, 'readStream'> = {
    async *readStream(streamId: string) {
      yield* log.filter((event) => event.streamId === streamId);
    },
  };
  const worker = () =>
    createPaymentMailWorker({
      mailer,
      events: store,
      secretTokens,
      publicBaseUrl: base,
      now: () => now,
      async recordMailSent(input) {
        recordedMails.push(input);
        log.push(recorded(`user-${input.userId}`, 'MailSent', input as unknown as Record<string, unknown>));
      },
    });
  /** every event through a worker, as the bus delivers them (in log order) */
  const deliver = async (instance = worker()) => {
    for (const event of events) await instance.handle(event);
  };
  return { sent, recordedMails, worker, deliver };
}

describe('the mail worker’s money mails', () => {
  it('a purchase, a partial refund and the rest: three mails in Korean, each linking to the receipt; replayed and after a restart, none more', async () => {
    const uid = 'pg_purchase_abc12345';
    const events = [registered('u1', 'kr'), requested(uid, 'u1', 'purchase'), succeeded(uid, 'u1'), refunded(uid, 'u1', 10_000, 10_000), refunded(uid, 'u1', 40_000, 50_000)];
    const { sent, recordedMails, worker, deliver } = harness(events);
    await deliver();
    expect(sent.map((mail) => mail.subject)).toEqual([
      '[포켓가이드] 결제가 완료되었습니다 (50,000원)',
      '[포켓가이드] 환불이 처리되었습니다 (10,000원)',
      '[포켓가이드] 환불이 처리되었습니다 (40,000원)',
    ]);
    for (const mail of sent) {
      expect(mail.to).toBe('u1@example.com');
      expect(mail.text).toContain(`${base}/users/u1/payments/${uid}/receipt`);
      expect(mail.html).toContain('영수증 보기');
    }
    expect(sent[0]?.text).toContain('스탠다드 요금제 결제 50,000원(부가세 4,545원 포함)');
    expect(sent[1]?.text).toContain('지금까지 환불된 금액: 50,000원 중 10,000원');
    expect(sent[2]?.text).toContain('전액 환불');
    // one mail per event: its id is the event's, recorded on the account
    expect(sent.map((mail) => mail.id)).toEqual([events[2]!.id, events[3]!.id, events[4]!.id]);
    expect(recordedMails.map((mail) => mail.kind)).toEqual(['payment', 'refund', 'refund']);

    await deliver(); // the bus redelivers everything (a replay)
    await deliver(worker()); // a new process (a restart)
    expect(sent).toHaveLength(3);
  });

  it('in English for an English account; a renewal and a bank transfer are payments too', async () => {
    const renewal = 'pg_r_u2_20260301_1';
    const transfer = 'pg_transfer_0123456789';
    const events = [
      registered('u2', 'en'),
      requested(renewal, 'u2', 'renewal', 150_000, 'pro'),
      succeeded(renewal, 'u2', 150_000),
      recorded(`payment-${transfer}`, 'TransferPaymentRecorded', { merchantUid: transfer, userId: 'u2', plan: 'business', billingCycle: 'month', amount: 330_000, note: '', paidAt: at }),
    ];
    const { sent, deliver } = harness(events);
    await deliver();
    expect(sent.map((mail) => mail.subject)).toEqual(['Your PocketGuide payment receipt: KRW 150,000', 'Your PocketGuide payment receipt: KRW 330,000']);
    expect(sent[0]?.text).toContain('Your Pro plan was renewed on 2026.03.01');
    expect(sent[0]?.text).toContain(`${base}/users/u2/payments/${renewal}/receipt`);
    expect(sent[1]?.text).toContain('bank transfer of KRW 330,000 (VAT KRW 30,000 included) for the Business plan');
    expect(sent[1]?.html).toContain('View my receipt');
  });

  it('a failed scheduled charge mails once with the reason and the card page; a renewal’s failure is left to the billing notice; card checks mail nothing', async () => {
    const scheduled = 'pg_s_u3_20260301090000';
    const renewal = 'pg_r_u3_20260301_1';
    const check = 'pg_cardcheck_0123456789';
    const events = [
      registered('u3', 'kr'),
      requested(scheduled, 'u3', 'renewal'),
      failed(scheduled, 'u3'),
      requested(renewal, 'u3', 'renewal'),
      failed(renewal, 'u3'),
      requested(check, 'u3', 'card-check', 100),
      succeeded(check, 'u3', 100),
      refunded(check, 'u3', 100, 100),
    ];
    const { sent, recordedMails, deliver } = harness(events);
    await deliver();
    expect(sent.map((mail) => mail.subject)).toEqual(['[포켓가이드] 결제에 실패했습니다']);
    expect(sent[0]?.text).toContain('(card declined)');
    expect(sent[0]?.text).toContain(`${base}/settings/subscription?step=change-payment-method`);
    expect(sent[0]?.text).toContain(`${base}/users/u3/payments/${scheduled}`);
    expect(recordedMails.map((mail) => mail.kind)).toEqual(['charge-failed']);
  });

  it('plan changes: an administrator’s change and gift are mailed (from → to); a purchase’s or a transfer’s plan is said by its payment mail', async () => {
    const events = [
      registered('u4', 'en'),
      // an administrator subscribes the account (no payment), then changes its plan
      recorded('user-u4', 'UserSubscribed', { userId: 'u4', plan: 'standard', billingCycle: 'month', expiresAt: '2026-04-01T09:00:00.000Z', subscribedAt: at }),
      recorded('user-u4', 'UserPlanChanged', { userId: 'u4', plan: 'pro', changedAt: at }),
      // a bank transfer renews and moves the plan in one request: its transfer mail says it
      recorded('user-u4', 'SubscriptionRenewed', { userId: 'u4', plan: 'pro', merchantUid: 'pg_transfer_1', expiresAt: '2026-05-01T09:00:00.000Z', renewedAt: at }, { causationId: 'transfer-request' }),
      recorded('user-u4', 'UserPlanChanged', { userId: 'u4', plan: 'business', changedAt: at }, { causationId: 'transfer-request' }),
      // an upgrade bought by the person: the payment mail says it
      recorded('user-u4', 'UserSubscribed', { userId: 'u4', plan: 'business', billingCycle: 'month', expiresAt: '2026-06-01T09:00:00.000Z', subscribedAt: at, merchantUid: 'pg_purchase_1' }),
    ];
    const { sent, recordedMails, deliver } = harness(events);
    await deliver();
    expect(sent.map((mail) => mail.subject)).toEqual(['Your PocketGuide plan is now Standard', 'Your PocketGuide plan is now Pro']);
    expect(sent[0]?.text).toContain('Free trial → Standard');
    expect(sent[0]?.text).toContain('It runs until 2026.04.01');
    expect(sent[1]?.text).toContain('Standard → Pro');
    expect(sent[1]?.text).toContain(`${base}/settings/subscription`);
    expect(recordedMails.map((mail) => mail.kind)).toEqual(['plan-changed', 'plan-changed']);
  });

  it('a payment met days after it was recorded (a first start on an old log) is not mailed', async () => {
    const uid = 'pg_purchase_old12345';
    const old = { ...succeeded(uid, 'u7'), recordedAt: new Date(now.getTime() - PAYMENT_MAIL_STALE_MS - 1000).toISOString() };
    const { sent, deliver } = harness([registered('u7', 'kr'), requested(uid, 'u7', 'purchase'), old]);
    await deliver();
    expect(sent).toEqual([]);
  });

  it('a payment event whose stream names another owner is not trusted: nobody is mailed', async () => {
    const uid = 'pg_purchase_forged123';
    // the stream says u6's; an event in it claims u5
    const events = [registered('u5', 'kr'), registered('u6', 'kr'), requested(uid, 'u6', 'purchase'), succeeded(uid, 'u5')];
    const { sent, deliver } = harness(events);
    await deliver();
    expect(sent).toEqual([]);
  });
});
