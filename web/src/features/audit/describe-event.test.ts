import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@pocketguide/contracts';
import { createI18n } from '../../testing/i18n.ts';
import { describeEvent, directionParticle, subjectParticle } from './describe-event.ts';

describe('Korean particles in the audit sentences', () => {
  it('picks 이/가 after the name, and 이(가) when the name is not in Hangul', () => {
    expect(subjectParticle('관리자 김철수')).toBe('가');
    expect(subjectParticle('관리자 김민준')).toBe('이');
    expect(subjectParticle('admin')).toBe('이(가)');
  });

  it('picks (으)로 after the value: 로 after a vowel, ㄹ or Latin letters, 으로 after another final consonant', () => {
    expect(directionParticle('pro')).toBe('로');
    expect(directionParticle('프로')).toBe('로');
    expect(directionParticle('관리자')).toBe('로');
    expect(directionParticle('스탠다드 월간')).toBe('으로');
    expect(directionParticle('일반 회원 레벨')).toBe('로');
  });
});

describe('audit sentences', () => {
  const edited = (patchesCount: number): AuditEntry => ({
    position: 1,
    eventId: 'e1',
    at: '2026-11-25T00:00:00.000Z',
    type: 'GuidebookEdited',
    streamId: 'guidebook-g1',
    revision: 1,
    subject: 'guidebook-g1',
    actor: { id: 'u1', name: 'Kim', email: null, isAdmin: false },
    actorId: 'u1',
    command: null,
    commandId: null,
    correlationId: null,
    causationId: null,
    summary: { patchesCount },
  });

  it('counts changes in both languages and falls back to the type name for an unknown event', () => {
    const en = createI18n('en');
    const ko = createI18n('ko');
    expect(describeEvent(edited(1), en.t, (key) => en.exists(key))).toBe('Kim edited the guidebook (1 change)');
    expect(describeEvent(edited(3), en.t, (key) => en.exists(key))).toBe('Kim edited the guidebook (3 changes)');
    expect(describeEvent(edited(3), ko.t, (key) => ko.exists(key))).toBe('Kim이(가) 가이드북을 편집 (변경 3건)');
    expect(describeEvent({ ...edited(1), type: 'SomethingNew' }, en.t, (key) => en.exists(key))).toBe('SomethingNew');
  });

  it("names plans and mail kinds in the reader's language, and credits a mailed-link activation to the account holder", () => {
    const en = createI18n('en');
    const ko = createI18n('ko');
    const subscribed: AuditEntry = { ...edited(1), type: 'UserSubscribed', summary: { plan: 'standard' } };
    expect(describeEvent(subscribed, ko.t, (key) => ko.exists(key))).toBe('Kim이(가) 스탠다드 요금제를 구독');
    expect(describeEvent(subscribed, en.t, (key) => en.exists(key))).not.toMatch(/[\uAC00-\uD7A3]/);
    const mailed: AuditEntry = { ...edited(1), type: 'MailSent', summary: { kind: 'verification' } };
    expect(describeEvent(mailed, ko.t, (key) => ko.exists(key))).toBe('Kim이(가) 메일을 발송 (인증 메일)');
    const activated: AuditEntry = {
      ...edited(1),
      type: 'UserActivated',
      actor: null,
      actorId: 'anonymous',
      summary: {},
    };
    expect(describeEvent(activated, en.t, (key) => en.exists(key))).toMatch(/^The account holder /);
    expect(describeEvent(activated, ko.t, (key) => ko.exists(key))).toBe('계정 주인이 계정을 인증');
  });

  it('says when a message was written in Korean and English (issue 23); a Korean-only one reads as before', () => {
    const en = createI18n('en');
    const ko = createI18n('ko');
    const saved = (summary: AuditEntry['summary']): AuditEntry => ({
      ...edited(1),
      type: 'MessageSaved',
      streamId: 'message-m1',
      subject: 'message-m1',
      summary,
    });
    expect(
      describeEvent(saved({ title: '점검', titleEn: 'Maintenance', messageEn: 'Tonight' }), en.t, (key) =>
        en.exists(key),
      ),
    ).toBe('Kim saved the message in Korean and English');
    expect(describeEvent(saved({ title: '점검', titleEn: 'Maintenance' }), ko.t, (key) => ko.exists(key))).toBe(
      'Kim이(가) 공지를 한국어와 영어로 저장',
    );
    expect(describeEvent(saved({ title: '점검' }), ko.t, (key) => ko.exists(key))).toBe('Kim이(가) 공지를 저장');
    const sent: AuditEntry = {
      ...saved({ title: '점검', titleEn: 'Maintenance', recipientsCount: 3 }),
      type: 'MessageSent',
    };
    expect(describeEvent(sent, en.t, (key) => en.exists(key))).toBe(
      'Kim sent the message in Korean and English (3 recipients)',
    );
    expect(
      describeEvent({ ...sent, summary: { title: '점검', recipientsCount: 3 } }, en.t, (key) => en.exists(key)),
    ).toBe('Kim sent the message (3 recipients)');
  });
});
