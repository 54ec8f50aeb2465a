import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Configuration comes from the environment, validated once by the process's composition root. A URL present
 * for an engine selects the real engine; without it the embedded adapter is used. Every key is documented in
 * `.env.example`.
 */
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const optionalText = optionalUrl;

/** A secret: blank means unset; when set it must be long enough to resist guessing. */
const optionalSecret = z
  .string()
  .transform((v) => (v.trim() === '' ? undefined : v))
  .pipe(z.string().min(32, 'must be at least 32 characters').optional())
  .optional();

/**
 * Blob storage: an S3-compatible bucket when S3_BUCKET is set (with its credentials), else files under
 * DATA_DIR/blobs. Kept apart so the contract tests can read the same keys (`loadS3Settings`).
 */
const s3Keys = {
  /** an S3-compatible server (MinIO, Ceph, R2…); unset: AWS S3 itself */
  S3_ENDPOINT: optionalUrl.pipe(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL such as http://minio:9000' }).optional()),
  S3_REGION: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || 'us-east-1'),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3-63 lowercase letters, digits, dots and hyphens')
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: z
    .string()
    .transform((v) => (v.trim() === '' ? undefined : v))
    .optional(),
  /** `true`: <endpoint>/<bucket>/<key> addresses; `false`: <bucket>.<endpoint>. Unset: true exactly when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: z.enum(['', 'true', 'false'], { message: 'true or false' }).optional(),
  /** where the bucket (or a CDN in front of it) serves keys to browsers; unset: /media streams them */
  S3_PUBLIC_BASE_URL: optionalUrl.pipe(
    z.url({ protocol: /^https?$/, message: 'must be an http(s) URL such as https://cdn.example.com/media' }).optional(),
  ),
};

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** folder for the embedded SQLite files, blobs and the mail outbox */
  DATA_DIR: z.string().default('./data'),
  /** where the built web app is served from */
  WEB_DIST: z.string().default('./web/dist'),
  /** the address readers and mails use for links, without a trailing slash */
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** another name of PUBLIC_BASE_URL (the one people try first); blank is unset. Read into PUBLIC_BASE_URL (`publicBaseUrlOf`). */
  PUBLIC_URL: optionalUrl.pipe(
    z.url({ protocol: /^https?$/, message: 'must be an http(s) URL such as https://guide.example.com (PUBLIC_URL is another name of PUBLIC_BASE_URL)' }).optional(),
  ),
  /**
   * Origins added to the app's Content-Security-Policy (scripts, connections, frames, images), space separated:
   * third-party widgets the web build was given, such as VITE_SUPPORT_CHAT_URL's origin.
   */
  CSP_EXTRA_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(/\s+/).filter((origin) => origin !== ''))
    .pipe(z.array(z.url({ protocol: /^https$/, message: 'each origin must be https://host' }))),
  /**
   * `true`: the mail outbox (`GET /api/dev/outbox`, outbox mailer only, never in production) may also be read
   * without signing in, from this machine's loopback address (a developer's or a test's). Otherwise only an
   * administrator reads it: its mails hold live activation and reset links.
   */
  OUTBOX_LOOPBACK: z.enum(['', 'true', 'false', '1', '0'], { message: 'true or false' }).default('').transform((value) => value === 'true' || value === '1'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** which roles this process runs (comma separated); the standalone run uses all */
  ROLES: z.string().default('command-api,query-api,projections,workers,relay'),
  /** largest JSON body accepted, in bytes */
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(4_194_304),
  /** new accounts one address (IP) may create in an hour */
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(10),
  /** mails one address may make the server send in an hour: signups, verification resends, reset links */
  MAILS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(30),
  /** guidebook writes (saves, edits, uploads, settings) one person may send in a minute */
  GUIDEBOOK_WRITES_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** bytes of guidebook writes one person may send in ten minutes */
  GUIDEBOOK_WRITE_BYTES_PER_10_MINUTES: z.coerce.number().int().positive().default(100_000_000),
  /** how long a read with ?after=<position> waits for the projections, in ms */
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),

  /**
   * PostgreSQL (postgres://user:password@host:5432/database): the event store, the read store and the credential
   * store, each in a schema of its own. EVENTSTORE_URL and MONGO_URL, when also set, win for their stores.
   */
  DATABASE_URL: optionalUrl.pipe(
    z
      .string()
      .regex(/^postgres(?:ql)?:\/\/\S+$/, 'must be a PostgreSQL URL such as postgres://user:password@host:5432/pocketguide')
      .optional(),
  ),
  EVENTSTORE_URL: optionalUrl,
  /** the EventStoreDB server's MaxAppendSize (EVENTSTORE_MAX_APPEND_SIZE there); larger appends are refused with 413 */
  EVENTSTORE_MAX_APPEND_BYTES: z.coerce.number().int().positive().default(1_048_576),
  MONGO_URL: optionalUrl,
  MONGO_DATABASE: z.string().default('pocketguide'),
  KAFKA_BROKERS: optionalUrl,
  KAFKA_CLIENT_ID: z.string().default('pocketguide'),
  KAFKA_TOPIC_PREFIX: z.string().default('pocketguide.events'),
  /**
   * PostgreSQL for the workers' lease (exactly one replica runs the workers and the billing tick). Unset: a SQLite
   * file in DATA_DIR, which coordinates processes on one machine only.
   */
  LEASE_POSTGRES_URL: optionalUrl,
  ...s3Keys,

  // ---- accounts ----
  /** HS256 key for session tokens (32+ characters). Unset: generated once and kept in DATA_DIR/secrets.json. */
  JWT_SECRET: optionalSecret,
  /** session lifetime: seconds, or a number with s, m, h or d (`7d`) */
  JWT_TTL: z
    .string()
    .trim()
    .regex(/^\d+\s*[smhd]?$/, 'a number of seconds, or a number with s, m, h or d (e.g. 7d)')
    .default('7d'),
  /** HMAC key that derives activation and reset tokens from their ids (32+ characters). Unset: as JWT_SECRET. */
  TOKEN_SECRET: optionalSecret,
  /** scrypt cost as log2(N); 17 is OWASP's advice (128 MiB, ~0.2 s). Tests lower it to stay fast. */
  PASSWORD_SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  /** set to send mail through SMTP (smtp://user:pass@host:587, smtps://…); unset: files in DATA_DIR/outbox */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().trim().min(3).default('PocketGuide <no-reply@pocketguide.local>'),
  /** Kakao's user API (tests point it at a local fake) */
  KAKAO_API_BASE: z.string().url().default('https://kapi.kakao.com'),
  KAKAO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Kakao's authorization server: its login page and the code exchange (tests point it at a local fake) */
  KAKAO_AUTH_BASE: z.string().url().default('https://kauth.kakao.com'),
  /**
   * Kakao sign-in on the login page: the Kakao app's REST API key (its `client_id`; it shows in the address of
   * Kakao's login page) and, when the app has one switched on, its client secret (never leaves the server). Unset:
   * no Kakao sign-in button. Register `{site}/login/kakao` as the app's Redirect URI.
   */
  KAKAO_REST_API_KEY: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().regex(/^[A-Za-z0-9]{16,64}$/, 'Kakao REST API keys are 16 to 64 letters and digits').optional())
    .optional(),
  KAKAO_CLIENT_SECRET: optionalText,
  /**
   * Kakao's JavaScript app key (public: it is sent to every browser): the "KakaoTalk" share buttons of the reader
   * and the editor's share dialog, and Kakao sign-in. Unset: no Kakao button anywhere and Kakao's SDK never loads.
   */
  KAKAO_JS_APP_KEY: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().regex(/^[A-Za-z0-9]{16,64}$/, 'Kakao JavaScript keys are 16 to 64 letters and digits').optional())
    .optional(),
  /** ensured at every start: this account exists, is active and is an administrator */
  ADMIN_EMAIL: optionalText,
  /** the password given to ADMIN_EMAIL when the start creates it (or when it has none) */
  ADMIN_PASSWORD: z
    .string()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  /** where credentials live on MongoDB (a database of its own: dropping read models must never touch them) */
  MONGO_CREDENTIALS_DATABASE: z.string().optional(),
  /**
   * Express "trust proxy": unset or `false` when clients connect directly; behind an ingress, its hop count
   * (`1`) or addresses, so rate limits see the client's address rather than the proxy's.
   */
  TRUST_PROXY: z.string().trim().default('false'),

  // ---- readers' viewer ----
  /**
   * Partner owners whose guidebooks credit them ('Developed by') instead of PocketGuide ('Powered by'):
   * `<userId>=<name>[|<url>]` entries separated by `;`.
   */
  PARTNER_OWNERS: z.string().default(''),
  /** how often counted reader views are written as events, in ms (at most 30 s: what a crash may lose) */
  VIEW_FLUSH_INTERVAL_MS: z.coerce.number().int().min(100).max(30_000).default(10_000),
  /** how often reader beacons kept in memory are written as GuidebookReadsRecorded events, in ms (issue 24) */
  READING_FLUSH_INTERVAL_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
  /** reader beacons one address may send a minute (a phone sends one or two a page; many readers share a carrier's address) */
  BEACONS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** how often the billing worker looks for due renewals, lapses, notices and scheduled payments, in ms */
  BILLING_TICK_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),

  // ---- thumbnails ----
  /** the Chromium the thumbnail worker drives; unset: the first of /usr/bin/chromium, chromium-browser, google-chrome */
  CHROMIUM_PATH: optionalText,
  /**
   * where the thumbnail worker loads readers' pages (query-api), without a trailing slash. Unset: this process's
   * own server when it also serves pages, else PUBLIC_BASE_URL.
   */
  THUMBNAIL_RENDER_BASE_URL: optionalUrl.pipe(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL such as http://query-api:3000' }).optional()),

  // ---- payments (platform/src/payments/open-payment-provider.ts) ----
  /** debug | portone; empty: portone when PORTONE_API_KEY and PORTONE_API_SECRET are set, else debug */
  PAYMENT_PROVIDER: z.enum(['', 'debug', 'portone'], { message: 'debug or portone (or empty: chosen by PORTONE_API_KEY)' }).default(''),
  /** PortOne's REST API key (imp_key) and secret (imp_secret) */
  PORTONE_API_KEY: optionalText,
  PORTONE_API_SECRET: z
    .string()
    .transform((v) => (v.trim() === '' ? undefined : v.trim()))
    .optional(),
  PORTONE_API_URL: optionalUrl.pipe(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL such as https://api.iamport.kr' }).optional()),
  /** per request to PortOne, in ms */
  PORTONE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** for the browser's payment window: the merchant code (IMP.init), and the channel/store it pays through */
  PORTONE_IMP_CODE: optionalText,
  PORTONE_CHANNEL_KEY: optionalText,
  PORTONE_STORE_ID: optionalText,
  /** the seller printed on every receipt (GET /api/payments/{merchantUid}/receipt); empty fields are left off */
  SELLER_NAME: z.string().trim().max(200).default('PocketGuide'),
  SELLER_BUSINESS_NUMBER: z.string().trim().max(40).default(''),
  SELLER_REPRESENTATIVE: z.string().trim().max(100).default(''),
  SELLER_ADDRESS: z.string().trim().max(300).default(''),
  SELLER_PHONE: z.string().trim().max(40).default(''),
  SELLER_EMAIL: z.string().trim().max(200).default(''),
  /** `true`: a production start may run the DEBUG provider (no money moves; anyone subscribes for free). Else refused. */
  PAYMENTS_DEBUG_IN_PRODUCTION: z.enum(['', 'true', 'false'], { message: 'true or false' }).default(''),
});

