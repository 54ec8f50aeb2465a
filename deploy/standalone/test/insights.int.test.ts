/**
 * Reader insights over HTTP (issue 24): beacons in (`POST /api/reading`: 204; bots, prefetches and unknown
 * guidebooks dropped; bad, oversized or mistyped bodies refused with problem details and nothing stored; the
 * address's quota), written in batches as a few `GuidebookReadsRecorded` events (never one per beacon, nothing about
 * the reader but a new-reader mark, every beacon answered 204 stored, by the next batch or when the server closes),
 * projected per day, and read by the owner and administrators only, as JSON, as CSV and "as of" a day.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koreanDay, readingStream, type InsightsAnswer, type RecordedRead } from '@pocketguide/contracts';
import type { RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import { createSqliteEventStore, SqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import type { RunningStandalone } from '../src/app.ts';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';

const dataDir = resolve(import.meta.dirname, '../../../test-output/tmp', `insights-${randomUUID()}`);
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const QUOTA = 40;

let app: RunningStandalone;
let newUser: StartedWithAdmin['newUser'];
let admin: SignedIn;
let author: SignedIn;
let other: SignedIn;
let guidebook: { id: string; uuid: string; pages: string[] };

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
const beacon = (body: unknown, headers: Record<string, string> = {}) =>
  send('POST', '/reading', null, body, { 'user-agent': PHONE, ...headers });

async function readingEvents(): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const event of app.eventStore.readStream(readingStream(guidebook.id))) events.push(event);
  return events;
}

const readsIn = (events: readonly RecordedEvent[]) =>
  events.flatMap((event) => (event.data as { reads: unknown[] }).reads);

/** Waits until the ingest has written `count` reads (in however many flushes); answers the last event's position. */
async function written(count: number): Promise<number> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const events = await readingEvents();
    if (readsIn(events).length >= count) return events.at(-1)!.position;
    if (Date.now() > deadline) throw new Error(`expected ${count} reads, found ${readsIn(events).length}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

beforeAll(async () => {
  ({ app, admin, newUser } = await startWithAdmin('insights', {
    dataDir,
    webDist: resolve(dataDir, 'no-web'),
    env: { READING_FLUSH_INTERVAL_MS: '100', BEACONS_PER_ADDRESS_PER_MINUTE: String(QUOTA) },
  }));
  [author, other] = await Promise.all([newUser('author'), newUser('other')]);
  expect((await send('POST', '/subscriptions/admin/subscribe', admin, { customerUid: author.user.id })).status).toBe(
    200,
  );
  const created = await send('POST', '/guidebooks', author, { source: 'sample' });
  const { _id, uuid } = (await created.json()) as { _id: string; uuid: string };
  const published = await send('PUT', `/guidebooks/${_id}/publish`, author);
  const { position } = (await published.json()) as { position: number };
  const read = await send('GET', `/guidebooks/${_id}?after=${position}`, author);
  const doc = (await read.json()) as { contents: Array<{ _id: string }> };
  await send('GET', `/viewer/${uuid}?after=${position}`, null);
  guidebook = { id: _id, uuid, pages: doc.contents.map((page) => page._id) };
});
afterAll(() => app?.close());

describe('POST /api/reading', () => {
  it('given readers on phones, when their beacons arrive, then a few events hold every read and nothing about who sent them', async () => {
    const now = new Date().toISOString();
    const [first, second] = guidebook.pages;
    const answers = await Promise.all([
      beacon({
        uuid: guidebook.uuid,
        reads: [
          { kind: 'open', page: 'cover', at: now, source: 'qr', device: 'phone', offline: false, first: true },
          { kind: 'open', page: first, at: now, source: 'qr', device: 'phone', offline: false, first: false },
          { kind: 'time', page: first, at: now, ms: 42_000, offline: false },
        ],
      }),
      // the same phone again: not a new reader today
      beacon({
        uuid: guidebook.uuid,
        reads: [{ kind: 'open', page: second, at: now, source: 'qr', device: 'phone', offline: false, first: false }],
      }),
      // another reader (another agent), from the gallery, on a desktop, offline earlier
      beacon(
        {
          uuid: guidebook.uuid,
          reads: [
            { kind: 'open', page: first, at: now, source: 'gallery', device: 'desktop', offline: true, first: true },
          ],
        },
        { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0 Safari/537.36' },
      ),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204]);
    const position = await written(5);
    const events = await readingEvents();
    expect(readsIn(events)).toHaveLength(5);
    expect(events.length).toBeLessThanOrEqual(3);
    const stored = JSON.stringify(events);
    expect(stored).not.toContain('iPhone');
    expect(stored).not.toContain('127.0.0.1');

    const insights = await send('GET', `/guidebooks/${guidebook.id}/insights?after=${position}`, author);
    expect(insights.status).toBe(200);
    const answer = (await insights.json()) as InsightsAnswer;
    expect(answer.totals).toEqual({ readers: 2, sessions: 2, opens: 4, offline: 1, pagesPerSession: 2 });
    expect(answer.sources).toMatchObject({ qr: 1, gallery: 1 });
    expect(answer.devices).toMatchObject({ phone: 1, desktop: 1 });
    expect(answer.days.at(-1)).toEqual({ day: koreanDay(new Date()), readers: 2, sessions: 2, opens: 4 });
    expect(answer.days).toHaveLength(30);
    const firstPage = answer.pages.find((page) => page.page === first);
    expect(firstPage).toMatchObject({ opens: 2, medianSeconds: 60 });
    expect(firstPage?.title).toEqual(expect.any(String));
    // every page of the guidebook is listed, the unread ones last with 0
    expect(answer.pages.at(-1)?.opens).toBe(0);
    expect(answer.previousTotals.opens).toBe(0);

    const site = await send('GET', `/admin/insights?after=${position}`, admin);
    expect(site.status).toBe(200);
    expect(((await site.json()) as InsightsAnswer).totals.opens).toBe(4);
  });

  it('refuses bad input with a problem and stores nothing; drops bots, prefetches and unknown guidebooks silently', async () => {
    const before = (await readingEvents()).length;
    const now = new Date().toISOString();
    const open = { kind: 'open', page: 'cover', at: now, source: 'qr', device: 'phone', offline: false, first: true };
    const bad = await beacon({ uuid: guidebook.uuid, reads: [{ ...open, source: 'tracker' }] });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
    expect(bad.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await bad.json()).toMatchObject({
      status: 400,
      code: 'validation_failed',
      errors: [{ path: 'reads.0.source' }],
    });
    expect((await beacon({ uuid: guidebook.uuid, reads: [] })).status).toBe(400);
    expect((await beacon({ uuid: guidebook.uuid, reads: Array.from({ length: 51 }, () => open) })).status).toBe(400);
    // a time the schema refuses (30 February), and a lone surrogate, which the hand check leaves to the schema
    expect((await beacon({ uuid: guidebook.uuid, reads: [{ ...open, at: '2026-02-30T00:00:00.000Z' }] })).status).toBe(
      400,
    );
    expect((await beacon({ uuid: guidebook.uuid, reads: [{ ...open, page: '\ud800' }] })).status).toBe(400);
    // a guidebook nobody can read is not looked up per beacon: answered like any, dropped at the batch
    expect((await beacon({ uuid: 'no-such-guidebook', reads: [open] })).status).toBe(204);
    expect(
      (
        await beacon(
          { uuid: guidebook.uuid, reads: [open] },
          { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
        )
      ).status,
    ).toBe(204);
    expect((await beacon({ uuid: guidebook.uuid, reads: [open] }, { 'sec-purpose': 'prefetch' })).status).toBe(204);
    await new Promise((done) => setTimeout(done, 500));
    expect((await readingEvents()).length).toBe(before);
  });

  it('refuses a body that is not JSON, too large or of another type with a problem, and takes the text/plain of sendBeacon', async () => {
    const post = (body: BodyInit, headers: Record<string, string>) =>
      fetch(`${app.url}/api/reading`, { method: 'POST', headers: { 'user-agent': PHONE, ...headers }, body });
    const malformed = await post('{"uuid":', { 'content-type': 'application/json' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'malformed_json' });
    const large = await post(JSON.stringify({ uuid: guidebook.uuid, reads: [], pad: 'x'.repeat(17 * 1024) }), {
      'content-type': 'application/json',
    });
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ code: 'payload_too_large' });
    // a body streamed without a declared length is cut at the limit too
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 20; index++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const streamed = await fetch(`${app.url}/api/reading`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    const form = await post('uuid=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect(await form.json()).toMatchObject({ code: 'unsupported_media_type' });
    const open = {
      kind: 'open',
      page: 'cover',
      at: new Date().toISOString(),
      source: 'link',
      device: 'phone',
      offline: false,
      first: false,
    };
    const before = readsIn(await readingEvents()).length;
    expect(
      (
        await post(JSON.stringify({ uuid: guidebook.uuid, reads: [open] }), {
          'content-type': 'text/plain;charset=UTF-8',
        })
      ).status,
    ).toBe(204);
    await written(before + 1);
    // a path the server does not hand to the intake itself reaches it through express's route, the same handler
    const viaExpress = await fetch(`${app.url}/api/reading/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': PHONE },
      body: JSON.stringify({ uuid: guidebook.uuid, reads: [open] }),
    });
    expect(viaExpress.status).toBe(204);
    expect(viaExpress.headers.get('content-security-policy')).toContain("default-src 'none'");
    await written(before + 2);
  });

  it('past the address quota, answers 429 with Retry-After', async () => {
    const open = {
      kind: 'open',
      page: 'cover',
      at: new Date().toISOString(),
      source: 'link',
      device: 'phone',
      offline: false,
      first: false,
    };
    const answers: Response[] = [];
    for (let sent = 0; sent <= QUOTA; sent++) answers.push(await beacon({ uuid: guidebook.uuid, reads: [open] }));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 204).length).toBeLessThan(QUOTA);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'too_many_requests' });
  });
});

