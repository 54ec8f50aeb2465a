import { describe, expect, it } from 'vitest';
import {
  attemptDueAt,
  isStale,
  nextAttemptAfter,
  RENEWAL_MAX_ATTEMPTS,
  scheduledMerchantUid,
} from './billing-policy.ts';
import { chargeFailedMail, lapsedMail, noticeDate, renewalUpcomingMail } from './billing-mail.ts';

const expiry = new Date('2026-03-10T09:00:00.000Z');

describe('the renewal schedule', () => {
  it('attempts at the expiry, then 1, 3 and 7 days after it; none after the fourth', () => {
    expect(RENEWAL_MAX_ATTEMPTS).toBe(4);
    expect([1, 2, 3, 4].map((n) => attemptDueAt(expiry, n).toISOString())).toEqual([
      '2026-03-10T09:00:00.000Z',
      '2026-03-11T09:00:00.000Z',
      '2026-03-13T09:00:00.000Z',
      '2026-03-17T09:00:00.000Z',
    ]);
    expect(nextAttemptAfter(expiry, 1)?.toISOString()).toBe('2026-03-11T09:00:00.000Z');
    expect(nextAttemptAfter(expiry, 3)?.toISOString()).toBe('2026-03-17T09:00:00.000Z');
    expect(nextAttemptAfter(expiry, 4)).toBeNull();
  });

  it('a scheduled payment has one merchantUid per schedule (letters, digits and _ only)', () => {
    expect(scheduledMerchantUid('u1', '2026-03-05T03:00:00.000Z')).toBe('pg_s_u1_260305030000');
    expect(scheduledMerchantUid('u1', new Date('2026-03-05T03:00:00.000Z'))).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('a notice more than 3 days late is stale', () => {
    expect(isStale(expiry, new Date('2026-03-13T09:00:00.000Z'))).toBe(false);
    expect(isStale(expiry, new Date('2026-03-13T09:00:00.001Z'))).toBe(true);
  });
});

describe('the billing notices', () => {
  it('date in Korean time as the web shows it', () => {
    expect(noticeDate(new Date('2026-03-31T16:00:00.000Z'))).toBe('2026.04.01');
  });

  it('speak the account language, escape the name, and link where the person acts', () => {
    const upcoming = renewalUpcomingMail({
      name: '<김>',
      language: 'kr',
      plan: 'standard',
      amount: 50_000,
      chargeAt: expiry,
      link: 'https://x.test/settings/subscription',
    });
    expect(upcoming.subject).toBe('[포켓가이드] 2026.03.10에 스탠다드 요금제가 갱신됩니다');
    expect(upcoming.html).toContain('&lt;김&gt;');
    expect(upcoming.html).not.toContain('<김>');
    const failed = chargeFailedMail({
      name: 'Kim',
      language: 'en',
      plan: 'pro',
      amount: 150_000,
      failReason: 'card declined',
      nextAttemptAt: new Date('2026-03-11T09:00:00.000Z'),
      link: 'https://x.test/change',
    });
    expect(failed.text).toContain('KRW 150,000');
    expect(failed.text).toContain('2026.03.11');
    expect(failed.text).toContain('https://x.test/change');
    const lapsedKr = lapsedMail({
      name: '민지',
      language: 'kr',
      plan: 'free',
      reason: 'trial-ended',
      link: 'https://x.test/buy',
    });
    expect(lapsedKr.subject).toBe('[포켓가이드] 무료 체험 기간이 끝났습니다');
    expect(lapsedKr.text).toContain('이미 발행한 가이드북은 그대로 공개되어');
    const lapsedEn = lapsedMail({
      name: 'Kim',
      language: 'en',
      plan: 'business',
      reason: 'charge-failed',
      link: 'https://x.test/buy',
    });
    expect(lapsedEn.subject).toBe('Your PocketGuide Business plan has ended');
    expect(lapsedEn.text).toContain('cannot');
  });
});
