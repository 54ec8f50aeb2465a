import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES as M, feedbackStream, type FeedbackAccepted } from '@pocketguide/contracts';
import { startStandalone, type RunningStandalone } from './app.ts';
import { TEST_ACCOUNT_ENV, bearer, verifiedUser } from './testing/accounts.ts';
import { appendedSince } from './testing/log.ts';

const scratch = resolve(import.meta.dirname, '../../../test-output/tmp');
let app: RunningStandalone;

beforeAll(async () => {
  app = await startStandalone({ port: 0, dataDir: resolve(scratch, `feedback-${randomUUID()}`), env: { LOG_LEVEL: 'warn', ...TEST_ACCOUNT_ENV } });
});
afterAll(() => app?.close());

const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

const body = (overrides: Record<string, unknown> = {}) => ({
  title: '지도 확대',
  feedback: '지도를 두 손가락으로 확대할 수 있으면 좋겠어요.\n\n---\nPage: /guidebooks',
  url: 'http://localhost/guidebooks',
  userAgent: 'Mozilla/5.0 (test)',
  timestamp: '2026-03-02T10:02:00.000+09:00',
  ...overrides,
});

const send = (payload: unknown, headers: Record<string, string> = {}) =>
  fetch(`${app.url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(payload) });

async function eventsOf(feedbackId: string) {
  const events = [];
  for await (const event of app.eventStore.readStream(feedbackStream(feedbackId))) events.push(event);
  return events;
}

type Problem = { status: number; code: string; message: string; errors?: { path: string; message: string }[] };

describe('POST /api/feedback', () => {
  it('an anonymous visitor: 201, one FeedbackSubmitted on feedback-<id>, no user recorded', async () => {
    const response = await send(body({ title: undefined }));
    expect(response.status).toBe(201);
    const accepted = (await response.json()) as FeedbackAccepted;
    expect(accepted).toMatchObject({ _id: expect.any(String), position: expect.any(Number), message: M.thanks });
    const events = await eventsOf(accepted._id);
    expect(events.map((event) => event.type)).toEqual(['FeedbackSubmitted']);
    expect(events[0]?.data).toMatchObject({ feedbackId: accepted._id, feedback: body().feedback, url: body().url, userAgent: 'Mozilla/5.0 (test)' });
    expect(events[0]?.data).not.toHaveProperty('userId');
    expect(events[0]?.data).not.toHaveProperty('title');
    expect(events[0]?.metadata.userId).toBe('anonymous');
  });

  it('a signed-in person: the title and who sent it are recorded; a retried send (same Idempotency-Key) appends nothing', async () => {
    const { token, user } = await verifiedUser(app.url, unique('feedback'));
    const headers = { ...bearer(token), 'idempotency-key': `feedback-${randomUUID()}` };
    const first = await send(body(), headers);
    expect(first.status).toBe(201);
    const accepted = (await first.json()) as FeedbackAccepted;
    const retried = await send(body(), headers);
    expect(retried.status).toBe(201);
    expect(((await retried.json()) as FeedbackAccepted)._id).toBe(accepted._id);
    const events = await eventsOf(accepted._id);
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ title: '지도 확대', userId: user.id, clientTimestamp: '2026-03-02T10:02:00.000+09:00' });
  });

  it('refuses a blank text with the spec message, unknown fields, and a body without url or timestamp', async () => {
    const before = await app.eventStore.headPosition();
    const blank = await send(body({ feedback: '  \n ' }));
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as Problem).errors).toContainEqual({ path: 'feedback', message: M.empty });
    const unknown = await send(body({ priority: 'high' }));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as Problem).errors?.map((error) => error.path)).toContain('priority');
    const { url: _url, timestamp: _timestamp, ...partial } = body();
    const missing = (await (await send(partial)).json()) as Problem;
    expect(missing.status).toBe(400);
    expect(missing.errors?.map((error) => error.path).sort()).toEqual(['timestamp', 'url']);
    expect((await send(body({ feedback: 'x'.repeat(10_001) }))).status).toBe(400);
    expect(await appendedSince(app.eventStore, before)).toEqual([]);
  });

  it('a bad token is refused (401), not treated as anonymous', async () => {
    const response = await send(body(), bearer('not-a-token'));
    expect(response.status).toBe(401);
  });

  it('after 10 in 10 minutes from one account: 429 with Retry-After; other senders are not affected', async () => {
    const busy = await verifiedUser(app.url, unique('busy'));
    for (let i = 0; i < 10; i++) expect((await send(body({ feedback: `idea ${i}` }), bearer(busy.token))).status).toBe(201);
    const limited = await send(body(), bearer(busy.token));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as Problem).code).toBe('too_many_requests');
    const other = await verifiedUser(app.url, unique('calm'));
    expect((await send(body(), bearer(other.token))).status).toBe(201);
  });
});
