import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminGuidebookRow, GuidebookRow, ThumbnailRequestAnswer } from '@pocketguide/contracts';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, problem, stubFetch, type RecordedRequest } from '../../../testing/fake-api.ts';
import { signedIn, signedInAdmin } from '../../../testing/sessions.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { recheckDelays } from '../use-thumbnail-regeneration.ts';

const owner = signedIn({ language: 'en' });
const OLD = '2025-11-03T10:00:00.000Z';
const NEW = '2025-11-03T10:05:00.000Z';

/** A published card whose thumbnail is stale (changed more than a minute after it was made). */
function row(overrides: Partial<GuidebookRow> = {}): GuidebookRow {
  return {
    _id: 'gb-1',
    uuid: 'uuid-1',
    title: 'Jeju in spring',
    user: owner.user.id,
    company: 'Pocket Travel',
    published: true,
    isPublicGallery: false,
    isSampleGuidebook: false,
    isSampleContent: false,
    thumbnailUrl: '/media/thumbnails/gb-1/old.webp',
    thumbnailGeneratedAt: OLD,
    views: { count: 0 },
    contentsCount: 2,
    createdAt: '2025-11-02T03:04:05.000Z',
    updatedAt: '2025-11-03T10:20:30.000Z',
    ...overrides,
  };
}

const pageOf = <T,>(results: T[]) => ({ results, page: 1, pageSize: 3, totalCount: results.length, pageCount: 1 });

function answer(overrides: Partial<ThumbnailRequestAnswer> = {}): ThumbnailRequestAnswer {
  return {
    queued: 1,
    estimated: new Date(Date.now() + 20_000).toISOString(),
    priority: 'high',
    message: '1 thumbnail queued',
    guidebookIds: ['gb-1'],
    skipped: [],
    position: 42,
    ...overrides,
  };
}

