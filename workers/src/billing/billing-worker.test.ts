import { afterEach, describe, expect, it } from 'vitest';
import {
  canPublish,
  paymentStream,
  renewalMerchantUid,
  userStream,
  type PaidPlan,
  type UserEvent,
} from '@pocketguide/contracts';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import { createSqliteReadStore } from '@pocketguide/platform/read-store/sqlite-read-store';
import { matchesFilter, type EventStore } from '@pocketguide/platform/event-store/event-store';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import type { Mailer, MailMessage } from '@pocketguide/platform/mail/mailer';
import type { ChargeRequest, PaymentProvider } from '@pocketguide/platform/payments/payment-provider';
import {
  createDebugPaymentProvider,
  type DebugPaymentProvider,
} from '@pocketguide/platform/payments/debug-payment-provider';
import { createBillingWorker, BILLING_SCHEDULE, type BillingWorker } from './billing-worker.ts';
// The real commands (command-api) over the real event store: the worker is proven with the parts it runs with.
import { createBillingCommands } from '@pocketguide/command-api/payment/billing-commands';
import { foldBillingAccount, readUserEvents } from './billing-account.ts';
import { scheduledMerchantUid } from './billing-policy.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const START = new Date('2026-03-01T00:00:00.000Z');
const iso = (date: Date | string) => new Date(date).toISOString();

const open: Array<{ eventStore: EventStore; readStore: ReadStore }> = [];
afterEach(async () => {
  for (const { eventStore, readStore } of open.splice(0)) {
    await readStore.close();
    await eventStore.close();
  }
});

/**
 * A real event store and read store (SQLite in memory), the DEBUG provider behind a counter, an outbox of mails,
 * a clock the test moves, and a bus stand-in that hands the worker every new event in log order.
 */
async function harness() {
  const eventStore = createSqliteEventStore({ path: ':memory:' });
  const readStore = createSqliteReadStore({ path: ':memory:' });
  open.push({ eventStore, readStore });
  let now = START;
  const debug: DebugPaymentProvider = createDebugPaymentProvider({ now: () => now });
  const charges: ChargeRequest[] = [];
  /** set to make the next charge throw after the provider charged (the process dies before recording) */
  let crashAfterCharge = false;
  const provider: PaymentProvider = {
    ...debug,
    async charge(request) {
      charges.push(request);
      const payment = await debug.charge(request);
      if (crashAfterCharge) {
        crashAfterCharge = false;
        throw new Error('the process died after the provider charged');
      }
      return payment;
    },
  };
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    kind: 'outbox',
    async send(message) {
      mails.push(message);
      return { messageId: `<${message.id}>` };
    },
    async close() {},
  };
  const clock = { now: () => now };
  const commands = createBillingCommands({ eventStore, clock });
  const errors: unknown[] = [];
  const newWorker = () =>
    createBillingWorker({
      events: eventStore,
      readStore,
      provider,
      commands,
      mailer,
      clock,
      publicBaseUrl: 'https://pocketguide.test',
      onError: (error) => errors.push(error),
    });
  let worker: BillingWorker = newWorker();
  let position: number | undefined;

  /** the bus: delivers every event not yet delivered */
  async function deliver() {
    for await (const event of eventStore.readAll(position === undefined ? {} : { after: position })) {
      position = event.position;
      if (matchesFilter(event, worker.filter)) await worker.handle(event);
    }
  }

  let userSeq = 0;
  const h = {
    eventStore,
    readStore,
    debug,
    charges,
    mails,
    errors,
    commands,
    get now() {
      return now;
    },
    get worker() {
      return worker;
    },
    /** a new worker on the same stores: a restarted process */
    restart() {
      worker = newWorker();
    },
    crashAfterNextCharge() {
      crashAfterCharge = true;
    },
    deliver,
    async append(userId: string, type: UserEvent['type'], data: Record<string, unknown>) {
      userSeq += 1;
      await eventStore.appendToStream(userStream(userId), [
        { id: `00000000-0000-8000-8000-${String(userSeq).padStart(12, '0')}`, type, data: { userId, ...data } },
      ]);
      await deliver();
    },
    async register(
      userId: string,
      options: { language?: 'kr' | 'en'; trialExpiresAt?: Date; role?: 'user' | 'admin'; email?: string } = {},
    ) {
      await h.append(userId, 'UserRegistered', {
        email: options.email ?? `${userId}@example.com`,
        profile: { name: `Person ${userId}`, companyName: 'Jeju Trails' },
        language: options.language ?? 'kr',
        role: options.role ?? 'user',
        registeredAt: iso(START),
        trialExpiresAt: iso(options.trialExpiresAt ?? new Date(START.getTime() + 14 * DAY)),
        via: 'admin',
        activation: null,
      });
    },
    async subscribe(userId: string, plan: PaidPlan, expiresAt: Date, customerUid: string | null = `cust_${userId}`) {
      if (customerUid)
        await h.append(userId, 'PaymentMethodChanged', { customerUid, cardName: 'DEBUG card', changedAt: iso(now) });
      await h.append(userId, 'UserSubscribed', {
        plan,
        billingCycle: 'month',
        expiresAt: iso(expiresAt),
        subscribedAt: iso(now),
      });
    },
    /** moves the clock in steps to `until`, delivering events and ticking at each step */
    setNow(when: Date) {
      now = when;
    },
    /** sets the clock (the worker's and the commands') and ticks once */
    async tickAt(when: Date) {
      now = when;
      return worker.tick(now);
    },
    async runUntil(until: Date, stepMs = 6 * HOUR) {
      while (now.getTime() < until.getTime()) {
        now = new Date(Math.min(now.getTime() + stepMs, until.getTime()));
        await deliver();
        await worker.tick(now);
        await deliver();
      }
    },
    async events(userId: string) {
      return readUserEvents(eventStore, userId);
    },
    async eventsOfType<T extends UserEvent['type']>(userId: string, type: T) {
      return (await h.events(userId)).filter((e): e is Extract<UserEvent, { type: T }> => e.type === type);
    },
    async account(userId: string) {
      return foldBillingAccount(userId, await h.events(userId))!;
    },
    async paymentTypes(merchantUid: string) {
      const types: string[] = [];
      for await (const e of eventStore.readStream(paymentStream(merchantUid))) types.push(e.type);
      return types;
    },
    mailsTo(userId: string) {
      return mails.filter((m) => m.to === `${userId}@example.com`);
    },
  };
  await h.deliver();
  return h;
}

