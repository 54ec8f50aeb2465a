import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from './mailer.ts';
import { createOutboxMailer, readOutbox } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

const message = (id: string = randomUUID()): MailMessage => ({
  id,
  to: 'minji@example.com',
  subject: '[포켓가이드] 이메일 인증을 완료해 주세요',
  text: '아래 링크를 열어 주세요.\n\nhttps://pocketguide.test/users/activate/minji%40example.com/abc',
  html: '<p>아래 링크를 열어 주세요.</p>',
});

describe('the SMTP adapter against a real SMTP server', () => {
  let server: SMTPServer;
  let port: number;
  const received: Array<{ from: string; to: string[]; raw: string; user: string | undefined }> = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
            user: typeof session.user === 'string' ? session.user : undefined,
          });
          callback();
        });
      },
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('delivers through SMTP with authentication, the Message-ID derived from the mail id', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://mailer:s3cret@127.0.0.1:${port}`,
      from: 'PocketGuide <no-reply@pocketguide.test>',
    });
    const mail = message();
    const { messageId } = await mailer.send(mail);
    await mailer.close();
    expect(messageId).toBe(`<${mail.id}@pocketguide.mail>`);
    const got = received.at(-1);
    expect(got).toMatchObject({ from: 'no-reply@pocketguide.test', to: ['minji@example.com'], user: 'mailer' });
    expect(got?.raw).toContain(`Message-ID: <${mail.id}@pocketguide.mail>`);
    expect(got?.raw).toMatch(/Subject: =\?UTF-8\?/);
  });

  it('a refused login is an error the worker retries', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://mailer:wrong@127.0.0.1:${port}`,
      from: 'no-reply@pocketguide.test',
      timeoutMs: 5000,
    });
    await expect(mailer.send(message())).rejects.toThrow();
    await mailer.close();
  });
});

describe('the outbox adapter', () => {
  const dir = resolve(import.meta.dirname, '../../../test-output/tmp', `outbox-${randomUUID()}`);

  it('writes <id>.json and <id>.eml; sending the same mail again leaves one copy', async () => {
    const mailer = createOutboxMailer({ dir, from: 'PocketGuide <no-reply@pocketguide.test>' });
    const mail = message('mail-one');
    await mailer.send(mail);
    await mailer.send(mail);
    await mailer.send(message('mail-two'));
    const entries = readOutbox(dir);
    expect(entries.map((e) => e.id).sort()).toEqual(['mail-one', 'mail-two']);
    expect(entries.find((e) => e.id === 'mail-one')).toMatchObject({
      to: 'minji@example.com',
      subject: mail.subject,
      text: mail.text,
      eml: 'mail-one.eml',
    });
    const eml = readFileSync(resolve(dir, 'mail-one.eml'), 'utf8');
    expect(eml).toContain('Message-ID: <mail-one@pocketguide.mail>');
    expect(eml).toContain('To: minji@example.com');
    expect(existsSync(resolve(dir, 'mail-one.json'))).toBe(true);
  });

  it('refuses an id that cannot name a file', async () => {
    await expect(createOutboxMailer({ dir, from: 'x@y.z' }).send(message('../escape'))).rejects.toThrow(
      /cannot name a file/,
    );
  });

  it('a missing folder is an empty outbox', () => {
    expect(readOutbox(resolve(dir, 'nothing-here'))).toEqual([]);
  });
});
