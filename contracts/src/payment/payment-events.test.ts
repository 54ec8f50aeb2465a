import { describe, expect, it } from 'vitest';
import {
  MERCHANT_UID_PATTERN,
  PROVIDER_MERCHANT_UID_MAX,
  compactUserId,
  renewalMerchantUid,
} from './payment-events.ts';

describe('merchant uids the product makes', () => {
  it('a UUID user id compacts to 22 characters, the same every time, different for another id', () => {
    const id = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    expect(compactUserId(id)).toHaveLength(22);
    expect(compactUserId(id)).toBe(compactUserId(id.toUpperCase()));
    expect(compactUserId('3f2504e0-4f89-41d3-9a0c-0305e82c3302')).not.toBe(compactUserId(id));
    expect(compactUserId(id)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('other ids stay as they are when short, and hash to 16 hex characters when long', () => {
    expect(compactUserId('admin')).toBe('admin');
    expect(compactUserId('x'.repeat(60))).toMatch(/^[0-9a-f]{16}$/);
    expect(compactUserId('x'.repeat(60))).not.toBe(compactUserId(`${'x'.repeat(59)}y`));
  });

  it('a renewal id fits PortOne (40 bytes) and names the user, the expiry day and the attempt', () => {
    const uid = renewalMerchantUid('3f2504e0-4f89-41d3-9a0c-0305e82c3301', '2026-12-25T03:00:00.000Z', 4);
    expect(uid.length).toBeLessThanOrEqual(PROVIDER_MERCHANT_UID_MAX);
    expect(uid).toMatch(MERCHANT_UID_PATTERN);
    expect(uid).toMatch(/^pg_r_.{22}_20261225_4$/);
    expect(renewalMerchantUid('3f2504e0-4f89-41d3-9a0c-0305e82c3301', '2026-12-25T03:00:00.000Z', 4)).toBe(uid);
  });
});
