import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_ACCOUNT_ENV, bearer, signIn } from './testing/accounts.ts';
import { spawnProduct, type SpawnedProduct } from './testing/spawned-product.ts';

const root = resolve(import.meta.dirname, '../../..');
const scratch = resolve(root, 'test-output/tmp');

/** Starts the real process (PORT=0) with the administrator the start ensures (guidebooks are for signed-in people). */
const startProcess = (dataDir: string): Promise<SpawnedProduct> => spawnProduct({ DATA_DIR: dataDir, ...ADMIN_ENV });

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolvePromise) => child.on('exit', (code) => resolvePromise(code)));
}

const ADMIN_ENV = { ADMIN_EMAIL: 'process-admin@example.com', ADMIN_PASSWORD: 'Process1!pw', ...TEST_ACCOUNT_ENV };

describe('the standalone process', () => {
  it('killed with SIGKILL right after acknowledging writes, restarts with every write and its read model', async () => {
    const dataDir = resolve(scratch, `crash-${randomUUID()}`);
    const first = await startProcess(dataDir);
    const { token } = await signIn(first.url, ADMIN_ENV.ADMIN_EMAIL, ADMIN_ENV.ADMIN_PASSWORD);
    const titles = Array.from({ length: 20 }, (_, i) => `crash test ${i}`);
    const acknowledged = await Promise.all(
      titles.map(async (title) => {
        const response = await fetch(`${first.url}/api/guidebooks`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(token) },
          body: JSON.stringify({ title }),
        });
        expect(response.status).toBe(201);
        return (await response.json()) as { _id: string; position: number };
      }),
    );
    const exited = exitOf(first.child);
    first.child.kill('SIGKILL');
    await exited;

    const second = await startProcess(dataDir);
    try {
      const last = Math.max(...acknowledged.map((a) => a.position));
      // The restarted projections catch up from their checkpoints; on a loaded machine that may take longer than
      // one read's bounded wait, so ask again until they say caught-up (what is tested is that nothing was lost).
      let response = await fetch(`${second.url}/api/guidebooks?after=${last}&pageSize=100`, { headers: bearer(token) });
      for (let tries = 0; response.headers.get('x-read-consistency') !== 'caught-up' && tries < 15; tries++) {
        response = await fetch(`${second.url}/api/guidebooks?after=${last}&pageSize=100`, { headers: bearer(token) });
      }
      expect(response.headers.get('x-read-consistency')).toBe('caught-up');
      const body = (await response.json()) as { results: { _id: string }[] };
      expect(new Set(body.results.map((r) => r._id))).toEqual(new Set(acknowledged.map((a) => a._id)));
    } finally {
      const exitedAgain = exitOf(second.child);
      second.child.kill('SIGTERM');
      expect(await exitedAgain).toBe(0);
    }
    // two starts of npm start's two processes: each process start takes tens of seconds on a loaded CI machine
  }, 240_000);

  it('refuses to start on a corrupt data folder with a clear message', async () => {
    const dataDir = resolve(scratch, `corrupt-${randomUUID()}`);
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(resolve(dataDir, 'events.sqlite'), 'this is not a database'.repeat(100));
    const error = await startProcess(dataDir).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/exited with 1/);
    expect(error?.message).toMatch(/could not start/);
    expect(error?.message).toMatch(/events\.sqlite/);
  });

  it('refuses to start when DATA_DIR is a file', async () => {
    const file = resolve(scratch, `file-${randomUUID()}`);
    writeFileSync(file, 'x');
    const error = await startProcess(file).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/Cannot create the data folder|not a folder/);
  });
});