describe('GET /api/guidebooks/{id}/insights', () => {
  it('answers its owner and administrators; 401 anonymous, 403 anyone else, 404 an unknown guidebook, 400 a bad range', async () => {
    const path = `/guidebooks/${guidebook.id}/insights`;
    expect((await send('GET', path, null)).status).toBe(401);
    expect((await send('GET', path, other)).status).toBe(403);
    expect((await send('GET', path, admin)).status).toBe(200);
    expect((await send('GET', '/guidebooks/nope/insights', author)).status).toBe(404);
    expect((await send('GET', `${path}?from=2026-05-10&to=2026-05-01`, author)).status).toBe(400);
    expect((await send('GET', `${path}?from=2024-01-01&to=2026-01-01`, author)).status).toBe(400);
    expect((await send('GET', `${path}?asOf=2026-02-30`, author)).status).toBe(400);
    expect((await send('GET', '/admin/insights', author)).status).toBe(403);
  });

  it('exports CSV, and "as of" a past day replays only what was recorded by then', async () => {
    const csv = await send('GET', `/guidebooks/${guidebook.id}/insights?format=csv`, author);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await csv.arrayBuffer());
    // UTF-8 with a byte-order mark, so Excel opens Korean titles right
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe('section,day_or_page,title,readers,sessions,opens,median_seconds');
    expect(text).toContain(`day,${koreanDay(new Date())},,2,2,`);

    const yesterday = koreanDay(new Date(Date.now() - 24 * 3600_000));
    const asOf = await send('GET', `/guidebooks/${guidebook.id}/insights?asOf=${yesterday}`, author);
    expect(asOf.status).toBe(200);
    const answer = (await asOf.json()) as InsightsAnswer;
    expect(answer.asOf).toBe(yesterday);
    expect(answer.totals.opens).toBe(0);
    const today = (await (
      await send('GET', `/guidebooks/${guidebook.id}/insights?asOf=${koreanDay(new Date())}`, author)
    ).json()) as InsightsAnswer;
    expect(today.totals.opens).toBeGreaterThanOrEqual(4);
  });
});