const at = (value: string) => new Date(value);

describe('the billing worker over simulated months', () => {
  it('charges on the expiry day, extends a month each time, and warns 3 days before each renewal (in Korean)', async () => {
    const h = await harness();
    await h.register('u1');
    const expiry = at('2026-03-10T09:00:00.000Z');
    await h.subscribe('u1', 'standard', expiry);

    await h.runUntil(at('2026-03-10T06:00:00.000Z'));
    expect(h.charges).toEqual([]);
    expect(h.mailsTo('u1').map((m) => m.subject)).toEqual(['[포켓가이드] 2026.03.10에 스탠다드 요금제가 갱신됩니다']);
    expect(h.mailsTo('u1')[0]?.text).toContain('50,000원');

    await h.runUntil(at('2026-06-15T00:00:00.000Z'));
    // 10 March, 10 April, 10 May, 10 June: one charge each, at the price in effect (standard 50,000 after Nov 2025)
    expect(h.charges.map((c) => [c.merchantUid, c.amount, c.customerUid])).toEqual(
      [
        '2026-03-10T09:00:00.000Z',
        '2026-04-10T09:00:00.000Z',
        '2026-05-10T09:00:00.000Z',
        '2026-06-10T09:00:00.000Z',
      ].map((e) => [renewalMerchantUid('u1', e, 1), 50_000, 'cust_u1']),
    );
    const renewed = await h.eventsOfType('u1', 'SubscriptionRenewed');
    expect(renewed.map((e) => e.data.expiresAt)).toEqual([
      '2026-04-10T09:00:00.000Z',
      '2026-05-10T09:00:00.000Z',
      '2026-06-10T09:00:00.000Z',
      '2026-07-10T09:00:00.000Z',
    ]);
    // each charge was recorded: requested, then succeeded
    expect(await h.paymentTypes(renewalMerchantUid('u1', expiry, 1))).toEqual(['PaymentRequested', 'PaymentSucceeded']);
    // four upcoming notices, each once
    const notices = await h.eventsOfType('u1', 'BillingNoticeSent');
    expect(notices.map((n) => [n.data.kind, n.data.key])).toEqual(
      ['20260310', '20260410', '20260510', '20260610'].map((d) => ['renewal-upcoming', `renewal-upcoming-${d}`]),
    );
    expect(h.mailsTo('u1')).toHaveLength(4);
    // the same words in the app (the bell): the subject without the brand, and the mail's text
    expect(notices[0]?.data.title).toMatch(/renews on|갱신됩니다/);
    expect(notices[0]?.data.message).toContain(h.mailsTo('u1')[0]!.text.split('\n')[0]!);
    expect(h.errors).toEqual([]);
    // the schedule now waits for the next notice (3 days before 10 July)
    expect(await h.readStore.collection(BILLING_SCHEDULE).get('u1')).toEqual({
      id: 'u1',
      dueAt: '2026-07-07T09:00:00.000Z',
    });
  });

  it('a declined card is tried again 1, 3 and 7 days after the expiry, then the plan lapses with a notice; published guidebooks stay, publishing stops', async () => {
    const h = await harness();
    await h.register('u2', { language: 'en' });
    const expiry = at('2026-03-10T09:00:00.000Z');
    await h.subscribe('u2', 'pro', expiry, 'cust_decline_u2');

    await h.runUntil(at('2026-03-16T00:00:00.000Z'));
    // attempts 1-3 declined, still subscribed (the grace): the account can still publish
    expect(h.charges.map((c) => c.merchantUid)).toEqual([1, 2, 3].map((n) => renewalMerchantUid('u2', expiry, n)));
    const midway = await h.account('u2');
    expect(midway).toMatchObject({ subscribed: true, plan: 'pro', renewal: { attempt: 3 } });
    expect(
      canPublish(
        {
          role: 'user',
          subscription: midway.subscribed,
          subscriptionType: midway.plan,
          expiresAt: iso(midway.expiresAt),
        },
        h.now,
      ),
    ).toBe(true);

    await h.runUntil(at('2026-05-01T00:00:00.000Z'));
    expect(h.charges).toHaveLength(4);
    const failures = await h.eventsOfType('u2', 'RenewalChargeFailed');
    expect(failures.map((f) => [f.data.attempt, f.data.nextAttemptAt])).toEqual([
      [1, '2026-03-11T09:00:00.000Z'],
      [2, '2026-03-13T09:00:00.000Z'],
      [3, '2026-03-17T09:00:00.000Z'],
      [4, null],
    ]);
    expect(failures[0]?.data.failReason).toContain('declined');
    const lapses = await h.eventsOfType('u2', 'SubscriptionLapsed');
    expect(lapses.map((l) => [l.data.reason, l.data.plan])).toEqual([['charge-failed', 'pro']]);
    expect(lapses[0]?.data.lapsedAt.startsWith('2026-03-17')).toBe(true);

    // mails: the upcoming notice, three "payment did not go through" with the change-card link, one lapse notice
    const subjects = h.mailsTo('u2').map((m) => m.subject);
    expect(subjects).toEqual([
      'Your PocketGuide Pro plan renews on 2026.03.10',
      'Your PocketGuide payment did not go through',
      'Your PocketGuide payment did not go through',
      'Your PocketGuide payment did not go through',
      'Your PocketGuide Pro plan has ended',
    ]);
    expect(h.mailsTo('u2')[1]?.text).toContain(
      'https://pocketguide.test/settings/subscription?step=change-payment-method',
    );
    expect(h.mailsTo('u2')[1]?.text).toContain('2026.03.11');
    expect(h.mailsTo('u2')[4]?.text).toContain('https://pocketguide.test/settings/subscription?step=purchase');
    expect(h.mailsTo('u2')[4]?.text).toContain('published guidebooks stay online');

    const after = await h.account('u2');
    expect(after).toMatchObject({ subscribed: false, plan: 'free', lapsed: true });
    expect(
      canPublish(
        { role: 'user', subscription: after.subscribed, subscriptionType: after.plan, expiresAt: iso(after.expiresAt) },
        h.now,
      ),
    ).toBe(false);
    expect(await h.readStore.collection(BILLING_SCHEDULE).get('u2')).toBeNull();
  });

  it('a card changed during the retries is charged on the next attempt, and the cycle keeps its day', async () => {
    const h = await harness();
    await h.register('u3');
    const expiry = at('2026-03-10T09:00:00.000Z');
    await h.subscribe('u3', 'mini', expiry, 'cust_decline_u3');
    await h.runUntil(at('2026-03-12T00:00:00.000Z'));
    expect(h.charges).toHaveLength(2);
    await h.append('u3', 'PaymentMethodChanged', {
      customerUid: 'cust_new_u3',
      cardName: 'DEBUG card',
      changedAt: iso(h.now),
    });
    await h.runUntil(at('2026-03-20T00:00:00.000Z'));
    expect(h.charges.map((c) => [c.merchantUid, c.customerUid, c.amount])).toEqual([
      [renewalMerchantUid('u3', expiry, 1), 'cust_decline_u3', 11_000],
      [renewalMerchantUid('u3', expiry, 2), 'cust_decline_u3', 11_000],
      [renewalMerchantUid('u3', expiry, 3), 'cust_new_u3', 11_000],
    ]);
    expect((await h.eventsOfType('u3', 'SubscriptionRenewed')).map((e) => e.data.expiresAt)).toEqual([
      '2026-04-10T09:00:00.000Z',
    ]);
    expect(await h.account('u3')).toMatchObject({ subscribed: true, renewal: null });
    expect(await h.eventsOfType('u3', 'SubscriptionLapsed')).toEqual([]);
  });

  it('an unsubscribed plan ends at the end of its cycle: no charge, one lapse, one notice', async () => {
    const h = await harness();
    await h.register('u4');
    const expiry = at('2026-03-10T09:00:00.000Z');
    await h.subscribe('u4', 'business', expiry);
    await h.append('u4', 'UserUnsubscribed', { expiresAt: iso(expiry), unsubscribedAt: iso(h.now) });
    await h.runUntil(at('2026-03-10T06:00:00.000Z'));
    expect(await h.eventsOfType('u4', 'SubscriptionLapsed')).toEqual([]);
    await h.runUntil(at('2026-05-01T00:00:00.000Z'));
    expect(h.charges).toEqual([]);
    expect((await h.eventsOfType('u4', 'SubscriptionLapsed')).map((l) => [l.data.reason, l.data.plan])).toEqual([
      ['unsubscribed', 'business'],
    ]);
    expect(h.mailsTo('u4').map((m) => m.subject)).toEqual(['[포켓가이드] 비즈니스 요금제가 종료되었습니다']);
  });

  it('a one-month pass ends at its end, never charged again', async () => {
    const h = await harness();
    await h.register('u5');
    await h.subscribe('u5', 'onemonth', at('2026-03-31T09:00:00.000Z'));
    await h.runUntil(at('2026-05-15T00:00:00.000Z'));
    expect(h.charges).toEqual([]);
    expect((await h.eventsOfType('u5', 'SubscriptionLapsed')).map((l) => l.data.reason)).toEqual(['onemonth-ended']);
    expect(h.mailsTo('u5').map((m) => m.subject)).toEqual(['[포켓가이드] 1개월 이용권이 종료되었습니다']);
  });

  it('a free trial lapses once when it ends; an administrator is left alone; a trial that ended long ago is recorded without a mail', async () => {
    const h = await harness();
    await h.register('u6', { language: 'en', trialExpiresAt: at('2026-03-15T00:00:00.000Z') });
    await h.register('admin1', { role: 'admin', trialExpiresAt: at('2026-03-15T00:00:00.000Z') });
    await h.register('old', { trialExpiresAt: at('2026-01-01T00:00:00.000Z') });
    await h.runUntil(at('2026-06-01T00:00:00.000Z'), DAY);
    expect(
      (await h.eventsOfType('u6', 'SubscriptionLapsed')).map((l) => [l.data.reason, l.data.plan, l.data.lapsedAt]),
    ).toEqual([['trial-ended', 'free', '2026-03-15T00:00:00.000Z']]);
    expect(h.mailsTo('u6').map((m) => m.subject)).toEqual(['Your PocketGuide free trial has ended']);
    expect(await h.eventsOfType('admin1', 'SubscriptionLapsed')).toEqual([]);
    expect((await h.eventsOfType('old', 'SubscriptionLapsed')).map((l) => l.data.reason)).toEqual(['trial-ended']);
    expect(h.mailsTo('old')).toEqual([]);
    // nothing left to do for any of them
    expect(await h.readStore.collection(BILLING_SCHEDULE).find()).toEqual([]);
    expect(h.charges).toEqual([]);
  });

  it('charges an administrator-scheduled payment at its time, once, and renews the plan a month from its expiry', async () => {
    const h = await harness();
    await h.register('u7');
    await h.subscribe('u7', 'standard', at('2026-03-20T09:00:00.000Z'));
    const scheduleAt = at('2026-03-05T03:00:00.000Z');
    await h.append('u7', 'PaymentScheduled', { scheduleAt: iso(scheduleAt), scheduledAt: iso(h.now) });
    await h.runUntil(at('2026-03-05T02:00:00.000Z'), HOUR);
    expect(h.charges).toEqual([]);
    await h.runUntil(at('2026-03-06T00:00:00.000Z'), HOUR);
    const merchantUid = scheduledMerchantUid('u7', scheduleAt);
    expect(h.charges.map((c) => [c.merchantUid, c.amount])).toEqual([[merchantUid, 50_000]]);
    expect(await h.paymentTypes(merchantUid)).toEqual(['PaymentRequested', 'PaymentSucceeded']);
    expect(
      (await h.eventsOfType('u7', 'SubscriptionRenewed')).map((e) => [
        e.data.plan,
        e.data.merchantUid,
        e.data.expiresAt,
      ]),
    ).toEqual([['standard', merchantUid, '2026-04-20T09:00:00.000Z']]);
    // and from then it renews as before, at the new expiry
    await h.runUntil(at('2026-04-21T00:00:00.000Z'));
    expect(h.charges.map((c) => c.merchantUid)).toEqual([
      merchantUid,
      renewalMerchantUid('u7', '2026-04-20T09:00:00.000Z', 1),
    ]);
  });

  it('a payment scheduled at the expiry (the default of the route for a running plan) pays that renewal: one charge, not two', async () => {
    const h = await harness();
    await h.register('u11');
    const expiry = at('2026-03-10T09:00:00.000Z');
    await h.subscribe('u11', 'pro', expiry);
    await h.append('u11', 'PaymentScheduled', { scheduleAt: iso(expiry), scheduledAt: iso(h.now) });
    await h.runUntil(at('2026-03-12T00:00:00.000Z'));
    expect(h.charges.map((c) => c.merchantUid)).toEqual([scheduledMerchantUid('u11', expiry)]);
    expect((await h.eventsOfType('u11', 'SubscriptionRenewed')).map((e) => e.data.expiresAt)).toEqual([
      '2026-04-10T09:00:00.000Z',
    ]);
  });

  it('a scheduled payment for an account with no renewing plan is not charged: the attempt is recorded as failed, with why', async () => {
    const h = await harness();
    await h.register('u10', { trialExpiresAt: at('2026-03-02T00:00:00.000Z') });
    await h.append('u10', 'PaymentMethodChanged', {
      customerUid: 'cust_u10',
      cardName: 'DEBUG card',
      changedAt: iso(h.now),
    });
    const scheduleAt = at('2026-03-05T03:00:00.000Z');
    await h.append('u10', 'PaymentScheduled', { scheduleAt: iso(scheduleAt), scheduledAt: iso(h.now) });
    await h.runUntil(at('2026-03-10T00:00:00.000Z'));
    expect(h.charges).toEqual([]);
    expect(await h.paymentTypes(scheduledMerchantUid('u10', scheduleAt))).toEqual([
      'PaymentRequested',
      'PaymentFailed',
    ]);
    expect(await h.eventsOfType('u10', 'SubscriptionRenewed')).toEqual([]);
    expect(await h.readStore.collection(BILLING_SCHEDULE).get('u10')).toBeNull();
    expect(h.errors).toEqual([]);
  });

  it('enterprise renews without a charge (invoiced by transfer)', async () => {
    const h = await harness();
    await h.register('u8');
    await h.subscribe('u8', 'enterprise', at('2026-03-10T09:00:00.000Z'));
    await h.runUntil(at('2026-04-20T00:00:00.000Z'));
    expect(h.charges).toEqual([]);
    expect((await h.eventsOfType('u8', 'SubscriptionRenewed')).map((e) => e.data.expiresAt)).toEqual([
      '2026-04-10T09:00:00.000Z',
      '2026-05-10T09:00:00.000Z',
    ]);
    expect(h.mailsTo('u8')).toEqual([]);
  });

  it('a subscription without a card (given by an administrator) fails its renewal without calling the provider, and lapses after the retries', async () => {
    const h = await harness();
    await h.register('u9');
    const expiry = at('2026-03-10T09:00:00.000Z');
    await h.subscribe('u9', 'standard', expiry, null);
    await h.runUntil(at('2026-03-20T00:00:00.000Z'));
    expect(h.charges).toEqual([]);
    const failures = await h.eventsOfType('u9', 'RenewalChargeFailed');
    expect(failures.map((f) => f.data.failReason)).toEqual(Array(4).fill('There is no card on file for this account.'));
    expect(await h.paymentTypes(renewalMerchantUid('u9', expiry, 1))).toEqual(['PaymentRequested', 'PaymentFailed']);
    expect((await h.eventsOfType('u9', 'SubscriptionLapsed')).map((l) => l.data.reason)).toEqual(['charge-failed']);
  });
});

