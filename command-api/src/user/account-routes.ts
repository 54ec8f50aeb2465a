import { Router, type Request, type Response } from 'express';
import {
  ACCOUNT_MESSAGES as M,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_SIZE,
  activationHashSchema,
  adminUserPatchBodySchema,
  changePasswordBodySchema,
  emailSchema,
  fileTooBigMessage,
  kakaoAuthBodySchema,
  kakaoCodeBodySchema,
  normaliseEmail,
  passwordResetRequestBodySchema,
  languageUpdateBodySchema,
  profileUpdateBodySchema,
  resetPasswordBodySchema,
  resetTokenSchema,
  signupBodySchema,
  type AccountAck,
  type PasswordChangeAck,
  type AuthResponse,
  type KakaoAuthResponse,
  type SignupAccepted,
  type UserUpdated,
} from '@pocketguide/contracts';
import type { AccessTokens } from '@pocketguide/platform/auth/access-tokens';
import type { Auth, AuthUser } from '@pocketguide/platform/auth/authenticate';
import { basicCredentials, clientAddress } from '@pocketguide/platform/auth/basic-credentials';
import type { LoginRateLimiter } from '@pocketguide/platform/auth/login-rate-limiter';
import { sha256Hex } from '@pocketguide/platform/auth/secret-tokens';
import type { BlobStore } from '@pocketguide/platform/blob/blob-store';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '@pocketguide/platform/http/errors';
import { pathParam } from '@pocketguide/platform/http/path-param';
import { receiveSingleFile } from '@pocketguide/platform/http/file-upload';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import { preparePortrait } from '@pocketguide/platform/images/portrait';
import type { KakaoClient } from '@pocketguide/platform/kakao/kakao-client';
import type { IdSource } from '../core/ids.ts';
import { commandMetadata } from '../core/request-context.ts';
import { accountToSessionUser, accountToUserView, type Accounts } from './accounts.ts';
import type { Account } from './user-state.ts';

export type AccountRoutesDeps = {
  accounts: Accounts;
  auth: Auth;
  tokens: AccessTokens;
  loginLimiter: LoginRateLimiter;
  kakao: KakaoClient;
  blobs: BlobStore;
  ids: IdSource;
  /** the site's address: the reset page a mail may link to must be on it */
  publicBaseUrl: string;
  /** which account an open reset link belongs to (the password-resets read model); the stream decides the rest */
  findResetOwner(tokenHash: string): Promise<string | null>;
};

/**
 * The reset page a mail links to: the one the client named if it is on this site, else the site's own. Any other
 * origin is ignored, or anyone could have a valid reset token mailed to a victim inside a link to their server.
 */
export function resetPageLink(requested: string | undefined, publicBaseUrl: string): string {
  const own = new URL(publicBaseUrl);
  const fallback = `${own.origin}/reset-password`;
  if (!requested) return fallback;
  try {
    const url = new URL(requested);
    if (url.origin !== own.origin) return fallback;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return fallback;
  }
}

/** The `:id` of the route. */
const idParam = (req: Request): string => pathParam(req, 'id', 'User not found');

/** The caller (set by the auth middleware on this route). */
function caller(req: Request): AuthUser {
  if (!req.user) throw new UnauthorizedError('Please log in');
  return req.user;
}

