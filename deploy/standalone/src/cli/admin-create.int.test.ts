import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '@pocketguide/platform/cli/cli-main';
import { isValidPassword } from '@pocketguide/contracts';
import { startStandalone, type RunningStandalone } from '../app.ts';
import { TEST_ACCOUNT_ENV, bearer, signIn, verifiedUser } from '../../test/testing/accounts.ts';
import { adminCreate, generatePassword } from './admin-create.ts';

const root = resolve(import.meta.dirname, '../../../..');
const scratch = resolve(root, 'test-output/tmp');
const running: RunningStandalone[] = [];
afterAll(async () => {
  for (const app of running) await app.close();
});

const start = async (dataDir: string) => {
  const app = await startStandalone({ port: 0, dataDir, env: { LOG_LEVEL: 'warn', ...TEST_ACCOUNT_ENV } });
  running.push(app);
  return app;
};

describe('npm run admin:create', () => {
  it('without a terminal: creates the administrator with a generated password, printed once', async () => {
    const dataDir = resolve(scratch, `admin-cli-${randomUUID()}`);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'deploy/standalone/src/cli/admin-create.ts', 'First.Admin@Example.com'],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, ...TEST_ACCOUNT_ENV },
      },
    );
    expect(stdout).toMatch(/^Created administrator first\.admin@example\.com \(id [0-9a-f-]{36}\)\./m);
    const password = /Generated password \(shown once, change it after signing in\): (\S+)/.exec(stdout)?.[1] ?? '';
    expect(isValidPassword(password)).toBe(true);

    const app = await start(dataDir);
    const { user } = await signIn(app.url, 'first.admin@example.com', password);
    expect(user).toMatchObject({ role: 'admin', email: 'first.admin@example.com' });
  });

  it('promotes an existing account while the server runs; its token gets admin calls without signing in again', async () => {
    const dataDir = resolve(scratch, `admin-cli-${randomUUID()}`);
    const app = await start(dataDir);
    const email = `promote-${randomUUID().slice(0, 8)}@example.com`;
    const { token } = await verifiedUser(app.url, email);
    expect((await fetch(`${app.url}/api/users`, { headers: bearer(token) })).status).toBe(403);

    expect(await adminCreate([email], { ...process.env, DATA_DIR: dataDir, ...TEST_ACCOUNT_ENV })).toBe(0);
    // Another process wrote it: the server learns through its subscription to the log.
    const deadline = Date.now() + 5000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await fetch(`${app.url}/api/users`, { headers: bearer(token) })).status;
      if (status !== 200) await new Promise((done) => setTimeout(done, 50));
    }
    expect(status).toBe(200);
    // the password was left alone
    expect((await signIn(app.url, email)).user.role).toBe('admin');

    expect(
      await adminCreate([email, '--password', 'Chosen9$pw'], {
        ...process.env,
        DATA_DIR: dataDir,
        ...TEST_ACCOUNT_ENV,
      }),
    ).toBe(0);
    expect((await signIn(app.url, email, 'Chosen9$pw')).user.role).toBe('admin');
  });

  it('refuses a bad email, a weak password and a missing address with the usage', async () => {
    const env = { ...process.env, DATA_DIR: resolve(scratch, `admin-cli-${randomUUID()}`), ...TEST_ACCOUNT_ENV };
    await expect(adminCreate(['not-an-email'], env)).rejects.toBeInstanceOf(UsageError);
    await expect(adminCreate(['a@example.com', '--password', 'weak'], env)).rejects.toBeInstanceOf(UsageError);
    await expect(adminCreate([], env)).rejects.toBeInstanceOf(UsageError);
  });

  it('generated passwords meet the policy', () => {
    for (let i = 0; i < 200; i++) expect(isValidPassword(generatePassword())).toBe(true);
  });
});

describe('ADMIN_EMAIL and ADMIN_PASSWORD at start', () => {
  it('ensure the administrator on every start, idempotently, keeping a password changed since', async () => {
    const dataDir = resolve(scratch, `admin-env-${randomUUID()}`);
    const env = { LOG_LEVEL: 'warn', ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'Start1!pw', ...TEST_ACCOUNT_ENV };
    const first = await startStandalone({ port: 0, dataDir, env });
    const { user } = await signIn(first.url, 'ops@example.com', 'Start1!pw');
    const change = await fetch(`${first.url}/api/users/${user.id}/password`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from('ops@example.com:Start1!pw').toString('base64')}`,
      },
      body: JSON.stringify({ password: 'Changed2@pw' }),
    });
    expect(change.status).toBe(200);
    await first.close();
    const head = await (async () => {
      const again = await startStandalone({ port: 0, dataDir, env });
      const position = await again.eventStore.headPosition();
      expect((await signIn(again.url, 'ops@example.com', 'Changed2@pw')).user.role).toBe('admin');
      await again.close();
      return position;
    })();
    const third = await startStandalone({ port: 0, dataDir, env });
    running.push(third);
    expect(await third.eventStore.headPosition()).toBe(head);
  });

  it('an ADMIN_PASSWORD that breaks the policy stops the start', async () => {
    await expect(
      startStandalone({
        port: 0,
        dataDir: resolve(scratch, `admin-env-${randomUUID()}`),
        env: { LOG_LEVEL: 'silent', ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'weak', ...TEST_ACCOUNT_ENV },
      }),
    ).rejects.toThrow(/ADMIN_PASSWORD/);
  });
});
