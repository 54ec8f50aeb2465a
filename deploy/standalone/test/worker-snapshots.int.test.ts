import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guidebookStream } from '@pocketguide/contracts';
import { guidebookSnapshotStream } from '@pocketguide/command-api/guidebook/guidebook-past';
import type { SnapshotHealth } from '@pocketguide/platform/http/health';
import { findChromium } from '@pocketguide/workers/thumbnails/thumbnail-renderer';
import { waitBudgetMs } from '../../../test-support/wait-budget.ts';
import { startStandalone, type RunningStandalone } from '../src/app.ts';
import { TEST_ACCOUNT_ENV, bearer, signIn, type SignedIn } from './testing/accounts.ts';

/**
 * The workers process writes guidebook snapshots too: the thumbnail worker records each drawing on the guidebook's
 * stream through the guidebook command handler, whose snapshot policy takes one every 100 events. So a process
 * running `ROLES=workers` alone shows the same `snapshots` counts in its `/api/health` as the API's process, and a
 * snapshot its worker writes is counted there (not in the API's process). The two roles run as two apps on one data
 * folder; the worker draws in the system Chromium (skipped, with the reason, without one).
 */

const scratch = resolve(import.meta.dirname, '../../../test-output/tmp');
const ADMIN_EMAIL = 'worker-snapshots-admin@example.com';
const ADMIN_PASSWORD = 'Admin1!pass';
const chromium = findChromium(process.env.CHROMIUM_PATH);
const WAIT_MS = waitBudgetMs(process.env);

let api: RunningStandalone;
let workers: RunningStandalone;
let admin: SignedIn;

beforeAll(async () => {
  const dataDir = resolve(scratch, `worker-snapshots-${randomUUID()}`);
  const env = {
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...TEST_ACCOUNT_ENV,
    // the test brings one guidebook to 98 events over HTTP
    GUIDEBOOK_WRITES_PER_MINUTE: '1000',
  };
  api = await startStandalone({ port: 0, dataDir, env: { ...env, ROLES: 'command-api,query-api,projections' } });
  workers = await startStandalone({
    port: 0,
    dataDir,
    env: { ...env, ROLES: 'workers', THUMBNAIL_RENDER_BASE_URL: api.url },
  });
  admin = await signIn(api.url, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await workers?.close();
  await api?.close();
});

async function snapshotsOf(app: RunningStandalone): Promise<SnapshotHealth | undefined> {
  const response = await fetch(`${app.url}/api/health`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { snapshots?: SnapshotHealth }).snapshots;
}

function send(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${api.url}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...bearer(admin.token) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const revisionOf = (response: Response): number => Number(JSON.parse(response.headers.get('etag') ?? 'null'));

describe('the workers process and guidebook snapshots', () => {
  it('with ROLES=workers alone, /api/health shows the snapshot counts (none yet) with the event store limit', async () => {
    expect(await snapshotsOf(workers)).toEqual({ written: 0, tooLarge: 0, failed: 0, maxBytes: null });
  });

  it.skipIf(!chromium.found)(
    'a snapshot the thumbnail worker writes is counted in the workers process, not in the API process',
    async () => {
      const created = await send('POST', '/guidebooks', { source: 'sample' });
      expect(created.status).toBe(201);
      const { _id: id } = (await created.json()) as { _id: string };
      // One edit, then publish and unpublish in turn until the guidebook stands published at revision 98: no
      // snapshot yet (one is taken once 100 events have followed none), and the worker's recording is event 100.
      const edited = await fetch(`${api.url}/api/guidebooks/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'if-match': `"${revisionOf(created)}"`, ...bearer(admin.token) },
        body: JSON.stringify({ patches: [{ op: 'replace', path: ['title'], value: 'Snapshots by the worker' }] }),
      });
      expect(edited.status).toBe(200);
      let revision = revisionOf(edited);
      expect(revision).toBe(1);
      while (revision < 98) {
        const answer = await send('PUT', `/guidebooks/${id}/${revision % 2 === 1 ? 'publish' : 'unpublish'}`);
        expect(answer.status).toBe(200);
        expect(revisionOf(answer)).toBe(revision + 1);
        revision += 1;
      }
      expect((await snapshotsOf(api))?.written).toBe(0);

      const queued = await send('POST', '/admin/thumbnails/generate', { guidebookId: id });
      expect(queued.status).toBe(202);
      expect(await queued.json()).toMatchObject({ queued: 1 });

      const deadline = Date.now() + WAIT_MS;
      let counted = await snapshotsOf(workers);
      while ((counted?.written ?? 0) === 0 && Date.now() < deadline) {
        await new Promise((resolveWait) => setTimeout(resolveWait, 100));
        counted = await snapshotsOf(workers);
      }
      expect(counted).toEqual({ written: 1, tooLarge: 0, failed: 0, maxBytes: null });
      expect((await snapshotsOf(api))?.written).toBe(0);
      const snapshots = [];
      for await (const event of api.eventStore.readStream(guidebookSnapshotStream(guidebookStream(id))))
        snapshots.push(event);
      expect(snapshots.map((event) => (event.data as { revision: number }).revision)).toEqual([99]);
    },
  );
});
