import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the test's process (the `smtp-server` package, as platform/src/mail/mailers.int.test.ts
 * uses): the product is started with `SMTP_URL` pointing at it and sends through nodemailer as in production. Every
 * message received is kept, decoded enough to read: the envelope, the Message-ID, the subject and the text part.
 */
export type CapturedMail = { to: string[]; messageId: string; subject: string; text: string; html: string; raw: string };

export type SmtpCapture = {
  url: string;
  mails: CapturedMail[];
  /** waits for a mail to `to` matching `match` */
  waitFor(to: string, match?: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
};

/** RFC 2047 encoded words (`=?UTF-8?B?…?=` / `?Q?`), as nodemailer writes a Korean subject. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*(?==\?)?/g, (_all, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = encoding?.trim().toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Headers (unfolded) and body of one MIME entity. */
function splitEntity(entity: string): { headers: Map<string, string>; body: string } {
  const at = entity.search(/\r?\n\r?\n/);
  const head = at < 0 ? entity : entity.slice(0, at);
  const body = at < 0 ? '' : entity.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The text/plain and text/html parts of a message (single part or multipart/alternative). */
export function parseMail(raw: string): Omit<CapturedMail, 'to' | 'raw'> {
  const { headers, body } = splitEntity(raw);
  const parts: Record<'text' | 'html', string> = { text: '', html: '' };
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const entities = boundary ? body.split(`--${boundary}`).slice(1, -1).map(splitEntity) : [{ headers, body }];
  for (const entity of entities) {
    const partType = entity.headers.get('content-type') ?? 'text/plain';
    const decoded = decodeBody(entity.body, entity.headers.get('content-transfer-encoding'));
    if (partType.startsWith('text/plain')) parts.text = decoded.trim();
    else if (partType.startsWith('text/html')) parts.html = decoded.trim();
  }
  return { messageId: headers.get('message-id') ?? '', subject: decodeWords(headers.get('subject') ?? ''), ...parts };
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, ...parseMail(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, match = () => true, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((m) => m.to.includes(to) && match(m));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms (${mails.length} received: ${mails.map((m) => m.subject).join(' | ')})`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
