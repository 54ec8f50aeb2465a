import type { UserEvent, UserRegistered } from '@pocketguide/contracts';
import type { UserCommand } from '../user/user-commands.ts';
import { userDecider } from '../user/user-decider.ts';
import { deciderSpec } from './decider-spec.ts';

/** The account the given/when/then tests of the account commands start from, and their helpers. */

export const spec = deciderSpec(userDecider);
export const now = new Date('2026-03-01T09:00:00.000Z');
export const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
export const iso = (date: Date) => date.toISOString();
export const hash = (n: number) => n.toString(16).padStart(64, '0');

export const profile = { name: 'Kim Minji', companyName: 'Jeju Trails', companyPhone: '0641234567' };

export const registered: UserRegistered = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'minji@example.com',
    profile,
    language: 'kr',
    role: 'user',
    registeredAt: iso(now),
    trialExpiresAt: '2026-03-15T09:00:00.000Z',
    via: 'signup',
    activation: { activationId: 'a1', tokenHash: hash(1) },
  },
};
export const activated: UserEvent = { type: 'UserActivated', data: { userId: 'u1', activatedAt: iso(now), via: 'link' } };
export const hidden: UserEvent = { type: 'UserHidden', data: { userId: 'u1', hiddenAt: iso(now) } };
export const deleted: UserEvent = { type: 'UserDeleted', data: { userId: 'u1', deletedAt: iso(now) } };
export const resetRequested = (n: number, at: Date = now): UserEvent => ({
  type: 'PasswordResetRequested',
  data: {
    userId: 'u1',
    resetId: `r${n}`,
    tokenHash: hash(100 + n),
    link: 'https://pocketguide.app/reset-password',
    requestedAt: iso(at),
    expiresAt: iso(new Date(at.getTime() + 60 * 60_000)),
  },
});

export const register = (overrides: Partial<Extract<UserCommand, { type: 'RegisterUser' }>['data']> = {}): UserCommand => ({
  type: 'RegisterUser',
  data: {
    userId: 'u1',
    email: 'minji@example.com',
    profile: { ...profile, companyAddress: '', companyWebsite: undefined },
    via: 'signup',
    activation: { activationId: 'a1', tokenHash: hash(1) },
    now,
    ...overrides,
  },
});
