import { chmod, copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import Database from 'better-sqlite3';
import type { Config } from '@pocketguide/platform/config/config';
import {
  BackupError,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  eventLogDigest,
  fileDigest,
  integrityProblem,
  type BackupFile,
  type Manifest,
} from './manifest.ts';

/**
 * `npm run backup -- <folder>`: a consistent copy of what cannot be rebuilt (the event log, the credential store,
 * the server secrets, the blobs) taken while the product keeps serving and writing. Read models are left out: a
 * restore rebuilds them from the log.
 *
 * Order matters. The workers' checkpoints are read first (a restore resumes them there, so at worst an event is
 * handled twice, as the bus already allows). The event store is copied with SQLite's online backup API, which
 * copies a snapshot: a transaction (one append, or one group commit) is in the copy whole or not at all. The
 * credential store follows, so every account in the copied log has its password. Blobs are copied last: an image
 * is stored before the event that refers to it, so every blob the copied log names is there.
 */

export type BackupProgress =
  | { step: 'event-store' | 'credentials'; done: number; total: number; unit: 'pages' }
  | { step: 'blobs'; done: number; total: number; unit: 'files' }
  | { step: 'verify'; done: number; total: number; unit: 'files' };

export type TakeBackupOptions = {
  config: Config;
  /** the folder backups go in; each backup is a new sub-folder named after its start time */
  into: string;
  now?: () => Date;
  onProgress?: (progress: BackupProgress) => void;
  /** after a backup, keep only the newest `keep` complete backups in `into` */
  keep?: number;
  /** called once the event store's snapshot is taken (tests use it to know what the copy must hold) */
  onSnapshot?: () => void;
};

export type BackupResult = { folder: string; manifest: Manifest; removed: string[] };

const BACKUP_PREFIX = 'pocketguide-';
const PARTIAL_SUFFIX = '.partial';
const EVENT_STORE_FILE = 'events.sqlite';
const CREDENTIALS_FILE = 'credentials.sqlite';
const SECRETS_FILE = 'secrets.json';
const BLOBS_FOLDER = 'blobs';

export const backupFiles = {
  eventStore: EVENT_STORE_FILE,
  credentials: CREDENTIALS_FILE,
  secrets: SECRETS_FILE,
  blobs: BLOBS_FOLDER,
};

/** Refuses configurations whose stores are not files in DATA_DIR: their engines have their own backup tools. */
export function assertEmbeddedStores(config: Config, env: NodeJS.ProcessEnv = process.env): void {
  const engines = [
    config.EVENTSTORE_URL ? 'EVENTSTORE_URL (EventStoreDB)' : undefined,
    env.DATABASE_URL ? 'DATABASE_URL (PostgreSQL)' : undefined,
  ].filter((name): name is string => name !== undefined);
  if (engines.length > 0) {
    throw new BackupError(
      `The event store is not the embedded SQLite file (${engines.join(', ')} is set): use the engine's own backup, see the README's "Backup and restore".`,
    );
  }
}

export async function takeBackup(options: TakeBackupOptions): Promise<BackupResult> {
  const { config } = options;
  assertEmbeddedStores(config);
  const now = options.now ?? (() => new Date());
  const progress = options.onProgress ?? (() => undefined);
  const { paths } = config;
  if (!existsSync(paths.eventStore)) {
    throw new BackupError(
      `No event store at ${paths.eventStore}: set DATA_DIR to the data folder of the product to back up.`,
    );
  }
  const startedAt = now();
  const into = resolve(options.into);
  await mkdir(into, { recursive: true, mode: 0o700 });
  const name = `${BACKUP_PREFIX}${startedAt.toISOString().replace(/[:.]/g, '-')}`;
  const folder = join(into, name);
  const partial = `${folder}${PARTIAL_SUFFIX}`;
  if (existsSync(folder) || existsSync(partial))
    throw new BackupError(`${folder} already exists: one backup a millisecond is the limit.`);
  // Private: the copy holds password hashes and the token secrets.
  await mkdir(partial, { mode: 0o700 });
  try {
    const workerCheckpoints = readWorkerCheckpoints(paths.readStore);

    const eventCopy = join(partial, EVENT_STORE_FILE);
    await onlineCopy(paths.eventStore, eventCopy, (done, total) =>
      progress({ step: 'event-store', done, total, unit: 'pages' }),
    );
    options.onSnapshot?.();
    const eventProblem = integrityProblem(eventCopy);
    if (eventProblem)
      throw new BackupError(
        `The copy of the event store failed its integrity check (${eventProblem}); the source may be damaged.`,
      );
    const eventLog = eventLogDigest(eventCopy);

    let credentials: Manifest['credentials'] = null;
    if (existsSync(paths.credentials)) {
      const copy = join(partial, CREDENTIALS_FILE);
      await onlineCopy(paths.credentials, copy, (done, total) =>
        progress({ step: 'credentials', done, total, unit: 'pages' }),
      );
      const problem = integrityProblem(copy);
      if (problem) throw new BackupError(`The copy of the credential store failed its integrity check (${problem}).`);
      credentials = { rows: countRows(copy, 'credentials') };
    }

    const secretsFile = existsSync(paths.secrets);
    if (secretsFile) await copyPrivate(paths.secrets, join(partial, SECRETS_FILE));

    let blobs: Manifest['blobs'];
    if (config.s3) {
      blobs = { location: 'bucket', bucket: config.s3.bucket };
    } else {
      const files = existsSync(paths.blobs) ? await listFiles(paths.blobs) : [];
      let bytes = 0;
      for (const [index, file] of files.entries()) {
        const target = join(partial, BLOBS_FOLDER, relative(paths.blobs, file));
        await mkdir(dirname(target), { recursive: true, mode: 0o700 });
        await copyFile(file, target);
        bytes += (await stat(target)).size;
        progress({ step: 'blobs', done: index + 1, total: files.length, unit: 'files' });
      }
      blobs = { location: 'folder', files: files.length, bytes };
    }

    const copied = await listFiles(partial);
    const entries: BackupFile[] = [];
    for (const [index, file] of copied.entries()) {
      entries.push({ path: relative(partial, file).split(sep).join('/'), ...(await fileDigest(file)) });
      progress({ step: 'verify', done: index + 1, total: copied.length, unit: 'files' });
    }
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      version: 1,
      startedAt: startedAt.toISOString(),
      finishedAt: now().toISOString(),
      source: { dataDir: paths.dataDir },
      eventLog,
      credentials,
      secretsFile,
      blobs,
      workerCheckpoints,
      files: entries.sort((a, b) => a.path.localeCompare(b.path)),
    };
    await writeFile(join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    // Only a finished backup carries the final name, so a crash mid-way never leaves one that looks complete.
    await rename(partial, folder);
    const removed = options.keep === undefined ? [] : await keepNewest(into, options.keep);
    return { folder, manifest, removed };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** The complete backups in a folder, oldest first (their names sort by time). */
export async function completeBackups(into: string): Promise<string[]> {
  const entries = await readdir(into, { withFileTypes: true }).catch(() => []);
  return entries
    .filter(
      (entry) => entry.isDirectory() && entry.name.startsWith(BACKUP_PREFIX) && !entry.name.endsWith(PARTIAL_SUFFIX),
    )
    .filter((entry) => existsSync(join(into, entry.name, MANIFEST_FILE)))
    .map((entry) => join(into, entry.name))
    .sort();
}

async function keepNewest(into: string, keep: number): Promise<string[]> {
  const backups = await completeBackups(into);
  const old = backups.slice(0, Math.max(0, backups.length - keep));
  for (const folder of old) await rm(folder, { recursive: true, force: true });
  return old;
}

/**
 * SQLite's online backup from a connection of our own. A write by another connection restarts the copy; under a
 * steady write load that could go on for ever, so after the first restart the rest is copied in one step (one
 * read transaction, which in WAL mode does not hold up the writers).
 */
async function onlineCopy(
  source: string,
  target: string,
  onProgress: (done: number, total: number) => void,
): Promise<void> {
  // The copy is private from its first byte: SQLite keeps the mode of a file that exists.
  await writeFile(target, '', { mode: 0o600 });
  const db = new Database(source, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    let lastRemaining = Number.POSITIVE_INFINITY;
    let restarted = false;
    const done = await db.backup(target, {
      progress: ({ totalPages, remainingPages }) => {
        if (remainingPages > lastRemaining) restarted = true;
        lastRemaining = remainingPages;
        onProgress(totalPages - remainingPages, totalPages);
        return restarted ? 0x7fffffff : Math.max(100, Math.ceil(totalPages / 20));
      },
    });
    onProgress(done.totalPages, done.totalPages);
  } finally {
    db.close();
  }
  await chmod(target, 0o600);
}

function readWorkerCheckpoints(readStorePath: string): Record<string, number> {
  if (!existsSync(readStorePath)) return {};
  const db = new Database(readStorePath, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    const table = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'checkpoints'")
      .get();
    if (!table) return {};
    const rows = db
      .prepare<[], { name: string; position: number }>(
        "SELECT name, position FROM checkpoints WHERE name LIKE 'worker:%'",
      )
      .all();
    return Object.fromEntries(rows.map((row) => [row.name, row.position]));
  } finally {
    db.close();
  }
}

function countRows(path: string, table: string): number {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[], { rows: number }>(`SELECT COUNT(*) AS rows FROM ${table}`).get()?.rows ?? 0;
  } finally {
    db.close();
  }
}

async function copyPrivate(source: string, target: string): Promise<void> {
  await copyFile(source, target);
  await chmod(target, 0o600);
}

/** Every file under a folder, sorted; the blob store's temporary files (a write in progress) are left out. */
async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
