import { describe, expect, it } from 'vitest';
import { expectIdempotent, recordedEvents } from '../testing/project.ts';
import { inboxProjector, messagesProjector } from './messages-projectors.ts';

const content = {
  title: '점검 안내',
  message: '새벽 2시에 점검합니다.',
  type: 'warning',
  users: 'all',
  messageDate: '2026-11-30',
  notification: true,
};
const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 1, minute)).toISOString();
const stream = 'message-m1';
const saved = (minute: number, over = {}) => ({
  streamId: stream,
  type: 'MessageSaved',
  data: { messageId: 'm1', ...content, ...over, savedAt: at(minute) },
});
const sent = (minute: number, recipients = ['u1', 'u2']) => ({
  streamId: stream,
  type: 'MessageSent',
  data: { messageId: 'm1', ...content, recipients, sentAt: at(minute) },
});
const unsent = (minute: number, recipients = ['u1', 'u2']) => ({
  streamId: stream,
  type: 'MessageUnsent',
  data: { messageId: 'm1', recipients, unsentAt: at(minute) },
});
const deleted = (minute: number, recipients: string[]) => ({
  streamId: stream,
  type: 'MessageDeleted',
  data: { messageId: 'm1', recipients, deletedAt: at(minute) },
});
const dismissed = (userId: string, minute: number) => ({
  streamId: `inbox-${userId}`,
  type: 'MessageDismissed',
  data: { userId, messageId: 'm1', dismissedAt: at(minute) },
});

describe('the messages read model', () => {
  it('a saved message is waiting; sent, it is showing to the members named; unsent, it waits again', () => {
    const afterSave = expectIdempotent(messagesProjector, recordedEvents([saved(0)])).get('m1');
    expect(afterSave).toMatchObject({
      saved: true,
      showing: false,
      recipients: [],
      sentAt: null,
      createdAt: at(0),
      title: '점검 안내',
    });
    const afterSend = expectIdempotent(messagesProjector, recordedEvents([saved(0), sent(1)])).get('m1');
    expect(afterSend).toMatchObject({
      saved: false,
      showing: true,
      recipients: ['u1', 'u2'],
      sentAt: at(1),
      createdAt: at(0),
    });
    const afterUnsend = expectIdempotent(messagesProjector, recordedEvents([saved(0), sent(1), unsent(2)])).get('m1');
    expect(afterUnsend).toMatchObject({ saved: true, showing: false, recipients: [] });
  });

  it('keeps the English version as saved; a later save without one takes it away (issue 23)', () => {
    const english = { titleEn: 'Maintenance', messageEn: 'At 2 a.m.' };
    const withEnglish = expectIdempotent(messagesProjector, recordedEvents([saved(0, english)])).get('m1');
    expect(withEnglish).toMatchObject({ title: '점검 안내', ...english });
    const changed = expectIdempotent(
      messagesProjector,
      recordedEvents([saved(0, english), saved(1, { ...english, titleEn: 'Changed' })]),
    ).get('m1');
    expect(changed).toMatchObject({ titleEn: 'Changed', messageEn: 'At 2 a.m.', updatedAt: at(1) });
    const koreanOnly = expectIdempotent(messagesProjector, recordedEvents([saved(0, english), saved(1)])).get('m1');
    expect(koreanOnly).not.toHaveProperty('titleEn');
    expect(koreanOnly).not.toHaveProperty('messageEn');
  });

  it('a deleted message is gone', () => {
    expect(
      expectIdempotent(messagesProjector, recordedEvents([saved(0), sent(1), deleted(2, ['u1', 'u2'])])).size,
    ).toBe(0);
  });
});

