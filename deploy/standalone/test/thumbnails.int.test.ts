import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  THUMBNAIL_MESSAGES,
  guidebookStream,
  thumbnailRequestAnswerSchema,
  thumbnailStatusSchema,
  type GuidebookRow,
  type ThumbnailRequestAnswer,
} from '@pocketguide/contracts';
import { findChromium } from '@pocketguide/workers/thumbnails/thumbnail-renderer';
import { startStandalone, type RunningStandalone } from '../src/app.ts';
import { TEST_ACCOUNT_ENV, bearer, signIn, verifiedUser, type SignedIn } from './testing/accounts.ts';
import { appendedSince } from './testing/log.ts';

/**
 * Thumbnails over HTTP, end to end in one process: the requests (user and administrators' endpoints, their
 * refusals and the rate limit), the worker drawing readers' covers in the system Chromium, and the lists showing
 * the result. Without a Chromium the drawing tests are skipped (the reason is printed); the refusals still run.
 */

const scratch = resolve(import.meta.dirname, '../../../test-output/tmp');
const ADMIN_EMAIL = 'thumbnail-admin@example.com';
const ADMIN_PASSWORD = 'Admin1!pass';
const chromium = findChromium(process.env.CHROMIUM_PATH);
if (!chromium.found) console.warn(`[thumbnails.int] drawing tests skipped: ${chromium.reason}`);

let app: RunningStandalone;
let admin: SignedIn;
let author: SignedIn;
let other: SignedIn;

const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

