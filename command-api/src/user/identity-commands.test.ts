import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M, type UserEvent } from '@pocketguide/contracts';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '@pocketguide/platform/http/errors';
import { spec, now, later, iso, hash, profile, registered, activated, hidden, deleted, resetRequested, register } from '../testing/user-given.ts';
import { MAIL_REQUESTS_PER_HOUR } from './identity-commands.ts';
import type { UserCommand } from './user-commands.ts';
import { userDecider } from './user-decider.ts';

/** Given/when/then for the identity commands: sign-up, verification, sessions, passwords, the profile, administration. */

describe('RegisterUser', () => {
  it('given nothing, registers a user on the free trial ending 14 days later, in Korean by default', () => {
    spec.given([]).when(register()).then([registered]);
  });

  it('an account made through Kakao is activated at once and needs no activation mail', () => {
    spec
      .given([])
      .when(register({ via: 'kakao', activation: null, language: 'en' }))
      .then([
        { ...registered, data: { ...registered.data, via: 'kakao', activation: null, language: 'en' } },
        { type: 'UserActivated', data: { userId: 'u1', activatedAt: iso(now), via: 'kakao' } },
      ]);
  });

  it('an administrator made at the console gets the admin role and is active', () => {
    spec
      .given([])
      .when(register({ via: 'admin', role: 'admin', activation: null }))
      .then([
        { ...registered, data: { ...registered.data, via: 'admin', role: 'admin', activation: null } },
        { type: 'UserActivated', data: { userId: 'u1', activatedAt: iso(now), via: 'admin' } },
      ]);
  });

  it('given a registered user, is refused', () => {
    spec.given([registered]).when(register()).thenThrows(ConflictError, M.emailTaken);
  });

  it('given a deleted user, is refused (a new account gets a new id)', () => {
    spec.given([registered, deleted]).when(register()).thenThrows(ConflictError);
  });
});

describe('ActivateUser', () => {
  const byLink = (tokenHash: string): UserCommand => ({ type: 'ActivateUser', data: { proof: { kind: 'link', tokenHash }, now } });

  it('with the mailed token, activates', () => {
    spec.given([registered]).when(byLink(hash(1))).then([activated]);
  });

  it('a token from a resent mail works too', () => {
    const resent: UserEvent = { type: 'VerificationResent', data: { userId: 'u1', activationId: 'a2', tokenHash: hash(2), requestedAt: iso(now) } };
    spec.given([registered, resent]).when(byLink(hash(2))).then([activated]);
  });

  it('with another token, is refused as an invalid link', () => {
    spec.given([registered]).when(byLink(hash(9))).thenThrows(NotFoundError, M.activationInvalid);
  });

  it('already active: nothing happens (the link may be clicked twice)', () => {
    spec.given([registered, activated]).when(byLink(hash(1))).thenNothingHappens();
  });

  it('a hidden account is not activated by a link', () => {
    spec.given([registered, hidden]).when(byLink(hash(1))).thenThrows(ForbiddenError, M.accountHidden);
  });

  it('no such user or a deleted one: invalid link', () => {
    spec.given([]).when(byLink(hash(1))).thenThrows(NotFoundError, M.activationInvalid);
    spec.given([registered, deleted]).when(byLink(hash(1))).thenThrows(NotFoundError);
  });

  it('an administrator activates without a token', () => {
    spec
      .given([registered])
      .when({ type: 'ActivateUser', data: { proof: { kind: 'admin' }, now } })
      .then([{ type: 'UserActivated', data: { userId: 'u1', activatedAt: iso(now), via: 'admin' } }]);
  });
});

describe('ResendVerification', () => {
  const resend = (n: number, at: Date = now): UserCommand => ({
    type: 'ResendVerification',
    data: { activationId: `a${n}`, tokenHash: hash(n), now: at },
  });

  it('records a new activation token', () => {
    spec
      .given([registered])
      .when(resend(2))
      .then([{ type: 'VerificationResent', data: { userId: 'u1', activationId: 'a2', tokenHash: hash(2), requestedAt: iso(now) } }]);
  });

  it('already verified: refused', () => {
    spec.given([registered, activated]).when(resend(2)).thenThrows(ConflictError, 'already verified');
  });

  it(`at most ${MAIL_REQUESTS_PER_HOUR} verification mails an hour, the signup mail included`, () => {
    const resends = [2, 3, 3, 4].map(
      (n, i): UserEvent => ({ type: 'VerificationResent', data: { userId: 'u1', activationId: `a${n}${i}`, tokenHash: hash(n), requestedAt: iso(later(i + 1)) } }),
    );
    spec.given([registered, ...resends]).when(resend(9, later(10))).thenThrows(TooManyRequestsError);
    // an hour after the signup mail, one more is allowed
    spec.given([registered, ...resends]).when(resend(9, later(61))).then([
      { type: 'VerificationResent', data: { userId: 'u1', activationId: 'a9', tokenHash: hash(9), requestedAt: iso(later(61)) } },
    ]);
  });

  it('unknown or hidden account: refused', () => {
    spec.given([]).when(resend(2)).thenThrows(NotFoundError);
    spec.given([registered, hidden]).when(resend(2)).thenThrows(ForbiddenError);
  });
});

