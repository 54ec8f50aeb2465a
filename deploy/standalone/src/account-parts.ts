import { ACCOUNT_MESSAGES, PASSWORD_RESETS, passwordSchema, type PasswordResetDoc } from '@pocketguide/contracts';
import { ConfigError, type Config } from '@pocketguide/platform/config/config';
import type { Logger } from '@pocketguide/platform/logger';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import { openBlobStore, openCredentialStore, openMailer } from '@pocketguide/platform/composition/open-account-ports';
import { loadServerSecrets } from '@pocketguide/platform/auth/server-secrets';
import { createScryptPasswordHasher } from '@pocketguide/platform/auth/password-hasher';
import { createSecretTokens } from '@pocketguide/platform/auth/secret-tokens';
import { createAccessTokens, type AccessTokens } from '@pocketguide/platform/auth/access-tokens';
import type { SubscriptionHealth } from '@pocketguide/platform/http/health';
import { createUserAccessCache, followUserAccessChanges, type UserAccessFollowerStatus } from '@pocketguide/platform/auth/user-access';
import { createAuth, type Auth } from '@pocketguide/platform/auth/authenticate';
import { createLoginRateLimiter, type LoginRateLimiter } from '@pocketguide/platform/auth/login-rate-limiter';
import { createKakaoHttpClient, type KakaoClient } from '@pocketguide/platform/kakao/kakao-client';
import type { BlobStore } from '@pocketguide/platform/blob/blob-store';
import type { Mailer } from '@pocketguide/platform/mail/mailer';
import type { CredentialStore } from '@pocketguide/platform/credentials/credential-store';
import { createAccounts, type Accounts } from '@pocketguide/command-api/user/accounts';
import { randomIds, systemClock } from '@pocketguide/command-api/core/ids';
import type { WorkerDeps } from '@pocketguide/workers/registry';
import type { BillingWorkerDeps } from '@pocketguide/workers/billing/billing-worker';
import type { PaymentProvider } from '@pocketguide/platform/payments/payment-provider';
import { createBillingCommands } from '@pocketguide/command-api/payment/billing-commands';

/**
 * The account side of the composition: secrets, credential store, mailer, blobs, the auth middleware and the
 * account use cases, built once per process from configuration.
 */
export type AccountParts = {
  accounts: Accounts;
  auth: Auth;
  accessTokens: AccessTokens;
  loginLimiter: LoginRateLimiter;
  kakao: KakaoClient;
  blobs: BlobStore;
  mailer: Mailer;
  credentials: CredentialStore;
  findResetOwner(tokenHash: string): Promise<string | null>;
  workerDeps: WorkerDeps;
  /** the billing worker's ports, with the process's one payment provider (shared with the payment routes) */
  billingWorkerDeps(provider: PaymentProvider): BillingWorkerDeps;
  /** follows access changes made elsewhere; with `ensureAdmin`, ADMIN_EMAIL is made an active administrator */
  start(options: { ensureAdmin: boolean }): Promise<void>;
  /** the user-access follower's subscription, for /api/health */
  accessFollowerHealth(): SubscriptionHealth;
  close(): Promise<void>;
};

