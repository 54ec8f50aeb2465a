import { describe, it } from 'vitest';
import { MESSAGE_MESSAGES, type MessageContent, type MessageEvent } from '@pocketguide/contracts';
import { ForbiddenError, NotFoundError } from '@pocketguide/platform/http/errors';
import { deciderSpec } from '../testing/decider-spec.ts';
import { inboxDecider, messageDecider } from './message-decider.ts';

const spec = deciderSpec(messageDecider);
const now = new Date('2026-11-25T01:00:00.000Z');
const at = now.toISOString();
const content: MessageContent = {
  title: '점검 안내',
  message: '11월 30일 새벽 2시에 점검합니다.',
  type: 'warning',
  users: 'all',
  messageDate: '2026-11-30',
  notification: true,
};
const saved = (over: Partial<MessageContent> = {}): MessageEvent => ({
  type: 'MessageSaved',
  data: { messageId: 'm1', ...content, ...over, savedAt: at },
});
const sent = (recipients = ['u1', 'u2']): MessageEvent => ({
  type: 'MessageSent',
  data: { messageId: 'm1', ...content, recipients, sentAt: at },
});
const unsent = (recipients = ['u1', 'u2']): MessageEvent => ({
  type: 'MessageUnsent',
  data: { messageId: 'm1', recipients, unsentAt: at },
});

describe('SaveMessage', () => {
  it('given nothing, when an administrator saves a message, then MessageSaved with its content', () => {
    spec
      .given([])
      .when({ type: 'SaveMessage', data: { messageId: 'm1', content, now } })
      .then([saved()]);
  });

  it('given a saved message, when it is saved unchanged, then nothing; changed, then MessageSaved', () => {
    spec
      .given([saved()])
      .when({ type: 'SaveMessage', data: { messageId: 'm1', content, now } })
      .thenNothingHappens();
    spec
      .given([saved()])
      .when({ type: 'SaveMessage', data: { messageId: 'm1', content: { ...content, title: '변경' }, now } })
      .then([saved({ title: '변경' })]);
  });

  it('given a sent message, when its words are changed, then it must be unsent first', () => {
    spec
      .given([saved(), sent()])
      .when({ type: 'SaveMessage', data: { messageId: 'm1', content: { ...content, title: '변경' }, now } })
      .thenThrows(ForbiddenError, MESSAGE_MESSAGES.editWhileShowing);
  });

  it('given a deleted message, when it is saved, then Not Found', () => {
    const deleted: MessageEvent = { type: 'MessageDeleted', data: { messageId: 'm1', recipients: [], deletedAt: at } };
    spec
      .given([saved(), deleted])
      .when({ type: 'SaveMessage', data: { messageId: 'm1', content, now } })
      .thenThrows(NotFoundError, MESSAGE_MESSAGES.notFound);
  });
});

describe('SaveMessage with an English version (issue 23)', () => {
  const english = { titleEn: 'Scheduled maintenance', messageEn: 'On 30 November from 2 a.m.' };

  it('given nothing, when a message is saved in Korean and English, then MessageSaved carries both', () => {
    spec
      .given([])
      .when({ type: 'SaveMessage', data: { messageId: 'm1', content: { ...content, ...english }, now } })
      .then([saved(english)]);
  });

  it('given a message with an English version, when only the English words change, then MessageSaved; unchanged, then nothing', () => {
    spec
      .given([saved(english)])
      .when({
        type: 'SaveMessage',
        data: { messageId: 'm1', content: { ...content, ...english, messageEn: 'Changed' }, now },
      })
      .then([saved({ ...english, messageEn: 'Changed' })]);
    spec
      .given([saved(english)])
      .when({ type: 'SaveMessage', data: { messageId: 'm1', content: { ...content, ...english }, now } })
      .thenNothingHappens();
  });

  it('given a message with an English version, when it is saved without one, then MessageSaved without the English fields', () => {
    spec
      .given([saved(english)])
      .when({ type: 'SaveMessage', data: { messageId: 'm1', content, now } })
      .then([saved()]);
  });

  it('given a Korean-only message, when it is saved with a blank English version, then nothing (blank is none)', () => {
    spec
      .given([saved()])
      .when({
        type: 'SaveMessage',
        data: { messageId: 'm1', content: { ...content, titleEn: '', messageEn: '' }, now },
      })
      .thenNothingHappens();
  });

  it('given a message saved in Korean and English, when it is sent, then MessageSent carries both versions as sent', () => {
    const sentBoth: MessageEvent = {
      type: 'MessageSent',
      data: { messageId: 'm1', ...content, ...english, recipients: ['u1'], sentAt: at },
    };
    spec
      .given([saved(english)])
      .when({ type: 'SendMessage', data: { messageId: 'm1', recipients: ['u1'], now } })
      .then([sentBoth]);
  });

  it('given a sent message, when its English words are changed, then it must be unsent first', () => {
    spec
      .given([saved(english), sent()])
      .when({
        type: 'SaveMessage',
        data: { messageId: 'm1', content: { ...content, ...english, titleEn: 'Changed' }, now },
      })
      .thenThrows(ForbiddenError, MESSAGE_MESSAGES.editWhileShowing);
  });
});

describe('SendMessage, UnsendMessage, DeleteMessage', () => {
  it('given a saved message, when it is sent, then MessageSent names the members decided now', () => {
    spec
      .given([saved()])
      .when({ type: 'SendMessage', data: { messageId: 'm1', recipients: ['u1', 'u2'], now } })
      .then([sent()]);
  });

  it('given a sent message, when it is sent again, then nothing', () => {
    spec
      .given([saved(), sent()])
      .when({ type: 'SendMessage', data: { messageId: 'm1', recipients: ['u3'], now } })
      .thenNothingHappens();
  });

  it('given a sent message, when it is unsent, then MessageUnsent takes it from the same members', () => {
    spec
      .given([saved(), sent()])
      .when({ type: 'UnsendMessage', data: { messageId: 'm1', now } })
      .then([unsent()]);
    spec
      .given([saved()])
      .when({ type: 'UnsendMessage', data: { messageId: 'm1', now } })
      .thenNothingHappens();
  });

  it('given a sent message, when it is deleted, then MessageDeleted names who held it; nothing can be sent after', () => {
    spec
      .given([saved(), sent()])
      .when({ type: 'DeleteMessage', data: { messageId: 'm1', now } })
      .then([{ type: 'MessageDeleted', data: { messageId: 'm1', recipients: ['u1', 'u2'], deletedAt: at } }]);
    spec
      .given([])
      .when({ type: 'SendMessage', data: { messageId: 'm1', recipients: [], now } })
      .thenThrows(NotFoundError, MESSAGE_MESSAGES.notFound);
    spec
      .given([])
      .when({ type: 'DeleteMessage', data: { messageId: 'm1', now } })
      .thenThrows(NotFoundError, MESSAGE_MESSAGES.notFound);
  });
});

describe('DismissMessage', () => {
  const inbox = deciderSpec(inboxDecider);
  it('given nothing dismissed, when a member dismisses a message, then MessageDismissed; a second time, nothing', () => {
    const dismissed = { type: 'MessageDismissed' as const, data: { userId: 'u1', messageId: 'm1', dismissedAt: at } };
    inbox
      .given([])
      .when({ type: 'DismissMessage', data: { userId: 'u1', messageId: 'm1', now } })
      .then([dismissed]);
    inbox
      .given([dismissed])
      .when({ type: 'DismissMessage', data: { userId: 'u1', messageId: 'm1', now } })
      .thenNothingHappens();
  });
});
