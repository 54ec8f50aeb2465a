import pg from 'pg';
import type { LeaseStore } from './lease.ts';

/**
 * Leases in PostgreSQL, for replicas on several machines: a lease row with an expiry that the database's own clock
 * judges (`clock_timestamp()`), so the replicas' clocks need not agree. One `INSERT … ON CONFLICT DO UPDATE … WHERE`
 * takes or renews a lease atomically (the row lock serialises contenders). A pool, not a dedicated connection: a
 * row with an expiry survives a dropped connection, unlike an advisory lock, and the holder stops its task when a
 * renewal fails, before the lease can expire.
 */
export function createPostgresLeaseStore(options: { connectionString: string; table?: string }): LeaseStore {
  const table = options.table ?? 'pocketguide_leases';
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new RangeError(`lease table name ${table} is not a plain identifier`);
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 2 });
  // a lost idle connection is reported by the next query; without a listener it would crash the process
  pool.on('error', () => undefined);
  let ready: Promise<void> | undefined;
  const ensureTable = () =>
    (ready ??= pool
      .query(
        `CREATE TABLE IF NOT EXISTS ${table} (name TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at TIMESTAMPTZ NOT NULL);
         ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS token BIGINT NOT NULL DEFAULT 1`,
      )
      .then(() => undefined)
      .catch((error: unknown) => {
        ready = undefined;
        throw error;
      }));
  return {
    async tryAcquire(name, holder, ttlMs) {
      await ensureTable();
      const result = await pool.query(
        // the token rises when the lease changes hands; a release only expires the row, so it never goes back
        `INSERT INTO ${table} (name, holder, expires_at, token) VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond', 1)
           ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at,
             token = CASE WHEN ${table}.holder = excluded.holder THEN ${table}.token ELSE ${table}.token + 1 END
           WHERE ${table}.holder = excluded.holder OR ${table}.expires_at <= clock_timestamp()`,
        [name, holder, ttlMs],
      );
      return result.rowCount === 1;
    },
    async release(name, holder) {
      await ensureTable();
      await pool.query(`UPDATE ${table} SET expires_at = '-infinity' WHERE name = $1 AND holder = $2`, [name, holder]);
    },
    async holderOf(name) {
      await ensureTable();
      const result = await pool.query<{ holder: string }>(
        `SELECT holder FROM ${table} WHERE name = $1 AND expires_at > clock_timestamp()`,
        [name],
      );
      return result.rows[0]?.holder ?? null;
    },
    async fencingToken(name, holder) {
      await ensureTable();
      const result = await pool.query<{ token: string }>(
        `SELECT token FROM ${table} WHERE name = $1 AND holder = $2 AND expires_at > clock_timestamp()`,
        [name, holder],
      );
      const token = result.rows[0]?.token;
      return token === undefined ? null : Number(token);
    },
    async close() {
      await pool.end();
    },
  };
}
