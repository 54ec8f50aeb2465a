/**
 * The readers' viewer over HTTP: the first response of /m/{uuid} (the cover drawn on the server, link-preview
 * tags, the guidebook inlined), the 'Not Found' splash, the password gate (no content before the right password,
 * in the page or in any answer; wrong passwords; 429 after ten), the QR code, the preview, views counted and
 * flushed as events that reach the lists and survive a restart, and the partner credit from configuration.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guidebookStream, viewsStream, type GuidebookDocument, type GuidebookRows } from '@pocketguide/contracts';
import type { ViewerGuidebook } from '@pocketguide/contracts/viewer/viewer-shapes';
import type { RunningStandalone } from '../src/app.ts';
import { bearer, signIn, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';

const dataDir = resolve(import.meta.dirname, '../../../test-output/tmp', `viewer-${randomUUID()}`);
const PUBLIC_BASE_URL = 'https://guide.example.com';
const env = { PUBLIC_BASE_URL, VIEW_FLUSH_INTERVAL_MS: '200' };

let app: RunningStandalone;
let newUser: StartedWithAdmin['newUser'];
let admin: SignedIn;
let author: SignedIn;
let reader: SignedIn;

async function start(extra: Record<string, string> = {}): Promise<void> {
  // `webDist` points nowhere on purpose: the pages must render without a built web app.
  ({ app, admin, newUser } = await startWithAdmin('viewer', {
    dataDir,
    webDist: resolve(dataDir, 'no-web'),
    env: { ...env, ...extra },
  }));
}

beforeAll(async () => {
  await start();
  [author, reader] = await Promise.all([newUser('author'), newUser('reader')]);
  const subscribed = await send('POST', '/subscriptions/admin/subscribe', admin, { customerUid: author.user.id });
  expect(subscribed.status).toBe(200);
});
afterAll(() => app?.close());

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
const page = (path: string, headers: Record<string, string> = {}) => fetch(`${app.url}${path}`, { headers });

type Guidebook = { id: string; uuid: string; document: GuidebookDocument };

/** The built-in sample, saved by the author, published, and visible to the viewer read model. */
async function publishedSample(): Promise<Guidebook> {
  const created = await send('POST', '/guidebooks', author, { source: 'sample' });
  expect(created.status).toBe(201);
  const { _id, uuid } = (await created.json()) as { _id: string; uuid: string };
  const published = await send('PUT', `/guidebooks/${_id}/publish`, author);
  expect(published.status).toBe(200);
  const { position } = (await published.json()) as { position: number };
  const answer = await send('GET', `/viewer/${uuid}?after=${position}`, null);
  expect(answer.status).toBe(200);
  return { id: _id, uuid, document: ((await answer.json()) as ViewerGuidebook).document };
}

async function setPassword(id: string, password: string): Promise<void> {
  const response = await send('PUT', `/guidebooks/${id}/password`, author, { password });
  expect(response.status).toBe(200);
  const { position } = (await response.json()) as { position: number };
  await send('GET', `/viewer/guidebooks/${id}?after=${position}`, null);
}

const metaContent = (html: string, key: string): string | undefined =>
  new RegExp(`<meta (?:property|name)="${key.replace(':', '\\:')}" content="([^"]*)">`).exec(html)?.[1];
const inlined = (html: string): unknown => {
  const json = /<script type="application\/json" id="gb-data">(.*?)<\/script>/s.exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
};

/**
 * Texts of the sample that only the content holds (the title is allowed behind the gate; a page's id may be in
 * the address the reader typed, and so in `og:url`).
 */
function contentMarkers(document: GuidebookDocument): string[] {
  return [
    '2026년 5월 2일',
    '한눈에 보는 일정',
    '즐거운 여행 되세요',
    '/sample/',
    '"document"',
    ...document.contents.map((content) => content.title),
  ];
}

