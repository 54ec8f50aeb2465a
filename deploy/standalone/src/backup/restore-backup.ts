import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Config } from '@pocketguide/platform/config/config';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import { createSqliteReadStore } from '@pocketguide/platform/read-store/sqlite-read-store';
import { createProjectionRunner, type RebuildResult } from '@pocketguide/projections/projection-runner';
import { allProjectors } from '@pocketguide/projections/registry';
import {
  BackupError,
  MANIFEST_FILE,
  eventLogDigest,
  fileDigest,
  integrityProblem,
  manifestSchema,
  type Manifest,
} from './manifest.ts';
import { assertEmbeddedStores, backupFiles, completeBackups } from './take-backup.ts';

/**
 * `npm run restore -- <backup folder>`: into an EMPTY data folder only. Everything is checked before anything is
 * written: the manifest, every file's size and SHA-256, the databases' integrity and the event log's digest. Then
 * the files are copied, the read models rebuilt from the log, and the workers' checkpoints put back where they
 * were when the backup began.
 */

export type RestoreProgress =
  | { step: 'verify' | 'copy'; done: number; total: number; unit: 'files' }
  | { step: 'rebuild'; projector: string; done: number; total: number; unit: 'positions' };

export type RestoreOptions = {
  config: Config;
  /** a backup folder (holding manifest.json) */
  from: string;
  onProgress?: (progress: RestoreProgress) => void;
};

export type RestoreResult = { manifest: Manifest; rebuilt: RebuildResult[] };

/** Reads and checks a backup without writing anything: the manifest, or a BackupError naming what is wrong. */
export async function verifyBackup(from: string, onProgress?: (progress: RestoreProgress) => void): Promise<Manifest> {
  const folder = resolve(from);
  const manifestPath = join(folder, MANIFEST_FILE);
  if (!existsSync(manifestPath)) {
    const newest = (await completeBackups(folder)).at(-1);
    throw new BackupError(
      newest
        ? `${folder} holds backups, not one backup: name one of them, the newest is ${newest}`
        : `${folder} is not a backup: it has no ${MANIFEST_FILE}`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(manifestPath, 'utf8'));
  } catch (error) {
    throw new BackupError(
      `Damaged backup: ${manifestPath} is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(
      `Damaged backup: ${manifestPath} is not a PocketGuide manifest (${issue ? `${issue.path.join('.') || 'root'}: ${issue.message}` : 'unknown shape'})`,
    );
  }
  const manifest = parsed.data;
  if (!manifest.files.some((file) => file.path === backupFiles.eventStore))
    throw new BackupError(`Damaged backup: the manifest lists no ${backupFiles.eventStore}`);

  const listed = new Set(manifest.files.map((file) => file.path));
  for (const [index, file] of manifest.files.entries()) {
    const path = safeJoin(folder, file.path);
    if (!existsSync(path)) throw new BackupError(`Damaged backup: ${file.path} is missing`);
    const digest = await fileDigest(path);
    if (digest.bytes !== file.bytes || digest.sha256 !== file.sha256) {
      throw new BackupError(
        `Damaged backup: ${file.path} does not match its checksum in the manifest (${digest.bytes} bytes, expected ${file.bytes})`,
      );
    }
    onProgress?.({ step: 'verify', done: index + 1, total: manifest.files.length, unit: 'files' });
  }
  const extra = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(folder.length + 1)
        .split('\\')
        .join('/'),
    )
    .filter((path) => path !== MANIFEST_FILE && !listed.has(path));
  if (extra.length > 0) throw new BackupError(`Damaged backup: ${extra[0]} is not in the manifest`);

  for (const database of [backupFiles.eventStore, backupFiles.credentials]) {
    if (!listed.has(database)) continue;
    const problem = integrityProblem(join(folder, database));
    if (problem) throw new BackupError(`Damaged backup: ${database} fails SQLite's integrity check (${problem})`);
  }
  const log = eventLogDigest(join(folder, backupFiles.eventStore));
  if (
    log.sha256 !== manifest.eventLog.sha256 ||
    log.events !== manifest.eventLog.events ||
    log.lastPosition !== manifest.eventLog.lastPosition
  ) {
    throw new BackupError(
      `Damaged backup: the event log holds ${log.events} events up to position ${log.lastPosition ?? 'none'}, the manifest says ${manifest.eventLog.events} up to ${manifest.eventLog.lastPosition ?? 'none'} (digests ${log.sha256 === manifest.eventLog.sha256 ? 'equal' : 'differ'})`,
    );
  }
  return manifest;
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { config } = options;
  assertEmbeddedStores(config);
  if (config.MONGO_URL)
    throw new BackupError(
      'MONGO_URL is set: restore rebuilds the read models into the embedded SQLite read store; unset it, or rebuild into MongoDB with projections:rebuild after restoring.',
    );
  const dataDir = config.paths.dataDir;
  // Refused before the backup is even read: a restore never mixes with, or overwrites, data that is there.
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    throw new BackupError(
      `The data folder ${dataDir} is not empty: restore only into an empty folder (set DATA_DIR to a new one).`,
    );
  }
  const progress = options.onProgress ?? (() => undefined);
  const folder = resolve(options.from);
  const manifest = await verifyBackup(folder, progress);

  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  try {
    for (const [index, file] of manifest.files.entries()) {
      const target = file.path.startsWith(`${backupFiles.blobs}/`)
        ? safeJoin(config.paths.blobs, file.path.slice(backupFiles.blobs.length + 1))
        : safeJoin(dataDir, file.path);
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      await copyFile(safeJoin(folder, file.path), target);
      if (!file.path.startsWith(`${backupFiles.blobs}/`)) await chmod(target, 0o600);
      progress({ step: 'copy', done: index + 1, total: manifest.files.length, unit: 'files' });
    }

    const eventStore = createSqliteEventStore({ path: config.paths.eventStore });
    const readStore = createSqliteReadStore({ path: config.paths.readStore });
    try {
      const runner = createProjectionRunner({ eventStore, readStore, projectors: allProjectors });
      // every read model in one pass over the log (the runner's rebuild of several); progress in log positions
      const rebuilt: RebuildResult[] = [
        await runner.rebuild(
          allProjectors.map((projector) => projector.name),
          ({ position, headPosition }) =>
            progress({
              step: 'rebuild',
              projector: 'read models',
              done: position,
              total: headPosition,
              unit: 'positions',
            }),
        ),
      ];
      for (const [name, position] of Object.entries(manifest.workerCheckpoints)) {
        await readStore.saveCheckpoint(name, Math.min(position, manifest.eventLog.lastPosition ?? 0));
      }
      return { manifest, rebuilt };
    } finally {
      await readStore.close();
      await eventStore.close();
    }
  } catch (error) {
    // A restore that did not finish leaves the folder as it found it: empty, ready for the next attempt.
    await emptyFolder(dataDir);
    throw error;
  }
}

/** A manifest path must stay inside the folder it is read from or written to. */
function safeJoin(root: string, relativePath: string): string {
  const path = resolve(root, relativePath);
  if (!path.startsWith(`${resolve(root)}/`))
    throw new BackupError(`Damaged backup: ${relativePath} points outside the backup`);
  return path;
}

async function emptyFolder(folder: string): Promise<void> {
  for (const entry of await readdir(folder).catch(() => []))
    await rm(join(folder, entry), { recursive: true, force: true });
}
