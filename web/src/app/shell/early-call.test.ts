import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuidebookRow } from '@pocketguide/contracts';
import { createApiClient, type ApiClient } from '../../lib/api-client.ts';
import {
  EARLY_ANSWER_FRESH_MS,
  EARLY_ANSWER_GLOBAL,
  takeEarlyAnswer,
  type EarlyAnswer,
} from '../../lib/early-answer.ts';
import { SESSION_STORAGE_KEY } from '../../lib/session.ts';
import { json, stubFetch } from '../../testing/fake-api.ts';
import { getGuidebook } from '../../features/editor/api/get-guidebook.ts';
import { getPublicGalleryPage } from '../../features/guidebook-lists/api/get-public-gallery.ts';
import { getRecentGuidebooks } from '../../features/guidebook-lists/api/get-recent-guidebooks.ts';
import { appFirstLines, EARLY_CALL_ADDRESSES, type EarlyCall } from './first-lines.ts';

type Holder = { [EARLY_ANSWER_GLOBAL]?: EarlyAnswer | undefined };
const holder = globalThis as Holder;

const row = (overrides: Partial<GuidebookRow> = {}): GuidebookRow => ({
  _id: 'g1',
  uuid: '7d0a4b52-5c36-4a43-9a8c-1b9c2f3e4d5a',
  title: 'Osaka',
  user: 'u1',
  company: 'Pocket Travel',
  published: true,
  isPublicGallery: true,
  isSampleGuidebook: false,
  isSampleContent: false,
  thumbnailUrl: '/media/thumbnails/g1.webp',
  thumbnailGeneratedAt: '2026-11-27T10:00:00.000Z',
  views: { count: 0 },
  contentsCount: 2,
  createdAt: '2026-11-27T09:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  ...overrides,
});

/** Runs a drawn page's first lines as the browser would, at `address`, with `session` stored (or none). */
function runFirstLines(early: EarlyCall, address: string, session: { token: string; role: string } | null) {
  window.history.replaceState(null, '', address);
  localStorage.clear();
  if (session) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...session, language: 'ko' }));
  const html = appFirstLines(undefined, early);
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error('no first lines');
  new Function(script)();
}

const client = (token: string | undefined): ApiClient =>
  createApiClient({ getToken: () => token, onUnauthorized: () => {} });
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) => ({
    href: link.getAttribute('href'),
    srcset: link.getAttribute('imagesrcset'),
    sizes: link.getAttribute('imagesizes'),
  }));

beforeEach(() => {
  holder[EARLY_ANSWER_GLOBAL] = undefined;
  document.head.innerHTML = '';
  document.documentElement.lang = 'ko';
});
afterEach(() => {
  vi.unstubAllGlobals();
  holder[EARLY_ANSWER_GLOBAL] = undefined;
});

