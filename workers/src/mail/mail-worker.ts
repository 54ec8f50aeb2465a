import {
  BILLING_MAIL_TRIGGER_EVENTS,
  MAIL_TRIGGER_EVENTS,
  paymentEventDecoder,
  paymentStream,
  userEventDecoder,
  userStream,
  type Language,
  type PaidPlan,
  type PaymentEvent,
  type PaymentKind,
  type RecordMailSentInput,
  type SubscriptionType,
  type UserEvent,
} from '@pocketguide/contracts';
import type { EventStore, RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import type { Worker } from '@pocketguide/platform/bus/worker-bus';
import type { Mailer } from '@pocketguide/platform/mail/mailer';
import type { SecretTokens } from '@pocketguide/platform/auth/secret-tokens';
import { subscriptionLinks } from '../billing/billing-mail.ts';
import { passwordResetMail, verificationMail, type ComposedMail } from './mail-templates.ts';
import { chargeNotMadeMail, paymentMail, planChangedMail, refundMail } from './payment-mails.ts';

/**
 * Sends the account mails: the activation link after signup and on a resend, the reset link on a reset request.
 * The raw tokens are not in the events; the worker derives them from the token ids with the server's token
 * secret (see `platform/src/auth/secret-tokens.ts`).
 *
 * And the money mails (issue 23), in the account's language: one on each payment (a purchase, a renewal, a bank
 * transfer) and each refund, linking to the payment's receipt page; one on a failed charge the person did not
 * make themselves (an administrator's scheduled charge: the billing worker's own notice covers renewals); one on a
 * plan change that came without a payment of its own (an administrator's; a purchase's or transfer's mail already
 * says it). A payment's events are trusted only when its stream names the same owner, and card checks mail nothing.
 *
 * Exactly-once as far as it can be: the mail id is the triggering event's id; before sending, the worker looks
 * for that id in the account's stream (a `MailSent` event) and skips a mail already recorded; after sending it
 * records one with the `RecordMailSent` command, itself idempotent. Only a crash between the send and the record
 * sends a mail twice (at-least-once), and the Message-ID, derived from the same id, lets a mail client tell.
 */
export type MailWorkerDeps = {
  mailer: Mailer;
  events: Pick<EventStore, 'readStream'>;
  secretTokens: SecretTokens;
  /** the site's address, for the activation link */
  publicBaseUrl: string;
  recordMailSent(input: RecordMailSentInput, causation: { eventId: string; correlationId?: string }): Promise<void>;
  now?: () => Date;
};

type Recipient = {
  email: string;
  name: string;
  language: Language;
  deleted: boolean;
  sentMailIds: Set<string>;
  /** the plan just before the event the mail is about, and its end after it (plan-change mails) */
  planBefore: SubscriptionType;
  expiresAt: string | null;
  /** causation ids of the account's events that carried a payment (a transfer's renewal or subscription) */
  paidCausations: Set<string>;
};

/** The little the worker needs from the account's stream; it folds it itself (workers do not import deciders). */
async function recipientOf(events: MailWorkerDeps['events'], userId: string, aboutEventId?: string): Promise<Recipient | null> {
  let recipient: Recipient | null = null;
  let plan: SubscriptionType = 'free';
  let reached = false;
  for await (const recorded of events.readStream(userStream(userId))) {
    // an event of a type this build does not know (a newer writer's) says nothing the worker needs
    if (!userEventDecoder.knows(recorded.type)) continue;
    const event = userEventDecoder.decode(recorded.type, recorded.data);
    if (recorded.id === aboutEventId && recipient) {
      recipient.planBefore = plan;
      reached = true;
    }
    if (event.type === 'UserRegistered') {
      recipient = {
        email: event.data.email,
        name: event.data.profile.name,
        language: event.data.language,
        deleted: false,
        sentMailIds: new Set(),
        planBefore: 'free',
        expiresAt: null,
        paidCausations: new Set(),
      };
      continue;
    }
    const current: Recipient | null = recipient;
    if (!current) continue;
    const causation = typeof recorded.metadata.causationId === 'string' ? recorded.metadata.causationId : null;
    if (event.type === 'UserProfileUpdated') {
      current.name = event.data.profile.name;
      current.language = event.data.language;
    } else if (event.type === 'UserDeleted') {
      current.deleted = true;
    } else if (event.type === 'MailSent') {
      current.sentMailIds.add(event.data.mailId);
    } else if (event.type === 'UserSubscribed') {
      plan = event.data.plan;
      if (!reached || recorded.id === aboutEventId) current.expiresAt = event.data.expiresAt;
      if (event.data.merchantUid && causation) current.paidCausations.add(causation);
    } else if (event.type === 'SubscriptionRenewed') {
      if (!reached) current.expiresAt = event.data.expiresAt;
      if (causation) current.paidCausations.add(causation);
    } else if (event.type === 'UserPlanChanged') {
      plan = event.data.plan;
    } else if (event.type === 'SubscriptionLapsed') {
      plan = 'free';
    }
  }
  return recipient;
}

/** A payment as its own stream tells it: whose, what kind, for which plan, what was paid and refunded. */
type PaymentFacts = { userId: string; kind: PaymentKind | 'transfer'; plan: PaidPlan; amount: number; paidAmount: number };

async function paymentOf(events: MailWorkerDeps['events'], merchantUid: string): Promise<PaymentFacts | null> {
  let facts: PaymentFacts | null = null;
  for await (const recorded of events.readStream(paymentStream(merchantUid))) {
    if (!paymentEventDecoder.knows(recorded.type)) continue;
    const event = paymentEventDecoder.decode(recorded.type, recorded.data);
    if (event.type === 'PaymentRequested') {
      facts ??= { userId: event.data.userId, kind: event.data.kind, plan: event.data.plan, amount: event.data.amount, paidAmount: 0 };
    } else if (event.type === 'TransferPaymentRecorded') {
      facts ??= { userId: event.data.userId, kind: 'transfer', plan: event.data.plan, amount: event.data.amount, paidAmount: event.data.amount };
    } else if (event.type === 'PaymentSucceeded' && facts) {
      facts.paidAmount = event.data.amount;
    }
  }
  return facts;
}

/** The billing worker's renewals (`pg_r_…`) have their own failure notice with the next attempt; this one is for the rest. */
const isRegularRenewal = (merchantUid: string) => merchantUid.startsWith('pg_r_');

function mailHandler(deps: MailWorkerDeps) {
  const now = deps.now ?? (() => new Date());
  const activationLink = (email: string, activationId: string) =>
    `${deps.publicBaseUrl}/users/activate/${encodeURIComponent(email)}/${deps.secretTokens.derive('activation', activationId)}`;
  const paymentPage = (userId: string, merchantUid: string) => `${deps.publicBaseUrl}/users/${encodeURIComponent(userId)}/payments/${encodeURIComponent(merchantUid)}`;
  const receiptPage = (userId: string, merchantUid: string) => `${paymentPage(userId, merchantUid)}/receipt`;
  const links = subscriptionLinks(deps.publicBaseUrl);

  type Composed = { kind: RecordMailSentInput['kind']; mail: ComposedMail };

  function compose(event: UserEvent, recipient: Recipient): Composed | null {
    const { name, language, email } = recipient;
    switch (event.type) {
      case 'UserRegistered':
        if (!event.data.activation) return null; // Kakao and console accounts are active already
        return { kind: 'verification', mail: verificationMail({ name, language, link: activationLink(email, event.data.activation.activationId) }) };
      case 'VerificationResent':
        return { kind: 'verification', mail: verificationMail({ name, language, link: activationLink(email, event.data.activationId) }) };
      case 'PasswordResetRequested': {
        // A link that expired while the mail waited (the worker was down) would only disappoint.
        if (Date.parse(event.data.expiresAt) <= now().getTime()) return null;
        const token = deps.secretTokens.derive('password-reset', event.data.resetId);
        return { kind: 'password-reset', mail: passwordResetMail({ name, language, link: `${event.data.link}/${token}` }) };
      }
      default:
        return null;
    }
  }

  /** A plan change on the account's stream: mailed only when no payment of its own already says it. */
  function composePlanChange(recorded: RecordedEvent, event: UserEvent, recipient: Recipient): Composed | null {
    const { name, language } = recipient;
    const causation = typeof recorded.metadata.causationId === 'string' ? recorded.metadata.causationId : null;
    const expiresAt = recipient.expiresAt ? new Date(recipient.expiresAt) : null;
    if (event.type === 'UserSubscribed') {
      // a purchase or a transfer: its payment's mail says it, with the receipt
      if (event.data.merchantUid) return null;
      const mail = planChangedMail({ name, language, from: recipient.planBefore, to: event.data.plan, expiresAt, link: links.settings });
      return { kind: 'plan-changed', mail };
    }
    if (event.type === 'UserPlanChanged') {
      // the plan a bank transfer paid for (recorded in the same request as its renewal): the transfer's mail says it
      if (causation && recipient.paidCausations.has(causation)) return null;
      if (recipient.planBefore === event.data.plan) return null;
      const mail = planChangedMail({ name, language, from: recipient.planBefore, to: event.data.plan, expiresAt, link: links.settings });
      return { kind: 'plan-changed', mail };
    }
    return null;
  }

  /** A payment stream's event: the payment's, refund's or failed charge's mail, for the payment's own owner. */
  function composePayment(event: PaymentEvent, payment: PaymentFacts, recipient: Recipient): Composed | null {
    const { name, language } = recipient;
    if (payment.kind === 'card-check') return null;
    const { merchantUid } = event.data;
    switch (event.type) {
      case 'PaymentSucceeded': {
        const kind = payment.kind === 'transfer' ? 'transfer' : payment.kind;
        const mail = paymentMail({ name, language, kind, plan: payment.plan, amount: event.data.amount, at: new Date(event.data.paidAt), receiptLink: receiptPage(payment.userId, merchantUid) });
        return { kind: 'payment', mail };
      }
      case 'TransferPaymentRecorded': {
        const mail = paymentMail({ name, language, kind: 'transfer', plan: event.data.plan, amount: event.data.amount, at: new Date(event.data.paidAt), receiptLink: receiptPage(payment.userId, merchantUid) });
        return { kind: 'payment', mail };
      }
      case 'PaymentRefunded': {
        const mail = refundMail({
          name,
          language,
          plan: payment.plan,
          amount: event.data.amount,
          paidAmount: payment.paidAmount,
          refundedTotal: event.data.cancelAmount,
          at: new Date(event.data.refundedAt),
          receiptLink: receiptPage(payment.userId, merchantUid),
        });
        return { kind: 'refund', mail };
      }
      case 'PaymentFailed': {
        // the person made a purchase in front of the screen and saw its answer; renewals have the billing notice
        if (payment.kind !== 'renewal' || isRegularRenewal(merchantUid)) return null;
        const mail = chargeNotMadeMail({
          name,
          language,
          plan: payment.plan,
          amount: payment.amount,
          failReason: event.data.failReason,
          at: new Date(event.data.failedAt),
          paymentLink: paymentPage(payment.userId, merchantUid),
          cardLink: links.changeCard,
        });
        return { kind: 'charge-failed', mail };
      }
      default:
        return null;
    }
  }

  /** Which account a triggering event mails, and what; null when it mails nothing. */
  async function mailOf(recorded: RecordedEvent): Promise<{ userId: string; recipient: Recipient; composed: Composed | null } | null> {
    const userId = (recorded.data as { userId?: unknown }).userId;
    if (typeof userId !== 'string') return null;
    if (recorded.streamId.startsWith(paymentStream(''))) {
      if (!paymentEventDecoder.knows(recorded.type)) return null;
      const event = paymentEventDecoder.decode(recorded.type, recorded.data);
      const payment = await paymentOf(deps.events, event.data.merchantUid);
      // trusted only when the payment's own stream names this owner
      if (!payment || payment.userId !== userId || recorded.streamId !== paymentStream(event.data.merchantUid)) return null;
      const recipient = await recipientOf(deps.events, userId);
      return recipient ? { userId, recipient, composed: composePayment(event, payment, recipient) } : null;
    }
    if (!userEventDecoder.knows(recorded.type)) return null;
    const event = userEventDecoder.decode(recorded.type, recorded.data);
    const recipient = await recipientOf(deps.events, userId, recorded.id);
    if (!recipient) return null;
    const composed = event.type === 'UserSubscribed' || event.type === 'UserPlanChanged' ? composePlanChange(recorded, event, recipient) : compose(event, recipient);
    return { userId, recipient, composed };
  }

  async function handle(recorded: RecordedEvent, options: { staleAfterMs?: number } = {}) {
    // a money mail days late (a first start on an old log, a replay) would only confuse: the receipt stays on the site
    if (options.staleAfterMs !== undefined && now().getTime() - Date.parse(recorded.recordedAt) > options.staleAfterMs) return;
    const found = await mailOf(recorded);
    if (!found?.composed) return;
    const { userId, recipient, composed } = found;
    if (recipient.deleted || recipient.sentMailIds.has(recorded.id)) return;
    // Accounts made through Kakao without a shared address hold a placeholder that no one can receive.
    if (recipient.email.endsWith('.invalid')) return;
    await deps.mailer.send({ id: recorded.id, to: recipient.email, ...composed.mail });
    await deps.recordMailSent(
      { userId, mailId: recorded.id, kind: composed.kind, sentAt: now().toISOString() },
      { eventId: recorded.id, ...(typeof recorded.metadata.correlationId === 'string' ? { correlationId: recorded.metadata.correlationId } : {}) },
    );
  }

  return { handle };
}

/** The account mails (activation, password reset): links people wait for, never queued behind money mails. */
export function createMailWorker(deps: MailWorkerDeps): Worker {
  const { handle } = mailHandler(deps);
  return { name: 'mail', filter: { streamCategories: ['user'], eventTypes: MAIL_TRIGGER_EVENTS }, handle: (recorded) => handle(recorded) };
}

/** Money mails older than this when the worker meets them are not sent (a first start on an old log, a replay). */
export const PAYMENT_MAIL_STALE_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * The money mails (issue 23), a worker of their own with its own checkpoint: a burst of payments (twenty windows
 * paid at once, a month's renewals) never delays an activation link, and its first start on a log that already
 * holds payments mails none of the old ones.
 */
export function createPaymentMailWorker(deps: MailWorkerDeps): Worker {
  const { handle } = mailHandler(deps);
  return {
    name: 'payment-mail',
    filter: { streamCategories: ['user', 'payment'], eventTypes: BILLING_MAIL_TRIGGER_EVENTS },
    handle: (recorded) => handle(recorded, { staleAfterMs: PAYMENT_MAIL_STALE_MS }),
  };
}
