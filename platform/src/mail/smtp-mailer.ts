import nodemailer from 'nodemailer';
import { messageIdOf, type Mailer } from './mailer.ts';

/** Mail through an SMTP server (SMTP_URL: `smtp://user:pass@host:587`, `smtps://…:465`). */
export function createSmtpMailer(options: { url: string; from: string; timeoutMs?: number }): Mailer {
  const timeout = options.timeoutMs ?? 30_000;
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    kind: 'smtp',
    async send(message) {
      const messageId = messageIdOf(message.id);
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId,
      });
      return { messageId };
    },
    async close() {
      transport.close();
    },
  };
}
