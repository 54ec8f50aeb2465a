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
  db.exec('CREATE TABLE IF NOT EXISTS leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at INTEGER NOT NULL)');
  const now = options.now ?? Date.now;
  const acquire = db.prepare<[{ name: string; holder: string; until: number; now: number }]>(
    `INSERT INTO leases (name, holder, expires_at) VALUES ($name, $holder, $until)
       ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
       WHERE leases.holder = excluded.holder OR leases.expires_at <= $now`,
  );
  const release = db.prepare<[string, string]>('DELETE FROM leases WHERE name = ? AND holder = ?');
  const holderOf = db.prepare<[string, number], { holder: string }>('SELECT holder FROM leases WHERE name = ? AND expires_at > ?');
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
    async close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
