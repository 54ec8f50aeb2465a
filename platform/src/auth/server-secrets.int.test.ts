import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, durationSeconds, loadConfig } from '../config/config.ts';
import { loadServerSecrets } from './server-secrets.ts';

const scratch = resolve(import.meta.dirname, '../../../test-output/tmp');

describe('server secrets', () => {
  it('unset: generated once into DATA_DIR/secrets.json (0600) and the same on the next start', () => {
    const config = loadConfig({ DATA_DIR: resolve(scratch, `secrets-${randomUUID()}`) });
    const first = loadServerSecrets(config);
    const second = loadServerSecrets(config);
    expect(Buffer.from(first.jwtSecret).toString()).toBe(Buffer.from(second.jwtSecret).toString());
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(first.tokenSecret).toString()).not.toBe(Buffer.from(first.jwtSecret).toString());
    expect(statSync(config.paths.secrets).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(config.paths.secrets, 'utf8'))).toHaveProperty('tokenSecret');
  });

  it('in production both are required: a start without them is refused, whatever DATA_DIR holds', () => {
    const dir = resolve(scratch, `secrets-${randomUUID()}`);
    loadServerSecrets(loadConfig({ DATA_DIR: dir })); // a secrets file exists
    expect(() => loadServerSecrets(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' }))).toThrow(
      /JWT_SECRET and TOKEN_SECRET must both be set/,
    );
    expect(() =>
      loadServerSecrets(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(40) })),
    ).toThrow(ConfigError);
    const secrets = loadServerSecrets(
      loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(40), TOKEN_SECRET: 't'.repeat(40) }),
    );
    expect(Buffer.from(secrets.jwtSecret).toString()).toBe('j'.repeat(40));
  });

  it('configured values win', () => {
    const jwt = 'j'.repeat(40);
    const token = 't'.repeat(40);
    const secrets = loadServerSecrets(
      loadConfig({ DATA_DIR: resolve(scratch, `secrets-${randomUUID()}`), JWT_SECRET: jwt, TOKEN_SECRET: token }),
    );
    expect(Buffer.from(secrets.jwtSecret).toString()).toBe(jwt);
    expect(Buffer.from(secrets.tokenSecret).toString()).toBe(token);
  });

  it('short secrets and bad durations are configuration errors', () => {
    expect(() => loadConfig({ JWT_SECRET: 'too-short' })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_TTL: 'a week' })).toThrow(ConfigError);
    expect(loadConfig({ JWT_TTL: '12h' }).jwtTtlSeconds).toBe(43_200);
    expect(loadConfig({}).jwtTtlSeconds).toBe(7 * 86_400);
    expect(durationSeconds('90')).toBe(90);
  });
});
