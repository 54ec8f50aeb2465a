import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { LeaseStore } from './lease.ts';

/**
 * Leases in a SQLite file: for processes on one machine sharing a data folder. Expiry uses this machine's clock
 * (`now`), which every process on it shares. One UPSERT takes or renews a lease atomically: SQLite serialises writers.
 */
export function createSqliteLeaseStore(options: { path: string; now?: () => number }): LeaseStore {
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
  const db = new Database(options.path);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec(
    'CREATE TABLE IF NOT EXISTS leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at INTEGER NOT NULL, token INTEGER NOT NULL DEFAULT 1)',
  );
  // a lease file from before fencing tokens
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(leases)').all();
  if (!columns.some((column) => column.name === 'token'))
    db.exec('ALTER TABLE leases ADD COLUMN token INTEGER NOT NULL DEFAULT 1');
  const now = options.now ?? Date.now;
  // the token rises when the lease changes hands; a release only expires the row, so the token never goes back
  const acquire = db.prepare<[{ name: string; holder: string; until: number; now: number }]>(
    `INSERT INTO leases (name, holder, expires_at, token) VALUES ($name, $holder, $until, 1)
       ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at,
         token = CASE WHEN leases.holder = excluded.holder THEN leases.token ELSE leases.token + 1 END
       WHERE leases.holder = excluded.holder OR leases.expires_at <= $now`,
  );
  const release = db.prepare<[string, string]>('UPDATE leases SET expires_at = 0 WHERE name = ? AND holder = ?');
  const holderOf = db.prepare<[string, number], { holder: string }>(
    'SELECT holder FROM leases WHERE name = ? AND expires_at > ?',
  );
  const tokenOf = db.prepare<[string, string, number], { token: number }>(
    'SELECT token FROM leases WHERE name = ? AND holder = ? AND expires_at > ?',
  );
  let closed = false;
  const assertOpen = () => {
    if (closed) throw new Error('lease store is closed');
  };
  return {
    async tryAcquire(name, holder, ttlMs) {
      assertOpen();
      const at = now();
      return acquire.run({ name, holder, until: at + ttlMs, now: at }).changes === 1;
    },
    async release(name, holder) {
      assertOpen();
      release.run(name, holder);
    },
    async holderOf(name) {
      assertOpen();
      return holderOf.get(name, now())?.holder ?? null;
    },
    async fencingToken(name, holder) {
      assertOpen();
      return tokenOf.get(name, holder, now())?.token ?? null;
    },
    async close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
