import {
  isAdminRole,
  PAYMENT_MESSAGES,
  priceOf,
  renewalMerchantUid,
  type BillingNoticeKind,
  type LapseReason,
  type PaidPlan,
  type PaymentKind,
} from '@pocketguide/contracts';
import type { EventStore, RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import type { Worker } from '@pocketguide/platform/bus/worker-bus';
import type { Mailer } from '@pocketguide/platform/mail/mailer';
import {
  PaymentProviderError,
  type PaymentProvider,
  type ProviderPayment,
} from '@pocketguide/platform/payments/payment-provider';
import type { ComposedMail } from '../mail/mail-templates.ts';
import { loadBillingAccount, readPayment, type BillingAccount } from './billing-account.ts';
import { chargeFailedMail, lapsedMail, renewalUpcomingMail, subscriptionLinks } from './billing-mail.ts';
import type { BillingCommands, Clock } from './billing-ports.ts';
import {
  attemptDueAt,
  isRenewing,
  isStale,
  nextAttemptAfter,
  RENEWAL_MAX_ATTEMPTS,
  RENEWAL_NOTICE_BEFORE_MS,
} from './billing-policy.ts';

/**
 * Recurring billing (issue 12): renewal charges on the expiry day with retries, the ends of unsubscribed plans,
 * one-month passes and free trials, administrators' scheduled payments, and the billing notices.
 * The rules (schedule, grace, what a lapse means) are in `billing-policy.ts`.
 *
 * How it runs: as a bus worker it follows the account streams and keeps one small document per account in the
 * read store's `billing-schedule` collection: when that account next needs something (null: never, the document
 * is removed). A timer calls `tick(now)` (every BILLING_TICK_MS), which takes the documents that are due, reads
 * each account's stream afresh and does what is due, one step at a time, by commands. The time is the clock's, so
 * tests run months in milliseconds.
 *
 * Never twice: every charge has a deterministic merchantUid (`pg_renew_<user>_<YYYYMMDD of the expiry>_<attempt>`,
 * `pg_sched_<user>_<scheduleAt>`), the provider refuses a reused one, and the worker records PaymentRequested
 * before charging: when it finds a request without a result (it died between the provider's answer and the
 * record, or the provider timed out), it asks the provider for that merchantUid and records what it says instead
 * of charging again. Each notice has a key recorded with BillingNoticeSent after the mail; only a crash between
 * the mail and the record can mail twice (the Message-ID, derived from the key, lets a mail client tell).
 *
 * Steps on one account are serialised within a process. Run one billing worker per deployment: a second process
 * would still charge once (the provider refuses a reused merchantUid, then the look-up records its answer) but could
 * mail a notice twice.
 */
export type BillingWorkerDeps = {
  events: Pick<EventStore, 'readStream'>;
  readStore: Pick<ReadStore, 'collection' | 'ensureIndexes'>;
  provider: PaymentProvider;
  commands: BillingCommands;
  mailer: Mailer;
  clock: Clock;
  /** the site's address, for the links in the notices */
  publicBaseUrl: string;
  /** how often the timer looks for due work (default 60 s) */
  tickIntervalMs?: number;
  onError?: (error: unknown, context: { userId?: string }) => void;
};

export type TickReport = { due: number; steps: number; failed: number };

export type BillingWorker = Worker & {
  /** does everything due at `now` (default: the clock's now) */
  tick(now?: Date): Promise<TickReport>;
  /** the account's next due time as the worker computes it now (tests and diagnostics) */
  nextDueAt(userId: string, now?: Date): Promise<Date | null>;
  start(): void;
  stop(): Promise<void>;
};

export const BILLING_SCHEDULE = 'billing-schedule';
type ScheduleDoc = { id: string; dueAt: string };

/** The account events that change what is due. */
export const BILLING_TRIGGER_EVENTS = [
  'UserRegistered',
  'UserProfileUpdated',
  'UserRoleChanged',
  'UserDeleted',
  'UserSubscribed',
  'UserUnsubscribed',
  'UserPlanChanged',
  'PaymentMethodChanged',
  'SubscriptionRenewed',
  'RenewalChargeFailed',
  'SubscriptionLapsed',
  'PaymentScheduled',
  'BillingNoticeSent',
] as const;

const MAX_STEPS_PER_ACCOUNT = 10;
const FOREIGN_PAYMENT = 'This charge could not be made: its payment id is taken by another payment.';
const NOT_RENEWABLE =
  'This account has no renewing plan (free plan or one-month pass), so the scheduled payment was not charged.';
const NOTHING_TO_CHARGE = 'This plan is invoiced by transfer, so the scheduled payment was not charged.';
const DEFAULT_TICK_MS = 60_000;

type NoticeReason = Exclude<LapseReason, 'admin'>;
type Task =
  | { at: Date; type: 'scheduled-charge'; merchantUid: string; scheduleAt: Date }
  | { at: Date; type: 'renewal-charge'; attempt: number }
  | { at: Date; type: 'lapse'; reason: NoticeReason }
  | { at: Date; type: 'upcoming-notice' }
  | { at: Date; type: 'failure-notice' }
  | { at: Date; type: 'lapse-notice' };

type ChargeOutcome = { status: 'paid' } | { status: 'failed'; failReason: string } | { status: 'pending' };

const ymd = (date: Date): string => date.toISOString().slice(0, 10).replaceAll('-', '');
const noticeKeys = {
  upcoming: (account: BillingAccount) => `renewal-upcoming-${ymd(account.expiresAt)}`,
  failure: (merchantUid: string) => `charge-failed-${merchantUid}`,
  lapse: (lapse: NonNullable<BillingAccount['lastLapse']>) => `lapsed-${lapse.reason}-${ymd(lapse.expiresAt)}`,
};

/** Kakao accounts without a shared address hold a placeholder nobody receives. */
const deliverable = (account: BillingAccount): boolean => !account.email.endsWith('.invalid');

/** The plan a scheduled payment pays for: the current renewing plan, else the last one paid, else standard. */
function chargedPlan(account: BillingAccount): Exclude<PaidPlan, 'onemonth'> {
  if (isRenewing(account.plan)) return account.plan;
  if (account.lastPaidPlan && isRenewing(account.lastPaidPlan)) return account.lastPaidPlan;
  return 'standard';
}

/** When the lapse a notice reports was due: its expiry, or the last attempt's time for a declined renewal. */
function lapseDueAt(lapse: NonNullable<BillingAccount['lastLapse']>): Date {
  return lapse.reason === 'charge-failed' ? attemptDueAt(lapse.expiresAt, RENEWAL_MAX_ATTEMPTS) : lapse.expiresAt;
}

/** Everything the account will need, each with its time; the earliest due one is done first. */
export function tasksOf(account: BillingAccount, now: Date): Task[] {
  if (account.deleted) return [];
  const tasks: Task[] = [];
  for (const item of account.scheduled) {
    if (!item.done)
      tasks.push({
        at: item.scheduleAt,
        type: 'scheduled-charge',
        merchantUid: item.merchantUid,
        scheduleAt: item.scheduleAt,
      });
  }
  const lapse = account.lastLapse;
  if (
    lapse &&
    lapse.reason !== 'admin' &&
    !account.notices.has(noticeKeys.lapse(lapse)) &&
    deliverable(account) &&
    !isStale(lapseDueAt(lapse), now)
  ) {
    tasks.push({ at: lapseDueAt(lapse), type: 'lapse-notice' });
  }
  const { expiresAt, renewal } = account;
  if (account.plan === 'free') {
    if (!account.lapsed && !isAdminRole(account.role))
      tasks.push({ at: expiresAt, type: 'lapse', reason: 'trial-ended' });
  } else if (account.plan === 'onemonth') {
    tasks.push({ at: expiresAt, type: 'lapse', reason: 'onemonth-ended' });
  } else if (!account.subscribed) {
    tasks.push({ at: expiresAt, type: 'lapse', reason: 'unsubscribed' });
  } else {
    if (renewal?.nextAttemptAt) {
      const failedAt = attemptDueAt(expiresAt, renewal.attempt);
      if (
        !account.notices.has(noticeKeys.failure(renewal.merchantUid)) &&
        deliverable(account) &&
        !isStale(failedAt, now)
      ) {
        tasks.push({ at: failedAt, type: 'failure-notice' });
      }
    }
    const attempt = (renewal?.attempt ?? 0) + 1;
    if (attempt > RENEWAL_MAX_ATTEMPTS) {
      tasks.push({ at: attemptDueAt(expiresAt, RENEWAL_MAX_ATTEMPTS), type: 'lapse', reason: 'charge-failed' });
    } else {
      tasks.push({ at: attemptDueAt(expiresAt, attempt), type: 'renewal-charge', attempt });
      const upcomingAt = new Date(expiresAt.getTime() - RENEWAL_NOTICE_BEFORE_MS);
      if (
        attempt === 1 &&
        priceOf(account.plan, expiresAt) > 0 &&
        now < expiresAt &&
        deliverable(account) &&
        !account.notices.has(noticeKeys.upcoming(account))
      ) {
        tasks.push({ at: upcomingAt, type: 'upcoming-notice' });
      }
    }
  }
  return tasks.sort((a, b) => a.at.getTime() - b.at.getTime());
}

export function nextDueOf(account: BillingAccount, now: Date): Date | null {
  return tasksOf(account, now)[0]?.at ?? null;
}

export function createBillingWorker(deps: BillingWorkerDeps): BillingWorker {
  const { events, provider, commands, mailer, clock } = deps;
  const schedule = deps.readStore.collection<ScheduleDoc>(BILLING_SCHEDULE);
  const links = subscriptionLinks(deps.publicBaseUrl);
  const onError =
    deps.onError ??
    ((error: unknown, context: { userId?: string }) => console.error('[workers] billing failed', context, error));
  let indexed: Promise<void> | undefined;
  const ensureIndexes = () => (indexed ??= deps.readStore.ensureIndexes(BILLING_SCHEDULE, [{ fields: { dueAt: 1 } }]));

  // One step at a time per account in this process: the bus and the timer never decide on the same account at once.
  const locks = new Map<string, Promise<unknown>>();
  function withAccount<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const previous = locks.get(userId) ?? Promise.resolve();
    const run = previous.then(work, work);
    const settled = run.catch(() => undefined);
    locks.set(userId, settled);
    void settled.then(() => {
      if (locks.get(userId) === settled) locks.delete(userId);
    });
    return run;
  }

  async function saveSchedule(userId: string, account: BillingAccount | null, now: Date): Promise<void> {
    await ensureIndexes();
    const due = account ? nextDueOf(account, now) : null;
    if (due) await schedule.upsert({ id: userId, dueAt: due.toISOString() });
    else await schedule.delete(userId);
  }

  // ---- charges ----

  async function recordProviderAnswer(merchantUid: string, payment: ProviderPayment): Promise<ChargeOutcome> {
    await commands.recordChargeResult({ merchantUid, payment });
    if (payment.status === 'paid') return { status: 'paid' };
    // as command-api's payment decider words a result without a reason
    return {
      status: 'failed',
      failReason: payment.failReason ?? (payment.status === 'cancelled' ? 'cancelled' : 'failed'),
    };
  }

  /** A failed attempt the provider never saw (no card on file, a declined or unknown billing key). */
  async function recordFailure(
    account: BillingAccount,
    merchantUid: string,
    amount: number,
    failReason: string,
    now: Date,
  ): Promise<ChargeOutcome> {
    return recordProviderAnswer(merchantUid, {
      impUid: '',
      merchantUid,
      status: 'failed',
      amount,
      cancelAmount: 0,
      currency: 'KRW',
      method: 'card',
      cardName: null,
      receiptUrl: null,
      customerUid: account.customerUid,
      paidAt: null,
      failedAt: now,
      cancelledAt: null,
      failReason,
      buyerEmail: account.email,
    });
  }

  /** Asks the provider what became of a charge we may have made; null when it never saw it (or it is not finished). */
  async function lookUp(merchantUid: string): Promise<ProviderPayment | null> {
    const found = await provider.findPayment(merchantUid);
    return found && found.status !== 'ready' ? found : null;
  }

  /** Charges once per merchantUid, whatever happened before (see the header). */
  async function charge(
    account: BillingAccount,
    /** refusal: record the attempt as failed with this reason without asking the provider */
    request: { merchantUid: string; plan: PaidPlan; amount: number; kind: PaymentKind; refusal?: string },
    now: Date,
  ): Promise<ChargeOutcome> {
    const { merchantUid } = request;
    const recorded = await readPayment(events, merchantUid, { userId: account.userId, kind: request.kind });
    if (recorded.foreign) {
      // Someone else's payment (or another kind) sits under this charge's id: it pays for nothing here, and
      // nothing is charged under it. The attempt counts as failed, so a renewal moves on to its next attempt.
      onError(
        new Error(`payment-${merchantUid} is not ${account.userId}'s ${request.kind}: not trusted, not charged`),
        { userId: account.userId },
      );
      return { status: 'failed', failReason: FOREIGN_PAYMENT };
    }
    if (recorded.result) return recorded.result;
    try {
      if (!recorded.requested) {
        await commands.requestCharge({
          merchantUid,
          userId: account.userId,
          plan: request.plan,
          amount: request.amount,
          kind: request.kind,
        });
      } else {
        // Asked for before without a result: the charge may have been made. Never charge before knowing.
        const found = await lookUp(merchantUid);
        if (found) return await recordProviderAnswer(merchantUid, found);
      }
      if (request.refusal) return await recordFailure(account, merchantUid, request.amount, request.refusal, now);
      if (!account.customerUid)
        return await recordFailure(account, merchantUid, request.amount, PAYMENT_MESSAGES.noPaymentMethod, now);
      let payment: ProviderPayment;
      try {
        payment = await provider.charge({
          customerUid: account.customerUid,
          merchantUid,
          amount: request.amount,
          name: `PocketGuide ${request.plan} (1 month)`,
          buyerEmail: account.email,
          buyerName: account.name,
        });
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        if (error.reason === 'invalid') {
          // The provider already has this merchantUid: record what it says.
          const found = await lookUp(merchantUid);
          if (found) return await recordProviderAnswer(merchantUid, found);
          throw error;
        }
        if (error.reason === 'unavailable') throw error;
        // declined, or the billing key is unknown to the provider: a failed attempt
        return await recordFailure(account, merchantUid, request.amount, error.message, now);
      }
      return await recordProviderAnswer(merchantUid, payment);
    } catch (error) {
      if (error instanceof PaymentProviderError && (error.reason === 'unavailable' || error.reason === 'invalid')) {
        // Nothing is known: the request stays without a result and the next tick asks the provider again.
        onError(error, { userId: account.userId });
        return { status: 'pending' };
      }
      throw error;
    }
  }

  // ---- notices ----

  async function notify(
    account: BillingAccount,
    kind: BillingNoticeKind,
    key: string,
    mail: ComposedMail,
  ): Promise<void> {
    await mailer.send({ id: `billing-${account.userId}-${key}`.slice(0, 200), to: account.email, ...mail });
    // the same words in the app: the subject without the mail's brand prefix, and the mail's text
    const title = mail.subject.replace(/^\[포켓가이드\]\s*/, '');
    await commands.recordNotice({ userId: account.userId, kind, key, title, message: mail.text });
  }

  async function lapse(account: BillingAccount, reason: NoticeReason): Promise<void> {
    await commands.lapse({ userId: account.userId, reason });
  }

  // ---- one step ----

  /** Does the earliest due task; false when nothing was due (or it must wait: the provider did not answer). */
  async function step(account: BillingAccount, now: Date): Promise<boolean> {
    const task = tasksOf(account, now).find((t) => t.at.getTime() <= now.getTime());
    if (!task) return false;
    const { userId, name, language } = account;
    switch (task.type) {
      case 'scheduled-charge': {
        const plan = chargedPlan(account);
        // Paid, it renews the plan a month from its expiry (RenewSubscription); an account with no renewing plan
        // (the free plan after a trial or a lapse, a one-month pass) has nothing to renew, so it is not charged.
        const amount = priceOf(plan, now);
        const refusal = !isRenewing(account.plan) ? NOT_RENEWABLE : amount === 0 ? NOTHING_TO_CHARGE : undefined;
        const outcome = await charge(
          account,
          { merchantUid: task.merchantUid, plan, amount, kind: 'renewal', ...(refusal ? { refusal } : {}) },
          now,
        );
        if (outcome.status === 'pending') return false;
        if (outcome.status === 'paid') await commands.renew({ userId, merchantUid: task.merchantUid });
        return true;
      }
      case 'renewal-charge': {
        const plan = account.plan as Exclude<PaidPlan, 'onemonth'>;
        const merchantUid = renewalMerchantUid(userId, account.expiresAt, task.attempt);
        const amount = priceOf(plan, now);
        const renew = () => commands.renew({ userId, merchantUid });
        if (amount === 0) {
          // enterprise: invoiced by transfer, nothing to charge
          await renew();
          return true;
        }
        const outcome = await charge(account, { merchantUid, plan, amount, kind: 'renewal' }, now);
        if (outcome.status === 'pending') return false;
        if (outcome.status === 'paid') {
          await renew();
          return true;
        }
        const next = nextAttemptAfter(account.expiresAt, task.attempt);
        await commands.recordRenewalFailure({
          userId,
          merchantUid,
          attempt: task.attempt,
          failReason: outcome.failReason,
          nextAttemptAt: next,
        });
        if (!next) await lapse(account, 'charge-failed');
        return true;
      }
      case 'lapse':
        await lapse(account, task.reason);
        return true;
      case 'upcoming-notice': {
        const amount = priceOf(account.plan as PaidPlan, account.expiresAt);
        const mail = renewalUpcomingMail({
          name,
          language,
          plan: account.plan,
          amount,
          chargeAt: account.expiresAt,
          link: links.settings,
        });
        await notify(account, 'renewal-upcoming', noticeKeys.upcoming(account), mail);
        return true;
      }
      case 'failure-notice': {
        const renewal = account.renewal!;
        const mail = chargeFailedMail({
          name,
          language,
          plan: account.plan,
          amount: priceOf(account.plan as PaidPlan, task.at),
          failReason: renewal.failReason,
          nextAttemptAt: renewal.nextAttemptAt!,
          link: links.changeCard,
        });
        await notify(account, 'charge-failed', noticeKeys.failure(renewal.merchantUid), mail);
        return true;
      }
      case 'lapse-notice': {
        const lapsed = account.lastLapse!;
        const mail = lapsedMail({
          name,
          language,
          plan: lapsed.plan,
          reason: lapsed.reason as NoticeReason,
          link: links.purchase,
        });
        await notify(account, 'lapsed', noticeKeys.lapse(lapsed), mail);
        return true;
      }
    }
  }

  /** Steps the account until nothing more is due now; returns how many steps were taken. */
  function settle(userId: string, now: Date): Promise<number> {
    return withAccount(userId, async () => {
      let steps = 0;
      let account = await loadBillingAccount(events, userId);
      while (account && steps < MAX_STEPS_PER_ACCOUNT && (await step(account, now))) {
        steps += 1;
        account = await loadBillingAccount(events, userId);
      }
      await saveSchedule(userId, account, now);
      return steps;
    });
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  const worker: BillingWorker = {
    name: 'billing',
    filter: { streamCategories: ['user'], eventTypes: BILLING_TRIGGER_EVENTS },
    async handle(recorded: RecordedEvent) {
      const userId = (recorded.data as { userId?: unknown }).userId;
      if (typeof userId !== 'string') return;
      // Only the schedule is updated here: the timer acts, so replaying history charges nothing by itself.
      await withAccount(userId, async () =>
        saveSchedule(userId, await loadBillingAccount(events, userId), clock.now()),
      );
    },
    async tick(now = clock.now()) {
      await ensureIndexes();
      const due = await schedule.find({ dueAt: { $lte: now.toISOString() } }, { sort: { dueAt: 1 } });
      const report: TickReport = { due: due.length, steps: 0, failed: 0 };
      for (const { id } of due) {
        try {
          report.steps += await settle(id, now);
        } catch (error) {
          report.failed += 1;
          onError(error, { userId: id });
        }
      }
      return report;
    },
    async nextDueAt(userId, now = clock.now()) {
      const account = await loadBillingAccount(events, userId);
      return account ? nextDueOf(account, now) : null;
    },
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return; // a slow tick is not overlapped
        running = worker
          .tick()
          .catch((error: unknown) => onError(error, {}))
          .finally(() => {
            running = undefined;
          });
      }, deps.tickIntervalMs ?? DEFAULT_TICK_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
  return worker;
}
