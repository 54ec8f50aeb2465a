/**
 * `npm run backup -- <folder> [--keep N]`: a consistent backup of the embedded data folder (DATA_DIR) while the
 * product runs. Each run makes `<folder>/pocketguide-<time>/` with a manifest.json; `--keep N` then removes all
 * but the newest N backups in <folder> (for a scheduled job).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '@pocketguide/platform/config/config';
import { runIfMain, UsageError } from '@pocketguide/platform/cli/cli-main';
import { takeBackup } from '../backup/take-backup.ts';
import { progressPrinter } from '../backup/progress-printer.ts';

export const BACKUP_USAGE = `Usage: npm run backup -- <folder> [--keep N]

  <folder>    where backups go; each run adds <folder>/pocketguide-<UTC time>/ with a manifest.json
  --keep N    afterwards, keep only the newest N backups in <folder> (N >= 1)

Backs up the event store, the credential store, secrets.json and the blobs of DATA_DIR, while the product runs.
Read models are not copied: npm run restore rebuilds them.`;

export function parseBackupArgs(argv: readonly string[]): { into: string; keep?: number } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: { keep: { type: 'string' } },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const [into, ...rest] = parsed.positionals;
  if (!into || rest.length > 0) throw new UsageError('Name one folder to put the backup in.');
  if (parsed.values.keep === undefined) return { into };
  const keep = Number(parsed.values.keep);
  if (!Number.isInteger(keep) || keep < 1)
    throw new UsageError(`--keep takes a whole number of backups, at least 1 (got "${parsed.values.keep}").`);
  return { into, keep };
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(BACKUP_USAGE);
    return 0;
  }
  const args = parseBackupArgs(argv);
  const config = loadConfig();
  const printer = progressPrinter();
  console.log(`Backing up ${config.paths.dataDir}`);
  const result = await takeBackup({
    config,
    into: args.into,
    ...(args.keep === undefined ? {} : { keep: args.keep }),
    onProgress: printer.update,
  });
  printer.end();
  const { eventLog, credentials, blobs, files } = result.manifest;
  console.log(`Backup written to ${result.folder}`);
  console.log(
    `  ${eventLog.events.toLocaleString('en-US')} events in ${eventLog.streams.toLocaleString('en-US')} streams, last position ${eventLog.lastPosition ?? 'none'}, log sha256 ${eventLog.sha256}`,
  );
  console.log(
    `  ${credentials ? `${credentials.rows} credentials` : 'no credential store'}, ${blobs.location === 'folder' ? `${blobs.files} blobs (${blobs.bytes.toLocaleString('en-US')} bytes)` : `blobs left in bucket ${blobs.bucket}`}, ${files.length} files checksummed`,
  );
  for (const removed of result.removed) console.log(`  removed old backup ${removed}`);
  return 0;
}

runIfMain(import.meta, BACKUP_USAGE, main);
