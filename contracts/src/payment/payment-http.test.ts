import { describe, expect, it } from 'vitest';
import { MAX_TRANSFER_WON, transferBodySchema } from './payment-http.ts';

describe('a bank transfer body', () => {
  const body = { customerUid: 'user-1', plan: 'standard' };

  it('refuses an amount above the largest transfer, naming it with its thousands grouped', () => {
    const result = transferBodySchema.safeParse({ ...body, amount: MAX_TRANSFER_WON + 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('amount must be at most 1,000,000,000 won');
  });

  it('accepts the largest transfer itself', () => {
    expect(transferBodySchema.safeParse({ ...body, amount: MAX_TRANSFER_WON }).success).toBe(true);
  });
});