export type Config = Omit<z.infer<typeof configSchema>, 'PUBLIC_URL'> & {
  /** absolute paths derived from DATA_DIR */
  paths: {
    dataDir: string;
    eventStore: string;
    readStore: string;
    webDist: string;
    /** password hashes: not a read model, never rebuilt, back it up with the event store */
    credentials: string;
    /** generated JWT/token secrets when none are configured */
    secrets: string;
    blobs: string;
    outbox: string;
  };
  /** JWT_TTL in seconds */
  jwtTtlSeconds: number;
  /** PUBLIC_BASE_URL, or this process's own address when unset */
  publicBaseUrl: string;
  kafkaBrokers: string[];
  /** the bucket blobs go to; undefined: files under DATA_DIR/blobs */
  s3: S3Settings | undefined;
};

export type S3Settings = {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** without a trailing slash */
  publicBaseUrl?: string;
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw invalidConfiguration(parsed.error.issues.map((i) => ({ key: i.path.join('.'), message: i.message })));
  }
  const { PUBLIC_URL, ...c } = parsed.data;
  const publicBaseUrl = publicBaseUrlOf(c.PUBLIC_BASE_URL, PUBLIC_URL);
  const s3 = s3SettingsOf(c);
  const dataDir = resolve(cwd, c.DATA_DIR);
  return {
    ...c,
    PUBLIC_BASE_URL: publicBaseUrl,
    THUMBNAIL_RENDER_BASE_URL: c.THUMBNAIL_RENDER_BASE_URL?.replace(/\/+$/, ''),
    paths: {
      dataDir,
      eventStore: resolve(dataDir, 'events.sqlite'),
      readStore: resolve(dataDir, 'read-models.sqlite'),
      webDist: resolve(cwd, c.WEB_DIST),
      credentials: resolve(dataDir, 'credentials.sqlite'),
      secrets: resolve(dataDir, 'secrets.json'),
      blobs: resolve(dataDir, 'blobs'),
      outbox: resolve(dataDir, 'outbox'),
    },
    jwtTtlSeconds: durationSeconds(c.JWT_TTL),
    publicBaseUrl: publicBaseUrl ?? `http://localhost:${c.PORT}`,
    kafkaBrokers: c.KAFKA_BROKERS ? c.KAFKA_BROKERS.split(',').map((b) => b.trim()).filter(Boolean) : [],
    s3,
  };
}

