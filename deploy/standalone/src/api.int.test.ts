import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandalone, type RunningStandalone } from './app.ts';
import { TEST_ACCOUNT_ENV, verifiedUser } from './testing/accounts.ts';
import { appendedSince } from './testing/log.ts';

const scratch = resolve(import.meta.dirname, '../../../test-output/tmp');
let app: RunningStandalone;
let token: string;

beforeAll(async () => {
  app = await startStandalone({
    port: 0,
    dataDir: resolve(scratch, `api-${randomUUID()}`),
    env: { LOG_LEVEL: 'warn', BODY_LIMIT_BYTES: '4096', ...TEST_ACCOUNT_ENV },
  });
  // Guidebooks are for signed-in people: an author signs up, verifies the mailed link and signs in.
  ({ token } = await verifiedUser(app.url, `author-${randomUUID()}@example.com`));
});
afterAll(() => app?.close());

/** Calls as the signed-in author unless the request sets its own Authorization. */
const api = (path: string, init: RequestInit = {}) =>
  fetch(`${app.url}/api${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string> | undefined) } });
const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  api(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Every refusal must leave the log untouched. */
async function expectNothingAppended(send: () => Promise<Response>): Promise<Response> {
  const before = await app.eventStore.headPosition();
  const response = await send();
  expect(await appendedSince(app.eventStore, before)).toEqual([]);
  return response;
}

async function expectProblem(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const body = (await response.json()) as { code: string; message: string; status: number; errors?: { path: string; message: string }[] };
  expect(body.code).toBe(code);
  expect(body.status).toBe(status);
  expect(body.message).toBeTruthy();
  return body;
}

describe('the first thread: create a guidebook, read it back', () => {
  it('answers 201 with the id and a position, and the list read after that position has it', async () => {
    const created = await postJson('/guidebooks', { title: '부산 여행' });
    expect(created.status).toBe(201);
    const { _id, position } = (await created.json()) as { _id: string; position: number };
    expect(position).toBeGreaterThan(0);

    const list = await api(`/guidebooks?after=${position}`);
    expect(list.status).toBe(200);
    expect(list.headers.get('x-read-consistency')).toBe('caught-up');
    const body = (await list.json()) as { results: { _id: string; title: string }[]; page: number; pageSize: number; totalCount: number; pageCount: number };
    expect(body.results.find((g) => g._id === _id)?.title).toBe('부산 여행');
    expect(body).toMatchObject({ page: 1, pageSize: 10 });
  });

  it('searches case-insensitively', async () => {
    const { position } = (await (await postJson('/guidebooks', { title: 'Kyoto Autumn Walks' })).json()) as { position: number };
    const body = (await (await api(`/guidebooks?search=kyoto&after=${position}`)).json()) as { results: { title: string }[]; totalCount: number };
    expect(body.results.map((r) => r.title)).toEqual(['Kyoto Autumn Walks']);
    expect(body.totalCount).toBe(1);
  });

  it('a retried command with the same Idempotency-Key appends nothing new', async () => {
    const key = `retry-${randomUUID()}`;
    const first = (await (await postJson('/guidebooks', { title: 'Once' }, { 'Idempotency-Key': key })).json()) as { _id: string; position: number };
    const head = await app.eventStore.headPosition();
    const again = await postJson('/guidebooks', { title: 'Once' }, { 'Idempotency-Key': key });
    expect(again.status).toBe(201);
    expect(((await again.json()) as { _id: string })._id).toBe(first._id);
    expect(await appendedSince(app.eventStore, head)).toEqual([]);
  });

  it('says stale when the projections cannot reach the position in time', async () => {
    const response = await api('/guidebooks?after=999999999');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-read-consistency')).toBe('stale');
  });

  it('reports every part in /api/health', async () => {
    const response = await api('/health');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; eventStore: { status: string }; readStore: { status: string }; projectors: { name: string; lag: number }[] };
    expect(body.status).toBe('ok');
    expect(body.eventStore.status).toBe('ok');
    expect(body.readStore.status).toBe('ok');
    expect(body.projectors.map((p) => p.name)).toContain('guidebook-list');
    // the snapshots the guidebook commands wrote or skipped as too large (SQLite has no limit of its own)
    expect((body as unknown as { snapshots: unknown }).snapshots).toMatchObject({ tooLarge: 0, failed: 0, maxBytes: null });
  });
});

describe('guidebooks are for signed-in people', () => {
  it('without a token → 401, nothing appended', async () => {
    const anonymous = await expectNothingAppended(() =>
      fetch(`${app.url}/api/guidebooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'x' }) }),
    );
    await expectProblem(anonymous, 401, 'unauthorized');
    await expectProblem(await fetch(`${app.url}/api/guidebooks`), 401, 'unauthorized');
  });

  it('with a forged token → 401', async () => {
    await expectProblem(await api('/guidebooks', { headers: { authorization: 'Bearer not.a.jwt' } }), 401, 'unauthorized');
  });

  it('records who created it in the event metadata', async () => {
    const { _id } = (await (await postJson('/guidebooks', { title: 'Mine' })).json()) as { _id: string };
    const events = [];
    for await (const event of app.eventStore.readStream(`guidebook-${_id}`)) events.push(event);
    expect(events[0]?.metadata.userId).toEqual(expect.any(String));
    expect(events[0]?.metadata.userId).not.toBe('anonymous');
  });
});