const calls = (requests: RecordedRequest[], pathname: string) =>
  requests.filter((request) => request.url.pathname === pathname);
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('the regenerate control on a card', () => {
  it('owner: asks the user endpoint, shows the overlay, toasts the estimate, re-reads after 5 s and 10 s, toasts "updated"', async () => {
    let listed = row();
    let estimated = '';
    const requests = stubFetch((request) => {
      if (request.url.pathname === '/api/thumbnails/generate') {
        const answered = answer();
        estimated = answered.estimated!;
        return json(answered, { status: 202 });
      }
      return json(pageOf([listed]));
    });
    renderApp({ path: '/guidebooks/recent', language: 'en', auth: owner });
    const card = (await screen.findByRole('article')) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Regenerate thumbnail' }));

    expect(await within(card).findByText('Regenerating the thumbnail…')).toBeDefined();
    expect(card.querySelector('[data-regenerating]')).not.toBeNull();
    const [call] = calls(requests, '/api/thumbnails/generate');
    expect(call?.body).toEqual({ guidebookIds: ['gb-1'], priority: 'high' });
    expect(call?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(
      await screen.findByText(`Regenerating the thumbnail. Ready around ${formatDateTime(estimated).slice(11)}.`),
    ).toBeDefined();
    const button = within(card).getByRole('button', { name: 'Regenerate thumbnail' });
    expect(button.getAttribute('aria-busy')).toBe('true');

    const before = calls(requests, '/api/guidebooks/recent').length;
    await advance(5000);
    await waitFor(() => expect(calls(requests, '/api/guidebooks/recent').length).toBe(before + 1));
    // Not drawn yet: the overlay stays.
    expect(card.querySelector('[data-regenerating]')).not.toBeNull();

    listed = row({ thumbnailUrl: '/media/thumbnails/gb-1/new.webp', thumbnailGeneratedAt: NEW, updatedAt: OLD });
    await advance(5000);
    expect(await screen.findByText('Thumbnail updated')).toBeDefined();
    await waitFor(() => expect(card.querySelector('[data-regenerating]')).toBeNull());
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/media/thumbnails/gb-1/new.webp');
    // Fresh now: an owner's card no longer offers it, and no further re-check is made.
    expect(within(card).queryByRole('button', { name: 'Regenerate thumbnail' })).toBeNull();
    const after = calls(requests, '/api/guidebooks/recent').length;
    await advance(30_000);
    expect(calls(requests, '/api/guidebooks/recent').length).toBe(after);
  });

  it('administrators: the administrators’ endpoint, on any published card, even a fresh one', async () => {
    const fresh: AdminGuidebookRow = {
      ...row({ thumbnailGeneratedAt: NEW, updatedAt: NEW }),
      user: { _id: 'owner-7', name: 'Park', email: 'park@example.com', companyName: 'Jeju Tours', role: 'user' },
      ownerType: 'user',
    };
    const requests = stubFetch((request) =>
      request.url.pathname === '/api/admin/thumbnails/generate'
        ? json(answer(), { status: 202 })
        : json(pageOf([fresh])),
    );
    renderApp({ path: '/admin/guidebooks/recent', language: 'en', auth: signedInAdmin({ language: 'en' }) });
    const card = (await screen.findByRole('article')) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Regenerate thumbnail' }));
    await waitFor(() => expect(calls(requests, '/api/admin/thumbnails/generate')).toHaveLength(1));
    expect(calls(requests, '/api/admin/thumbnails/generate')[0]?.body).toEqual({ guidebookId: 'gb-1' });
    expect(calls(requests, '/api/thumbnails/generate')).toHaveLength(0);
  });

  it('the re-checks follow max(15 s, estimate − now + 5 s) for the last one', () => {
    const now = Date.parse('2026-05-01T09:00:00.000Z');
    expect(recheckDelays('2026-05-01T09:00:20.000Z', now)).toEqual([5000, 10_000, 25_000]);
    expect(recheckDelays('2026-05-01T09:00:02.000Z', now)).toEqual([5000, 10_000, 15_000]);
    expect(recheckDelays(null, now)).toEqual([5000, 10_000, 15_000]);
  });

  it('when the last re-check finds nothing new, the overlay goes and says it is still being made', async () => {
    stubFetch((request) =>
      request.url.pathname === '/api/thumbnails/generate'
        ? json(answer({ estimated: new Date(Date.now() + 1000).toISOString() }), { status: 202 })
        : json(pageOf([row()])),
    );
    renderApp({ path: '/guidebooks/recent', language: 'en', auth: owner });
    const card = (await screen.findByRole('article')) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Regenerate thumbnail' }));
    expect(await within(card).findByText('Regenerating the thumbnail…')).toBeDefined();
    await advance(15_000);
    expect(card.querySelector('[data-regenerating]')).not.toBeNull();
    await advance(5000);
    expect(
      await screen.findByText('The thumbnail is still being made. It will appear here when it is ready.'),
    ).toBeDefined();
    expect(card.querySelector('[data-regenerating]')).toBeNull();
  });

  it('queued 0 is an error (nothing was queued), and the list is read again after 5 s', async () => {
    const requests = stubFetch((request) =>
      request.url.pathname === '/api/thumbnails/generate'
        ? json(
            answer({
              queued: 0,
              estimated: null,
              guidebookIds: [],
              skipped: [{ guidebookId: 'gb-1', reason: 'unpublished' }],
            }),
            { status: 202 },
          )
        : json(pageOf([row()])),
    );
    renderApp({ path: '/guidebooks/recent', language: 'en', auth: owner });
    const card = (await screen.findByRole('article')) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Regenerate thumbnail' }));
    expect(
      await screen.findByText('The thumbnail was not queued (already made, not allowed, or skipped).'),
    ).toBeDefined();
    expect(card.querySelector('[data-regenerating]')).toBeNull();
    const before = calls(requests, '/api/guidebooks/recent').length;
    await advance(5000);
    await waitFor(() => expect(calls(requests, '/api/guidebooks/recent').length).toBe(before + 1));
  });

  it('429 says the limit of 5 a minute, in Korean too', async () => {
    stubFetch((request) =>
      request.url.pathname === '/api/thumbnails/generate'
        ? problem({
            type: 'about:blank',
            title: 'Too Many Requests',
            status: 429,
            code: 'too_many_requests',
            message: 'You can request thumbnails at most 5 times a minute.',
          })
        : json(pageOf([row()])),
    );
    renderApp({ path: '/guidebooks/recent', auth: signedIn() });
    const card = (await screen.findByRole('article')) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: '썸네일 다시 만들기' }));
    expect(
      await screen.findByText('썸네일은 1분에 5번까지 요청할 수 있어요. 잠시 후 다시 시도해 주세요.'),
    ).toBeDefined();
    expect(card.querySelector('[data-regenerating]')).toBeNull();
    // Ready for another try.
    expect(within(card).getByRole('button', { name: '썸네일 다시 만들기' }).getAttribute('aria-busy')).toBe('false');
  });

  it('401 asks to sign in again (the session ends); any other failure says to try later', async () => {
    let status = 500;
    stubFetch((request) =>
      request.url.pathname === '/api/thumbnails/generate'
        ? problem({
            type: 'about:blank',
            title: 'x',
            status,
            code: status === 401 ? 'unauthorized' : 'internal_error',
            message: 'x',
          })
        : json(pageOf([row()])),
    );
    const { sessionStore } = renderApp({ path: '/guidebooks/recent', language: 'en', auth: owner });
    const card = (await screen.findByRole('article')) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Regenerate thumbnail' }));
    expect(await screen.findByText('Could not regenerate the thumbnail. Please try again later.')).toBeDefined();

    status = 401;
    fireEvent.click(within(card).getByRole('button', { name: 'Regenerate thumbnail' }));
    expect(await screen.findByText('Please sign in again to regenerate the thumbnail.')).toBeDefined();
    await waitFor(() => expect(sessionStore.get()).toBeNull());
  });
});