/**
 * PUBLIC_URL is accepted as another name of PUBLIC_BASE_URL. Both set to different addresses (trailing slashes
 * aside) is refused rather than one silently winning: links in mails and share sheets would go to the wrong place.
 */
function publicBaseUrlOf(publicBaseUrl: string | undefined, publicUrl: string | undefined): string | undefined {
  const base = publicBaseUrl?.replace(/\/+$/, '');
  const alias = publicUrl?.replace(/\/+$/, '');
  if (base !== undefined && alias !== undefined && base !== alias) {
    throw invalidConfiguration([
      { key: 'PUBLIC_URL', message: `is another name of PUBLIC_BASE_URL, and the two differ (${alias} vs ${base}): set only one of them` },
    ]);
  }
  return base ?? alias;
}

function invalidConfiguration(problems: { key: string; message: string }[]): ConfigError {
  return new ConfigError(`Invalid configuration (see .env.example):\n${problems.map((p) => `  ${p.key}: ${p.message}`).join('\n')}`);
}

const s3Schema = z.object(s3Keys);

/** Every key `loadConfig` reads (each must be documented in `.env.example`). */
export const configKeys: readonly string[] = Object.keys(configSchema.shape);

/** The S3_* keys alone, for the blob contract tests: undefined when S3_BUCKET is not set. */
export function loadS3Settings(env: NodeJS.ProcessEnv = process.env): S3Settings | undefined {
  const parsed = s3Schema.safeParse(env);
  if (!parsed.success) throw invalidConfiguration(parsed.error.issues.map((i) => ({ key: i.path.join('.'), message: i.message })));
  return s3SettingsOf(parsed.data);
}

