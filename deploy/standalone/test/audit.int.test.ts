import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';

/**
 * The audit trail and the event explorer (issue 14): administrators only, filters, the causation chain, exports
 * (NDJSON line count, CSV), secrets never served, and a guidebook as it was at a chosen instant.
 */

let product: StartedWithAdmin;
let author: SignedIn;
let guidebookId = '';
let firstSavedAt = '';
let secondSavedAt = '';
let lastPosition = 0;
const correlation = '11111111-2222-4333-8444-555555555555';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the clock reads later than `time`, so what is recorded after differs from what came before (a millisecond, not a guess). */
async function clockPast(time: string): Promise<void> {
  while (new Date().toISOString() <= time) await new Promise((resolve) => setImmediate(resolve));
}

async function send(method: string, path: string, who: SignedIn, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${product.baseUrl}/api${path}`, {
    method,
    headers: {
      ...bearer(who.token),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status >= 300)
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  if (typeof answer.position === 'number') lastPosition = Math.max(lastPosition, answer.position);
  return answer;
}

/** Reads as an administrator; the timeline waits for the last write (`X-After-Position`), the explorer reads the index
 *  as it stands (its `after` is a cursor), so `indexed()` waited for it. */
const adminGet = (path: string, who: SignedIn | null = product.admin) =>
  fetch(`${product.baseUrl}/api${path}`, {
    headers: { ...(who ? bearer(who.token) : {}), 'x-after-position': String(lastPosition) },
  });

/** The explorer reads the index: wait until it holds everything written so far. */
async function indexed(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (
      ((await product.app.readStore.getCheckpoint('audit-timeline')) ?? 0) >=
      (await product.app.eventStore.headPosition())
    )
      return;
    await sleep(20);
  }
  throw new Error('the audit index did not catch up');
}

beforeAll(async () => {
  product = await startWithAdmin('audit');
  author = await product.newUser('audit-author');
  const created = await send('POST', '/guidebooks', author, { title: '첫 제목' });
  guidebookId = String(created._id);
  await clockPast(new Date().toISOString());
  firstSavedAt = new Date().toISOString();
  await clockPast(firstSavedAt);
  await send(
    'PATCH',
    `/guidebooks/${guidebookId}`,
    author,
    { patches: [{ op: 'replace', path: ['title'], value: '두 번째 제목' }] },
    { 'if-match': '"0"' },
  );
  await send(
    'PUT',
    `/guidebooks/${guidebookId}/password`,
    author,
    { password: 'open-sesame-42' },
    { 'x-correlation-id': correlation },
  );
  await clockPast(new Date().toISOString());
  secondSavedAt = new Date().toISOString();
  await clockPast(secondSavedAt);
  // two commands an administrator chains under one correlation: hide, then show again
  await send(
    'PATCH',
    `/users/${author.user.id}`,
    product.admin,
    { isHidden: true },
    { 'x-correlation-id': correlation },
  );
  await send(
    'PATCH',
    `/users/${author.user.id}`,
    product.admin,
    { isHidden: false },
    { 'x-correlation-id': correlation },
  );
  await indexed();
});
afterAll(() => product?.app.close());

describe('who may read the audit trail', () => {
  it('refuses anonymous callers with 401 and signed-in people with 403', async () => {
    const paths = [
      `/admin/audit/user/${author.user.id}`,
      '/admin/events',
      '/admin/events/export',
      '/admin/events/1',
      `/admin/guidebooks/${guidebookId}/as-of?at=${encodeURIComponent(secondSavedAt)}`,
    ];
    for (const path of paths) {
      expect((await adminGet(path, null)).status, path).toBe(401);
      const refused = await adminGet(path, author);
      expect(refused.status, path).toBe(403);
      expect(refused.headers.get('content-type'), path).toContain('application/problem+json');
    }
  });

  it('answers 404 for an unknown subject type and 400 for a bad filter', async () => {
    expect((await adminGet('/admin/audit/icon/x')).status).toBe(404);
    expect((await adminGet(`/admin/audit/user/email-${encodeURIComponent('a@example.com')}`)).status).toBe(404);
    expect((await adminGet('/admin/events?from=yesterday')).status).toBe(400);
    expect((await adminGet('/admin/events/abc')).status).toBe(404);
    expect((await adminGet('/admin/events/999999999')).status).toBe(404);
  });
});

describe('the audit timeline of a subject', () => {
  it("shows a user's events newest first, with the administrator who acted and the command", async () => {
    const response = await adminGet(`/admin/audit/user/${author.user.id}`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as {
      results: Array<Record<string, unknown>>;
      totalCount: number;
      actors: Array<{ id: string }>;
      types: string[];
    };
    expect(page.results[0]).toMatchObject({
      type: 'UserUnhidden',
      actorId: product.admin.user.id,
      actor: { isAdmin: true, email: 'admin@example.com' },
      correlationId: correlation,
    });
    expect(page.results[0]?.command).toEqual(expect.any(String));
    expect(page.results[1]?.type).toBe('UserHidden');
    expect(page.types).toEqual(
      expect.arrayContaining(['UserRegistered', 'UserActivated', 'UserHidden', 'UserUnhidden']),
    );
    expect(page.actors.map((a) => a.id)).toContain(product.admin.user.id);
    const positions = page.results.map((entry) => entry.position as number);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
  });

  it('filters by actor and by type', async () => {
    const byAdmin = (await (
      await adminGet(`/admin/audit/user/${author.user.id}?actor=${product.admin.user.id}`)
    ).json()) as { results: Array<{ type: string }>; totalCount: number };
    expect(byAdmin.results.map((entry) => entry.type)).toEqual(['UserUnhidden', 'UserHidden']);
    const hidden = (await (await adminGet(`/admin/audit/user/${author.user.id}?type=UserHidden`)).json()) as {
      totalCount: number;
    };
    expect(hidden.totalCount).toBe(1);
  });

  it('exports the whole timeline as NDJSON (one line per entry) and as CSV, with no secret in it', async () => {
    const page = (await (await adminGet(`/admin/audit/guidebook/${guidebookId}?limit=1`)).json()) as {
      totalCount: number;
    };
    expect(page.totalCount).toBe(3);
    const ndjson = await adminGet(`/admin/audit/guidebook/${guidebookId}?format=ndjson`);
    expect(ndjson.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = (await ndjson.text()).trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.map((line) => (JSON.parse(line) as { type: string }).type)).toEqual([
      'GuidebookCreated',
      'GuidebookEdited',
      'GuidebookPasswordSet',
    ]);
    const csv = await (await adminGet(`/admin/audit/guidebook/${guidebookId}?format=csv`)).text();
    expect(csv.trim().split('\r\n')).toHaveLength(4);
    expect(lines.join('') + csv).not.toContain('open-sesame-42');
  });
});

describe('the event explorer', () => {
  it('filters the global log by type, stream and actor, and pages with a cursor', async () => {
    const byType = (await (await adminGet('/admin/events?type=GuidebookEdited,GuidebookPasswordSet')).json()) as {
      events: Array<{ type: string; streamId: string }>;
    };
    expect(byType.events.map((e) => e.type)).toEqual(['GuidebookPasswordSet', 'GuidebookEdited']);

    const stream = `guidebook-${guidebookId}`;
    const first = (await (await adminGet(`/admin/events?stream=${stream}&limit=2`)).json()) as {
      events: Array<{ position: number; type: string }>;
      next: number;
    };
    expect(first.events.map((e) => e.type)).toEqual(['GuidebookPasswordSet', 'GuidebookEdited']);
    const second = (await (await adminGet(`/admin/events?stream=${stream}&limit=2&before=${first.next}`)).json()) as {
      events: Array<{ type: string }>;
      next: number | null;
    };
    expect(second.events.map((e) => e.type)).toEqual(['GuidebookCreated']);
    expect(second.next).toBeNull();
    const forwards = (await (await adminGet(`/admin/events?stream=${stream}&after=0`)).json()) as {
      events: Array<{ type: string }>;
      direction: string;
    };
    expect(forwards).toMatchObject({ direction: 'forwards' });
    expect(forwards.events.map((e) => e.type)).toEqual(['GuidebookCreated', 'GuidebookEdited', 'GuidebookPasswordSet']);

    const byAuthor = (await (await adminGet(`/admin/events?actor=${author.user.id}&type=GuidebookEdited`)).json()) as {
      events: Array<{ streamId: string }>;
    };
    expect(byAuthor.events.map((e) => e.streamId)).toEqual([stream]);
  });

  it('filters by time', async () => {
    const stream = `guidebook-${guidebookId}`;
    const before = (await (
      await adminGet(`/admin/events?stream=${stream}&to=${encodeURIComponent(firstSavedAt)}`)
    ).json()) as { events: Array<{ type: string }> };
    expect(before.events.map((e) => e.type)).toEqual(['GuidebookCreated']);
    const between = (await (
      await adminGet(
        `/admin/events?stream=${stream}&from=${encodeURIComponent(firstSavedAt)}&to=${encodeURIComponent(secondSavedAt)}`,
      )
    ).json()) as { events: Array<{ type: string }> };
    expect(between.events.map((e) => e.type)).toEqual(['GuidebookPasswordSet', 'GuidebookEdited']);
    const later = (await (
      await adminGet(`/admin/events?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)
    ).json()) as { events: unknown[] };
    expect(later.events).toEqual([]);
  });

  it('shows one event, secrets redacted, with its causation chain in order', async () => {
    const list = (await (
      await adminGet(`/admin/events?stream=guidebook-${guidebookId}&type=GuidebookPasswordSet`)
    ).json()) as { events: Array<{ position: number }> };
    const position = list.events[0]!.position;
    const detail = (await (await adminGet(`/admin/events/${position}`)).json()) as {
      event: { data: { password: string }; metadata: Record<string, unknown> };
      chain: Array<{ type: string; position: number; correlationId: string }>;
    };
    expect(detail.event.data.password).toBe('[redacted]');
    expect(detail.event.metadata.correlationId).toBe(correlation);
    expect(detail.chain.map((e) => e.type)).toEqual(['GuidebookPasswordSet', 'UserHidden', 'UserUnhidden']);
    expect(detail.chain.map((e) => e.position)).toEqual([...detail.chain.map((e) => e.position)].sort((a, b) => a - b));
  });

  it('exports the filtered events as NDJSON, one line per event, secrets redacted', async () => {
    const response = await adminGet(`/admin/events/export?stream=guidebook-${guidebookId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const text = await response.text();
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.map((line) => (JSON.parse(line) as { type: string }).type)).toEqual([
      'GuidebookCreated',
      'GuidebookEdited',
      'GuidebookPasswordSet',
    ]);
    expect(text).not.toContain('open-sesame-42');
    const all = (await (await adminGet('/admin/events/export')).text()).trim().split('\n');
    expect(all.length).toBeGreaterThan(5);
    expect(all.join('')).not.toMatch(/"tokenHash":"[0-9a-f]/);
  });
});

describe('a guidebook as it was', () => {
  it('replays the guidebook up to the instant asked: between two saves, the first version', async () => {
    const asOf = async (at: string) => adminGet(`/admin/guidebooks/${guidebookId}/as-of?at=${encodeURIComponent(at)}`);
    const first = (await (await asOf(firstSavedAt)).json()) as { title: string; revision: number; state: string };
    expect(first).toMatchObject({ title: '첫 제목', revision: 0, state: 'present' });
    const second = (await (await asOf(secondSavedAt)).json()) as { title: string; revision: number };
    expect(second).toMatchObject({ title: '두 번째 제목', revision: 2 });
    expect((await asOf('2000-01-01T00:00:00Z')).status).toBe(404);
    expect((await adminGet(`/admin/guidebooks/${guidebookId}/as-of`)).status).toBe(400);
  });
});