describe('the first response of /m/{uuid}', () => {
  let book: Guidebook;
  beforeAll(async () => {
    book = await publishedSample();
  });

  it('holds the cover drawn on the server, the link-preview tags and the guidebook inlined', async () => {
    const response = await page(`/m/${book.uuid}`, { 'accept-language': 'ko-KR,ko;q=0.9' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('<html lang="ko">');
    // the cover: header picture, subheader title and text, menu tiles, cards, footer, credit
    expect(html).toMatch(/<h1[^>]*>제주 3박 4일 가족 여행<\/h1>/);
    expect(html).toContain('2026년 5월 2일 – 5월 5일 · 어른 2, 어린이 2');
    expect(html).toMatch(
      /<img class="pg-cover-image" src="\/sample\/jeju-coast-medium\.jpg"[^>]*fetchpriority="high">/,
    );
    for (const content of book.document.contents)
      expect(html).toContain(`href="/m/${book.uuid}/contents/${content._id}" data-nav`);
    expect(html).toContain('한눈에 보는 일정');
    expect(html).toContain('즐거운 여행 되세요!');
    expect(html).toContain('Powered by <a href="/" class="pg-credit-brand">포켓가이드</a>');
    // link previews
    expect(metaContent(html, 'og:title')).toBe('제주 3박 4일 가족 여행');
    expect(metaContent(html, 'og:description')).toBe('2026년 5월 2일 – 5월 5일 · 어른 2, 어린이 2');
    expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_BASE_URL}/sample/jeju-coast-large.jpg`);
    expect(metaContent(html, 'og:url')).toBe(`${PUBLIC_BASE_URL}/m/${book.uuid}`);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    // the guidebook inlined: the same answer as the API's
    const api = (await (await send('GET', `/viewer/${book.uuid}`, null)).json()) as ViewerGuidebook;
    expect(inlined(html)).toEqual(api);
    expect(api).toMatchObject({
      locked: false,
      uuid: book.uuid,
      shareUrl: `${PUBLIC_BASE_URL}/m/${book.uuid}`,
      credit: { kind: 'powered' },
      hasPassword: false,
    });
    expect(JSON.stringify(api)).not.toContain('passwordHash');
  });

  it('is compressed when the client accepts it', async () => {
    const response = await fetch(`${app.url}/m/${book.uuid}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toContain('제주 3박 4일 가족 여행');
  });

  it('draws a content page by uuid and by id, with every item type of the sample', async () => {
    const places = book.document.contents.find((content) => content.title === '가볼 만한 곳');
    if (!places) throw new Error('the sample has no attractions page');
    for (const path of [`/m/${book.uuid}/contents/${places._id}`, `/guidebooks/${book.id}/contents/${places._id}`]) {
      const response = await page(path);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('<h1>가볼 만한 곳</h1>');
      expect(html).toContain('pg-image is-sticky');
      expect(html).toContain(
        'class="pg-map-card" href="https://www.openstreetmap.org/?mlat=33.458056&amp;mlon=126.942778',
      );
      expect(html).toContain('data-video="3P1CnWI62Ik"');
      expect(html).toContain('<details class="pg-item pg-fold pg-accordion">');
      expect(html).toContain('<table');
      expect(metaContent(html, 'og:title')).toBe('가볼 만한 곳 · 제주 3박 4일 가족 여행');
      // the back button leads to the public cover
      expect(html).toContain(`class="pg-bar-back" href="/m/${book.uuid}"`);
    }
    // no request leaves the site on first paint: no external image, frame or script
    const html = await (await page(`/m/${book.uuid}/contents/${places._id}`)).text();
    expect(html).not.toMatch(/<(img|iframe|script)[^>]+src="https?:/);
  });

  it('speaks English on ?lang=en; an English phone reading this Korean guidebook gets its buttons in Korean (issue 11)', async () => {
    const html = await (await page(`/m/${book.uuid}?lang=en`, {})).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Powered by <a href="/" class="pg-credit-brand">PocketGuide</a>');
    const content = book.document.contents[0]!._id;
    const korean = await (
      await page(`/m/${book.uuid}/contents/${content}`, { 'accept-language': 'en-US,en;q=0.9' })
    ).text();
    expect(korean).toContain('<html lang="ko">');
    expect(korean).toContain('<span>표지로</span>');
    expect(korean).toContain('"language":"ko"');
  });

  it('follows edits while published', async () => {
    // the page is kept per version: revalidating it unchanged is a 304 without a body
    const before = await page(`/m/${book.uuid}`, { 'accept-encoding': 'br' });
    const etag = before.headers.get('etag');
    expect(before.headers.get('content-encoding')).toBe('br');
    expect(etag).toMatch(/^W\/"\d+-/);
    const unchanged = await page(`/m/${book.uuid}`, { 'if-none-match': etag! });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    const edited = await send(
      'PATCH',
      `/guidebooks/${book.id}`,
      author,
      { patches: [{ op: 'replace', path: ['title'], value: '제주 봄 여행' }] },
      { 'if-match': '"1"' },
    );
    expect(edited.status).toBe(200);
    const { position } = (await edited.json()) as { position: number };
    await send('GET', `/viewer/${book.uuid}?after=${position}`, null);
    const after = await page(`/m/${book.uuid}`, { 'if-none-match': etag! });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const html = await after.text();
    expect(metaContent(html, 'og:title')).toBe('제주 봄 여행');
  });
});

describe("the 'Not Found' splash", () => {
  it('answers 404 with the branded splash for a missing, unpublished or deleted guidebook, and a missing page', async () => {
    const book = await publishedSample();
    const expectSplash = async (path: string) => {
      const response = await page(path);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain('pg-splash');
      expect(html).toContain('class="pg-logo"');
      expect(html).toContain('가이드북을 찾을 수 없어요');
      expect(html).toContain('여행을 손안에, 모바일 가이드북');
      expect(metaContent(html, 'robots')).toBe('noindex');
      expect(inlined(html)).toBeUndefined();
    };
    await expectSplash(`/m/${randomUUID().slice(0, 12)}`);
    await expectSplash(`/m/${book.uuid}/contents/nope`);
    await expectSplash(`/guidebooks/${randomUUID()}/contents/nope`);

    const unpublished = await send('PUT', `/guidebooks/${book.id}/unpublish`, author);
    const { position } = (await unpublished.json()) as { position: number };
    expect((await send('GET', `/viewer/${book.uuid}?after=${position}`, null)).status).toBe(404);
    await expectSplash(`/m/${book.uuid}`);
    await expectSplash(`/guidebooks/${book.id}/contents/${book.document.contents[0]?._id}`);
    expect((await send('GET', `/viewer/guidebooks/${book.id}`, null)).status).toBe(404);

    const deleted = await send('DELETE', `/guidebooks/${book.id}`, author);
    expect(deleted.status).toBe(200);
    await expectSplash(`/m/${book.uuid}`);
    expect((await send('GET', `/viewer/${book.uuid}`, null)).status).toBe(404);
  });
});

describe('the password gate', () => {
  it('sends no content before the right password: not in the page, not in any answer', async () => {
    const book = await publishedSample();
    await setPassword(book.id, '제주2026!');
    const markers = contentMarkers(book.document);
    const withoutContent = (text: string) => {
      for (const marker of markers) expect(text, `leaks "${marker}"`).not.toContain(marker);
    };

    for (const path of [
      `/m/${book.uuid}`,
      `/m/${book.uuid}/contents/${book.document.contents[1]?._id}`,
      `/guidebooks/${book.id}/contents/${book.document.contents[1]?._id}`,
    ]) {
      const response = await page(path);
      expect(response.status).toBe(200);
      const html = await response.text();
      withoutContent(html);
      expect(html).toContain('data-gate');
      expect(html).toContain('비밀번호가 필요한 가이드북이에요');
      // generic link preview: the title only
      expect(metaContent(html, 'og:title')).toBe('제주 3박 4일 가족 여행');
      expect(metaContent(html, 'og:description')).toBeUndefined();
      expect(metaContent(html, 'og:image')).toBeUndefined();
      expect(inlined(html)).toEqual({
        locked: true,
        hasPassword: true,
        uuid: book.uuid,
        title: '제주 3박 4일 가족 여행',
        shareUrl: `${PUBLIC_BASE_URL}/m/${book.uuid}`,
        language: 'ko',
      });
    }
    for (const [method, path, who, body, headers] of [
      ['GET', `/viewer/${book.uuid}`, null, undefined, {}],
      ['GET', `/viewer/guidebooks/${book.id}`, null, undefined, {}],
      ['GET', `/viewer/preview/${book.id}`, reader, undefined, {}],
      ['GET', `/viewer/preview/${book.id}`, reader, undefined, { 'x-guidebook-password': 'wrong' }],
      ['POST', `/viewer/${book.uuid}/unlock`, null, { password: 'wrong' }, {}],
      ['POST', `/viewer/${book.uuid}/unlock`, null, {}, {}],
      ['GET', `/guidebooks/${book.id}?mode=preview`, reader, undefined, {}],
    ] as const) {
      const response = await send(method, path, who, body, headers);
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
      withoutContent(await response.text());
    }
    // the QR code only carries the public address
    const qr = await send('GET', `/viewer/${book.uuid}/qr.svg`, null);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await qr.text();
    expect(svg).toMatch(/^<svg[^>]+width="200" height="200"/);
    withoutContent(svg);
  });

  it('a wrong password is 403 Incorrect password; the right one opens it (unlock and preview); the owner previews without it', async () => {
    const book = await publishedSample();
    await setPassword(book.id, 'jeju 2026');
    const wrong = await send('POST', `/viewer/${book.uuid}/unlock`, null, { password: 'jeju2026' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ code: 'forbidden', message: 'Incorrect password' });
    const blank = await send('POST', `/viewer/${book.uuid}/unlock`, null, { password: '' });
    expect(blank.status).toBe(400);

    const right = await send('POST', `/viewer/${book.uuid}/unlock`, null, { password: 'jeju 2026' });
    expect(right.status).toBe(200);
    expect(right.headers.get('cache-control')).toBe('private, no-store');
    const opened = (await right.json()) as ViewerGuidebook;
    expect(opened).toMatchObject({ locked: false, hasPassword: true, title: '제주 3박 4일 가족 여행' });
    expect(opened.document.contents.map((content) => content._id)).toEqual(
      book.document.contents.map((content) => content._id),
    );

    expect(
      await (
        await send('GET', `/viewer/preview/${book.id}`, reader, undefined, {
          'x-guidebook-password': encodeURIComponent('jeju 2026'),
        })
      ).json(),
    ).toMatchObject({ locked: false });
    expect(
      (await send('GET', `/viewer/preview/${book.id}`, reader, undefined, { 'x-guidebook-password': 'nope' })).status,
    ).toBe(403);
    expect(await (await send('GET', `/viewer/preview/${book.id}`, author)).json()).toMatchObject({
      locked: false,
      hasPassword: true,
    });
    expect((await send('GET', `/viewer/preview/${book.id}`, null)).status).toBe(401);

    // removing the password opens it to everyone
    await setPassword(book.id, '');
    expect(await (await send('GET', `/viewer/${book.uuid}`, null)).json()).toMatchObject({
      locked: false,
      hasPassword: false,
    });
  });

  it('a password set by an old event (its text, no hash) still unlocks with the right one only; nothing hashes it on the way', async () => {
    const book = await publishedSample();
    const { position } = await app.eventStore.appendToStream(guidebookStream(book.id), [
      {
        id: randomUUID(),
        type: 'GuidebookPasswordSet',
        data: { guidebookId: book.id, password: 'old 2024', setAt: new Date().toISOString() },
        metadata: { userId: author.user.id },
      },
    ]);
    expect((await send('GET', `/viewer/guidebooks/${book.id}?after=${position}`, null)).status).toBe(200);
    expect(await app.readStore.collection('guidebook-viewer').get(book.id)).toMatchObject({
      hasPassword: true,
      passwordHash: null,
    });
    expect(await (await send('GET', `/viewer/${book.uuid}`, null)).json()).toMatchObject({ locked: true });
    expect((await send('POST', `/viewer/${book.uuid}/unlock`, null, { password: 'old 2025' })).status).toBe(403);
    expect(
      await (await send('POST', `/viewer/${book.uuid}/unlock`, null, { password: 'old 2024' })).json(),
    ).toMatchObject({ locked: false, hasPassword: true });
  });

  it('after ten wrong passwords from one address, 429 with Retry-After, even for the right one; other guidebooks are unaffected', async () => {
    const [book, other] = await Promise.all([publishedSample(), publishedSample()]);
    await Promise.all([setPassword(book.id, 'right'), setPassword(other.id, 'right')]);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await send('POST', `/viewer/${book.uuid}/unlock`, null, { password: `wrong-${attempt}` })).status).toBe(
        403,
      );
    }
    const limited = await send('POST', `/viewer/${book.uuid}/unlock`, null, { password: 'right' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ code: 'too_many_requests' });
    withoutMarkers(
      await (await send('POST', `/viewer/${book.uuid}/unlock`, null, { password: 'right' })).text(),
      book.document,
    );
    expect((await send('POST', `/viewer/${other.uuid}/unlock`, null, { password: 'right' })).status).toBe(200);
  });
});

