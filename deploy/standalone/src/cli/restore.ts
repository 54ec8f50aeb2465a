/**
 * `npm run restore -- <backup folder>`: restores a backup made by `npm run backup` into DATA_DIR, which must be
 * empty or absent, and rebuilds the read models. A damaged backup or a non-empty folder is refused with one line.
 */
import { loadConfig } from '@pocketguide/platform/config/config';
import { runIfMain, UsageError } from '@pocketguide/platform/cli/cli-main';
import { restoreBackup } from '../backup/restore-backup.ts';
import { progressPrinter } from '../backup/progress-printer.ts';

export const RESTORE_USAGE = `Usage: npm run restore -- <backup folder>

  <backup folder>   one backup: the folder holding manifest.json (<folder>/pocketguide-<UTC time>/)

Restores into DATA_DIR, which must be empty or not exist yet; checks every checksum first, then rebuilds
the read models. Start the product on DATA_DIR afterwards.`;

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(RESTORE_USAGE);
    return 0;
  }
  const from = argv[0];
  if (argv.length !== 1 || !from || from.startsWith('-'))
    throw new UsageError('Name the one backup folder to restore.');
  const config = loadConfig();
  const printer = progressPrinter();
  const result = await restoreBackup({ config, from, onProgress: printer.update });
  printer.end();
  const { eventLog } = result.manifest;
  console.log(
    `Restored ${eventLog.events.toLocaleString('en-US')} events (last position ${eventLog.lastPosition ?? 'none'}) into ${config.paths.dataDir}; every read model rebuilt from it.`,
  );
  return 0;
}

runIfMain(import.meta, RESTORE_USAGE, main);
