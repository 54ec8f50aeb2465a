import { describe, expect, it } from 'vitest';
import type { RecordMailSentInput } from '@pocketguide/contracts';
import type { EventStore, RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import type { Mailer, MailMessage } from '@pocketguide/platform/mail/mailer';
import { createSecretTokens, sha256Hex } from '@pocketguide/platform/auth/secret-tokens';
import { createMailWorker } from './mail-worker.ts';

const secretTokens = createSecretTokens(Buffer.from('a-test-secret-that-is-long-enough-0123456789'));
const now = new Date('2026-03-01T09:00:10.000Z');

let position = 0;
function recorded(type: string, data: Record<string, unknown>, id = `event-${position + 1}`): RecordedEvent {
  position += 1;
  return { id, type, data, metadata: { correlationId: 'corr-1' }, streamId: 'user-u1', revision: position, position, recordedAt: now.toISOString() };
}

function registered(language: 'kr' | 'en', email = 'minji@example.com', activation: { activationId: string; tokenHash: string } | null = { activationId: 'act-1', tokenHash: sha256Hex(secretTokens.derive('activation', 'act-1')) }) {
  return recorded('UserRegistered', {
    userId: 'u1',
    email,
    profile: { name: 'Kim Minji', companyName: 'Jeju Trails' },
    language,
    role: 'user',
    registeredAt: '2026-03-01T09:00:00.000Z',
    trialExpiresAt: '2026-03-15T09:00:00.000Z',
    via: activation ? 'signup' : 'kakao',
    activation,
  });
}

/** A user stream in memory, a mailer that keeps what it sends, and RecordMailSent appending to the stream. */
function harness(stream: RecordedEvent[], options: { failSend?: boolean } = {}) {
  const sent: MailMessage[] = [];
  const recordedMails: RecordMailSentInput[] = [];
  const mailer: Mailer = {
    kind: 'outbox',
    async send(message) {
      if (options.failSend) throw new Error('SMTP down');
      sent.push(message);
      return { messageId: `<${message.id}>` };
    },
    async close() {},
  };
  const events: Pick<EventStore, 'readStream'> = {
    async *readStream() {
      yield* stream;
    },
  };
  const worker = createMailWorker({
    mailer,
    events,
    secretTokens,
    publicBaseUrl: 'https://pocketguide.test',
    now: () => now,
    async recordMailSent(input) {
      recordedMails.push(input);
      stream.push(recorded('MailSent', input as unknown as Record<string, unknown>));
    },
  });
  return { worker, sent, recordedMails };
}

describe('the mail worker', () => {
  it('mails the activation link in Korean for a Korean signup, with the token derived from the activation id', async () => {
    const event = registered('kr');
    const { worker, sent, recordedMails } = harness([event]);
    await worker.handle(event);
    expect(sent).toHaveLength(1);
    const token = secretTokens.derive('activation', 'act-1');
    expect(sent[0]).toMatchObject({ id: event.id, to: 'minji@example.com', subject: '[포켓가이드] 이메일 인증을 완료해 주세요' });
    expect(sent[0]?.text).toContain(`https://pocketguide.test/users/activate/minji%40example.com/${token}`);
    expect(sent[0]?.html).toContain('이메일 인증하기');
    expect(sha256Hex(token)).toBe((event.data as { activation: { tokenHash: string } }).activation.tokenHash);
    expect(recordedMails).toEqual([{ userId: 'u1', mailId: event.id, kind: 'verification', sentAt: now.toISOString() }]);
  });

  it('in English for an English account; the name is escaped in HTML', async () => {
    const event = recorded('UserRegistered', { ...(registered('en').data as Record<string, unknown>), profile: { name: '<b>Kim</b>', companyName: 'X' } });
    const { worker, sent } = harness([event]);
    await worker.handle(event);
    expect(sent[0]?.subject).toBe('Verify your PocketGuide email address');
    expect(sent[0]?.html).toContain('&lt;b&gt;Kim&lt;/b&gt;');
    expect(sent[0]?.html).not.toContain('<b>Kim</b>');
  });

  it('a redelivered event sends nothing: the mail id is already recorded in the stream', async () => {
    const event = registered('kr');
    const { worker, sent, recordedMails } = harness([event]);
    await worker.handle(event);
    await worker.handle(event);
    expect(sent).toHaveLength(1);
    expect(recordedMails).toHaveLength(1);
  });

  it('a failed send records nothing and throws, so the bus retries', async () => {
    const event = registered('kr');
    const { worker, recordedMails } = harness([event], { failSend: true });
    await expect(worker.handle(event)).rejects.toThrow('SMTP down');
    expect(recordedMails).toEqual([]);
  });

  it('resends and reset links: {link}/{token} with the token derived from the reset id', async () => {
    const stream = [registered('en')];
    const resent = recorded('VerificationResent', { userId: 'u1', activationId: 'act-2', tokenHash: sha256Hex('x'), requestedAt: now.toISOString() });
    const reset = recorded('PasswordResetRequested', {
      userId: 'u1',
      resetId: 'reset-1',
      tokenHash: sha256Hex('y'),
      link: 'https://pocketguide.test/reset-password',
      requestedAt: now.toISOString(),
      expiresAt: '2026-03-01T10:00:00.000Z',
    });
    stream.push(resent, reset);
    const { worker, sent, recordedMails } = harness(stream);
    await worker.handle(resent);
    await worker.handle(reset);
    expect(sent[0]?.text).toContain(secretTokens.derive('activation', 'act-2'));
    expect(sent[1]?.subject).toBe('Reset your PocketGuide password');
    expect(sent[1]?.text).toContain(`https://pocketguide.test/reset-password/${secretTokens.derive('password-reset', 'reset-1')}`);
    expect(recordedMails.map((m) => m.kind)).toEqual(['verification', 'password-reset']);
  });

  it('sends nothing for accounts made without an activation link, placeholder addresses, expired links or deleted accounts', async () => {
    const kakao = registered('kr', 'kakao-1@kakao.invalid', null);
    const first = harness([kakao]);
    await first.worker.handle(kakao);
    expect(first.sent).toEqual([]);

    const placeholder = registered('kr', 'kakao-2@kakao.invalid');
    const second = harness([placeholder]);
    await second.worker.handle(placeholder);
    expect(second.sent).toEqual([]);

    const expired = recorded('PasswordResetRequested', { userId: 'u1', resetId: 'r', tokenHash: sha256Hex('y'), link: 'https://x.test/r', requestedAt: '2026-03-01T07:00:00.000Z', expiresAt: '2026-03-01T08:00:00.000Z' });
    const third = harness([registered('kr'), expired]);
    await third.worker.handle(expired);
    expect(third.sent).toEqual([]);

    const signup = registered('kr');
    const fourth = harness([signup, recorded('UserDeleted', { userId: 'u1', deletedAt: now.toISOString() })]);
    await fourth.worker.handle(signup);
    expect(fourth.sent).toEqual([]);
  });
});