describe('bad input gets problem details and changes nothing', () => {
  it('malformed JSON → 400 malformed_json', async () => {
    const response = await expectNothingAppended(() =>
      api('/guidebooks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title": "x"' }),
    );
    await expectProblem(response, 400, 'malformed_json');
  });

  it('unknown field → 400 naming it', async () => {
    const response = await expectNothingAppended(() => postJson('/guidebooks', { title: 'ok', owner: 'me' }));
    const body = await expectProblem(response, 400, 'validation_failed');
    expect(body.errors).toContainEqual({ path: 'owner', message: 'Unknown field: owner' });
  });

  it('wrong type → 400 naming the field', async () => {
    const response = await expectNothingAppended(() => postJson('/guidebooks', { title: 42 }));
    const body = await expectProblem(response, 400, 'validation_failed');
    expect(body.errors?.[0]?.path).toBe('title');
  });

  it("blank title → 400 with the spec's message", async () => {
    const response = await expectNothingAppended(() => postJson('/guidebooks', { title: '   ' }));
    const body = await expectProblem(response, 400, 'validation_failed');
    expect(body.errors).toContainEqual({ path: 'title', message: 'Title cannot be empty' });
  });

  it('a JSON array or scalar body → 400', async () => {
    await expectProblem(await expectNothingAppended(() => postJson('/guidebooks', ['title'])), 400, 'validation_failed');
    const scalar = await expectNothingAppended(() =>
      api('/guidebooks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '"title"' }),
    );
    await expectProblem(scalar, 400, 'malformed_json');
  });

  it('oversized body → 413', async () => {
    const response = await expectNothingAppended(() => postJson('/guidebooks', { title: 'x'.repeat(10_000) }));
    await expectProblem(response, 413, 'payload_too_large');
  });

  it('a body that is not JSON → 415', async () => {
    const response = await expectNothingAppended(() =>
      api('/guidebooks', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'title=x' }),
    );
    await expectProblem(response, 415, 'unsupported_media_type');
  });

  it('a bad Idempotency-Key → 400', async () => {
    const response = await expectNothingAppended(() => postJson('/guidebooks', { title: 'x' }, { 'Idempotency-Key': 'no spaces allowed' }));
    await expectProblem(response, 400, 'validation_failed');
  });

  it('unknown API route → 404 problem details, not the web app', async () => {
    await expectProblem(await api('/no-such-thing'), 404, 'not_found');
    await expectProblem(await expectNothingAppended(() => postJson('/guidebooks/abc/nothing', {})), 404, 'not_found');
  });

  it('bad query values → 400', async () => {
    await expectProblem(await api('/guidebooks?after=-3'), 400, 'validation_failed');
    await expectProblem(await api('/guidebooks?page=zero'), 400, 'validation_failed');
    await expectProblem(await api('/guidebooks?pageSize=1000'), 400, 'validation_failed');
  });
});
