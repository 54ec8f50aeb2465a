import { describe, it } from 'vitest';
import { ACCOUNT_MESSAGES as M, type EmailReservationEvent, type KakaoLinkEvent } from '@pocketguide/contracts';
import { ConflictError } from '@pocketguide/platform/http/errors';
import { deciderSpec } from '../testing/decider-spec.ts';
import { emailReservationDecider, STALE_RESERVATION_MS } from './email-reservation-decider.ts';
import { kakaoLinkDecider } from './kakao-link-decider.ts';

const now = new Date('2026-03-01T09:00:00.000Z');
const email = 'minji@example.com';

describe('the email reservation', () => {
  const spec = deciderSpec(emailReservationDecider);
  const reserved = (userId: string, at = now): EmailReservationEvent => ({
    type: 'UserEmailReserved',
    data: { email, userId, reservedAt: at.toISOString() },
  });
  const released: EmailReservationEvent = {
    type: 'UserEmailReleased',
    data: { email, userId: 'u1', releasedAt: now.toISOString() },
  };

  it('a free email is reserved', () => {
    spec
      .given([])
      .when({ type: 'ReserveEmail', data: { email, userId: 'u1', now } })
      .then([reserved('u1')]);
  });

  it("another account's email: 'Email already taken'", () => {
    spec
      .given([reserved('u1')])
      .when({ type: 'ReserveEmail', data: { email, userId: 'u2', now } })
      .thenThrows(ConflictError, M.emailTaken);
  });

  it('the same account again (a retried signup): nothing happens', () => {
    spec
      .given([reserved('u1')])
      .when({ type: 'ReserveEmail', data: { email, userId: 'u1', now } })
      .thenNothingHappens();
  });

  it('a released email can be reserved again', () => {
    spec
      .given([reserved('u1'), released])
      .when({ type: 'ReserveEmail', data: { email, userId: 'u2', now } })
      .then([reserved('u2')]);
  });

  it('a stale reservation whose account never came to be is taken over; a fresh or registered one is not', () => {
    const old = new Date(now.getTime() - STALE_RESERVATION_MS - 1);
    spec
      .given([reserved('u1', old)])
      .when({ type: 'ReserveEmail', data: { email, userId: 'u2', now, holderRegistered: false } })
      .then([reserved('u2')]);
    spec
      .given([reserved('u1')])
      .when({ type: 'ReserveEmail', data: { email, userId: 'u2', now, holderRegistered: false } })
      .thenThrows(ConflictError);
    spec
      .given([reserved('u1', old)])
      .when({ type: 'ReserveEmail', data: { email, userId: 'u2', now, holderRegistered: true } })
      .thenThrows(ConflictError);
  });

  it('releasing: only by the holder', () => {
    spec
      .given([reserved('u1')])
      .when({ type: 'ReleaseEmail', data: { email, userId: 'u1', now } })
      .then([released]);
    spec
      .given([reserved('u1')])
      .when({ type: 'ReleaseEmail', data: { email, userId: 'u2', now } })
      .thenNothingHappens();
    spec
      .given([])
      .when({ type: 'ReleaseEmail', data: { email, userId: 'u1', now } })
      .thenNothingHappens();
  });
});

describe('the Kakao link', () => {
  const spec = deciderSpec(kakaoLinkDecider);
  const claimed: KakaoLinkEvent = {
    type: 'KakaoIdClaimed',
    data: { kakaoId: '42', userId: 'u1', claimedAt: now.toISOString() },
  };
  const released: KakaoLinkEvent = {
    type: 'KakaoIdReleased',
    data: { kakaoId: '42', userId: 'u1', releasedAt: now.toISOString() },
  };

  it('claims a free id once', () => {
    spec
      .given([])
      .when({ type: 'ClaimKakaoId', data: { kakaoId: '42', userId: 'u1', now } })
      .then([claimed]);
    spec
      .given([claimed])
      .when({ type: 'ClaimKakaoId', data: { kakaoId: '42', userId: 'u1', now } })
      .thenNothingHappens();
    spec
      .given([claimed])
      .when({ type: 'ClaimKakaoId', data: { kakaoId: '42', userId: 'u2', now } })
      .thenThrows(ConflictError);
  });

  it('released by its holder, then free again', () => {
    spec
      .given([claimed])
      .when({ type: 'ReleaseKakaoId', data: { kakaoId: '42', userId: 'u1', now } })
      .then([released]);
    spec
      .given([claimed, released])
      .when({ type: 'ClaimKakaoId', data: { kakaoId: '42', userId: 'u2', now } })
      .then([{ type: 'KakaoIdClaimed', data: { kakaoId: '42', userId: 'u2', claimedAt: now.toISOString() } }]);
    spec
      .given([claimed])
      .when({ type: 'ReleaseKakaoId', data: { kakaoId: '42', userId: 'u2', now } })
      .thenNothingHappens();
  });
});