/** Every account call that changes state (spec 2 §7 accounts; spec 3 §7 user administration). */
export function accountCommandRoutes(deps: AccountRoutesDeps): Router {
  const { accounts, auth, tokens, loginLimiter, kakao, blobs, ids } = deps;
  const router = Router();

  const session = async (account: Account): Promise<AuthResponse> => ({
    token: await tokens.issue({ id: account.userId, role: account.role, sessionVersion: account.sessionVersion }),
    user: accountToSessionUser(account),
  });

  /**
   * A password check under the failed-login limits: the attempt is reserved first (refused when a window is full);
   * a wrong password or unknown email leaves it counted as a failure.
   */
  async function checkedSignIn(req: Request): Promise<Account> {
    const credentials = basicCredentials(req);
    if (!credentials || credentials.email.trim() === '' || credentials.password === '') {
      throw new UnauthorizedError(M.badCredentials);
    }
    const email = normaliseEmail(credentials.email);
    const address = clientAddress(req);
    // Counted before the password is checked, so parallel guesses cannot all be tried.
    const reservation = loginLimiter.attempt(email, address);
    try {
      const account = await accounts.signIn(email, credentials.password);
      reservation.succeeded();
      return account;
    } catch (error) {
      // Only a wrong password or an unknown email is a failure; anything else (the password was right) is not.
      if (!(error instanceof UnauthorizedError || error instanceof NotFoundError)) reservation.succeeded();
      throw error;
    }
  }

  // ---- signup, login, activation ----

  // A token sent along (one reading of the spec) is accepted and ignored: anyone may sign up.
  router.post('/users', async (req, res) => {
    const body = parseOrThrow(signupBodySchema, req.body);
    const { account, position } = await accounts.register(body, commandMetadata(req, ids));
    const answer: SignupAccepted = {
      _id: account.userId,
      id: account.userId,
      email: account.email,
      position,
      message: 'Welcome! Please check your email to verify your account.',
    };
    res.status(201).location(`/api/users/${account.userId}`).json(answer);
  });

  router.post('/auth', async (req, res) => {
    const account = await checkedSignIn(req);
    res.status(201).json(await session(account));
  });

  router.post('/auth/kakao', async (req, res) => {
    const { accessToken } = parseOrThrow(kakaoAuthBodySchema, req.body);
    const profile = await kakao.me(accessToken);
    const { account, created } = await accounts.signInWithKakao(profile, commandMetadata(req, ids));
    const answer: KakaoAuthResponse = { success: true, created, ...(await session(account)) };
    res.status(201).json(answer);
  });

  // The web's Kakao button: Kakao's login page came back to /login/kakao with a code (the page checked its state);
  // the code becomes a token here, with the REST API key and client secret only the server holds.
  router.post('/auth/kakao/code', async (req, res) => {
    const { code, redirectUri } = parseOrThrow(kakaoCodeBodySchema, req.body);
    if (!kakao.exchangeCode) throw new NotFoundError('Kakao sign-in is not configured.');
    const accessToken = await kakao.exchangeCode(code, redirectUri);
    const profile = await kakao.me(accessToken);
    const { account, created } = await accounts.signInWithKakao(profile, commandMetadata(req, ids));
    const answer: KakaoAuthResponse = { success: true, created, ...(await session(account)) };
    res.status(201).json(answer);
  });

  router.get('/users/activate/:email/:hash', async (req, res) => {
    const email = emailSchema.safeParse(req.params.email);
    const hash = activationHashSchema.safeParse(req.params.hash);
    if (!email.success || !hash.success) throw new NotFoundError(M.activationInvalid);
    const { position } = await accounts.activate(email.data, sha256Hex(hash.data), commandMetadata(req, ids));
    const answer: AccountAck = { message: 'Your email has been verified. Please log in.', position };
    res.json(answer);
  });

  // Spec 2 §7 resends with `GET users/verify/{email}` (200 ok), so a client written from the spec works; the web
  // sends POST. Either resends at most as often as the mail quota allows and only to an unverified account, so a
  // prefetcher following the GET costs at most one more mail to its owner.
  const resendVerification = async (req: Request, res: Response) => {
    const email = parseOrThrow(emailSchema, req.params.email, 'email');
    const { position } = await accounts.resendVerification(email, commandMetadata(req, ids));
    const answer: AccountAck = { message: M.verificationResent, position };
    res.json(answer);
  };
  router.get('/users/verify/:email', resendVerification);
  router.post('/users/verify/:email', resendVerification);

  // ---- password reset ----

  router.post('/password-resets', async (req, res) => {
    const { email, link } = parseOrThrow(passwordResetRequestBodySchema, req.body);
    try {
      await accounts.requestPasswordReset(email, resetPageLink(link, deps.publicBaseUrl), commandMetadata(req, ids));
    } catch (error) {
      // The same answer whether or not the address has an account, so this form cannot be used to probe for one.
      if (!(error instanceof NotFoundError || error instanceof ForbiddenError)) throw error;
    }
    const answer: AccountAck = { message: M.resetRequested };
    res.status(202).json(answer);
  });

  router.put('/password-resets/:token', async (req, res) => {
    const token = resetTokenSchema.safeParse(req.params.token);
    if (!token.success) throw new NotFoundError(M.linkInvalid);
    const { password } = parseOrThrow(resetPasswordBodySchema, req.body);
    const tokenHash = sha256Hex(token.data);
    const userId = await deps.findResetOwner(tokenHash);
    if (!userId) throw new NotFoundError(M.linkInvalid);
    const { position } = await accounts.completePasswordReset(userId, tokenHash, password, commandMetadata(req, ids));
    const answer: AccountAck = { message: M.passwordReset, position };
    res.json(answer);
  });

  // ---- the signed-in person's own account (or an administrator) ----

  router.put('/users/:id', auth.selfOrAdmin('id'), async (req, res) => {
    const user = caller(req);
    const current = await accounts.registeredAccount(idParam(req));
    const languageOnly = languageUpdateBodySchema.safeParse(req.body);
    if (languageOnly.success) {
      const { account, position } = await accounts.updateProfile(idParam(req), current.profile, languageOnly.data.language, commandMetadata(req, ids, user));
      const answer: UserUpdated = { ...accountToUserView(account), position };
      res.json(answer);
      return;
    }
    const body = parseOrThrow(profileUpdateBodySchema, req.body);
    if (body.email !== undefined && normaliseEmail(body.email) !== current.email) {
      throw new ValidationError(M.emailReadOnly, [{ path: 'email', message: M.emailReadOnly }]);
    }
    const { name, companyName, companyAddress, companyPhone, companyWebsite, mobile, language } = body;
    const { account, position } = await accounts.updateProfile(
      idParam(req),
      { name, companyName, companyAddress, companyPhone, companyWebsite, mobile },
      language,
      commandMetadata(req, ids, user),
    );
    const answer: UserUpdated = { ...accountToUserView(account), position };
    res.json(answer);
  });

  // HTTP Basic with the email and the OLD password (spec): the credentials are the authorisation here.
  router.put('/users/:id/password', async (req, res) => {
    const account = await checkedSignIn(req);
    if (account.userId !== idParam(req)) throw new ForbiddenError('You may only change your own password');
    const { password } = parseOrThrow(changePasswordBodySchema, req.body);
    const changed = await accounts.changePassword(account.userId, password, commandMetadata(req, ids, { id: account.userId, role: account.role }));
    const { token } = await session(changed.account);
    const answer: PasswordChangeAck = { message: M.passwordChanged, position: changed.position, token };
    res.json(answer);
  });

  // Ends the calling session: its token is refused from now on, everywhere (other devices stay signed in).
  router.post('/auth/sign-out', auth.required, async (req, res) => {
    const user = caller(req);
    if (user.session?.id) {
      await accounts.signOut(user.id, user.session.id, user.session.expiresAt, commandMetadata(req, ids, user));
    }
    res.status(204).end();
  });

  router.put('/users/:id/image', auth.selfOrAdmin('id'), async (req, res) => {
    const user = caller(req);
    const userId = idParam(req);
    await accounts.registeredAccount(userId);
    const file = await receiveSingleFile(req, res, {
      maxBytes: PROFILE_IMAGE_MAX_BYTES,
      tooBig: (size) => fileTooBigMessage(size),
      oneFileMessage: M.oneFile,
    });
    const portrait = await preparePortrait(file.bytes, { size: PROFILE_IMAGE_SIZE, unsupportedMessage: M.imageTypeInvalid });
    const { url } = await blobs.put(`users/${userId}/${portrait.name}`, portrait.bytes, portrait.contentType);
    const { account, position } = await accounts.changeImage(userId, url, commandMetadata(req, ids, user));
    const answer: UserUpdated = { ...accountToUserView(account), position };
    res.json(answer);
  });

  // ---- administrators ----

  router.patch('/users/:id', auth.admin, async (req, res) => {
    const user = caller(req);
    const { isHidden } = parseOrThrow(adminUserPatchBodySchema, req.body);
    if (idParam(req) === user.id && isHidden) throw new ForbiddenError('You cannot hide your own account');
    const { account, position } = await accounts.setHidden(idParam(req), isHidden, commandMetadata(req, ids, user));
    const answer: UserUpdated = { ...accountToUserView(account), position };
    res.json(answer);
  });

  router.delete('/users/:id', auth.admin, async (req, res) => {
    const user = caller(req);
    if (idParam(req) === user.id) throw new ForbiddenError('You cannot delete your own account');
    const { position } = await accounts.deleteUser(idParam(req), commandMetadata(req, ids, user));
    const answer: AccountAck = { message: 'The user has been deleted', position };
    res.json(answer);
  });

  return router;
}
