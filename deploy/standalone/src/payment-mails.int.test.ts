import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceOf } from '@pocketguide/contracts';
import { workerCheckpointName } from '@pocketguide/platform/bus/embedded-worker-bus';
import { activationApiPath, bearer, signIn, signUp, startWithAdmin, uniqueEmail, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from './testing/smtp-capture.ts';

/**
 * The money mails (issue 23) as the product sends them: the mail worker on the bus reacts to each payment, refund,
 * failed charge and plan change and mails the account in its language, through SMTP_URL, to a real SMTP server in
 * this process. Exactly one mail per event: after a restart, and after the money-mail worker replays the whole log
 * from the start (its checkpoint removed), not one more is received.
 */

let smtp: SmtpCapture;
let product: StartedWithAdmin;
let korean: SignedIn;
let english: SignedIn;
let dataDir = '';
const env = () => ({ SMTP_URL: smtp.url, BILLING_TICK_MS: '200' });
const price = priceOf('standard', new Date());

/** Signs up through the API, activates through the link the SMTP server received, signs in. */
async function member(name: string, language: 'kr' | 'en'): Promise<SignedIn> {
  const email = uniqueEmail(name);
  expect((await signUp(product.baseUrl, email, { name: language === 'kr' ? '김메일' : 'Jamie Mail' })).status).toBe(201);
  const activation = await smtp.waitFor(email);
  const link = activation.text.split(/\s+/).find((word) => word.includes('/users/activate/'));
  expect(link).toBeDefined();
  expect((await fetch(`${product.baseUrl}/api${activationApiPath(link!)}`)).status).toBe(200);
  const person = await signIn(product.baseUrl, email);
  if (language === 'en') {
    const changed = await fetch(`${product.baseUrl}/api/users/${person.user.id}`, { method: 'PUT', headers: json(person), body: JSON.stringify({ language: 'en' }) });
    expect(changed.status).toBe(200);
  }
  return person;
}

const json = (who: SignedIn) => ({ 'content-type': 'application/json', ...bearer(who.token) });
const post = (who: SignedIn, path: string, body: unknown) => fetch(`${product.baseUrl}/api${path}`, { method: 'POST', headers: json(who), body: JSON.stringify(body) });
const mailsTo = (who: SignedIn) => smtp.mails.filter((mail) => mail.to.includes(who.user.email));
const receiptOf = (who: SignedIn, merchantUid: string) => `/users/${who.user.id}/payments/${merchantUid}/receipt`;

/** Waits until both mail workers (account mails, money mails) have handled everything in the log. */
async function mailWorkerCaughtUp(): Promise<void> {
  const until = Date.now() + 20_000;
  for (;;) {
    const health = (await (await fetch(`${product.baseUrl}/api/health`)).json()) as { workers?: Array<{ name: string; lag: number }> };
    const lags = ['mail', 'payment-mail'].map((name) => health.workers?.find((worker) => worker.name === name)?.lag);
    if (lags.every((lag) => lag === 0)) return;
    if (Date.now() > until) throw new Error(`the mail worker did not catch up: ${JSON.stringify(health.workers)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let bought = '';
let transfer = '';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  product = await startWithAdmin('payment-mails', { env: env() });
  dataDir = product.dataDir;
  [korean, english] = await Promise.all([member('mail-ko', 'kr'), member('mail-en', 'en')]);
}, 60_000);
afterAll(async () => {
  await product?.app.close();
  await smtp?.close();
});

describe('a mail on each payment, refund, failed charge and plan change, in the account’s language', () => {
  it('a purchase: one payment mail in Korean, linking to its receipt page', async () => {
    bought = `pg_purchase_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    // the card contains "decline": the DEBUG provider refuses later charges to it (the scheduled charge below)
    const customerUid = `pg_card_${korean.user.id}_decline`;
    const answer = await post(korean, '/subscriptions/subscribe', { customer_uid: customerUid, merchant_uid: bought, imp_uid: `imp_debug_${bought}_${price}`, plan: 'standard', billingCycle: 'month', DEBUG: true });
    expect(answer.status).toBe(200);
    const mail = await smtp.waitFor(korean.user.email, (m) => m.subject.startsWith('[포켓가이드] 결제가 완료되었습니다'));
    expect(mail.subject).toBe(`[포켓가이드] 결제가 완료되었습니다 (${price.toLocaleString('en-US')}원)`);
    expect(mail.text).toContain(receiptOf(korean, bought));
    expect(mail.html).toContain('영수증 보기');
    // the link opens a receipt page the person may read
    expect((await fetch(`${product.baseUrl}/api/payments/${bought}/receipt`, { headers: bearer(korean.token) })).status).toBe(200);
  });

  it('a refund: one refund mail in Korean with the amount and the receipt', async () => {
    const refunded = await post(product.admin, '/payments/refund', { merchantUid: bought, amount: 11_000, reason: '일부 환불' });
    expect(refunded.status).toBe(200);
    const mail = await smtp.waitFor(korean.user.email, (m) => m.subject.startsWith('[포켓가이드] 환불이 처리되었습니다'));
    expect(mail.subject).toBe('[포켓가이드] 환불이 처리되었습니다 (11,000원)');
    expect(mail.text).toContain(receiptOf(korean, bought));
  });

  it('a failed charge (an administrator’s scheduled charge the card refuses): one mail in Korean, with the reason and the card page', async () => {
    const scheduled = await post(product.admin, '/subscriptions/admin/schedule-payment', { customerUid: korean.user.id, scheduleAt: new Date(Date.now() + 1_500).toISOString() });
    expect(scheduled.status).toBe(200);
    const mail = await smtp.waitFor(korean.user.email, (m) => m.subject === '[포켓가이드] 결제에 실패했습니다', 20_000);
    expect(mail.text).toContain('/settings/subscription?step=change-payment-method');
    expect(mail.text).toMatch(new RegExp(`/users/${korean.user.id}/payments/pg_s_`));
  });

  it('a bank transfer and an administrator’s plan change: one payment mail and one plan-change mail, in English', async () => {
    const recorded = await post(product.admin, '/payments/transfer', { customerUid: english.user.id, plan: 'pro', amount: 150_000, note: 'invoice 7' });
    expect(recorded.status).toBe(200);
    transfer = ((await recorded.json()) as { order: { merchantUid: string } }).order.merchantUid;
    const paid = await smtp.waitFor(english.user.email, (m) => m.subject.startsWith('Your PocketGuide payment receipt'));
    expect(paid.subject).toBe('Your PocketGuide payment receipt: KRW 150,000');
    expect(paid.text).toContain('bank transfer of KRW 150,000');
    expect(paid.text).toContain(receiptOf(english, transfer));

    expect((await post(product.admin, '/subscriptions/admin/change-plan', { customerUid: english.user.id, plan: 'business' })).status).toBe(200);
    const changed = await smtp.waitFor(english.user.email, (m) => m.subject === 'Your PocketGuide plan is now Business');
    expect(changed.text).toContain('Pro → Business');
  });

  it('exactly one mail per event: the activation, then one per money event, each with its own Message-ID', async () => {
    await mailWorkerCaughtUp();
    const subjects = (mails: CapturedMail[]) => mails.map((mail) => mail.subject);
    expect(subjects(mailsTo(korean))).toEqual([
      '[포켓가이드] 이메일 인증을 완료해 주세요',
      `[포켓가이드] 결제가 완료되었습니다 (${price.toLocaleString('en-US')}원)`,
      '[포켓가이드] 환불이 처리되었습니다 (11,000원)',
      '[포켓가이드] 결제에 실패했습니다',
    ]);
    // the activation went out before the account chose English
    expect(subjects(mailsTo(english))).toEqual(['[포켓가이드] 이메일 인증을 완료해 주세요', 'Your PocketGuide payment receipt: KRW 150,000', 'Your PocketGuide plan is now Business']);
    const ids = [...mailsTo(korean), ...mailsTo(english)].map((mail) => mail.messageId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a restart sends nothing again; nor does the worker replaying the whole log from the start', async () => {
    const before = smtp.mails.length;
    await product.app.close();
    product = await startWithAdmin('payment-mails', { env: env(), dataDir });
    await mailWorkerCaughtUp();
    // the replay: the mail worker's checkpoint removed, so the next start delivers every event to it again
    await product.app.readStore.deleteCheckpoint(workerCheckpointName('payment-mail'));
    expect(await product.app.readStore.getCheckpoint(workerCheckpointName('payment-mail'))).toBeNull();
    await product.app.close();
    product = await startWithAdmin('payment-mails', { env: env(), dataDir });
    await mailWorkerCaughtUp();
    // it went through the log again: from no checkpoint to the head
    const checkpoint = await product.app.readStore.getCheckpoint(workerCheckpointName('payment-mail'));
    expect(checkpoint).toBeGreaterThan(0);
    expect(smtp.mails.length).toBe(before);
  }, 60_000);
});