export async function openAccountParts(deps: { config: Config; logger: Logger; eventStore: EventStore; readStore: ReadStore }): Promise<AccountParts> {
  const { config, logger, eventStore, readStore } = deps;
  const secrets = loadServerSecrets(config, logger);
  const credentials = await openCredentialStore(config);
  const mailer = await openMailer(config);
  const blobs = await openBlobStore(config);
  const passwords = createScryptPasswordHasher({ logN: config.PASSWORD_SCRYPT_LOG_N });
  const secretTokens = createSecretTokens(secrets.tokenSecret);
  const accessTokens = createAccessTokens({ secret: secrets.jwtSecret, ttlSeconds: config.jwtTtlSeconds });

  // The use cases invalidate the cache and the cache loads through the use cases: each closure is called only
  // after both exist.
  const accounts: Accounts = createAccounts({
    eventStore,
    credentials,
    passwords,
    secretTokens,
    blobs,
    clock: systemClock,
    ids: randomIds,
    onAccessChanged: (userId) => accessCache.invalidate(userId),
  });
  const accessCache = createUserAccessCache({ load: (userId) => accounts.access(userId) });
  const ready = accounts;

  const resets = readStore.collection<PasswordResetDoc>(PASSWORD_RESETS);
  const following = new AbortController();
  let follower: Promise<void> = Promise.resolve();
  const accessFollower: UserAccessFollowerStatus & { ended?: boolean } = { position: null };

  return {
    accounts: ready,
    accessFollowerHealth: () => ({
      name: 'user-access',
      state: accessFollower.ended ? 'failed' : 'live',
      checkpoint: accessFollower.position,
      ...(accessFollower.lastError === undefined ? {} : { lastError: accessFollower.lastError }),
    }),
    auth: createAuth({ tokens: accessTokens, access: accessCache }),
    accessTokens,
    loginLimiter: createLoginRateLimiter(),
    kakao: createKakaoHttpClient({
      baseUrl: config.KAKAO_API_BASE,
      authBaseUrl: config.KAKAO_AUTH_BASE,
      restApiKey: config.KAKAO_REST_API_KEY,
      clientSecret: config.KAKAO_CLIENT_SECRET,
      timeoutMs: config.KAKAO_TIMEOUT_MS,
    }),
    blobs,
    mailer,
    credentials,
    async findResetOwner(tokenHash) {
      const reset = await resets.get(tokenHash);
      return reset?.userId ?? null;
    },
    workerDeps: {
      mail: {
        mailer,
        events: eventStore,
        secretTokens,
        publicBaseUrl: config.publicBaseUrl,
        recordMailSent: (input, causation) => ready.recordMailSent(input, causation),
      },
    },
    billingWorkerDeps: (provider) => ({
      events: eventStore,
      readStore,
      provider,
      // the commands and the worker read the same clock
      commands: createBillingCommands({ eventStore, clock: systemClock }),
      mailer,
      clock: systemClock,
      publicBaseUrl: config.publicBaseUrl,
      tickIntervalMs: config.BILLING_TICK_MS,
      onError: (error, context) => logger.error('billing failed', { ...context, error }),
    }),
    async start({ ensureAdmin }) {
      follower = followUserAccessChanges(eventStore, accessCache, following.signal, {
        status: accessFollower,
        onDrop: (error) => logger.warn('user access subscription dropped; resuming', { error }),
      }).catch((error: unknown) => {
        accessFollower.lastError = error instanceof Error ? error.message : String(error);
        accessFollower.ended = true;
        if (!following.signal.aborted) logger.error('following user access changes stopped', { error });
      });
      if (ensureAdmin && config.ADMIN_EMAIL) {
        if (config.ADMIN_PASSWORD !== undefined && !passwordSchema.safeParse(config.ADMIN_PASSWORD).success) {
          throw new ConfigError(`ADMIN_PASSWORD: ${ACCOUNT_MESSAGES.passwordInvalid} (${ACCOUNT_MESSAGES.passwordHint})`);
        }
        const input = { email: config.ADMIN_EMAIL, setPassword: 'if-missing' as const, ...(config.ADMIN_PASSWORD ? { password: config.ADMIN_PASSWORD } : {}) };
        // Two processes starting at once may race to create the account; the loser finds it on its second try.
        const result = await ready.ensureAdmin(input).catch(() => ready.ensureAdmin(input));
        logger.info(result.created ? 'administrator created' : 'administrator ensured', { email: config.ADMIN_EMAIL, userId: result.userId });
      }
    },
    async close() {
      following.abort();
      await follower;
      await mailer.close();
      await credentials.close();
    },
  };
}
