import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ConfigError, type Config } from '../config/config.ts';
import type { Logger } from '../logger.ts';

/**
 * The keys that sign sessions (JWT_SECRET) and derive mailed tokens (TOKEN_SECRET). Configured values win. When
 * one is unset it is generated once and kept in DATA_DIR/secrets.json (mode 0600), so `npm start` and the tests
 * need no setup and sessions survive a restart. Every process that shares DATA_DIR shares the file; processes
 * that do not (Kubernetes pods without a shared volume) must be given the secrets: a production start
 * (NODE_ENV=production) without both is refused.
 */
export type ServerSecrets = { jwtSecret: Uint8Array; tokenSecret: Uint8Array };

type SecretsFile = { jwtSecret: string; tokenSecret: string };

function readSecretsFile(path: string): SecretsFile | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<SecretsFile>;
    if (typeof parsed.jwtSecret === 'string' && typeof parsed.tokenSecret === 'string') {
      return { jwtSecret: parsed.jwtSecret, tokenSecret: parsed.tokenSecret };
    }
    throw new Error(`${path} does not hold jwtSecret and tokenSecret`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function generatedSecrets(path: string): SecretsFile {
  const existing = readSecretsFile(path);
  if (existing) return existing;
  const fresh: SecretsFile = {
    jwtSecret: randomBytes(48).toString('base64url'),
    tokenSecret: randomBytes(48).toString('base64url'),
  };
  mkdirSync(dirname(path), { recursive: true });
  try {
    // 'wx': two processes starting together on one DATA_DIR must agree on one file, so the loser reads the winner's.
    writeFileSync(path, `${JSON.stringify(fresh, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = readSecretsFile(path);
    if (!winner) throw error;
    return winner;
  }
}

export function loadServerSecrets(config: Config, logger?: Logger): ServerSecrets {
  const missing = !config.JWT_SECRET || !config.TOKEN_SECRET;
  // In production every replica must sign with the same keys: secrets generated per data folder (a pod's own
  // emptyDir) would make a token from one replica a 401 on the next, so a production start without them is refused.
  if (missing && config.NODE_ENV === 'production') {
    throw new ConfigError(
      'JWT_SECRET and TOKEN_SECRET must both be set in production (32+ characters each, the same for every process): ' +
        'generate them once, e.g. `openssl rand -base64 48`, and give them to every role',
    );
  }
  const generated = missing ? generatedSecrets(config.paths.secrets) : null;
  logger?.debug('server secrets loaded', { generated: generated !== null });
  return {
    jwtSecret: Buffer.from(config.JWT_SECRET ?? generated?.jwtSecret ?? ''),
    tokenSecret: Buffer.from(config.TOKEN_SECRET ?? generated?.tokenSecret ?? ''),
  };
}
