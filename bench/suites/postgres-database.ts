import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL server the bench suites also measure, beside SQLite, in the same run: POSTGRES_TEST_URL, else
 * DATABASE_URL. Unset: the suites measure SQLite only and say so.
 */
export function benchPostgresUrl(): string | undefined {
  return process.env.POSTGRES_TEST_URL || process.env.DATABASE_URL || undefined;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs `work` on a fresh database (random name) on that server and drops it afterwards, whatever happens. */
export async function withBenchDatabase<T>(
  serverUrl: string,
  label: string,
  work: (url: string) => Promise<T>,
): Promise<T> {
  const name = `bench_${label}_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      return await work(withDatabase(serverUrl, name));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
