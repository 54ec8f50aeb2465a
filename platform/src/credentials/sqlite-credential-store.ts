import Database from 'better-sqlite3';
import { preparePrivateSqliteFile, restrictSqliteCompanions } from '../fs/private-file.ts';
import type { CredentialStore } from './credential-store.ts';

/**
 * The embedded credential store: its own SQLite file, mode 0600. `synchronous=FULL` like the event store, because a lost
 * write here cannot be rebuilt (a password change acknowledged then forgotten would be a support case).
 */
export function createSqliteCredentialStore(options: { path: string }): CredentialStore {
  // Password hashes: readable by this account only (0600), the WAL and shared-memory files too.
  preparePrivateSqliteFile(options.path);
  const db = new Database(options.path, { timeout: 5000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  restrictSqliteCompanions(options.path);
  db.exec(`CREATE TABLE IF NOT EXISTS credentials (
    user_id       TEXT PRIMARY KEY,
    password_hash TEXT NOT NULL,
    updated_at    TEXT NOT NULL
  )`);
  const select = db.prepare<[string], { password_hash: string }>(
    'SELECT password_hash FROM credentials WHERE user_id = ?',
  );
  const upsert = db.prepare<[string, string, string]>(
    `INSERT INTO credentials (user_id, password_hash, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET password_hash = excluded.password_hash, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare<[string]>('DELETE FROM credentials WHERE user_id = ?');
  let closed = false;
  const open = () => {
    if (closed) throw new Error(`Credential store ${options.path} is closed`);
  };

  return {
    async getPasswordHash(userId) {
      open();
      return select.get(userId)?.password_hash ?? null;
    },
    async setPasswordHash(userId, passwordHash) {
      open();
      upsert.run(userId, passwordHash, new Date().toISOString());
    },
    async delete(userId) {
      open();
      remove.run(userId);
    },
    async ping() {
      open();
      db.prepare('SELECT 1').get();
    },
    async close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
