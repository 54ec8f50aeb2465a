import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

export const repoRoot = resolve(import.meta.dirname, '../../../..');

/**
 * Runs a CLI as `npm run` does (node --import tsx <script>) against the embedded stores under `dataDir`, whatever
 * engine URLs the test environment holds. Resolves with the exit code and the output, also on failure.
 */
export async function runCli(script: string, args: readonly string[], dataDir: string) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', MONGO_URL: '' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : -1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
}