describe('the billing worker never charges twice', () => {
  it("never trusts a payment under its charge's id that is someone else's or another kind: no renewal from it, and the next attempt charges", async () => {
    const h = await harness();
    await h.register('u20');
    await h.register('u21');
    const expiry = at('2026-03-10T09:00:00.000Z');
    await h.subscribe('u20', 'standard', expiry);
    // the first renewal's id, already paid, but by u21 as a purchase (what a steered merchant_uid would leave)
    const taken = renewalMerchantUid('u20', expiry, 1);
    await h.eventStore.appendToStream(paymentStream(taken), [
      {
        id: '00000000-0000-8000-9000-000000000001',
        type: 'PaymentRequested',
        data: {
          merchantUid: taken,
          userId: 'u21',
          plan: 'standard',
          billingCycle: 'month',
          amount: 50_000,
          kind: 'purchase',
          requestedAt: iso(h.now),
        },
      },
      {
        id: '00000000-0000-8000-9000-000000000002',
        type: 'PaymentSucceeded',
        data: {
          merchantUid: taken,
          userId: 'u21',
          impUid: 'imp_1',
          amount: 50_000,
          method: 'card',
          paymentData: {
            currency: 'KRW',
            card_name: null,
            receipt_url: null,
            amount: 50_000,
            cancel_amount: 0,
            cancelled_at: null,
          },
          paidAt: iso(h.now),
        },
      },
    ]);
    // and a scheduled charge's id taken by a transfer
    const scheduleAt = at('2026-03-05T03:00:00.000Z');
    const scheduled = scheduledMerchantUid('u20', scheduleAt);
    await h.eventStore.appendToStream(paymentStream(scheduled), [
      {
        id: '00000000-0000-8000-9000-000000000003',
        type: 'TransferPaymentRecorded',
        data: {
          merchantUid: scheduled,
          userId: 'u20',
          plan: 'standard',
          billingCycle: 'month',
          amount: 50_000,
          note: 'x',
          paidAt: iso(h.now),
        },
      },
    ]);
    await h.append('u20', 'PaymentScheduled', { scheduleAt: iso(scheduleAt), scheduledAt: iso(h.now) });
    await h.runUntil(at('2026-03-12T00:00:00.000Z'));
    // neither foreign payment renewed anything; the first attempt failed, the second (a day later) was charged
    expect(h.charges.map((c) => c.merchantUid)).toEqual([renewalMerchantUid('u20', expiry, 2)]);
    expect((await h.eventsOfType('u20', 'RenewalChargeFailed')).map((e) => e.data.merchantUid)).toEqual([taken]);
    expect((await h.eventsOfType('u20', 'SubscriptionRenewed')).map((e) => e.data.merchantUid)).toEqual([
      renewalMerchantUid('u20', expiry, 2),
    ]);
    expect(await h.paymentTypes(taken)).toEqual(['PaymentRequested', 'PaymentSucceeded']);
    expect(h.errors.length).toBeGreaterThanOrEqual(1);
  });

  it('dies between the provider charging and the result being recorded: after a restart, exactly one charge and the result recorded', async () => {
    const h = await harness();
    await h.register('c1');
    const expiry = at('2026-03-10T09:00:00.000Z');
    await h.subscribe('c1', 'standard', expiry);
    await h.runUntil(at('2026-03-10T00:00:00.000Z'));

    h.crashAfterNextCharge();
    const report = await h.tickAt(at('2026-03-10T09:30:00.000Z'));
    expect(report.failed).toBe(1);
    const merchantUid = renewalMerchantUid('c1', expiry, 1);
    expect(h.charges).toHaveLength(1);
    expect((await h.debug.findPayment(merchantUid))?.status).toBe('paid');
    // the crash left the request without a result, and no renewal
    expect(await h.paymentTypes(merchantUid)).toEqual(['PaymentRequested']);
    expect(await h.eventsOfType('c1', 'SubscriptionRenewed')).toEqual([]);

    // a new process: every event delivered again from the start (a lost checkpoint), then the timer ticks
    h.restart();
    for await (const event of h.eventStore.readAll())
      if (matchesFilter(event, h.worker.filter)) await h.worker.handle(event);
    await h.runUntil(at('2026-03-12T00:00:00.000Z'));
    await h.worker.tick();
    await h.worker.tick();

    expect(h.charges).toHaveLength(1);
    expect(await h.paymentTypes(merchantUid)).toEqual(['PaymentRequested', 'PaymentSucceeded']);
    expect(
      (await h.eventsOfType('c1', 'SubscriptionRenewed')).map((e) => [e.data.merchantUid, e.data.expiresAt]),
    ).toEqual([[merchantUid, '2026-04-10T09:00:00.000Z']]);
    expect(await h.eventsOfType('c1', 'RenewalChargeFailed')).toEqual([]);
  });

  it('a provider outage leaves the request open and counts no failed attempt; the next tick asks, then charges once', async () => {
    const h = await harness();
    await h.register('c2');
    const expiry = at('2026-03-10T09:00:00.000Z');
    await h.subscribe('c2', 'standard', expiry);
    await h.runUntil(at('2026-03-10T00:00:00.000Z'));
    h.debug.simulateOutage(true);
    await h.runUntil(at('2026-03-10T18:00:00.000Z'));
    const merchantUid = renewalMerchantUid('c2', expiry, 1);
    expect(await h.paymentTypes(merchantUid)).toEqual(['PaymentRequested']);
    expect(await h.eventsOfType('c2', 'RenewalChargeFailed')).toEqual([]);
    expect(h.errors.length).toBeGreaterThan(0);
    h.debug.simulateOutage(false);
    await h.runUntil(at('2026-03-11T06:00:00.000Z'));
    // asked twice: once unanswered (the outage), once charged; in between only looked up
    expect(h.charges.map((c) => c.merchantUid)).toEqual([merchantUid, merchantUid]);
    expect((await h.debug.findPayment(merchantUid))?.status).toBe('paid');
    expect(await h.paymentTypes(merchantUid)).toEqual(['PaymentRequested', 'PaymentSucceeded']);
    expect(await h.eventsOfType('c2', 'SubscriptionRenewed')).toHaveLength(1);
  });

  it('two ticks at once and redelivered events charge and mail once', async () => {
    const h = await harness();
    await h.register('c3');
    await h.subscribe('c3', 'standard', at('2026-03-10T09:00:00.000Z'));
    await h.runUntil(at('2026-03-10T00:00:00.000Z'));
    const when = at('2026-03-10T10:00:00.000Z');
    h.setNow(when);
    await Promise.all([h.worker.tick(when), h.worker.tick(when), h.worker.tick(when)]);
    await h.deliver();
    for await (const event of h.eventStore.readAll())
      if (matchesFilter(event, h.worker.filter)) await h.worker.handle(event);
    await h.worker.tick(when);
    expect(h.charges).toHaveLength(1);
    expect(await h.eventsOfType('c3', 'SubscriptionRenewed')).toHaveLength(1);
    expect(h.mailsTo('c3')).toHaveLength(1);
  });
});
