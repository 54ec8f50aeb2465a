import { describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT } from 'jose';
import { TooManyRequestsError, UnauthorizedError } from '../http/errors.ts';
import { createAccessTokens } from './access-tokens.ts';
import { createLoginRateLimiter } from './login-rate-limiter.ts';
import { createScryptPasswordHasher } from './password-hasher.ts';
import { createSecretTokens, safeEqual, sha256Hex } from './secret-tokens.ts';
import { createUserAccessCache, type UserAccess } from './user-access.ts';

const secret = Buffer.from('0123456789abcdef0123456789abcdef-test');

describe('scrypt password hashing', () => {
  const hasher = createScryptPasswordHasher({ logN: 10 });

  it('salted: the same password hashes differently and both verify; others do not', async () => {
    const [a, b] = await Promise.all([hasher.hash('Secret1!x'), hasher.hash('Secret1!x')]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(await hasher.verify('Secret1!x', a)).toBe(true);
    expect(await hasher.verify('Secret1!x', b)).toBe(true);
    expect(await hasher.verify('Secret1!y', a)).toBe(false);
    expect(await hasher.verify('', a)).toBe(false);
  });

  it('malformed or absurd stored values are no match, never an error', async () => {
    expect(await hasher.verify('x', 'plain-text')).toBe(false);
    expect(await hasher.verify('x', '$scrypt$ln=30,r=8,p=1$AAAA$AAAA')).toBe(false);
  });

  it('a hash at a lower cost verifies and asks to be upgraded', async () => {
    const weak = await createScryptPasswordHasher({ logN: 10 }).hash('Secret1!x');
    const stronger = createScryptPasswordHasher({ logN: 11 });
    expect(await stronger.verify('Secret1!x', weak)).toBe(true);
    expect(stronger.needsRehash(weak)).toBe(true);
    expect(stronger.needsRehash(await stronger.hash('Secret1!x'))).toBe(false);
  });

  it("OWASP's cost (N=2^17, r=8) runs within scrypt's memory ceiling", async () => {
    const owasp = createScryptPasswordHasher();
    const hash = await owasp.hash('Secret1!x');
    expect(hash.startsWith('$scrypt$ln=17,r=8,p=1$')).toBe(true);
    expect(await owasp.verify('Secret1!x', hash)).toBe(true);
  });
});

describe('session tokens (JWT, HS256 only)', () => {
  let clock = new Date('2026-03-01T09:00:00.000Z');
  const tokens = createAccessTokens({ secret, ttlSeconds: 3600, now: () => clock });

  it('round-trips the subject, the role and the session (a new id per token, the version it was issued under)', async () => {
    const token = await tokens.issue({ id: 'u1', role: 'user', sessionVersion: 3 });
    const session = await tokens.verify(token);
    expect(session).toMatchObject({
      id: 'u1',
      role: 'user',
      sessionVersion: 3,
      expiresAt: new Date(clock.getTime() + 3600_000),
    });
    expect(session.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const another = await tokens.verify(await tokens.issue({ id: 'u1', role: 'user' }));
    expect(another.sessionId).not.toBe(session.sessionId);
    expect(another.sessionVersion).toBe(0);
  });

  it('refuses a token issued in the future (beyond a minute of clock skew)', async () => {
    const ahead = createAccessTokens({ secret, ttlSeconds: 3600, now: () => new Date(clock.getTime() + 5 * 60_000) });
    await expect(tokens.verify(await ahead.issue({ id: 'u1', role: 'user' }))).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    const skewed = createAccessTokens({ secret, ttlSeconds: 3600, now: () => new Date(clock.getTime() + 30_000) });
    expect((await tokens.verify(await skewed.issue({ id: 'u1', role: 'user' }))).id).toBe('u1');
  });

  it('refuses expired tokens', async () => {
    const token = await tokens.issue({ id: 'u1', role: 'user' });
    clock = new Date(clock.getTime() + 3601_000);
    await expect(tokens.verify(token)).rejects.toThrow(/expired/);
    clock = new Date('2026-03-01T09:00:00.000Z');
  });

  it('a token verified before still expires on time, and a tampered copy of it is refused', async () => {
    const token = await tokens.issue({ id: 'u2', role: 'user' });
    expect(await tokens.verify(token)).toMatchObject({ id: 'u2', role: 'user' });
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'admin' })).toString('base64url')}.${signature}`;
    await expect(tokens.verify(forged)).rejects.toBeInstanceOf(UnauthorizedError);
    clock = new Date(clock.getTime() + 3601_000);
    await expect(tokens.verify(token)).rejects.toThrow(/expired/);
    clock = new Date('2026-03-01T09:00:00.000Z');
  });

  it('refuses another key, another algorithm, an unsigned token and garbage', async () => {
    const other = createAccessTokens({
      secret: Buffer.from('another-secret-of-thirty-two-bytes!!'),
      ttlSeconds: 60,
      now: () => clock,
    });
    await expect(tokens.verify(await other.issue({ id: 'u1', role: 'admin' }))).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    const iat = Math.floor(clock.getTime() / 1000);
    const hs512 = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('u1')
      .setIssuer('pocketguide')
      .setAudience('pocketguide-api')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 60)
      .sign(secret);
    await expect(tokens.verify(hs512)).rejects.toBeInstanceOf(UnauthorizedError);
    const unsigned = new UnsecuredJWT({ role: 'admin' })
      .setSubject('u1')
      .setIssuer('pocketguide')
      .setAudience('pocketguide-api')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 60)
      .encode();
    await expect(tokens.verify(unsigned)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(tokens.verify('not-a-token')).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('needs a 32-byte secret', () => {
    expect(() => createAccessTokens({ secret: Buffer.from('short'), ttlSeconds: 60 })).toThrow();
  });
});

describe('the failed-login limits', () => {
  it('10 failures for one account from one address in 15 minutes, then 429 with the wait; a success does not reset the other windows', () => {
    let at = 0;
    const limiter = createLoginRateLimiter({ now: () => at });
    for (let i = 0; i < 10; i++) {
      limiter.check('a@x.kr', '1.1.1.1');
      limiter.recordFailure('a@x.kr', '1.1.1.1');
      at += 1000;
    }
    const error = (() => {
      try {
        limiter.check('a@x.kr', '1.1.1.1');
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(TooManyRequestsError);
    // the first failure (at 0) leaves the window at 15 minutes: 14:50 from now
    expect((error as TooManyRequestsError).extra.headers?.['Retry-After']).toBe(String(15 * 60 - 10));
    limiter.check('a@x.kr', '2.2.2.2');
    limiter.check('b@x.kr', '1.1.1.1');
    at += 15 * 60_000;
    limiter.check('a@x.kr', '1.1.1.1');
  });

  it('failures from elsewhere never lock the owner out of their own address; 300 an hour per address', () => {
    let at = 0;
    const limiter = createLoginRateLimiter({ now: () => at });
    for (let i = 0; i < 110; i++) limiter.recordFailure('victim@x.kr', `10.0.${Math.floor(i / 5)}.${i % 5}`);
    limiter.check('victim@x.kr', '9.9.9.9');
    for (let i = 0; i < 300; i++) limiter.recordFailure(`user${i}@x.kr`, '6.6.6.6');
    expect(() => limiter.check('fresh@x.kr', '6.6.6.6')).toThrow(TooManyRequestsError);
    at += 60 * 60_000;
    limiter.check('fresh@x.kr', '6.6.6.6');
  });

  it('an attempt is counted before it is checked: parallel guesses cannot all pass; a success takes its own back', () => {
    const limiter = createLoginRateLimiter({ now: () => 0 });
    const reserved: Array<{ succeeded(): void }> = [];
    let refused = 0;
    // 50 guesses that all start before any password check ends.
    for (let i = 0; i < 50; i++) {
      try {
        reserved.push(limiter.attempt('a@x.kr', '1.1.1.1'));
      } catch (error) {
        expect(error).toBeInstanceOf(TooManyRequestsError);
        refused += 1;
      }
    }
    expect(reserved).toHaveLength(10);
    expect(refused).toBe(40);
    // The right password on the tenth frees the window for its owner.
    reserved[9]?.succeeded();
    expect(() => limiter.attempt('a@x.kr', '1.1.1.1')).not.toThrow();
  });

  it('a success clears the account-and-address window', () => {
    const limiter = createLoginRateLimiter({ now: () => 0 });
    for (let i = 0; i < 9; i++) limiter.recordFailure('a@x.kr', '1.1.1.1');
    limiter.recordSuccess('a@x.kr', '1.1.1.1');
    for (let i = 0; i < 9; i++) limiter.recordFailure('a@x.kr', '1.1.1.1');
    limiter.check('a@x.kr', '1.1.1.1');
  });

  it('forgets the oldest keys past its memory bound', () => {
    const limiter = createLoginRateLimiter({ now: () => 0, maxKeys: 30 });
    for (let i = 0; i < 10; i++) limiter.recordFailure('first@x.kr', '1.1.1.1');
    for (let i = 0; i < 40; i++) limiter.recordFailure(`other${i}@x.kr`, `2.2.2.${i}`);
    limiter.check('first@x.kr', '1.1.1.1');
  });
});

const SESSIONS = { sessionVersion: 0, endedSessions: [] };

describe('the user access cache', () => {
  it('loads once, serves from memory, reloads after an invalidation or the TTL', async () => {
    let at = 0;
    let current: UserAccess = { role: 'user', status: 'active', ...SESSIONS };
    let loads = 0;
    const cache = createUserAccessCache({ load: async () => (loads++, current), ttlMs: 1000, now: () => at });
    expect(await cache.get('u1')).toEqual({ role: 'user', status: 'active', ...SESSIONS });
    expect(await cache.get('u1')).toEqual({ role: 'user', status: 'active', ...SESSIONS });
    expect(loads).toBe(1);
    current = { role: 'user', status: 'hidden', ...SESSIONS };
    cache.invalidate('u1');
    expect((await cache.get('u1'))?.status).toBe('hidden');
    current = { role: 'admin', status: 'active', ...SESSIONS };
    at += 1001;
    expect(await cache.get('u1')).toEqual({ role: 'admin', status: 'active', ...SESSIONS });
  });

  it('a load that started before an invalidation does not store its stale answer', async () => {
    let release: () => void = () => {};
    const cache = createUserAccessCache({
      load: () =>
        new Promise<UserAccess>((done) => (release = () => done({ role: 'user', status: 'active', ...SESSIONS }))),
    });
    const pending = cache.get('u1');
    cache.invalidate('u1');
    release();
    await pending;
    let loaded = false;
    const fresh = createUserAccessCache({
      load: async () => ((loaded = true), { role: 'user', status: 'hidden', ...SESSIONS }),
    });
    expect((await fresh.get('u1'))?.status).toBe('hidden');
    expect(loaded).toBe(true);
  });
});

describe('mailed tokens', () => {
  it('derived from the id under the secret: stable, 64 hex characters, different per purpose, id and secret', () => {
    const tokens = createSecretTokens(secret);
    const token = tokens.derive('activation', 'id-1');
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens.derive('activation', 'id-1')).toBe(token);
    expect(tokens.derive('password-reset', 'id-1')).not.toBe(token);
    expect(tokens.derive('activation', 'id-2')).not.toBe(token);
    expect(
      createSecretTokens(Buffer.from('another-secret-of-thirty-two-bytes!!')).derive('activation', 'id-1'),
    ).not.toBe(token);
    expect(sha256Hex(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(safeEqual(token, token)).toBe(true);
    expect(safeEqual(token, token.slice(1))).toBe(false);
  });
});
