import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES as M,
  normaliseEmail,
  toSessionUser,
  toUserView,
  userEmailStream,
  userKakaoStream,
  userStream,
  emailReservationEventDecoder,
  kakaoLinkEventDecoder,
  userEventDecoder,
  type BillingCycle,
  type Language,
  type PaidPlan,
  type RecordMailSentInput,
  type Role,
  type SessionUser,
  type Signup,
  type UserProfile,
  type UserView,
} from '@pocketguide/contracts';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import type { CredentialStore } from '@pocketguide/platform/credentials/credential-store';
import type { PasswordHasher } from '@pocketguide/platform/auth/password-hasher';
import { sha256Hex, type SecretTokens } from '@pocketguide/platform/auth/secret-tokens';
import type { UserAccess } from '@pocketguide/platform/auth/user-access';
import type { BlobStore } from '@pocketguide/platform/blob/blob-store';
import type { KakaoProfile } from '@pocketguide/platform/kakao/kakao-client';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RevisionMismatchError,
  UnauthorizedError,
} from '@pocketguide/platform/http/errors';
import { commandStep as step, createCommandHandler, decodedWith, type CommandMetadata } from '../core/command-handler.ts';
import { deriveId, type Clock, type IdSource } from '../core/ids.ts';
import { emailReservationDecider } from './email-reservation-decider.ts';
import { kakaoLinkDecider } from './kakao-link-decider.ts';
import type { UserCommand } from './user-commands.ts';
import { userDecider } from './user-decider.ts';
import type { Account, UserState } from './user-state.ts';

/**
 * The account use cases. Each one is a short sequence of commands on the streams involved (the email
 * reservation, the Kakao link, the account), every step idempotent under the request's command id, so a retried
 * request (same Idempotency-Key) finishes what a failed one started and appends nothing twice.
 *
 * Secrets: passwords are hashed here and stored in the credential store, never in an event; activation and reset
 * tokens are derived from ids (see `platform/src/auth/secret-tokens.ts`) and only their SHA-256 reaches events.
 */
export type AccountsDeps = {
  eventStore: EventStore;
  credentials: CredentialStore;
  passwords: PasswordHasher;
  secretTokens: SecretTokens;
  blobs?: BlobStore;
  clock: Clock;
  ids: IdSource;
  /** told about every change to who may do what, so the auth check of the next request sees it */
  onAccessChanged?: (userId: string) => void;
};

export class EmailNotVerifiedError extends AppError {
  constructor() {
    super(409, 'conflict', M.notVerified);
  }
}

/**
 * A wrong password and an unknown email get the same answer (the spec allows 401 for both): a different status
 * would tell anyone which addresses have an account.
 */
const badCredentials = () => new UnauthorizedError(M.badCredentials);

/** Kakao accounts without a shared email get an address that can never receive mail (RFC 2606 `.invalid`). */
export const kakaoPlaceholderEmail = (kakaoId: string): string => `kakao-${kakaoId}@kakao.invalid`;

const SYSTEM = { userId: 'system', role: 'system' } as const;

export function accountToUserView(account: Account): UserView {
  return toUserView({
    id: account.userId,
    email: account.email,
    role: account.role,
    name: account.profile.name,
    companyName: account.profile.companyName,
    companyAddress: account.profile.companyAddress ?? '',
    companyPhone: account.profile.companyPhone ?? '',
    companyWebsite: account.profile.companyWebsite ?? '',
    mobile: account.profile.mobile ?? '',
    image: account.image,
    language: account.language,
    createdAt: account.registeredAt,
    isActivated: account.activated,
    isHidden: account.hidden,
    subscription: account.subscription,
    subscriptionType: account.subscriptionType,
    expiresAt: account.expiresAt,
    paymentMethod: account.paymentMethod,
    // counted by the read model; the command side does not know it
    guidebooksCount: 0,
  });
}

export const accountToSessionUser = (account: Account): SessionUser => toSessionUser(accountToUserView(account));