describe('a thumbnail that fails to load', () => {
  const proxies = ['https://proxy-one.example/?url={url}', 'https://proxy-two.example/fetch/{url}'];

  it('from a CDN: tries each configured image proxy in turn, then shows the placeholder', async () => {
    const cdn = 'https://cdn.example/thumbnails/gb-1/a.webp';
    stubFetch(() => json(pageOf([row({ thumbnailUrl: cdn })])));
    renderApp({
      path: '/guidebooks/recent',
      language: 'en',
      auth: owner,
      config: { supportChatUrl: undefined, thumbnailProxies: proxies },
    });
    const card = (await screen.findByRole('article')) as HTMLElement;
    const shown = () => card.querySelector('img')?.getAttribute('src');

    expect(await waitFor(() => shown())).toBe(cdn);
    fireEvent.error(card.querySelector('img')!);
    await waitFor(() => expect(shown()).toBe(`https://proxy-one.example/?url=${encodeURIComponent(cdn)}`));
    fireEvent.error(card.querySelector('img')!);
    await waitFor(() => expect(shown()).toBe(`https://proxy-two.example/fetch/${encodeURIComponent(cdn)}`));
    fireEvent.error(card.querySelector('img')!);
    await waitFor(() => expect(card.querySelector('img')).toBeNull());
    expect(card.querySelector('[data-thumbnail-state="placeholder"]')).not.toBeNull();
  });

  it('from our own /media: never sent through a proxy, the placeholder at once', async () => {
    stubFetch(() => json(pageOf([row()])));
    renderApp({
      path: '/guidebooks/recent',
      language: 'en',
      auth: owner,
      config: { supportChatUrl: undefined, thumbnailProxies: proxies },
    });
    const card = (await screen.findByRole('article')) as HTMLElement;
    await waitFor(() => expect(card.querySelector('img')).not.toBeNull());
    fireEvent.error(card.querySelector('img')!);
    await waitFor(() => expect(card.querySelector('img')).toBeNull());
    expect(card.querySelector('[data-thumbnail-state="placeholder"]')).not.toBeNull();
  });
});
