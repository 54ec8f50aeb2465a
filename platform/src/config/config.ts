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

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** folder for the embedded SQLite files, blobs and the mail outbox */
  DATA_DIR: z.string().default('./data'),
  /** where the built web app is served from */
  WEB_DIST: z.string().default('./web/dist'),
  /** the address readers and mails use for links, without a trailing slash */
  PUBLIC_BASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** which roles this process runs (comma separated); the standalone run uses all */
  ROLES: z.string().default('command-api,query-api,projections,workers,relay'),
  /** largest JSON body accepted, in bytes */
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** how long a read with ?after=<position> waits for the projections, in ms */
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),

  EVENTSTORE_URL: optionalUrl,
  MONGO_URL: optionalUrl,
  MONGO_DATABASE: z.string().default('pocketguide'),
  KAFKA_BROKERS: optionalUrl,
  KAFKA_CLIENT_ID: z.string().default('pocketguide'),
  KAFKA_TOPIC_PREFIX: z.string().default('pocketguide.events'),
});

export type Config = z.infer<typeof configSchema> & {
  /** absolute paths derived from DATA_DIR */
  paths: { dataDir: string; eventStore: string; readStore: string; webDist: string };
  kafkaBrokers: string[];
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration (see .env.example):\n${problems}`);
  }
  const c = parsed.data;
  const dataDir = resolve(cwd, c.DATA_DIR);
  return {
    ...c,
    PUBLIC_BASE_URL: c.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    paths: {
      dataDir,
      eventStore: resolve(dataDir, 'events.sqlite'),
      readStore: resolve(dataDir, 'read-models.sqlite'),
      webDist: resolve(cwd, c.WEB_DIST),
    },
    kafkaBrokers: c.KAFKA_BROKERS ? c.KAFKA_BROKERS.split(',').map((b) => b.trim()).filter(Boolean) : [],
  };
}