describe('a drawn screen’s first data call (issue 20)', () => {
  it('the first lines ask the recent list with the session, preload the first thumbnail, and the app takes the answer instead of asking again', async () => {
    const requests = stubFetch(() => json({ results: [row()], page: 1, pageCount: 1, pageSize: 3, totalCount: 1 }));
    runFirstLines('recent', '/guidebooks/recent', { token: 'secret-1', role: 'user' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer secret-1');
    await vi.waitFor(() =>
      expect(preloads()).toEqual([{ href: '/media/thumbnails/g1.webp', srcset: null, sizes: null }]),
    );

    const page = await getRecentGuidebooks(client('secret-1'), { search: '', page: 1 });
    expect(page.results.map((guidebook) => guidebook._id)).toEqual(['g1']);
    expect(requests).toHaveLength(1);
    // taken once: the next read asks the server
    await getRecentGuidebooks(client('secret-1'), { search: '', page: 1 });
    expect(requests).toHaveLength(2);
  });

  it('asks the very addresses the app’s own calls ask', async () => {
    const requests = stubFetch((request) =>
      request.url.pathname.endsWith('/recent')
        ? json({ results: [], page: 1, pageCount: 0, pageSize: 3, totalCount: 0 })
        : json({ items: [], page: 1, pageSize: 20, pageCount: 0, totalCount: 0 }),
    );
    await getRecentGuidebooks(client('t'), { search: '', page: 1 });
    await getPublicGalleryPage(client('t'), 1);
    await getGuidebook(client('t'), 'abc123').catch(() => undefined);
    const asked = requests.map((request) => `${request.url.pathname}${request.url.search}`);
    expect(asked).toEqual([
      EARLY_CALL_ADDRESSES.recent,
      EARLY_CALL_ADDRESSES.gallery,
      `${EARLY_CALL_ADDRESSES.editor}abc123`,
    ]);
  });

  it('the gallery is asked without the session (as the app asks it), also for someone signed out', async () => {
    const requests = stubFetch(() => json({ items: [row()], page: 1, pageSize: 20, pageCount: 1, totalCount: 1 }));
    runFirstLines('gallery', '/public-guidebooks', null);
    expect(requests[0]?.headers.get('authorization')).toBeNull();
    await vi.waitFor(() => expect(preloads().map((link) => link.href)).toEqual(['/media/thumbnails/g1.webp']));
    const page = await getPublicGalleryPage(client('someone'), 1);
    expect(page.items).toHaveLength(1);
    expect(requests).toHaveLength(1);
  });

  it('the editor asks its guidebook and preloads the cover picture with the srcset and sizes the cover draws', async () => {
    const image = { small: '/media/s.webp', medium: '/media/m.webp', large: '/media/l.webp' };
    const requests = stubFetch(() => json({ header: { type: 'image', text: [], image } }));
    runFirstLines('editor', '/guidebooks/edit/abc123', { token: 'secret-2', role: 'admin' });
    expect(requests.map((request) => request.url.pathname)).toEqual(['/api/guidebooks/abc123']);
    await vi.waitFor(() =>
      expect(preloads()).toEqual([
        {
          href: '/media/l.webp',
          srcset: '/media/s.webp 320w, /media/m.webp 640w, /media/l.webp 1280w',
          sizes: '435px',
        },
      ]),
    );
  });

  it('no picture is preloaded for a page other than the cover, a card without a thumbnail, or an unpublished one', async () => {
    const answers = [
      json({ header: { type: 'image', text: [], image: { small: 's', medium: 'm', large: 'l' } } }),
      json({ results: [row({ thumbnailUrl: null }), row()], page: 1, pageCount: 1, pageSize: 3, totalCount: 2 }),
      json({ results: [row({ published: false })], page: 1, pageCount: 1, pageSize: 3, totalCount: 1 }),
      // the one that names a picture, last: once its preload is there, the others' answers were read before it
      json({ results: [row({ thumbnailUrl: '/media/last.webp' })], page: 1, pageCount: 1, pageSize: 3, totalCount: 1 }),
    ];
    stubFetch(() => answers.shift() ?? json({}));
    runFirstLines('editor', '/guidebooks/edit/abc123/contents/c1', { token: 't', role: 'user' });
    runFirstLines('recent', '/guidebooks/recent', { token: 't', role: 'user' });
    runFirstLines('recent', '/guidebooks/recent', { token: 't', role: 'user' });
    runFirstLines('recent', '/guidebooks/recent', { token: 't', role: 'user' });
    await vi.waitFor(() => expect(preloads().length).toBeGreaterThan(0));
    await settled();
    expect(preloads().map((link) => link.href)).toEqual(['/media/last.webp']);
  });

  it('asks nothing signed out on a signed-in screen, nor with a query the drawing knew nothing of', () => {
    const requests = stubFetch(() => json({}));
    runFirstLines('recent', '/guidebooks/recent', null);
    runFirstLines('editor', '/guidebooks/edit/abc123', null);
    runFirstLines('recent', '/guidebooks/recent?search=osaka', { token: 't', role: 'user' });
    expect(requests).toEqual([]);
    expect(holder[EARLY_ANSWER_GLOBAL]).toBeUndefined();
  });

  it('an early answer that failed is asked again; another session’s, or a stale one, is not taken', async () => {
    const requests = stubFetch(() => json({ results: [], page: 1, pageCount: 0, pageSize: 3, totalCount: 0 }));
    holder[EARLY_ANSWER_GLOBAL] = {
      url: EARLY_CALL_ADDRESSES.recent,
      authorization: 'Bearer t',
      at: Date.now(),
      answer: Promise.reject(new TypeError('Failed to fetch')),
    };
    await getRecentGuidebooks(client('t'), { search: '', page: 1 });
    expect(requests).toHaveLength(1);

    const answer = Promise.resolve(new Response('{}'));
    const early = (at: number, authorization = 'Bearer t'): EarlyAnswer => ({
      url: '/api/x',
      authorization,
      at,
      answer,
    });
    holder[EARLY_ANSWER_GLOBAL] = early(1_000, 'Bearer other');
    expect(takeEarlyAnswer('/api/x', 'Bearer t', 1_000)).toBeUndefined();
    holder[EARLY_ANSWER_GLOBAL] = early(1_000);
    expect(takeEarlyAnswer('/api/y', 'Bearer t', 1_000)).toBeUndefined();
    expect(takeEarlyAnswer('/api/x', 'Bearer t', 1_000 + EARLY_ANSWER_FRESH_MS + 1)).toBeUndefined();
    expect(holder[EARLY_ANSWER_GLOBAL]).toBeUndefined();
    holder[EARLY_ANSWER_GLOBAL] = early(1_000);
    expect(takeEarlyAnswer('/api/x', 'Bearer t', 1_500)).toBe(answer);
    expect(takeEarlyAnswer('/api/x', 'Bearer t', 1_500)).toBeUndefined();
  });
});
