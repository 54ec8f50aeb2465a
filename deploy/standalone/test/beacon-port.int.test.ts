/**
 * BEACON_PORT, the `beacons` role (issue 24): the readers' beacons taken by the projections process on a port of its
 * own, as `npm start` runs it, so the loop that serves pages does not pay for them. The serving process runs here,
 * in the test's process (its CPU is measured); the projections process is forked as main.ts forks it.
 */
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingStream } from '@pocketguide/contracts';
import type { RunningStandalone } from '../src/app.ts';
import { TEST_ADMIN, TEST_ACCOUNT_ENV, bearer, startWithAdmin, type SignedIn } from './testing/accounts.ts';

const root = resolve(import.meta.dirname, '../../..');
const dataDir = resolve(root, 'test-output/tmp', `beacon-port-${randomUUID()}`);
const BEACONS = 2_000;

let app: RunningStandalone;
let background: ChildProcess | undefined;
let beaconUrl: string;
let guidebook: { id: string; uuid: string };

const env = {
  LOG_LEVEL: 'warn',
  CHROMIUM_PATH: '/nonexistent/chromium',
  READING_FLUSH_INTERVAL_MS: '100',
  BEACONS_PER_ADDRESS_PER_MINUTE: '1000000',
};

async function storedReads(): Promise<number> {
  let count = 0;
  for await (const event of app.eventStore.readStream(readingStream(guidebook.id)))
    count += (event.data as { reads: unknown[] }).reads.length;
  return count;
}

async function waitForReads(count: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await storedReads()) < count && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
  expect(await storedReads()).toBe(count);
}

/**
 * `count` beacons (one page opened each, a phone's agent) to `url` from a second process, 16 at a time over
 * keep-alive connections, as readers' browsers send them: answers how many were answered 204.
 */
async function sendBeacons(url: string, count: number): Promise<number> {
  const body = JSON.stringify({
    uuid: guidebook.uuid,
    reads: [
      {
        kind: 'open',
        page: 'cover',
        at: new Date().toISOString(),
        source: 'qr',
        device: 'phone',
        offline: false,
        first: true,
      },
    ],
  });
  const client = `
    const http = require('node:http');
    const [url, total, body] = process.argv.slice(1);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    let sent = 0, answered = 0, ok = 0;
    const one = () => {
      if (sent >= Number(total)) return;
      sent++;
      const req = http.request(url, { method: 'POST', agent, headers: {
        'content-type': 'application/json', 'content-length': Buffer.byteLength(body),
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36 reader/' + sent } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 204) ok++;
          if (++answered === Number(total)) { console.log(ok); agent.destroy(); } else one();
        });
      });
      req.on('error', (error) => { console.error(error); process.exit(1); });
      req.end(body);
    };
    for (let i = 0; i < 16; i++) one();`;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', client, url, String(count), body]);
  return Number(stdout.trim());
}

