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
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') throw new UnauthorizedError('Invalid token');
        return { id: payload.sub, role: payload.role };
      } catch (error) {
        if (error instanceof UnauthorizedError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new UnauthorizedError('Your session has expired. Please log in again.');
        throw new UnauthorizedError('Invalid token');
      }
    },
  };
}
