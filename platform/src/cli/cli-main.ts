import { resolve } from 'node:path';

/** A mistake in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * Runs `main` when the module is the script node was started with (not when a test imports it). Exit codes:
 * what `main` returns, 2 for a UsageError (printed with the usage), 1 for anything else (printed as a message,
 * with the stack only when DEBUG is set).
 */
export function runIfMain(meta: ImportMeta, usage: string, main: (argv: readonly string[]) => Promise<number>): void {
  const script = process.argv[1];
  if (!script || resolve(script) !== meta.filename) return;
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(`${error.message}\n\n${usage}`);
        process.exitCode = 2;
        return;
      }
      console.error(process.env.DEBUG ? error : `Error: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