describe('RequestPasswordReset', () => {
  const request = (n: number, at: Date = now): UserCommand => ({
    type: 'RequestPasswordReset',
    data: { resetId: `r${n}`, tokenHash: hash(100 + n), link: 'https://pocketguide.app/reset-password', now: at },
  });

  it('opens a reset link valid for an hour', () => {
    spec.given([registered, activated]).when(request(1)).then([resetRequested(1)]);
  });

  it('works for an account not yet activated (the mail proves the address as well)', () => {
    spec.given([registered]).when(request(1)).then([resetRequested(1)]);
  });

  it(`at most ${MAIL_REQUESTS_PER_HOUR} an hour`, () => {
    const earlier = [1, 2, 3, 4, 5].map((n) => resetRequested(n, later(n)));
    spec.given([registered, ...earlier]).when(request(6, later(10))).thenThrows(TooManyRequestsError);
  });

  it('unknown, deleted or hidden account: refused', () => {
    spec.given([]).when(request(1)).thenThrows(NotFoundError);
    spec.given([registered, deleted]).when(request(1)).thenThrows(NotFoundError);
    spec.given([registered, hidden]).when(request(1)).thenThrows(ForbiddenError, M.accountHidden);
  });
});

describe('CompletePasswordReset', () => {
  const complete = (n: number, at: Date = now): UserCommand => ({ type: 'CompletePasswordReset', data: { tokenHash: hash(100 + n), now: at } });

  it('with an open token, completes and closes every open link', () => {
    spec
      .given([registered, resetRequested(1), resetRequested(2)])
      .when(complete(1, later(5)))
      .then([
        {
          type: 'PasswordResetCompleted',
          data: { userId: 'u1', resetId: 'r1', completedAt: iso(later(5)), closedTokenHashes: [hash(101), hash(102)] },
        },
      ]);
  });

  it('a used link is no longer valid', () => {
    const completed: UserEvent = {
      type: 'PasswordResetCompleted',
      data: { userId: 'u1', resetId: 'r1', completedAt: iso(now), closedTokenHashes: [hash(101)] },
    };
    spec.given([registered, resetRequested(1), completed]).when(complete(1)).thenThrows(NotFoundError, M.linkInvalid);
  });

  it('an expired link is no longer valid', () => {
    spec.given([registered, resetRequested(1)]).when(complete(1, later(60))).thenThrows(NotFoundError, M.linkInvalid);
  });

  it('an unknown token, user or a deleted user: not valid', () => {
    spec.given([registered]).when(complete(1)).thenThrows(NotFoundError, M.linkInvalid);
    spec.given([]).when(complete(1)).thenThrows(NotFoundError, M.linkInvalid);
    spec.given([registered, resetRequested(1), deleted]).when(complete(1)).thenThrows(NotFoundError);
  });

  it('hidden: refused', () => {
    spec.given([registered, resetRequested(1), hidden]).when(complete(1)).thenThrows(ForbiddenError);
  });
});

describe('ChangePassword', () => {
  it('records the change (never the password)', () => {
    spec
      .given([registered, activated])
      .when({ type: 'ChangePassword', data: { via: 'change', now } })
      .then([{ type: 'PasswordChanged', data: { userId: 'u1', changedAt: iso(now), via: 'change' } }]);
  });

  it('hidden users may not; an administrator at the console may', () => {
    spec.given([registered, hidden]).when({ type: 'ChangePassword', data: { via: 'change', now } }).thenThrows(ForbiddenError);
    spec
      .given([registered, hidden])
      .when({ type: 'ChangePassword', data: { via: 'admin', now } })
      .then([{ type: 'PasswordChanged', data: { userId: 'u1', changedAt: iso(now), via: 'admin' } }]);
  });

  it('unknown user: refused', () => {
    spec.given([]).when({ type: 'ChangePassword', data: { via: 'change', now } }).thenThrows(NotFoundError);
  });
});

