import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { UnauthorizedError } from '../http/errors.ts';

/**
 * Session tokens: JWTs signed with HS256 and nothing else (the verifier pins the algorithm, so `none` or an
 * RS/HS confusion is refused), with an issuer, an audience and an expiry.
 */
export type AccessTokenSubject = { id: string; role: string };

export interface AccessTokens {
  issue(subject: AccessTokenSubject): Promise<string>;
  /** the subject of a valid token; an expired, forged or malformed one is a 401 */
  verify(token: string): Promise<AccessTokenSubject>;
}

const ISSUER = 'pocketguide';
const AUDIENCE = 'pocketguide-api';

export function createAccessTokens(options: { secret: Uint8Array; ttlSeconds: number; now?: () => Date }): AccessTokens {
  const { secret, ttlSeconds } = options;
  const now = options.now ?? (() => new Date());
  if (secret.length < 32) throw new Error('The JWT secret must be at least 32 bytes');
  // A token's signature and claims depend only on its text and the secret, so a verified token is remembered
  // (bounded, oldest first out) and only its expiry is checked again: the signature check is the costly part of
  // every signed-in read. Whether the account may still act (hidden, deleted, demoted) is checked per request
  // by the caller, never cached here.
  const verified = new Map<string, { subject: AccessTokenSubject; expiresAtMs: number }>();
  const VERIFIED_LIMIT = 10_000;
  const expired = () => new UnauthorizedError('Your session has expired. Please log in again.');
  return {
    async issue({ id, role }) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(secret);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAtMs > now().getTime()) return known.subject;
        verified.delete(token);
        throw expired();
      }
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') throw new UnauthorizedError('Invalid token');
        const subject = { id: payload.sub, role: payload.role };
        if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value as string);
        verified.set(token, { subject, expiresAtMs: (payload.exp ?? 0) * 1000 });
        return subject;
      } catch (error) {
        if (error instanceof UnauthorizedError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw expired();
        throw new UnauthorizedError('Invalid token');
      }
    },
  };
}