function withoutMarkers(text: string, document: GuidebookDocument): void {
  for (const marker of contentMarkers(document)) expect(text).not.toContain(marker);
}

describe('views, counted in memory and flushed as events', () => {
  it('each reader’s page load of a published guidebook counts; flushed within the interval; the lists follow; a restart keeps them; the partner credit comes from configuration', async () => {
    const book = await publishedSample();
    // One reader counts once per guidebook in 30 minutes (hardening-smaller.int.test.ts): four readers here.
    const readerNo = (n: number) => ({ 'user-agent': `views-test-reader-${n}` });
    for (let view = 0; view < 3; view++) expect((await page(`/m/${book.uuid}`, readerNo(view))).status).toBe(200);
    expect((await page(`/guidebooks/${book.id}/contents/${book.document.contents[0]?._id}`, readerNo(3))).status).toBe(
      200,
    );
    // the service worker's copy for offline reading and API reads are not views
    await page(`/m/${book.uuid}`, { 'x-viewer-prefetch': 'offline' });
    await send('GET', `/viewer/${book.uuid}`, null);

    const listed = async (): Promise<number | undefined> => {
      const rows = (await (await send('GET', '/guidebooks?pageSize=100', author)).json()) as GuidebookRows;
      return rows.results.find((row) => row._id === book.id)?.views.count;
    };
    await expect.poll(listed, { timeout: 5000, interval: 100 }).toBe(4);
    const events: Array<{ type: string; data: { count: number } }> = [];
    for await (const event of app.eventStore.readStream(viewsStream(book.id)))
      events.push(event as unknown as { type: string; data: { count: number } });
    expect(events.every((event) => event.type === 'GuidebookViewed')).toBe(true);
    expect(events.reduce((sum, event) => sum + event.data.count, 0)).toBe(4);
    // views never touch the guidebook's own stream (the editor's revision)
    const types: string[] = [];
    for await (const event of app.eventStore.readStream(guidebookStream(book.id))) types.push(event.type);
    expect(types).not.toContain('GuidebookViewed');
    // the editor's read (GET guidebooks/{id}) counts them too, at the revision it had
    const editorRead = async () =>
      (await (await send('GET', `/guidebooks/${book.id}`, author)).json()) as {
        views: { count: number };
        revision: number;
      };
    await expect.poll(async () => (await editorRead()).views.count, { timeout: 5000, interval: 100 }).toBe(4);
    expect((await editorRead()).revision).toBe(types.length - 1);

    // one more view, then a stop: the stop flushes it; after the restart the count is there
    await page(`/m/${book.uuid}`, readerNo(4));
    await app.close();
    await start({ PARTNER_OWNERS: `${author.user.id}=Jeju Trails|https://jejutrails.example` });
    author = await signIn(app.url, author.user.email);
    await expect.poll(listed, { timeout: 5000, interval: 100 }).toBe(5);

    const html = await (await page(`/m/${book.uuid}`)).text();
    expect(html).toContain(
      'Developed by <a href="https://jejutrails.example" target="_blank" rel="noopener noreferrer">Jeju Trails</a>',
    );
    expect(await (await send('GET', `/viewer/${book.uuid}`, null)).json()).toMatchObject({
      credit: { kind: 'developed', name: 'Jeju Trails' },
    });
  });
});