beforeAll(async () => {
  let admin: SignedIn;
  let newUser: Awaited<ReturnType<typeof startWithAdmin>>['newUser'];
  // the serving process of `npm start` (main.ts's HTTP roles), then its projections process with the beacons role
  ({ app, admin, newUser } = await startWithAdmin('beacon-port', {
    dataDir,
    webDist: resolve(dataDir, 'no-web'),
    env: { ...env, ROLES: 'command-api,query-api' },
  }));
  background = fork(resolve(root, 'deploy/standalone/src/background.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      ...env,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ...TEST_ACCOUNT_ENV,
      DATA_DIR: dataDir,
      ROLES: 'projections,workers,relay,beacons',
      BEACON_PORT: '0',
    },
    stdio: 'inherit',
  });
  const [ready] = (await once(background, 'message')) as [{ type?: string; beaconUrl?: string }];
  expect(ready.type).toBe('ready');
  expect(ready.beaconUrl).toMatch(/^http:\/\/localhost:\d+$/);
  beaconUrl = ready.beaconUrl!;

  const author = await newUser('beacon-port-author');
  const send = (method: string, path: string, who: SignedIn, body?: unknown) =>
    fetch(`${app.url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...bearer(who.token) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  expect((await send('POST', '/subscriptions/admin/subscribe', admin, { customerUid: author.user.id })).status).toBe(
    200,
  );
  const created = await send('POST', '/guidebooks', author, { source: 'sample' });
  const { _id, uuid } = (await created.json()) as { _id: string; uuid: string };
  const published = await send('PUT', `/guidebooks/${_id}/publish`, author);
  const { position } = (await published.json()) as { position: number };
  // the beacons' batch names the guidebook from the viewer read model: there once the projection has the publish
  expect((await fetch(`${app.url}/api/viewer/${uuid}?after=${position}`)).status).toBe(200);
  guidebook = { id: _id, uuid };
}, 120_000);

afterAll(async () => {
  if (background && background.exitCode === null) {
    const exited = once(background, 'exit');
    background.kill('SIGTERM');
    await exited;
  }
  await app?.close();
});

describe('BEACON_PORT (the beacons role)', () => {
  it("takes the viewer's beacons with the same checks as the serving port: 204 and stored, problems for bad input, 404 for anything else", async () => {
    const before = await storedReads();
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${beaconUrl}/api/reading`, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'user-agent': 'Mozilla/5.0 (iPhone) Mobile',
          ...headers,
        },
        body,
      });
    const read = { kind: 'open', page: 'cover', at: new Date().toISOString(), source: 'link', device: 'phone' };
    const ok = await post(JSON.stringify({ uuid: guidebook.uuid, reads: [{ ...read, offline: false, first: true }] }));
    expect(ok.status).toBe(204);
    expect(ok.headers.get('set-cookie')).toBeNull();

    const malformed = await post('{"uuid":');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { code: string }).code).toBe('malformed_json');
    const invalid = await post(JSON.stringify({ uuid: guidebook.uuid, reads: [{ kind: 'nothing' }] }));
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { code: string }).code).toBe('validation_failed');
    // a bot's beacon is answered and dropped
    const bot = await post(
      JSON.stringify({ uuid: guidebook.uuid, reads: [{ ...read, offline: false, first: true }] }),
      {
        'user-agent': 'Googlebot/2.1',
      },
    );
    expect(bot.status).toBe(204);

    const other = await fetch(`${beaconUrl}/api/guidebooks`);
    expect(other.status).toBe(404);
    expect(other.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await other.json()) as { code: string }).code).toBe('not_found');

    await waitForReads(before + 1);
  });

  it('costs the serving process almost nothing: its CPU per beacon is a small part of what the same beacons cost it on the serving port', async () => {
    const before = await storedReads();
    // the same beacons, first to the serving port (the shape before BEACON_PORT), then to the beacon port
    const servingCpu = process.cpuUsage();
    expect(await sendBeacons(`${app.url}/api/reading`, BEACONS)).toBe(BEACONS);
    await waitForReads(before + BEACONS);
    const onServingPort = process.cpuUsage(servingCpu);

    const portCpu = process.cpuUsage();
    expect(await sendBeacons(`${beaconUrl}/api/reading`, BEACONS)).toBe(BEACONS);
    await waitForReads(before + 2 * BEACONS);
    const onBeaconPort = process.cpuUsage(portCpu);

    const perBeaconMs = (cpu: NodeJS.CpuUsage) => (cpu.user + cpu.system) / 1000 / BEACONS;
    const serving = perBeaconMs(onServingPort);
    const port = perBeaconMs(onBeaconPort);
    // on the serving port each beacon's HTTP, checks and batch cost this process ~0.1–0.3 ms of CPU; on the beacon
    // port what is left here is what the process spends anyway over the same seconds (its timers, the polls)
    expect(
      port,
      `serving process CPU per beacon: ${port.toFixed(4)} ms on the beacon port, ${serving.toFixed(4)} ms on the serving port`,
    ).toBeLessThan(serving / 4);
  }, 120_000);
});
