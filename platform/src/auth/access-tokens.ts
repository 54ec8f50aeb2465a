import { randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { UnauthorizedError } from '../http/errors.ts';

/**
 * Session tokens: JWTs signed with HS256 and nothing else (the verifier pins the algorithm, so `none` or an
 * RS/HS confusion is refused), with an issuer, an audience and an expiry. Each token is one session: it names
 * the session (`sid`, so a sign-out can end just that one) and the account's session version (`ver`) it was
 * issued under (a password change moves the version on and ends every older session). A token issued "in the
 * future" (beyond a minute of clock skew) is refused.
 */
export type AccessTokenSubject = { id: string; role: string; sessionVersion?: number };
export type VerifiedSession = {
  id: string;
  role: string;
  sessionId: string | null;
  sessionVersion: number;
  expiresAt: Date;
};

export interface AccessTokens {
  issue(subject: AccessTokenSubject): Promise<string>;
  /** the session of a valid token; an expired, forged or malformed one is a 401 */
  verify(token: string): Promise<VerifiedSession>;
}

const CLOCK_SKEW_SECONDS = 60;

const ISSUER = 'pocketguide';
const AUDIENCE = 'pocketguide-api';

export function createAccessTokens(options: {
  secret: Uint8Array;
  ttlSeconds: number;
  now?: () => Date;
}): AccessTokens {
  const { secret, ttlSeconds } = options;
  const now = options.now ?? (() => new Date());
  if (secret.length < 32) throw new Error('The JWT secret must be at least 32 bytes');
  // A token's signature and claims depend only on its text and the secret, so a verified token is remembered
  // (bounded, oldest first out) and only its expiry is checked again: the signature check is the costly part of
  // every signed-in read. Whether the account may still act (hidden, deleted, demoted) is checked per request
  // by the caller, never cached here.
  const verified = new Map<string, { subject: VerifiedSession; expiresAtMs: number }>();
  const VERIFIED_LIMIT = 10_000;
  const expired = () => new UnauthorizedError('Your session has expired. Please log in again.');
  return {
    async issue({ id, role, sessionVersion }) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ role, sid: randomUUID(), ver: sessionVersion ?? 0 })
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
        if (typeof payload.sub !== 'string' || typeof payload.role !== 'string')
          throw new UnauthorizedError('Invalid token');
        if ((payload.iat ?? 0) > now().getTime() / 1000 + CLOCK_SKEW_SECONDS)
          throw new UnauthorizedError('Invalid token');
        // tokens from before sessions were named carry neither claim: version 0, not revocable one by one
        const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
        const sessionVersion = typeof payload.ver === 'number' && Number.isInteger(payload.ver) ? payload.ver : 0;
        const expiresAtMs = (payload.exp ?? 0) * 1000;
        const subject: VerifiedSession = {
          id: payload.sub,
          role: payload.role,
          sessionId,
          sessionVersion,
          expiresAt: new Date(expiresAtMs),
        };
        if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value as string);
        verified.set(token, { subject, expiresAtMs });
        return subject;
      } catch (error) {
        if (error instanceof UnauthorizedError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw expired();
        throw new UnauthorizedError('Invalid token');
      }
    },
  };
}