describe('sessions', () => {
  const signOut = (sessionId: string, untilMinutes: number, at: Date = now): UserCommand => ({
    type: 'SignOut',
    data: { sessionId, until: later(untilMinutes), now: at },
  });
  const signedOut = (sessionId: string, untilMinutes: number, at: Date = now): UserEvent => ({
    type: 'UserSignedOut',
    data: { userId: 'u1', sessionId, until: iso(later(untilMinutes)), signedOutAt: iso(at) },
  });
  const versionOf = (events: UserEvent[]) => {
    const state = events.reduce(userDecider.evolve, userDecider.initialState());
    return state.status === 'registered' ? state.account.sessionVersion : null;
  };
  const endedOf = (events: UserEvent[]) => {
    const state = events.reduce(userDecider.evolve, userDecider.initialState());
    return state.status === 'registered' ? state.account.endedSessions.map((ended) => ended.sessionId) : null;
  };
  const changed: UserEvent = { type: 'PasswordChanged', data: { userId: 'u1', changedAt: iso(now), via: 'change' } };
  const reset: UserEvent = { type: 'PasswordResetCompleted', data: { userId: 'u1', resetId: 'r1', completedAt: iso(now), closedTokenHashes: [hash(101)] } };

  it('a password change or reset moves the session version on (every older session ends)', () => {
    expect(versionOf([registered, activated])).toBe(0);
    expect(versionOf([registered, activated, changed])).toBe(1);
    expect(versionOf([registered, activated, changed, resetRequested(1), reset])).toBe(2);
  });

  it('given a signed-in session, signing out ends it until its token would expire', () => {
    spec.given([registered, activated]).when(signOut('s1', 60)).then([signedOut('s1', 60)]);
  });

  it('signing out twice, or with a token already expired, changes nothing', () => {
    spec.given([registered, activated, signedOut('s1', 60)]).when(signOut('s1', 60, later(1))).then([]);
    spec.given([registered, activated]).when(signOut('s2', 0)).then([]);
  });

  it('remembers ended sessions only until their tokens expire', () => {
    expect(endedOf([registered, activated, signedOut('s1', 10), signedOut('s2', 60, later(5))])).toEqual(['s1', 's2']);
    expect(endedOf([registered, activated, signedOut('s1', 10), signedOut('s2', 60, later(11))])).toEqual(['s2']);
  });

  it('unknown or deleted user: refused', () => {
    spec.given([]).when(signOut('s1', 60)).thenThrows(NotFoundError);
    spec.given([registered, deleted]).when(signOut('s1', 60)).thenThrows(NotFoundError);
  });
});

describe('UpdateProfile', () => {
  const update = (data: Partial<Extract<UserCommand, { type: 'UpdateProfile' }>['data']>): UserCommand => ({
    type: 'UpdateProfile',
    data: { profile: { ...profile, companyAddress: 'Jeju-si 1' }, now, ...data },
  });

  it('replaces the profile fields, leaving empty ones out', () => {
    spec
      .given([registered, activated])
      .when(update({ profile: { ...profile, companyAddress: 'Jeju-si 1', mobile: '', companyPhone: undefined } }))
      .then([
        {
          type: 'UserProfileUpdated',
          data: { userId: 'u1', profile: { name: 'Kim Minji', companyName: 'Jeju Trails', companyAddress: 'Jeju-si 1' }, language: 'kr', updatedAt: iso(now) },
        },
      ]);
  });

  it('changes the language', () => {
    spec
      .given([registered])
      .when(update({ profile, language: 'en' }))
      .then([{ type: 'UserProfileUpdated', data: { userId: 'u1', profile, language: 'en', updatedAt: iso(now) } }]);
  });

  it('the same values: nothing happens', () => {
    spec.given([registered]).when(update({ profile: { ...profile, mobile: '' } })).thenNothingHappens();
  });

  it('hidden or unknown: refused', () => {
    spec.given([registered, hidden]).when(update({})).thenThrows(ForbiddenError);
    spec.given([]).when(update({})).thenThrows(NotFoundError);
  });

  it('evolves the state', () => {
    const after = [registered, activated].reduce(userDecider.evolve, userDecider.initialState());
    const events = userDecider.decide(update({ language: 'en' }), after);
    const state = events.reduce(userDecider.evolve, after);
    expect(state.status === 'registered' && state.account.language).toBe('en');
    expect(state.status === 'registered' && state.account.profile.companyAddress).toBe('Jeju-si 1');
  });
});

