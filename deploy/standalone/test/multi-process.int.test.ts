import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { getPriority } from 'node:os';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICENESS } from '../src/background-priority.ts';
import { TEST_ACCOUNT_ENV, bearer, signIn } from './testing/accounts.ts';

const root = resolve(import.meta.dirname, '../../..');
const scratch = resolve(root, 'test-output/tmp');
const ADMIN_ENV = { ADMIN_EMAIL: 'split-admin@example.com', ADMIN_PASSWORD: 'Split1!pw', ...TEST_ACCOUNT_ENV };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `npm start`'s process (main.ts, without the web build), on a free port, until it says it is running. */
function start(
  dataDir: string,
): Promise<{ child: ChildProcess; url: string; backgroundPid: number; output: () => string }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const { ROLES: _roles, SINGLE_PROCESS: _single, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'deploy/standalone/src/main.ts'], {
    cwd: root,
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      CHROMIUM_PATH: '/nonexistent/chromium',
      ...ADMIN_ENV,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 90 s:\n${output}`)), 90_000);
    const check = setInterval(() => {
      if (!output.includes('PocketGuide is running at')) return;
      clearTimeout(timer);
      clearInterval(check);
      const pid = Number(/run in process (\d+)/.exec(output)?.[1]);
      resolveStart({ child, url: `http://localhost:${port}`, backgroundPid: pid, output: () => output });
    }, 50);
    child.on('exit', (code) => {
      clearTimeout(timer);
      clearInterval(check);
      reject(new Error(`exited with ${code}:\n${output}`));
    });
  });
}

describe('npm start on a machine with more than one core', () => {
  it('serves HTTP in one process and runs the projections in another at a lower OS priority; ?after= reads see each write; SIGTERM stops both', async () => {
    const { child, url, backgroundPid, output } = await start(resolve(scratch, `split-${randomUUID()}`));
    try {
      expect(backgroundPid, output()).toBeGreaterThan(0);
      expect(backgroundPid).not.toBe(child.pid);
      expect(alive(backgroundPid)).toBe(true);
      // serving wins the CPU: the projections process runs at a lower OS priority, the HTTP process at the one it
      // was started with (issue 24)
      expect(getPriority(child.pid!)).toBe(getPriority());
      expect(getPriority(backgroundPid)).toBe(Math.min(19, getPriority() + BACKGROUND_NICENESS));

      const { token } = await signIn(url, ADMIN_ENV.ADMIN_EMAIL, ADMIN_ENV.ADMIN_PASSWORD);
      const headers = { 'content-type': 'application/json', ...bearer(token) };
      const created = await fetch(`${url}/api/guidebooks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: 'split 0' }),
      });
      expect(created.status).toBe(201);
      const answer = (await created.json()) as { _id: string; revision: number };
      const { _id } = answer;
      let { revision } = answer;
      let position = 0;
      for (let n = 1; n <= 5; n++) {
        // each write is read back at once through the other process's projection
        const saved = await fetch(`${url}/api/guidebooks/${_id}`, {
          method: 'PATCH',
          headers: { ...headers, 'if-match': String(revision) },
          body: JSON.stringify({ patches: [{ op: 'replace', path: ['title'], value: `split ${n}` }] }),
        });
        expect(saved.status).toBe(200);
        ({ revision, position } = (await saved.json()) as { revision: number; position: number });
        const read = await fetch(`${url}/api/guidebooks/${_id}?after=${position}`, { headers });
        expect(read.status).toBe(200);
        expect(read.headers.get('x-read-consistency')).toBe('caught-up');
        expect(((await read.json()) as { title: string }).title).toBe(`split ${n}`);
      }
    } finally {
      const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
    expect(alive(backgroundPid)).toBe(false);
  });
});
