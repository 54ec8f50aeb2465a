import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Owner read and write only: what every file of the data folder that holds secrets or personal data gets. */
export const PRIVATE_FILE_MODE = 0o600;

/** The files SQLite keeps beside a database in WAL mode. */
const SQLITE_COMPANIONS = ['-wal', '-shm', '-journal'] as const;

/**
 * Makes a SQLite database file private before SQLite opens it: created empty with mode 0600 (SQLite's own default
 * is 0644 less the umask, readable by every local account), or an existing one (and its companions) set to 0600.
 * SQLite gives the -wal and -shm files it creates the database file's mode, so they follow. `:memory:` is left
 * alone. Call `restrictSqliteCompanions` after opening to cover companions an older version left readable.
 */
export function preparePrivateSqliteFile(path: string): void {
  if (path === ':memory:' || path === '') return;
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true });
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  restrictFile(file);
  restrictSqliteCompanions(file);
}

/** Sets the -wal, -shm and -journal files of a database to 0600 where they exist. */
export function restrictSqliteCompanions(path: string): void {
  if (path === ':memory:' || path === '') return;
  for (const suffix of SQLITE_COMPANIONS) restrictFile(`${resolve(path)}${suffix}`);
}

function restrictFile(file: string): void {
  try {
    chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    // A companion that is not there (or went away meanwhile) needs nothing; a file this account does not own, or a
    // file system without modes, cannot be changed here and is left as the operator set it up.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
  }
}
