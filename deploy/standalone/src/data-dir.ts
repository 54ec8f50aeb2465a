import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import type { Config } from '@pocketguide/platform/config/config';

export class DataDirError extends Error {
  override readonly name = 'DataDirError';
}

/** A missing data folder is made (first start); one that cannot be used stops the start with a clear message. */
export function prepareDataDir(config: Config): void {
  const dir = config.paths.dataDir;
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new DataDirError(
      `Cannot create the data folder ${dir}: ${(error as Error).message}. Set DATA_DIR to a writable folder.`,
    );
  }
  if (!statSync(dir).isDirectory())
    throw new DataDirError(`DATA_DIR ${dir} is not a folder. Set DATA_DIR to a writable folder.`);
  try {
    accessSync(dir, constants.R_OK | constants.W_OK);
  } catch {
    throw new DataDirError(
      `The data folder ${dir} is not readable and writable by this user. Fix its permissions or set DATA_DIR.`,
    );
  }
}
