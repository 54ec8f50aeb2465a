/**
 * The mail port. Adapters: `outbox-mailer.ts` (files in DATA_DIR/outbox, read through the dev page: the embedded
 * default) and `smtp-mailer.ts` (nodemailer, chosen by SMTP_URL).
 */
export type MailMessage = {
  /** stable id of this mail (the mail worker uses the triggering event's id): resending it is recognisable */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
};

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

/** The Message-ID a mail carries: derived from its id, so a receiver can tell a redelivery from a new mail. */
export const messageIdOf = (id: string): string => `<${id}@pocketguide.mail>`;