/**
 * S3 is chosen by S3_BUCKET, and the bucket needs its credentials. An S3 key set without a bucket is refused
 * rather than ignored: blobs would silently stay in DATA_DIR/blobs, which scaled-out roles do not share.
 */
function s3SettingsOf(c: z.infer<typeof s3Schema>): S3Settings | undefined {
  if (!c.S3_BUCKET) {
    // S3_REGION is left out: it has a default, so a copied .env.example carries it.
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PUBLIC_BASE_URL'] as const).filter((key) => c[key]);
    if (stray.length === 0) return undefined;
    throw invalidConfiguration([{ key: 'S3_BUCKET', message: `required with ${stray.join(', ')} (or unset those to keep blobs under DATA_DIR/blobs)` }]);
  }
  const problems: { key: string; message: string }[] = [];
  if (!c.S3_ACCESS_KEY_ID) problems.push({ key: 'S3_ACCESS_KEY_ID', message: 'required with S3_BUCKET (the access key of an account that may read and write the bucket)' });
  if (!c.S3_SECRET_ACCESS_KEY) problems.push({ key: 'S3_SECRET_ACCESS_KEY', message: 'required with S3_BUCKET (the secret of S3_ACCESS_KEY_ID)' });
  if (!c.S3_ACCESS_KEY_ID || !c.S3_SECRET_ACCESS_KEY) throw invalidConfiguration(problems);
  return {
    endpoint: c.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: c.S3_REGION,
    bucket: c.S3_BUCKET,
    accessKeyId: c.S3_ACCESS_KEY_ID,
    secretAccessKey: c.S3_SECRET_ACCESS_KEY,
    forcePathStyle: c.S3_FORCE_PATH_STYLE ? c.S3_FORCE_PATH_STYLE === 'true' : c.S3_ENDPOINT !== undefined,
    publicBaseUrl: c.S3_PUBLIC_BASE_URL?.replace(/\/+$/, ''),
  };
}

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** `7d` → 604800; a bare number is seconds. */
export function durationSeconds(value: string): number {
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!match) throw new ConfigError(`Not a duration: ${value}`);
  const unit = (match[2] || 's') as keyof typeof UNIT_SECONDS;
  return Number(match[1]) * UNIT_SECONDS[unit];
}
