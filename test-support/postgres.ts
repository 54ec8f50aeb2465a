/**
 * A PostgreSQL database of its own for one test file: created on the server POSTGRES_TEST_URL names (CI's
 * `.ci/run` starts one and exports it), under a random name, and dropped by `drop()`.
 *
 * PostgreSQL is proven on every CI run, so under CI=true a missing URL or a server that does not answer fails
 * the suite instead of skipping it. Elsewhere the suite is skipped and the reason recorded (see engines.ts).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { recordSkip } from './engines.ts';

export type PostgresDatabase =
  | { available: true; url: string; name: string; drop(): Promise<void> }
  | { available: false; reason: string };

const inCi = (): boolean => process.env.CI === 'true' || process.env.CI === '1';

/** The URL with another database name (the path of the URL). */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Creates a fresh database `<label>_<random>`; skips (or, in CI, throws) when no server can be had. */
export async function createTestDatabase(label: string, suite: string): Promise<PostgresDatabase> {
  const url = process.env.POSTGRES_TEST_URL;
  const unavailable = (reason: string): PostgresDatabase => {
    if (inCi()) throw new Error(`${suite}: PostgreSQL must run in CI, but ${reason}`);
    recordSkip(suite, reason);
    return { available: false, reason };
  };
  if (!url) return unavailable('POSTGRES_TEST_URL is not set');
  const name = `${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.end().catch(() => undefined);
    return unavailable(`the server at POSTGRES_TEST_URL did not answer (${error instanceof Error ? error.message : String(error)})`);
  }
  await admin.end();
  return {
    available: true,
    url: withDatabase(url, name),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        // WITH (FORCE) ends connections a failed test left open (PostgreSQL 13+).
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
