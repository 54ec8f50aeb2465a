import { ACCOUNT_MESSAGES as M, type EmailReservationEvent } from '@pocketguide/contracts';
import { ConflictError } from '@pocketguide/platform/http/errors';
import type { Decider } from '../core/decider.ts';

/**
 * `user-email-<normalised email>`: the consistency boundary that keeps an email on one account. Signups race on
 * this stream's revision (the first reservation appends with "no stream"), never on a read model.
 */
export type EmailReservationState = { status: 'free' } | { status: 'reserved'; userId: string; reservedAt: string };

/**
 * A reservation whose account never got registered (the process died between the two appends) is taken over
 * after this long; a live signup completes its registration within milliseconds.
 */
export const STALE_RESERVATION_MS = 60_000;

export type ReserveEmail = {
  type: 'ReserveEmail';
  data: { email: string; userId: string; now: Date; holderRegistered?: boolean };
};
export type ReleaseEmail = { type: 'ReleaseEmail'; data: { email: string; userId: string; now: Date } };
export type EmailReservationCommand = ReserveEmail | ReleaseEmail;

export const emailReservationDecider: Decider<EmailReservationState, EmailReservationCommand, EmailReservationEvent> = {
  initialState: () => ({ status: 'free' }),

  evolve(_state, event) {
    switch (event.type) {
      case 'UserEmailReserved':
        return { status: 'reserved', userId: event.data.userId, reservedAt: event.data.reservedAt };
      case 'UserEmailReleased':
        return { status: 'free' };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command, state) {
    const { email, userId, now } = command.data;
    switch (command.type) {
      case 'ReserveEmail': {
        const reserved: EmailReservationEvent = {
          type: 'UserEmailReserved',
          data: { email, userId, reservedAt: now.toISOString() },
        };
        if (state.status === 'free') return [reserved];
        if (state.userId === userId) return [];
        const stale =
          command.data.holderRegistered === false &&
          now.getTime() - Date.parse(state.reservedAt) > STALE_RESERVATION_MS;
        if (stale) return [reserved];
        throw new ConflictError(M.emailTaken);
      }
      case 'ReleaseEmail':
        if (state.status !== 'reserved' || state.userId !== userId) return [];
        return [{ type: 'UserEmailReleased', data: { email, userId, releasedAt: now.toISOString() } }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
