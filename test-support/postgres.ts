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
  { available: true; url: string; name: string; drop(): Promise<void> } | { available: false; reason: string };

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
    return unavailable(
      `the server at POSTGRES_TEST_URL did not answer (${error instanceof Error ? error.message : String(error)})`,
    );
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

/** Polls until `check` answers a value, failing after `ms` instead of hanging. */
async function until<T>(check: () => Promise<T | undefined>, what: string, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * An administrator's connection to a test database that plays a failover or an operator: it can lock a table
 * (through `client`) and kill the backends that wait on it, the store's LISTEN connection, or every other one.
 * Its activity queries clear the statistics snapshot first: inside a locking transaction they would otherwise see
 * the same rows again. Close it with `client.end()`.
 */
export async function openPostgresAdmin(url: string, waitMs: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const activity = async (where: string, params: unknown[]): Promise<number | undefined> => {
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND ${where}`,
      params,
    );
    return rows[0]?.pid;
  };
  return {
    client,
    /** the pid of another backend whose query matches `pattern` (SQL LIKE) and that waits for a lock */
    waitingPid: (pattern: string) =>
      until(
        () => activity(`wait_event_type = 'Lock' AND query LIKE $1`, [pattern]),
        `a backend running ${pattern} to wait for the lock`,
        waitMs,
      ),
    /** the pid of the backend that LISTENs */
    listenerPid: () => until(() => activity(`query LIKE 'LISTEN %'`, []), 'the LISTEN connection', waitMs),
    /** kills one backend; true once PostgreSQL has signalled it */
    terminate: async (pid: number): Promise<boolean> => {
      const { rows } = await client.query<{ done: boolean }>('SELECT pg_terminate_backend($1) AS done', [pid]);
      return rows[0]?.done === true;
    },
    /** kills every other backend of this database, as a server restart would; answers how many */
    terminateAll: async (): Promise<number> => {
      const { rows } = await client.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      return rows.length;
    },
  };
}
