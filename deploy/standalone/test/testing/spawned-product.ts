import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../../..');
const READY = /PocketGuide is running at (http:\/\/\S+)/;

export type SpawnedProduct = {
  child: ChildProcess;
  /** the address the process printed once it listened (its port is the one the system gave it) */
  url: string;
  /** settles with the exit code when the process exits (null when a signal ended it) */
  exited: Promise<number | null>;
  /** everything the process wrote so far */
  output: () => string;
};

/**
 * Starts `deploy/standalone/src/main.ts` as a real process, as `npm start` does (without the web build), on
 * `PORT=0`: the system picks a free port, and the address comes from the process's own "running at" line, so
 * parallel runs never collide on a guessed port. Resolves the moment that line is written; rejects when the
 * process exits first (with its output) or has not started within `startMs`.
 */
export function spawnProduct(env: NodeJS.ProcessEnv, startMs = 60_000): Promise<SpawnedProduct> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'deploy/standalone/src/main.ts'], {
    cwd: root,
    // the "running at" line is written at info level, whatever the caller asked for
    env: { ...process.env, ...env, LOG_LEVEL: 'info', PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let output = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no start within ${startMs} ms:\n${output}`)), startMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = READY.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        child.stdout?.on('data', (more: Buffer) => (output += more.toString()));
        child.stderr?.on('data', (more: Buffer) => (output += more.toString()));
        done({ child, url, exited, output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`exited with ${code} before starting:\n${output}`));
    });
  });
}