describe("the serving process and the event store's WAL", () => {
  it('checkpoints it on a thread of its own, never inside the commits of the thread that answers requests', async () => {
    // beacons and saves make the WAL grow; SQLite's own checkpoint ran inside a save's commit on the serving loop
    expect(app.eventStore).toBeInstanceOf(SqliteEventStore);
    const outcome = await (app.eventStore as SqliteEventStore).checkpoint();
    expect(outcome).toMatchObject({ busy: false });
  });
});

describe('beacons answered 204 are all stored', () => {
  it('by the next batch, and on close: a server stopped with beacons queued writes them before it ends', async () => {
    // a batch every 30 s: only the closing server can write these
    const slowDir = resolve(import.meta.dirname, '../../../test-output/tmp', `insights-close-${randomUUID()}`);
    const slow = await startWithAdmin('insights-close', {
      dataDir: slowDir,
      webDist: resolve(slowDir, 'no-web'),
      env: { READING_FLUSH_INTERVAL_MS: '30000' },
    });
    let closed = false;
    try {
      const created = await fetch(`${slow.app.url}/api/guidebooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(slow.admin.token) },
        body: JSON.stringify({ source: 'sample' }),
      });
      const { _id, uuid } = (await created.json()) as { _id: string; uuid: string };
      const published = await fetch(`${slow.app.url}/api/guidebooks/${_id}/publish`, {
        method: 'PUT',
        headers: bearer(slow.admin.token),
      });
      const { position } = (await published.json()) as { position: number };
      expect((await fetch(`${slow.app.url}/api/viewer/${uuid}?after=${position}`)).status).toBe(200);
      const at = new Date().toISOString();
      const answers = await Promise.all(
        Array.from({ length: 120 }, (_, index) =>
          fetch(`${slow.app.url}/api/reading`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'user-agent': `${PHONE} reader/${index % 40}` },
            body: JSON.stringify({
              uuid,
              reads: [
                { kind: 'open', page: 'cover', at, source: 'qr', device: 'phone', offline: false, first: true },
                { kind: 'time', page: 'cover', at, ms: 1000 + index, offline: false },
              ],
            }),
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 204));
      const stream = async (store: { readStream: RunningStandalone['eventStore']['readStream'] }) => {
        const events: RecordedEvent[] = [];
        for await (const event of store.readStream(readingStream(_id))) events.push(event);
        return events;
      };
      expect(await stream(slow.app.eventStore), 'nothing written before the batch').toEqual([]);
      await slow.app.close();
      closed = true;
      const reopened = createSqliteEventStore({ path: resolve(slowDir, 'events.sqlite') });
      try {
        const events = await stream(reopened);
        const reads = readsIn(events) as RecordedRead[];
        expect(reads).toHaveLength(240);
        // one event for the whole batch (240 reads fit in one), and 40 readers, each new once
        expect(events).toHaveLength(1);
        expect(reads.filter((read) => read.kind === 'open' && read.newReader)).toHaveLength(40);
        expect(JSON.stringify(events)).not.toContain('reader/');
      } finally {
        await reopened.close();
      }
    } finally {
      if (!closed) await slow.app.close();
    }
  });
});
