import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { messageIdOf, type Mailer, type MailMessage } from './mailer.ts';

/**
 * Mail as files, for the embedded run and tests: `<id>.json` (what the dev page lists) and `<id>.eml` (the full
 * RFC 5322 message, openable in any mail client). Files are named by the mail's id, so sending the same mail
 * twice leaves one copy.
 */
export type OutboxEntry = {
  id: string;
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  /** file name of the .eml beside it */
  eml: string;
};

const SAFE_ID = /^[A-Za-z0-9._-]{1,200}$/;

export function createOutboxMailer(options: { dir: string; from: string; now?: () => Date }): Mailer {
  const now = options.now ?? (() => new Date());
  // Builds the .eml without sending anything.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      if (!SAFE_ID.test(message.id)) throw new Error(`Mail id ${JSON.stringify(message.id)} cannot name a file`);
      mkdirSync(options.dir, { recursive: true });
      const messageId = messageIdOf(message.id);
      const info = await composer.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId,
      });
      const eml = `${message.id}.eml`;
      const entry: OutboxEntry = {
        id: message.id,
        messageId,
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        createdAt: now().toISOString(),
        eml,
      };
      // Written under a temporary name and renamed, so a reader never sees half a file.
      writeAtomically(join(options.dir, eml), info.message as Buffer);
      writeAtomically(join(options.dir, `${message.id}.json`), `${JSON.stringify(entry, null, 2)}\n`);
      return { messageId };
    },
    async close() {
      composer.close();
    },
  };
}

function writeAtomically(path: string, content: string | Buffer): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, path);
}

/** The outbox, newest first. A missing folder is an empty outbox. */
export function readOutbox(dir: string): OutboxEntry[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const entries = names
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      try {
        return [JSON.parse(readFileSync(join(dir, name), 'utf8')) as OutboxEntry];
      } catch {
        return [];
      }
    });
  return entries.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}
