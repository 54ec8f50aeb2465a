import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ForbiddenError, UnauthorizedError } from '../http/errors.ts';
import type { AccessTokens } from './access-tokens.ts';
import type { UserAccessLookup } from './user-access.ts';

/** The caller, as the auth middleware established it. Any role other than 'user' is an administrator. */
export type AuthUser = {
  id: string;
  role: string;
  isAdmin: boolean;
  /** the session the token names (null for tokens from before sessions were named) and when it expires */
  session?: { id: string | null; expiresAt: Date };
};

declare module 'express-serve-static-core' {
  interface Request {
    /** set by the auth middleware on routes that identify the caller */
    user?: AuthUser;
  }
}

const HIDDEN_MESSAGE = 'This account has been suspended. Please contact the administrator.';
/** a password change or reset, or this session's own sign-out, ended the session */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

/**
 * Where a request carries its token: `Authorization: Bearer <jwt>`, or (one reading of the spec) the query
 * string as `?access_token=` or `?token=`. The header wins when both are present.
 */
export function requestToken(req: Request): string | null {
  const header = req.get('authorization');
  const bearer = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  if (bearer) return bearer;
  for (const name of ['access_token', 'token']) {
    const value = req.query[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

export type Auth = {
  /** identifies the caller when a token is present; a bad token is refused, no token passes anonymously */
  optional: RequestHandler;
  /** signed in (401 otherwise) */
  required: RequestHandler;
  /** signed in as an administrator (401 anonymous, 403 for users) */
  admin: RequestHandler;
  /** signed in as the user named by the route parameter, or as an administrator */
  selfOrAdmin(param: string): RequestHandler;
};

export function createAuth({ tokens, access }: { tokens: AccessTokens; access: UserAccessLookup }): Auth {
  async function identify(req: Request): Promise<AuthUser | null> {
    const token = requestToken(req);
    if (token === null) return null;
    const subject = await tokens.verify(token);
    // The token says who; the current state says whether, and with which role.
    const current = await access.get(subject.id);
    if (!current || current.status === 'deleted') throw new UnauthorizedError('This account no longer exists');
    if (current.status === 'hidden') throw new ForbiddenError(HIDDEN_MESSAGE);
    if (current.status !== 'active') throw new UnauthorizedError('Please verify your email first');
    const ended =
      subject.sessionVersion !== current.sessionVersion ||
      (subject.sessionId !== null && current.endedSessions.includes(subject.sessionId));
    if (ended) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
    return {
      id: subject.id,
      role: current.role,
      isAdmin: current.role !== 'user',
      session: { id: subject.sessionId, expiresAt: subject.expiresAt },
    };
  }

  const guard =
    (check: (user: AuthUser | null, req: Request) => void): RequestHandler =>
    async (req: Request, _res: Response, next: NextFunction) => {
      try {
        const user = await identify(req);
        if (user) req.user = user;
        check(user, req);
      } catch (error) {
        next(error);
        return;
      }
      next();
    };

  const signedIn = (user: AuthUser | null): AuthUser => {
    if (!user) throw new UnauthorizedError('Please log in');
    return user;
  };

  return {
    optional: guard(() => {}),
    required: guard((user) => void signedIn(user)),
    admin: guard((user) => {
      if (!signedIn(user).isAdmin) throw new ForbiddenError('Administrators only');
    }),
    selfOrAdmin: (param) =>
      guard((user, req) => {
        const caller = signedIn(user);
        if (!caller.isAdmin && req.params[param] !== caller.id)
          throw new ForbiddenError('You may only see and change your own account');
      }),
  };
}