describe('the inbox read model', () => {
  it('a sent message is in each recipient’s inbox with the words as sent; a later save does not change them', () => {
    const docs = expectIdempotent(
      inboxProjector,
      recordedEvents([saved(0), sent(1), saved(2, { title: '다른 제목' })]),
    );
    expect([...docs.keys()].sort()).toEqual(['m1:u1', 'm1:u2']);
    expect(docs.get('m1:u1')).toEqual({
      id: 'm1:u1',
      messageId: 'm1',
      userId: 'u1',
      ...content,
      sentAt: at(1),
      dismissed: false,
    });
  });

  it('a message sent in Korean and English is in the inbox in both, as sent (issue 23)', () => {
    const english = { titleEn: 'Maintenance', messageEn: 'At 2 a.m.' };
    const sentBoth = {
      streamId: stream,
      type: 'MessageSent',
      data: { messageId: 'm1', ...content, ...english, recipients: ['u1'], sentAt: at(1) },
    };
    const docs = expectIdempotent(
      inboxProjector,
      recordedEvents([saved(0, english), sentBoth, saved(2, { titleEn: 'Other', messageEn: 'Other' })]),
    );
    expect(docs.get('m1:u1')).toEqual({
      id: 'm1:u1',
      messageId: 'm1',
      userId: 'u1',
      ...content,
      ...english,
      sentAt: at(1),
      dismissed: false,
    });
  });

  it('a dismissal is the member’s own', () => {
    const docs = expectIdempotent(inboxProjector, recordedEvents([saved(0), sent(1), dismissed('u1', 2)]));
    expect(docs.get('m1:u1')?.dismissed).toBe(true);
    expect(docs.get('m1:u2')?.dismissed).toBe(false);
  });

  it('unsending or deleting takes it from the same members; sending again shows it again', () => {
    expect(expectIdempotent(inboxProjector, recordedEvents([saved(0), sent(1), unsent(2)])).size).toBe(0);
    expect(expectIdempotent(inboxProjector, recordedEvents([saved(0), sent(1), deleted(2, ['u1', 'u2'])])).size).toBe(
      0,
    );
    const again = expectIdempotent(
      inboxProjector,
      recordedEvents([saved(0), sent(1), dismissed('u1', 2), unsent(3), sent(4, ['u1'])]),
    );
    expect([...again.keys()]).toEqual(['m1:u1']);
    expect(again.get('m1:u1')).toMatchObject({ dismissed: false, sentAt: at(4) });
  });

  it('a billing notice with its in-app words is in that person’s inbox (a failed charge a warning in the banner); dismissable; one without words is not', () => {
    const notice = (kind: string, key: string, minute: number, words = true) => ({
      streamId: 'user-u1',
      type: 'BillingNoticeSent',
      data: {
        userId: 'u1',
        kind,
        key,
        sentAt: at(minute),
        ...(words ? { title: `${kind} title`, message: `${kind} text` } : {}),
      },
    });
    const billingDismissed = {
      streamId: 'inbox-u1',
      type: 'MessageDismissed',
      data: { userId: 'u1', messageId: 'billing-charge-failed-x', dismissedAt: at(5) },
    };
    const docs = expectIdempotent(
      inboxProjector,
      recordedEvents([
        notice('renewal-upcoming', 'renewal-upcoming-20261201', 1),
        notice('charge-failed', 'charge-failed-x', 2),
        notice('lapsed', 'lapsed-y', 3, false),
        billingDismissed,
      ]),
    );
    expect([...docs.keys()].sort()).toEqual(['billing-charge-failed-x:u1', 'billing-renewal-upcoming-20261201:u1']);
    expect(docs.get('billing-charge-failed-x:u1')).toMatchObject({
      messageId: 'billing-charge-failed-x',
      userId: 'u1',
      title: 'charge-failed title',
      message: 'charge-failed text',
      type: 'warning',
      notification: true,
      sentAt: at(2),
      dismissed: true,
    });
    expect(docs.get('billing-renewal-upcoming-20261201:u1')).toMatchObject({
      type: 'information',
      notification: false,
      dismissed: false,
    });
  });
});
