import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { PublicGuidebook } from '@pocketguide/contracts';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, problem, stubFetch, type RecordedRequest } from '../../../testing/fake-api.ts';
import { signedInAdmin } from '../../../testing/sessions.ts';
import { WAIT } from '../../../testing/wait-budget.ts';

function guidebook(n: number, overrides: Partial<PublicGuidebook> = {}): PublicGuidebook {
  return {
    _id: `gb-${n}`,
    uuid: `uuid-${n}`,
    title: `Guidebook ${n}`,
    thumbnailUrl: `/media/thumbnails/gb-${n}.webp`,
    thumbnailGeneratedAt: '2026-11-20T01:00:00.000Z',
    createdAt: '2026-11-19T01:00:00.000Z',
    updatedAt: '2026-11-20T00:59:00.000Z',
    isPublicGallery: true,
    published: true,
    ...overrides,
  };
}

/** A gallery of `total` guidebooks served 20 to a page, as the server pages it. */
function gallery(total: number) {
  return (page: number) => {
    const items = Array.from({ length: total }, (_, index) => guidebook(index + 1)).slice((page - 1) * 20, page * 20);
    return json({ items, page, pageSize: 20, pageCount: Math.max(1, Math.ceil(total / 20)), totalCount: total });
  };
}

const galleryCalls = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.pathname === '/api/guidebooks/public-gallery');
const pageParam = (request: RecordedRequest) => Number(request.url.searchParams.get('page'));

describe('the public gallery', () => {
  it('shows the count and the cards, each opening the reader’s page, without signing in', async () => {
    const serve = gallery(2);
    const requests = stubFetch((request) => serve(pageParam(request)));
    renderApp({ path: '/public-guidebooks', language: 'en' });
    expect(await screen.findByText('2 guidebooks')).toBeDefined();
    const link = screen.getByRole('link', { name: 'Guidebook 1' });
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/m/uuid-1?src=gallery`);
    expect(screen.getByText('You have seen every public guidebook.')).toBeDefined();
    expect(galleryCalls(requests)[0]?.url.searchParams.get('limit')).toBe('20');
    expect(galleryCalls(requests)[0]?.headers.get('Authorization')).toBeNull();
    // Nobody but an administrator is offered a new thumbnail.
    expect(screen.queryByRole('button', { name: 'Regenerate thumbnail' })).toBeNull();
  });

  it('loads the next page when the bottom comes within 300 px, and stops at the last page', async () => {
    const serve = gallery(45);
    const requests = stubFetch((request) => serve(pageParam(request)));
    renderApp({ path: '/public-guidebooks', language: 'en' });
    // jsdom lays nothing out: the page is as tall as the window, so each page in turn counts as near the bottom.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(45), WAIT);
    expect(galleryCalls(requests).map(pageParam)).toEqual([1, 2, 3]);
    expect(screen.getByText('You have seen every public guidebook.')).toBeDefined();
    fireEvent.scroll(window);
    expect(galleryCalls(requests)).toHaveLength(3);
  });

  it('says when there are none', async () => {
    stubFetch(() => gallery(0)(1));
    renderApp({ path: '/public-guidebooks', language: 'ko' });
    expect(await screen.findByText('공개된 가이드북이 없습니다')).toBeDefined();
  });

  it('shows the error with its detail and reads again on retry', async () => {
    let fail = true;
    const serve = gallery(1);
    stubFetch((request) =>
      fail ? problem({ status: 500, code: 'INTERNAL', message: 'Boom' }) : serve(pageParam(request)),
    );
    renderApp({ path: '/public-guidebooks', language: 'en' });
    expect(await screen.findByText('An error occurred while loading guidebooks', {}, WAIT)).toBeDefined();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Guidebook 1' })).toBeDefined();
  });

  it('offers administrators the regenerate control', async () => {
    stubFetch(() => gallery(1)(1));
    renderApp({ path: '/public-guidebooks', language: 'en', auth: signedInAdmin({ language: 'en' }) });
    expect(await screen.findByRole('button', { name: 'Regenerate thumbnail' })).toBeDefined();
  });
});