beforeAll(async () => {
  app = await startStandalone({
    port: 0,
    dataDir: resolve(scratch, `thumbnails-${randomUUID()}`),
    env: { LOG_LEVEL: 'warn', ADMIN_EMAIL, ADMIN_PASSWORD, ...TEST_ACCOUNT_ENV },
  });
  admin = await signIn(app.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  [author, other] = await Promise.all([
    verifiedUser(app.url, unique('author')),
    verifiedUser(app.url, unique('other')),
  ]);
  for (const who of [author, other]) {
    const subscribed = await send('POST', '/subscriptions/admin/subscribe', admin, { customerUid: who.user.id });
    expect(subscribed.status).toBe(200);
  }
});
afterAll(() => app?.close());

type Problem = { code: string; message: string; status: number; errors?: { path: string; message: string }[] };

function send(
  method: string,
  path: string,
  who: SignedIn | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return fetch(`${app.url}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(who ? bearer(who.token) : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A refusal as problem details, leaving the log as it was. */
async function refused(
  request: () => Promise<Response>,
  status: number,
  code: string,
): Promise<{ problem: Problem; response: Response }> {
  const before = await app.eventStore.headPosition();
  const response = await request();
  const problem = (await response.json()) as Problem;
  expect({ status: response.status, code: problem.code }).toEqual({ status, code });
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect(await appendedSince(app.eventStore, before)).toEqual([]);
  return { problem, response };
}

async function answered(response: Response, status = 202): Promise<ThumbnailRequestAnswer> {
  expect(response.status).toBe(status);
  return thumbnailRequestAnswerSchema.parse(await response.json());
}

/** A guidebook from the built-in sample (a cover with a picture), published unless told otherwise. */
async function guidebook(who: SignedIn, { publish = true } = {}): Promise<{ _id: string; uuid: string }> {
  const created = await send('POST', '/guidebooks', who, { source: 'sample' });
  expect(created.status).toBe(201);
  const body = (await created.json()) as { _id: string; uuid: string };
  if (publish) expect((await send('PUT', `/guidebooks/${body._id}/publish`, who)).status).toBe(200);
  return body;
}

async function listed(who: SignedIn, id: string, query = ''): Promise<GuidebookRow | undefined> {
  const response = await send('GET', `/guidebooks?${query}`, who);
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: GuidebookRow[] }).results.find((row) => row._id === id);
}

/** Waits until the owner's list shows a thumbnail for the guidebook newer than `after`. */
async function thumbnailListed(
  who: SignedIn,
  id: string,
  after: string | null = null,
  timeoutMs = 45_000,
): Promise<GuidebookRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await listed(who, id);
    if (row?.thumbnailUrl && row.thumbnailGeneratedAt && (after === null || row.thumbnailGeneratedAt > after))
      return row;
    if (Date.now() > deadline) throw new Error(`no thumbnail listed for ${id} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function eventsOf(streamId: string): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
  const events: Array<{ type: string; data: Record<string, unknown> }> = [];
  for await (const event of app.eventStore.readStream(streamId))
    events.push({ type: event.type, data: event.data as Record<string, unknown> });
  return events;
}

describe('who may ask, and for what', () => {
  it('401 without a token on every thumbnail call; nothing appended', async () => {
    await refused(
      () => send('POST', '/thumbnails/generate', null, { guidebookIds: ['x'], priority: 'high' }),
      401,
      'unauthorized',
    );
    await refused(() => send('POST', '/admin/thumbnails/generate', null, { guidebookId: 'x' }), 401, 'unauthorized');
    await refused(() => send('GET', '/thumbnails/status', null), 401, 'unauthorized');
  });

  it('403 on the administrators’ endpoint for anyone else, whatever the body', async () => {
    const { problem } = await refused(
      () => send('POST', '/admin/thumbnails/generate', author, { guidebookId: 'x' }),
      403,
      'forbidden',
    );
    expect(problem.message).toBe(THUMBNAIL_MESSAGES.adminOnly);
    await refused(() => send('POST', '/admin/thumbnails/generate', author, { nonsense: true }), 403, 'forbidden');
  });

  it('400 naming the field for a bad body; nothing appended', async () => {
    const missing = await refused(
      () => send('POST', '/thumbnails/generate', author, { priority: 'high' }),
      400,
      'validation_failed',
    );
    expect(missing.problem.errors?.[0]?.path).toBe('guidebookIds');
    const empty = await refused(
      () => send('POST', '/thumbnails/generate', author, { guidebookIds: [] }),
      400,
      'validation_failed',
    );
    expect(empty.problem.errors?.[0]).toEqual({ path: 'guidebookIds', message: 'Name at least one guidebook' });
    const priority = await refused(
      () => send('POST', '/thumbnails/generate', author, { guidebookIds: ['x'], priority: 'urgent' }),
      400,
      'validation_failed',
    );
    expect(priority.problem.errors?.[0]?.path).toBe('priority');
    const noId = await refused(() => send('POST', '/admin/thumbnails/generate', admin, {}), 400, 'validation_failed');
    expect(noId.problem.errors?.[0]).toEqual({ path: 'guidebookId', message: THUMBNAIL_MESSAGES.guidebookIdRequired });
    const mode = await refused(
      () => send('POST', '/admin/thumbnails/generate', admin, { mode: 'all', guidebookIds: ['x'] }),
      400,
      'validation_failed',
    );
    expect(mode.problem.errors?.[0]?.path).toBe('mode');
  });

  it("queues only the caller's own published guidebooks: others', unpublished and unknown ones are skipped and not counted", async () => {
    const own = await guidebook(author);
    const draft = await guidebook(author, { publish: false });
    const theirs = await guidebook(other);
    const answer = await answered(
      await send('POST', '/thumbnails/generate', author, {
        guidebookIds: [own._id, draft._id, theirs._id, 'no-such-guidebook', own._id],
        priority: 'high',
      }),
    );
    expect(answer).toMatchObject({
      queued: 1,
      priority: 'high',
      message: '1 thumbnail queued',
      guidebookIds: [own._id],
      skipped: [
        { guidebookId: draft._id, reason: 'unpublished' },
        { guidebookId: theirs._id, reason: 'not-yours' },
        { guidebookId: 'no-such-guidebook', reason: 'not-found' },
      ],
    });
    expect(Date.parse(answer.estimated ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const [recorded] = await eventsOf(`thumbnail_requests-${author.user.id}`);
    expect(recorded).toMatchObject({ type: 'ThumbnailsRequested', data: { via: 'user', guidebookIds: [own._id] } });

    // Nothing of theirs queued: the answer says so (queued 0) and the web raises its error.
    const none = await answered(await send('POST', '/thumbnails/generate', author, { guidebookIds: [theirs._id] }));
    expect(none).toMatchObject({ queued: 0, estimated: null, message: THUMBNAIL_MESSAGES.nothingQueuedOwn });
  });

  it('429 after 5 requests in a minute, with Retry-After and the spec’s problem details; a retried request is not counted', async () => {
    const limited = await verifiedUser(app.url, unique('limited'));
    const ask = (key?: string) =>
      send(
        'POST',
        '/thumbnails/generate',
        limited,
        { guidebookIds: ['not-mine'] },
        key ? { 'idempotency-key': key } : {},
      );
    for (let n = 0; n < 5; n++) await answered(await ask(n === 4 ? 'thumbnail-request-five' : undefined));
    const { problem, response } = await refused(() => ask(), 429, 'too_many_requests');
    expect(problem.message).toBe(THUMBNAIL_MESSAGES.tooMany);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same request again (its Idempotency-Key) answers as the first time.
    expect((await answered(await ask('thumbnail-request-five'))).queued).toBe(0);
    // Another person's limit is their own.
    await answered(await send('POST', '/thumbnails/generate', other, { guidebookIds: ['x'] }));
  });

  it('administrators: any published guidebook, one (high) or a batch (low)', async () => {
    const theirs = await guidebook(other);
    const draft = await guidebook(other, { publish: false });
    const one = await answered(await send('POST', '/admin/thumbnails/generate', admin, { guidebookId: theirs._id }));
    expect(one).toMatchObject({ queued: 1, priority: 'high', guidebookIds: [theirs._id] });
    const batch = await answered(
      await send('POST', '/admin/thumbnails/generate', admin, {
        mode: 'specific',
        guidebookIds: [theirs._id, draft._id],
      }),
    );
    expect(batch).toMatchObject({
      queued: 1,
      priority: 'low',
      skipped: [{ guidebookId: draft._id, reason: 'unpublished' }],
    });
  });

  it('GET thumbnails/status: the queue as counts, the caller’s own waiting guidebooks, the average render time', async () => {
    const response = await send('GET', '/thumbnails/status', author);
    expect(response.status).toBe(200);
    const status = thumbnailStatusSchema.parse(await response.json());
    expect(status.available).toBe(chromium.found);
    expect(status.pending).toBe(status.byPriority.high + status.byPriority.low);
    expect(status.averageRenderMs).toBeGreaterThan(0);
  });
});

describe.skipIf(!chromium.found)('drawing (system Chromium)', () => {
  it('a request is drawn by the worker: the lists show the thumbnail, /media serves it as 435 × 800 WebP, no view is counted', async () => {
    const own = await guidebook(author);
    const answer = await answered(
      await send('POST', '/thumbnails/generate', author, { guidebookIds: [own._id], priority: 'high' }),
    );
    expect(answer.queued).toBe(1);
    const row = await thumbnailListed(author, own._id);
    expect(row.thumbnailUrl).toMatch(new RegExp(`^/media/thumbnails/${own._id}/[0-9a-f]{16}\\.webp$`));
    expect(row.views.count).toBe(0);

    const image = await fetch(`${app.url}${row.thumbnailUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const { format, width, height } = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect({ format, width, height }).toEqual({ format: 'webp', width: 435, height: 800 });

    const recorded = (await eventsOf(guidebookStream(own._id))).filter(
      (event) => event.type === 'GuidebookThumbnailRecorded',
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.data).toMatchObject({
      guidebookId: own._id,
      thumbnailUrl: row.thumbnailUrl,
      generatedAt: row.thumbnailGeneratedAt,
    });
    expect(recorded[0]?.data.renderMs).toEqual(expect.any(Number));

    const status = thumbnailStatusSchema.parse(await (await send('GET', '/thumbnails/status', author)).json());
    expect(status.yours.map((entry) => entry.guidebookId)).not.toContain(own._id);
    console.log(
      `[thumbnails.int] measured render time: ${String(recorded[0]?.data.renderMs)} ms (average so far ${status.averageRenderMs} ms)`,
    );
  });

  it('asking again for an unchanged guidebook draws it again (the browser already holds its page)', async () => {
    const own = await guidebook(author);
    await send('POST', '/thumbnails/generate', author, { guidebookIds: [own._id], priority: 'high' });
    const first = await thumbnailListed(author, own._id);
    const again = await answered(
      await send('POST', '/thumbnails/generate', author, { guidebookIds: [own._id], priority: 'high' }),
    );
    expect(again.queued).toBe(1);
    const second = await thumbnailListed(author, own._id, first.thumbnailGeneratedAt);
    // The same page makes the same picture: the same content-addressed file, a newer time.
    expect(second.thumbnailUrl).toBe(first.thumbnailUrl);
    expect((await eventsOf(`thumbnail-${own._id}`)).map((event) => event.type)).toEqual([]);
  });

  it('enabling the public gallery makes a thumbnail by itself; setting a password on it makes a new one (the gate)', async () => {
    const own = await guidebook(author);
    const enabled = await send('PATCH', `/guidebooks/${own._id}/public-gallery`, author, { isPublicGallery: true });
    expect(enabled.status).toBe(200);
    const row = await thumbnailListed(author, own._id);
    expect(row.isPublicGallery).toBe(true);
    expect((await listed(author, own._id, 'status=public-gallery'))?.thumbnailUrl).toBe(row.thumbnailUrl);

    expect((await send('PUT', `/guidebooks/${own._id}/password`, author, { password: 'jeju2026' })).status).toBe(200);
    const gated = await thumbnailListed(author, own._id, row.thumbnailGeneratedAt);
    // The gate shows the title only: another picture than the cover.
    expect(gated.thumbnailUrl).not.toBe(row.thumbnailUrl);
  });
});

describe('without a Chromium', () => {
  let bare: RunningStandalone;
  beforeAll(async () => {
    bare = await startStandalone({
      port: 0,
      dataDir: resolve(scratch, `thumbnails-bare-${randomUUID()}`),
      env: {
        LOG_LEVEL: 'error',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        CHROMIUM_PATH: '/nonexistent/chromium',
        ...TEST_ACCOUNT_ENV,
      },
    });
  });
  afterAll(() => bare?.close());

  it('requests answer honestly (queued 0, nothing written), /api/health says the worker is unavailable and stays 200', async () => {
    const signedIn = await signIn(bare.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const before = await bare.eventStore.headPosition();
    const response = await fetch(`${bare.url}/api/admin/thumbnails/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(signedIn.token) },
      body: JSON.stringify({ guidebookId: 'anything' }),
    });
    expect(await answered(response, 200)).toMatchObject({
      queued: 0,
      estimated: null,
      message: THUMBNAIL_MESSAGES.unavailable,
      position: 0,
    });
    expect(await bare.eventStore.headPosition()).toBe(before);

    const health = await fetch(`${bare.url}/api/health`);
    expect(health.status).toBe(200);
    const { workers } = (await health.json()) as {
      workers: Array<{ name: string; available?: boolean; unavailableReason?: string }>;
    };
    expect(workers.find((worker) => worker.name === 'thumbnails')).toMatchObject({
      available: false,
      unavailableReason: 'CHROMIUM_PATH /nonexistent/chromium does not exist',
    });
    const status = await fetch(`${bare.url}/api/thumbnails/status`, { headers: bearer(signedIn.token) });
    expect(thumbnailStatusSchema.parse(await status.json()).available).toBe(false);
  });
});