export function accessOf(state: UserState): UserAccess | null {
  if (state.status === 'none') return null;
  if (state.status === 'deleted') return { role: 'user', status: 'deleted', sessionVersion: 0, endedSessions: [] };
  const { account } = state;
  return {
    role: account.role,
    status: account.hidden ? 'hidden' : account.activated ? 'active' : 'not-activated',
    sessionVersion: account.sessionVersion,
    endedSessions: account.endedSessions.map((ended) => ended.sessionId),
  };
}

export function createAccounts(deps: AccountsDeps) {
  const { eventStore, credentials, passwords, secretTokens, clock } = deps;
  const handleUser = createCommandHandler(eventStore, userDecider, { toEvent: decodedWith(userEventDecoder) });
  const handleEmail = createCommandHandler(eventStore, emailReservationDecider, { toEvent: decodedWith(emailReservationEventDecoder) });
  const handleKakao = createCommandHandler(eventStore, kakaoLinkDecider, { toEvent: decodedWith(kakaoLinkEventDecoder) });
  const accessChanged = (userId: string) => deps.onAccessChanged?.(userId);

  // Reads fold the streams the way the commands do: through the handlers' own loaders, so the events are decoded once
  // the same way on both paths.
  const loadUser = async (userId: string): Promise<UserState> => (await handleUser.load(userStream(userId))).state;
  const loadReservation = (email: string) => handleEmail.load(userEmailStream(email));
  const loadKakaoLink = (kakaoId: string) => handleKakao.load(userKakaoStream(kakaoId));

  /** The account holding an email, read from its reservation stream (never from a read model). */
  async function userIdByEmail(email: string): Promise<string | null> {
    const { state } = await loadReservation(normaliseEmail(email));
    return state.status === 'reserved' ? state.userId : null;
  }

  async function registeredAccount(userId: string): Promise<Account> {
    const state = await loadUser(userId);
    if (state.status !== 'registered') throw new NotFoundError('User not found');
    return state.account;
  }

  async function accountByEmail(email: string): Promise<Account | null> {
    const userId = await userIdByEmail(email);
    if (!userId) return null;
    const state = await loadUser(userId);
    return state.status === 'registered' ? state.account : null;
  }

  const runUser = (userId: string, command: UserCommand, metadata: CommandMetadata) =>
    handleUser(userStream(userId), command, { metadata, retryOnConflict: true });

  /**
   * Reserves the email for `userId`: the first signup appends with "no stream"; a concurrent one loses the race,
   * retries once, and is refused by the decider. A reservation left by an account that was deleted, or that
   * never got registered, is released or taken over.
   */
  async function reserveEmail(email: string, userId: string, metadata: CommandMetadata): Promise<void> {
    const stream = userEmailStream(email);
    const reserve = (holderRegistered?: boolean, name = 'reserve-email') =>
      handleEmail(
        stream,
        { type: 'ReserveEmail', data: { email, userId, now: clock.now(), ...(holderRegistered === undefined ? {} : { holderRegistered }) } },
        { metadata: step(metadata, name), retryOnConflict: true },
      );
    try {
      await reserve();
      return;
    } catch (error) {
      if (error instanceof RevisionMismatchError) throw new ConflictError(M.emailTaken);
      if (!(error instanceof ConflictError)) throw error;
      const { state } = await loadReservation(email);
      if (state.status !== 'reserved' || state.userId === userId) throw error;
      const holder = await loadUser(state.userId);
      if (holder.status === 'registered') throw error;
      if (holder.status === 'deleted') {
        // A deletion that stopped before releasing the address: finish it.
        await releaseEmail(email, state.userId, step(metadata, 'release-deleted'));
        await reserve(undefined, 'reserve-email-again');
        return;
      }
      await reserve(false, 'take-over-email');
    }
  }

  function releaseEmail(email: string, userId: string, metadata: CommandMetadata) {
    return handleEmail(userEmailStream(email), { type: 'ReleaseEmail', data: { email, userId, now: clock.now() } }, { metadata, retryOnConflict: true });
  }

  function releaseKakao(kakaoId: string, userId: string, metadata: CommandMetadata) {
    return handleKakao(userKakaoStream(kakaoId), { type: 'ReleaseKakaoId', data: { kakaoId, userId, now: clock.now() } }, { metadata, retryOnConflict: true });
  }

  /**
   * Secrets (activation, reset) derive from the account and the command id together: command ids come from a
   * caller's Idempotency-Key, and anonymous callers share one scope, so two people sending the same key for two
   * addresses must still get tokens of their own.
   */
  function activationFor(userId: string, commandId: string) {
    const activationId = deriveId(`activation:${userId}:${commandId}`);
    return { activationId, tokenHash: sha256Hex(secretTokens.derive('activation', activationId)) };
  }

  /**
   * A hash of a random password at this hasher's cost, made once: what an unknown email's login is checked against,
   * so it costs one hash verification like a wrong password does.
   */
  let dummyHash: Promise<string> | undefined;
  const dummyPasswordHash = (): Promise<string> => (dummyHash ??= passwords.hash(randomBytes(24).toString('base64url')));

  /**
   * Checks email and password: unknown email or wrong password 401 (one answer, and one hash verification either
   * way, so neither the answer nor its time tells whether the address has an account); then hidden 403, unverified
   * 409 (only to whoever knows the password).
   */
  async function checkPassword(email: string, password: string): Promise<Account> {
    const userId = await userIdByEmail(email);
    const state = userId ? await loadUser(userId) : null;
    const stored = userId && state?.status === 'registered' ? await credentials.getPasswordHash(userId) : null;
    const matches = await passwords.verify(password, stored ?? (await dummyPasswordHash()));
    if (!userId || !stored || state?.status !== 'registered' || !matches) throw badCredentials();
    if (passwords.needsRehash(stored)) await credentials.setPasswordHash(userId, await passwords.hash(password));
    return state.account;
  }

  /**
   * POST /api/auth/kakao: signs in the account linked to this Kakao id; else links the account that holds the
   * same (Kakao-verified) email; else creates an active account. Ids derive from the Kakao id and the link
   * stream's revision, so two first sign-ins at once make one account.
   */
  async function signInWithKakao(profile: KakaoProfile, metadata: CommandMetadata): Promise<{ account: Account; created: boolean }> {
    const link = await loadKakaoLink(profile.id);
    if (link.state.status === 'claimed') {
      const linked = await loadUser(link.state.userId);
      if (linked.status === 'registered') {
        if (linked.account.hidden) throw new ForbiddenError(M.accountHidden);
        return { account: linked.account, created: false };
      }
      await releaseKakao(profile.id, link.state.userId, step(metadata, 'release-stale-kakao'));
      return signInWithKakao(profile, step(metadata, 'again'));
    }

    const generation = `${profile.id}:${link.revision}`;
    const kakaoStep = (name: string): CommandMetadata => ({
      ...metadata,
      commandId: deriveId(`kakao:${generation}:${name}`),
      causationId: metadata.commandId,
    });
    const email = profile.email ? normaliseEmail(profile.email) : kakaoPlaceholderEmail(profile.id);
    const existing = await accountByEmail(email);

    if (existing) {
      if (existing.hidden) throw new ForbiddenError(M.accountHidden);
      await handleKakao(
        userKakaoStream(profile.id),
        { type: 'ClaimKakaoId', data: { kakaoId: profile.id, userId: existing.userId, now: clock.now() } },
        { metadata: kakaoStep(`claim:${existing.userId}`), retryOnConflict: true },
      );
      await runUser(existing.userId, { type: 'LinkKakaoAccount', data: { kakaoId: profile.id, now: clock.now() } }, kakaoStep('link'));
      if (!existing.activated) {
        // Whoever signed up with this address never proved they own it; Kakao just did. Their password is
        // voided, so a squatter who pre-registered someone else's address cannot sign in to it.
        await credentials.delete(existing.userId);
        await runUser(existing.userId, { type: 'ActivateUser', data: { proof: { kind: 'kakao' }, now: clock.now() } }, kakaoStep('activate'));
        accessChanged(existing.userId);
      }
      return { account: await registeredAccount(existing.userId), created: false };
    }

    const userId = deriveId(`user-kakao:${generation}`);
    await handleKakao(
      userKakaoStream(profile.id),
      { type: 'ClaimKakaoId', data: { kakaoId: profile.id, userId, now: clock.now() } },
      { metadata: kakaoStep('claim'), retryOnConflict: true },
    );
    await reserveEmail(email, userId, kakaoStep('email'));
    const name = profile.nickname ?? 'Kakao user';
    await runUser(
      userId,
      { type: 'RegisterUser', data: { userId, email, profile: { name, companyName: '' }, via: 'kakao', activation: null, now: clock.now() } },
      kakaoStep('register'),
    );
    await runUser(userId, { type: 'LinkKakaoAccount', data: { kakaoId: profile.id, now: clock.now() } }, kakaoStep('link'));
    return { account: await registeredAccount(userId), created: true };
  }

  return {
    loadUser,
    userIdByEmail,
    registeredAccount,

    async access(userId: string): Promise<UserAccess | null> {
      return accessOf(await loadUser(userId));
    },

    /** POST /api/users. */
    async register(input: Signup, metadata: CommandMetadata): Promise<{ account: Account; position: number }> {
      // The address is part of the seed: another signup with the same (anonymous) Idempotency-Key is another account.
      const userId = deriveId(`user:${normaliseEmail(input.email)}:${metadata.commandId}`);
      await reserveEmail(input.email, userId, metadata);
      try {
        await credentials.setPasswordHash(userId, await passwords.hash(input.password));
        const { companyAddress, companyPhone, companyWebsite } = input;
        const profile: UserProfile = { name: input.name, companyName: input.companyName, companyAddress, companyPhone, companyWebsite };
        const result = await runUser(
          userId,
          {
            type: 'RegisterUser',
            data: {
              userId,
              email: input.email,
              profile,
              ...(input.language ? { language: input.language } : {}),
              via: 'signup',
              activation: activationFor(userId, metadata.commandId),
              ...(input.agreeToTerms === true ? { termsAccepted: true } : {}),
              now: clock.now(),
            },
          },
          step(metadata, 'register'),
        );
        if (result.state.status !== 'registered') throw new Error('registration did not register');
        return { account: result.state.account, position: result.position };
      } catch (error) {
        // Give the address back so the person can try again; a crash here is covered by the stale takeover.
        if ((await loadUser(userId)).status === 'none') {
          await releaseEmail(input.email, userId, step(metadata, 'release-email')).catch(() => undefined);
          await credentials.delete(userId).catch(() => undefined);
        }
        throw error;
      }
    },

    /** POST /api/auth: the account behind correct credentials that may sign in. */
    async signIn(email: string, password: string): Promise<Account> {
      const account = await checkPassword(email, password);
      if (account.hidden) throw new ForbiddenError(M.accountHidden);
      if (!account.activated) throw new EmailNotVerifiedError();
      return account;
    },

    /** GET /api/users/activate/{email}/{hash}. */
    async activate(email: string, tokenHash: string, metadata: CommandMetadata): Promise<{ position: number }> {
      const userId = await userIdByEmail(email);
      if (!userId) throw new NotFoundError(M.activationInvalid);
      const result = await runUser(userId, { type: 'ActivateUser', data: { proof: { kind: 'link', tokenHash }, now: clock.now() } }, metadata);
      accessChanged(userId);
      return { position: result.position };
    },

    /** GET /api/users/verify/{email}: a new activation mail. */
    async resendVerification(email: string, metadata: CommandMetadata): Promise<{ position: number }> {
      const userId = await userIdByEmail(email);
      if (!userId) throw new NotFoundError('There is no account with this email');
      const { activationId, tokenHash } = activationFor(userId, metadata.commandId);
      const result = await runUser(userId, { type: 'ResendVerification', data: { activationId, tokenHash, now: clock.now() } }, metadata);
      return { position: result.position };
    },

    /** POST /api/password-resets; `link` is already checked. Unknown or blocked accounts are refused (404, 403). */
    async requestPasswordReset(email: string, link: string, metadata: CommandMetadata): Promise<{ position: number }> {
      const userId = await userIdByEmail(email);
      if (!userId) throw new NotFoundError('There is no account with this email');
      const resetId = deriveId(`password-reset:${userId}:${metadata.commandId}`);
      const tokenHash = sha256Hex(secretTokens.derive('password-reset', resetId));
      const result = await runUser(userId, { type: 'RequestPasswordReset', data: { resetId, tokenHash, link, now: clock.now() } }, metadata);
      return { position: result.position };
    },

    /**
     * PUT /api/password-resets/{token}. The token is checked on the stream before the new password is stored,
     * and the reset is recorded after, so a failure in between leaves the link usable rather than spent.
     */
    async completePasswordReset(userId: string, tokenHash: string, password: string, metadata: CommandMetadata): Promise<{ position: number }> {
      const command: UserCommand = { type: 'CompletePasswordReset', data: { tokenHash, now: clock.now() } };
      userDecider.decide(command, await loadUser(userId));
      await credentials.setPasswordHash(userId, await passwords.hash(password));
      const result = await runUser(userId, command, metadata);
      accessChanged(userId);
      return { position: result.position };
    },

    /**
     * PUT /api/users/{id}/password, after the old password was checked. Every session signed in before ends; the
     * caller is given the account as it is now, to sign the device that asked in again.
     */
    async changePassword(userId: string, password: string, metadata: CommandMetadata): Promise<{ account: Account; position: number }> {
      const command: UserCommand = { type: 'ChangePassword', data: { via: 'change', now: clock.now() } };
      userDecider.decide(command, await loadUser(userId));
      await credentials.setPasswordHash(userId, await passwords.hash(password));
      const result = await runUser(userId, command, metadata);
      accessChanged(userId);
      if (result.state.status !== 'registered') throw new NotFoundError('User not found');
      return { account: result.state.account, position: result.position };
    },

    /** POST /api/users/sign-out: the calling session's token is refused from now on. */
    async signOut(userId: string, sessionId: string, until: Date, metadata: CommandMetadata): Promise<{ position: number }> {
      const result = await runUser(userId, { type: 'SignOut', data: { sessionId, until, now: clock.now() } }, metadata);
      accessChanged(userId);
      return { position: result.position };
    },

    /** PUT /api/users/{id}. */
    async updateProfile(userId: string, profile: UserProfile, language: Language | undefined, metadata: CommandMetadata) {
      const result = await runUser(userId, { type: 'UpdateProfile', data: { profile, ...(language ? { language } : {}), now: clock.now() } }, metadata);
      if (result.state.status !== 'registered') throw new NotFoundError('User not found');
      return { account: result.state.account, position: result.position };
    },

    /** PUT /api/users/{id}/image, once the image is stored. */
    async changeImage(userId: string, image: string, metadata: CommandMetadata) {
      const result = await runUser(userId, { type: 'ChangeUserImage', data: { image, now: clock.now() } }, metadata);
      if (result.state.status !== 'registered') throw new NotFoundError('User not found');
      return { account: result.state.account, position: result.position };
    },

    /** PATCH /api/users/{id} (administrators). */
    async setHidden(userId: string, isHidden: boolean, metadata: CommandMetadata) {
      const result = await runUser(userId, { type: 'SetUserHidden', data: { isHidden, now: clock.now() } }, metadata);
      accessChanged(userId);
      if (result.state.status !== 'registered') throw new NotFoundError('User not found');
      return { account: result.state.account, position: result.position };
    },

    /**
     * DELETE /api/users/{id} (administrators): the account is closed by an event, then its email and Kakao id
     * are released, its password and portrait erased. A retry after a partial failure finishes the job.
     */
    async deleteUser(userId: string, metadata: CommandMetadata): Promise<{ position: number }> {
      const result = await runUser(userId, { type: 'DeleteUser', data: { now: clock.now() } }, step(metadata, 'delete'));
      accessChanged(userId);
      const state = result.state;
      if (state.status !== 'deleted') throw new Error('deletion did not delete');
      await releaseEmail(state.email, userId, step(metadata, 'release-email'));
      if (state.kakaoId) await releaseKakao(state.kakaoId, userId, step(metadata, 'release-kakao'));
      await credentials.delete(userId);
      if (deps.blobs) {
        const blobs = deps.blobs;
        await Promise.all((await blobs.list(`users/${userId}`)).map((key) => blobs.delete(key)));
      }
      return { position: Math.max(result.position, await eventStore.headPosition()) };
    },

    signInWithKakao,

    /**
     * The first administrator (`npm run admin:create`, ADMIN_EMAIL at start): creates the account as an active
     * administrator, or promotes, activates and unhides an existing one. The password is set when given and
     * `setPassword` says when: 'always' (the CLI) or 'if-missing' (every start, so a changed password stays).
     */
    async ensureAdmin(input: { email: string; password?: string; setPassword: 'always' | 'if-missing' }): Promise<{ userId: string; created: boolean; passwordSet: boolean }> {
      const email = normaliseEmail(input.email);
      const metadata = (name: string): CommandMetadata => ({ ...SYSTEM, commandId: deps.ids.newId(), correlationId: `ensure-admin:${name}` });
      const existing = await accountByEmail(email);
      if (!existing) {
        if (!input.password) throw new Error(`There is no account ${email}: give a password to create it`);
        const userId = deriveId(`admin:${email}:${deps.ids.newId()}`);
        await reserveEmail(email, userId, metadata('reserve'));
        await credentials.setPasswordHash(userId, await passwords.hash(input.password));
        const name = email.split('@')[0]?.slice(0, 100) || 'Administrator';
        await runUser(
          userId,
          { type: 'RegisterUser', data: { userId, email, profile: { name, companyName: 'PocketGuide' }, role: 'admin', via: 'admin', activation: null, now: clock.now() } },
          metadata('register'),
        );
        return { userId, created: true, passwordSet: true };
      }
      const userId = existing.userId;
      const role: Role = 'admin';
      await runUser(userId, { type: 'ChangeUserRole', data: { role, now: clock.now() } }, metadata('role'));
      await runUser(userId, { type: 'ActivateUser', data: { proof: { kind: 'admin' }, now: clock.now() } }, metadata('activate'));
      await runUser(userId, { type: 'SetUserHidden', data: { isHidden: false, now: clock.now() } }, metadata('unhide'));
      accessChanged(userId);
      let passwordSet = false;
      const hasPassword = (await credentials.getPasswordHash(userId)) !== null;
      if (input.password && (input.setPassword === 'always' || !hasPassword)) {
        await credentials.setPasswordHash(userId, await passwords.hash(input.password));
        await runUser(userId, { type: 'ChangePassword', data: { via: 'admin', now: clock.now() } }, metadata('password'));
        passwordSet = true;
      }
      return { userId, created: false, passwordSet };
    },

    /**
     * The administrator subscription calls (spec 2 §7): subscribe, one month, unsubscribe, change plan. Each
     * answers the account as it is after the command.
     */
    async changeSubscription(
      userId: string,
      change: { type: 'SubscribeUser'; plan: PaidPlan; billingCycle: BillingCycle } | { type: 'UnsubscribeUser'; by: 'admin' | 'self' } | { type: 'ChangeUserPlan'; plan: PaidPlan },
      metadata: CommandMetadata,
    ): Promise<{ account: Account; position: number }> {
      const now = clock.now();
      const command: UserCommand =
        change.type === 'SubscribeUser'
          ? { type: 'SubscribeUser', data: { plan: change.plan, billingCycle: change.billingCycle, now } }
          : change.type === 'UnsubscribeUser'
            ? { type: 'UnsubscribeUser', data: { by: change.by, now } }
            : { type: 'ChangeUserPlan', data: { plan: change.plan, now } };
      const result = await runUser(userId, command, metadata);
      if (result.state.status !== 'registered') throw new NotFoundError('User not found');
      return { account: result.state.account, position: result.position };
    },

    /** The mail worker's command: one MailSent per mail id, whatever the number of deliveries. */
    async recordMailSent(input: RecordMailSentInput, causation: { eventId: string; correlationId?: string }): Promise<void> {
      const metadata: CommandMetadata = {
        ...SYSTEM,
        commandId: deriveId(`mail-sent:${input.mailId}`),
        causationId: causation.eventId,
        correlationId: causation.correlationId ?? causation.eventId,
      };
      await runUser(input.userId, { type: 'RecordMailSent', data: { mailId: input.mailId, kind: input.kind, now: new Date(input.sentAt) } }, metadata);
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
