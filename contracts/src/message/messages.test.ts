import { describe, expect, it } from 'vitest';
import {
  MESSAGE_MESSAGES,
  MESSAGE_TITLE_MAX,
  messageContentOf,
  messageEventDecoder,
  messageWordsIn,
  messageWriteSchema,
} from './messages.ts';

const korean = {
  title: '점검 안내',
  message: '새벽 2시에 점검합니다.',
  type: 'warning',
  users: 'all',
  messageDate: '2026-11-30',
  notification: true,
} as const;
const english = { titleEn: 'Maintenance', messageEn: 'At 2 a.m.' };

const issues = (body: unknown) =>
  messageWriteSchema
    .safeParse(body)
    .error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) ?? [];

describe('a message’s English version (issue 23)', () => {
  it('is optional: the spec’s own body is a Korean-only message; blank or null English is none', () => {
    expect(messageContentOf(messageWriteSchema.parse(korean))).toEqual(korean);
    expect(messageContentOf(messageWriteSchema.parse({ ...korean, titleEn: ' ', messageEn: '' }))).toEqual(korean);
    expect(messageContentOf(messageWriteSchema.parse({ ...korean, titleEn: null, messageEn: null }))).toEqual(korean);
    expect(
      messageContentOf(messageWriteSchema.parse({ ...korean, titleEn: ' Maintenance ', messageEn: 'At 2 a.m.' })),
    ).toEqual({ ...korean, ...english });
  });

  it('has the Korean one’s limits and is whole or absent', () => {
    expect(issues({ ...korean, ...english, titleEn: 'x'.repeat(MESSAGE_TITLE_MAX + 1) })).toEqual([
      { path: 'titleEn', message: MESSAGE_MESSAGES.titleTooLong },
    ]);
    expect(issues({ ...korean, titleEn: 'Maintenance' })).toEqual([
      { path: 'messageEn', message: MESSAGE_MESSAGES.englishIncomplete },
    ]);
    expect(issues({ ...korean, messageEn: 'At 2 a.m.' })).toEqual([
      { path: 'titleEn', message: MESSAGE_MESSAGES.englishIncomplete },
    ]);
    expect(issues({ ...korean, ...english, messageEn: 42 })).toHaveLength(1);
  });

  it('is read by English readers, with the Korean words as the fallback', () => {
    expect(messageWordsIn({ ...korean, ...english }, 'en')).toEqual({
      title: 'Maintenance',
      message: 'At 2 a.m.',
      language: 'en',
    });
    expect(messageWordsIn({ ...korean, ...english }, 'ko')).toEqual({
      title: korean.title,
      message: korean.message,
      language: 'ko',
    });
    expect(messageWordsIn(korean, 'en')).toEqual({ title: korean.title, message: korean.message, language: 'ko' });
  });

  it('is an optional field of the stored events: events written before it still read, newer ones keep it', () => {
    const old = messageEventDecoder.decode('MessageSaved', {
      messageId: 'm1',
      ...korean,
      savedAt: '2026-11-25T01:00:00.000Z',
    });
    expect(old.data).not.toHaveProperty('titleEn');
    const sent = messageEventDecoder.decode('MessageSent', {
      messageId: 'm1',
      ...korean,
      ...english,
      recipients: ['u1'],
      sentAt: '2026-11-25T01:00:00.000Z',
    });
    expect(sent.data).toMatchObject(english);
  });
});
