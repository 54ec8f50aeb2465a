import {
  MAIL_TRIGGER_EVENTS,
  userStream,
  userEventDecoder,
  type Language,
  type RecordMailSentInput,
  type UserEvent,
} from '@pocketguide/contracts';
import type { EventStore, RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import type { Worker } from '@pocketguide/platform/bus/worker-bus';
import type { Mailer } from '@pocketguide/platform/mail/mailer';
import type { SecretTokens } from '@pocketguide/platform/auth/secret-tokens';
import { passwordResetMail, verificationMail, type ComposedMail } from './mail-templates.ts';

/**
 * Sends the account mails: the activation link after signup and on a resend, the reset link on a reset request.
 * The raw tokens are not in the events; the worker derives them from the token ids with the server's token
 * secret (see `platform/src/auth/secret-tokens.ts`).
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

type Recipient = { email: string; name: string; language: Language; deleted: boolean; sentMailIds: Set<string> };

/** The little the worker needs from the account's stream; it folds it itself (workers do not import deciders). */
async function recipientOf(events: MailWorkerDeps['events'], userId: string): Promise<Recipient | null> {
  let recipient: Recipient | null = null;
  for await (const recorded of events.readStream(userStream(userId))) {
    // an event of a type this build does not know (a newer writer's) says nothing the worker needs
    if (!userEventDecoder.knows(recorded.type)) continue;
    const event = userEventDecoder.decode(recorded.type, recorded.data);
    if (event.type === 'UserRegistered') {
      recipient = { email: event.data.email, name: event.data.profile.name, language: event.data.language, deleted: false, sentMailIds: new Set() };
      continue;
    }
    const current: Recipient | null = recipient;
    if (!current) continue;
    if (event.type === 'UserProfileUpdated') {
      current.name = event.data.profile.name;
      current.language = event.data.language;
    } else if (event.type === 'UserDeleted') {
      current.deleted = true;
    } else if (event.type === 'MailSent') {
      current.sentMailIds.add(event.data.mailId);
    }
  }
  return recipient;
}

export function createMailWorker(deps: MailWorkerDeps): Worker {
  const now = deps.now ?? (() => new Date());
  const activationLink = (email: string, activationId: string) =>
    `${deps.publicBaseUrl}/users/activate/${encodeURIComponent(email)}/${deps.secretTokens.derive('activation', activationId)}`;

  function compose(event: UserEvent, recipient: Recipient): { kind: RecordMailSentInput['kind']; mail: ComposedMail } | null {
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

  return {
    name: 'mail',
    filter: { streamCategories: ['user'], eventTypes: MAIL_TRIGGER_EVENTS },
    async handle(recorded: RecordedEvent) {
      const event = userEventDecoder.decode(recorded.type, recorded.data);
      const { userId } = event.data;
      const recipient = await recipientOf(deps.events, userId);
      if (!recipient || recipient.deleted || recipient.sentMailIds.has(recorded.id)) return;
      // Accounts made through Kakao without a shared address hold a placeholder that no one can receive.
      if (recipient.email.endsWith('.invalid')) return;
      const composed = compose(event, recipient);
      if (!composed) return;
      await deps.mailer.send({ id: recorded.id, to: recipient.email, ...composed.mail });
      await deps.recordMailSent(
        { userId, mailId: recorded.id, kind: composed.kind, sentAt: now().toISOString() },
        { eventId: recorded.id, ...(typeof recorded.metadata.correlationId === 'string' ? { correlationId: recorded.metadata.correlationId } : {}) },
      );
    },
  };
}