describe('ChangeUserImage', () => {
  it('records the new portrait address', () => {
    spec
      .given([registered])
      .when({ type: 'ChangeUserImage', data: { image: '/media/users/u1/portrait-ab.webp', now } })
      .then([{ type: 'UserImageChanged', data: { userId: 'u1', image: '/media/users/u1/portrait-ab.webp', changedAt: iso(now) } }]);
  });

  it('the same image: nothing; hidden: refused', () => {
    const changed: UserEvent = { type: 'UserImageChanged', data: { userId: 'u1', image: '/media/x.webp', changedAt: iso(now) } };
    spec.given([registered, changed]).when({ type: 'ChangeUserImage', data: { image: '/media/x.webp', now } }).thenNothingHappens();
    spec.given([registered, hidden]).when({ type: 'ChangeUserImage', data: { image: '/media/y.webp', now } }).thenThrows(ForbiddenError);
  });
});

describe('SetUserHidden', () => {
  it('hides and unhides', () => {
    spec.given([registered]).when({ type: 'SetUserHidden', data: { isHidden: true, now } }).then([hidden]);
    spec
      .given([registered, hidden])
      .when({ type: 'SetUserHidden', data: { isHidden: false, now } })
      .then([{ type: 'UserUnhidden', data: { userId: 'u1', unhiddenAt: iso(now) } }]);
  });

  it('no change: nothing happens; unknown user: refused', () => {
    spec.given([registered, hidden]).when({ type: 'SetUserHidden', data: { isHidden: true, now } }).thenNothingHappens();
    spec.given([registered]).when({ type: 'SetUserHidden', data: { isHidden: false, now } }).thenNothingHappens();
    spec.given([]).when({ type: 'SetUserHidden', data: { isHidden: true, now } }).thenThrows(NotFoundError);
  });
});

describe('ChangeUserRole', () => {
  it('promotes, and the same role again does nothing', () => {
    const promoted: UserEvent = { type: 'UserRoleChanged', data: { userId: 'u1', role: 'admin', changedAt: iso(now) } };
    spec.given([registered]).when({ type: 'ChangeUserRole', data: { role: 'admin', now } }).then([promoted]);
    spec.given([registered, promoted]).when({ type: 'ChangeUserRole', data: { role: 'admin', now } }).thenNothingHappens();
  });
});

describe('DeleteUser', () => {
  it('deletes permanently; a second delete does nothing', () => {
    spec.given([registered]).when({ type: 'DeleteUser', data: { now } }).then([deleted]);
    spec.given([registered, deleted]).when({ type: 'DeleteUser', data: { now } }).thenNothingHappens();
    spec.given([registered]).when({ type: 'DeleteUser', data: { now } }).thenState({ status: 'deleted', userId: 'u1', email: 'minji@example.com', kakaoId: null });
  });

  it('unknown user: refused', () => {
    spec.given([]).when({ type: 'DeleteUser', data: { now } }).thenThrows(NotFoundError);
  });
});

describe('LinkKakaoAccount', () => {
  const linked: UserEvent = { type: 'KakaoAccountLinked', data: { userId: 'u1', kakaoId: '42', linkedAt: iso(now) } };

  it('links once; again with the same id does nothing; another id is refused', () => {
    spec.given([registered]).when({ type: 'LinkKakaoAccount', data: { kakaoId: '42', now } }).then([linked]);
    spec.given([registered, linked]).when({ type: 'LinkKakaoAccount', data: { kakaoId: '42', now } }).thenNothingHappens();
    spec.given([registered, linked]).when({ type: 'LinkKakaoAccount', data: { kakaoId: '43', now } }).thenThrows(ConflictError);
  });

  it('hidden: refused', () => {
    spec.given([registered, hidden]).when({ type: 'LinkKakaoAccount', data: { kakaoId: '42', now } }).thenThrows(ForbiddenError);
  });
});

describe('RecordMailSent', () => {
  const record: UserCommand = { type: 'RecordMailSent', data: { mailId: 'm1', kind: 'verification', now } };
  const sent: UserEvent = { type: 'MailSent', data: { userId: 'u1', mailId: 'm1', kind: 'verification', sentAt: iso(now) } };

  it('records a mail once: a redelivered event records nothing', () => {
    spec.given([registered]).when(record).then([sent]);
    spec.given([registered, sent]).when(record).thenNothingHappens();
  });

  it('an account deleted meanwhile: nothing (the worker carries on); unknown: refused', () => {
    spec.given([registered, deleted]).when(record).thenNothingHappens();
    spec.given([]).when(record).thenThrows(NotFoundError);
  });
});
