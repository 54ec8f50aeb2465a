import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sampleGuidebook, type AdminGuidebookRow, type GuidebookRow } from '@pocketguide/contracts';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, problem, stubFetch, type RecordedRequest } from '../../../testing/fake-api.ts';
import { signedIn, signedInAdmin } from '../../../testing/sessions.ts';

const traveller = signedIn();
const inEnglish = { language: 'en' as const, auth: signedIn({ language: 'en' }) };

function row(n: number, overrides: Partial<GuidebookRow> = {}): GuidebookRow {
  return {
    _id: `gb-${n}`,
    uuid: `uuid-${n}`,
    title: `제주 여행 ${n}`,
    user: traveller.user.id,
    company: '포켓트래블',
    published: false,
    isPublicGallery: false,
    isSampleGuidebook: false,
    isSampleContent: false,
    thumbnailUrl: null,
    thumbnailGeneratedAt: null,
    views: { count: 1234 },
    contentsCount: 2,
    createdAt: '2025-11-02T03:04:05.000Z',
    updatedAt: '2025-11-03T10:20:30.000Z',
    ...overrides,
  };
}

function adminRow(n: number, overrides: Partial<AdminGuidebookRow> = {}): AdminGuidebookRow {
  return {
    ...row(n),
    user: { _id: 'owner-7', name: '박가이드', email: 'guide@example.com', companyName: '제주투어', role: 'user' },
    company: '제주투어',
    ownerType: 'user',
    ...overrides,
  };
}

function pageOf<T>(results: T[], { page = 1, pageSize = 10, totalCount = results.length } = {}) {
  return { results, page, pageSize, totalCount, pageCount: Math.max(1, Math.ceil(totalCount / pageSize)) };
}

/** Enter in the box: the search form submits (jsdom has no implicit submission on a key press). */
const submitSearch = (box: HTMLElement) => fireEvent.submit(box.closest('form')!);

const listCalls = (requests: RecordedRequest[], pathname: string) =>
  requests.filter((request) => request.url.pathname === pathname);

describe('/guidebooks', () => {
  it('numbers the rows from the page: page 2 starts at 11; every column is there, in Korean', async () => {
    const rows = [row(11, { published: true, isPublicGallery: true }), row(12, { title: '' })];
    const requests = stubFetch(() => json(pageOf(rows, { page: 2, totalCount: 12 })));
    renderApp({ path: '/guidebooks?page=2', auth: traveller });

    const table = await screen.findByRole('table', { name: '가이드북 목록' });
    const [header, first, second] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['번호', '게시 상태', '제목', '회사', '수정일', '생성일', '조회수', '미리보기', 'QR']);
    expect(within(first!).getAllByRole('cell')[0]?.textContent).toBe('11');
    expect(within(second!).getAllByRole('cell')[0]?.textContent).toBe('12');
    expect(within(first!).getByRole('link', { name: '제주 여행 11' }).getAttribute('href')).toBe(
      '/guidebooks/edit/gb-11',
    );
    expect(within(first!).getByText('게시됨')).toBeDefined(); // the dot, for screen readers
    expect(within(first!).getByText('공개 갤러리')).toBeDefined();
    expect(within(second!).getByRole('link', { name: '제목 없는 가이드북' })).toBeDefined();
    expect(within(second!).getByText('미게시')).toBeDefined();
    expect(first!.textContent).toContain('1,234');
    // The company is plain text on a person's own list.
    expect(within(first!).queryByRole('link', { name: '포켓트래블' })).toBeNull();
    // Cards under 768 px carry the same numbers.
    const cards = screen.getByRole('list', { name: '가이드북 목록' });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((card) => card.textContent?.trim().slice(0, 2)),
    ).toEqual(['11', '12']);

    expect(listCalls(requests, '/api/guidebooks/')[0]?.url.searchParams.get('page')).toBe('2');
    expect(screen.getByRole('button', { name: '2 페이지' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1, name: '가이드북' }).querySelector('a')?.getAttribute('href')).toBe(
      '/guidebooks/recent',
    );
    expect(screen.getAllByRole('link', { name: '새 가이드북' })[0]?.getAttribute('href')).toBe('/guidebooks/create');
    // No administrator filters for a person.
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('pages through the URL', async () => {
    const requests = stubFetch((request) => {
      const page = Number(request.url.searchParams.get('page') ?? '1');
      return json(pageOf([row(page * 10 - 9)], { page, totalCount: 25 }));
    });
    const { router } = renderApp({ path: '/guidebooks', auth: traveller });
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: '3 페이지' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    expect(await within(screen.getByRole('table')).findByRole('link', { name: '제주 여행 21' })).toBeDefined();
    expect(listCalls(requests, '/api/guidebooks/').at(-1)?.url.searchParams.get('page')).toBe('3');
  });

  it("says 'Sorry! No Guidebooks Found' with the ways to a first guidebook", async () => {
    stubFetch(() => json(pageOf([])));
    renderApp({ path: '/guidebooks', ...inEnglish });
    expect(await screen.findByText('Sorry! No Guidebooks Found')).toBeDefined();
    expect(
      screen.getByText('Create your first guidebook. Starting from the sample is the quickest way.'),
    ).toBeDefined();
    const main = screen.getByRole('main');
    expect(
      within(main)
        .getAllByRole('link', { name: 'New guidebook' })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/guidebooks/create', '/guidebooks/create']);
    expect(within(main).getByRole('link', { name: 'Start from the sample' }).getAttribute('href')).toBe(
      '/guidebooks/sample',
    );
  });

  it("shows 'Something went wrong' when the list cannot be read, and tries again", async () => {
    let attempts = 0;
    stubFetch((request) => {
      // The header's bell reads the inbox too; only the list's reads count here.
      if (!request.url.pathname.startsWith('/api/guidebooks'))
        return json({ messages: [], pages: 1, page: 1, totalCount: 0 });
      attempts += 1;
      return attempts === 1
        ? problem({
            type: 'about:blank',
            title: 'Internal Server Error',
            status: 500,
            code: 'internal_error',
            message: 'Internal error',
          })
        : json(pageOf([row(1)]));
    });
    renderApp({ path: '/guidebooks', ...inEnglish });
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Something went wrong');
    expect(screen.queryByRole('status', { name: /loading/i })).toBeNull();
    fireEvent.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeDefined();
  });

  it('searches on Enter, clears when emptied, forwards ?today, and the refresh flag clears the search', async () => {
    const requests = stubFetch((request) =>
      json(request.url.searchParams.get('search') ? pageOf([]) : pageOf([row(1)])),
    );
    const { router } = renderApp({ path: '/guidebooks?today=1', auth: traveller });
    await screen.findByRole('table');
    expect(listCalls(requests, '/api/guidebooks/')[0]?.url.searchParams.get('today')).toBe('true');
    expect(screen.getByRole('button', { name: /오늘 만든 가이드북/ })).toBeDefined();

    const box = screen.getByRole('searchbox', { name: '가이드북 검색' });
    fireEvent.change(box, { target: { value: '  부산 ' } });
    expect(listCalls(requests, '/api/guidebooks/').some((request) => request.url.searchParams.has('search'))).toBe(
      false,
    );
    submitSearch(box);
    await waitFor(() => expect(router.state.location.search).toBe('?search=%EB%B6%80%EC%82%B0&today=true'));
    expect(await screen.findByText('죄송합니다! 가이드북이 없어요')).toBeDefined();
    expect(screen.getByText('검색어나 필터를 바꿔 보세요.')).toBeDefined();
    expect(listCalls(requests, '/api/guidebooks/').at(-1)?.url.searchParams.get('search')).toBe('부산');

    fireEvent.change(box, { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toBe('?today=true'));
    expect(await screen.findByRole('table')).toBeDefined();

    fireEvent.change(box, { target: { value: '서울' } });
    submitSearch(box);
    await waitFor(() => expect(router.state.location.search).toContain('search='));
    await act(() => router.navigate('/guidebooks?search=%EC%84%9C%EC%9A%B8', { state: { refresh: true } }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
  });

  it('opens the preview in a 435×700 popup and the QR code of a published guidebook at 275 px', async () => {
    stubFetch(() => json(pageOf([row(1, { published: true }), row(2)])));
    const open = vi.spyOn(window, 'open').mockReturnValue({ focus: () => {} } as Window);
    renderApp({ path: '/guidebooks', ...inEnglish });
    const table = await screen.findByRole('table');

    fireEvent.click(within(table).getByRole('link', { name: 'Preview ‘제주 여행 1’' }));
    expect(open).toHaveBeenCalledWith(
      '/guidebooks/preview/gb-1',
      'pocketguide-preview',
      'popup=yes,width=435,height=700',
    );

    fireEvent.click(within(table).getByRole('button', { name: 'QR code of ‘제주 여행 1’' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR code' });
    const qr = within(dialog).getByRole('img', { name: 'QR code of the address of ‘제주 여행 1’' });
    expect(qr.getAttribute('width')).toBe('275');
    expect(dialog.textContent).toContain(`${window.location.origin}/m/uuid-1`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Not published: no code, an explanation and the way to publish.
    fireEvent.click(within(table).getByRole('button', { name: 'QR code of ‘제주 여행 2’' }));
    const locked = await screen.findByRole('dialog', { name: 'QR code' });
    expect(within(locked).queryByRole('img')).toBeNull();
    expect(locked.textContent).toContain('This guidebook is not published yet');
    expect(within(locked).getByRole('link', { name: 'Publish in the editor' }).getAttribute('href')).toBe(
      '/guidebooks/edit/gb-2',
    );
  });
});

describe('/admin/guidebooks', () => {
  it('uses the administrators’ call with the user-type and status filters; companies link to their owners', async () => {
    const requests = stubFetch(() => json(pageOf([adminRow(1)])));
    const { router } = renderApp({
      path: '/admin/guidebooks',
      language: 'en',
      auth: signedInAdmin({ language: 'en' }),
    });
    const table = await screen.findByRole('table');
    expect(listCalls(requests, '/api/admin/guidebooks')).toHaveLength(1);
    expect(within(table).getByRole('link', { name: '제주투어' }).getAttribute('href')).toBe('/admin/users/owner-7');
    expect(screen.getByRole('heading', { level: 1 }).querySelector('a')?.getAttribute('href')).toBe(
      '/admin/guidebooks/recent',
    );

    const userType = screen.getByRole('combobox', { name: 'User type' });
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect([...userType.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'All Users',
      'Admin',
      'User',
    ]);
    expect([...status.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'All Status',
      'Published',
      'Unpublished',
      'Public Gallery',
    ]);

    fireEvent.change(userType, { target: { value: 'admin' } });
    await waitFor(() => expect(router.state.location.search).toBe('?company=admin'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'public-gallery' } });
    await waitFor(() =>
      expect(listCalls(requests, '/api/admin/guidebooks').at(-1)?.url.searchParams.get('status')).toBe(
        'public-gallery',
      ),
    );
    expect(listCalls(requests, '/api/admin/guidebooks').at(-1)?.url.searchParams.get('company')).toBe('admin');
  });

  it('/admin/users/{userId}/guidebooks lists that person’s guidebooks with the user-type filter only', async () => {
    const requests = stubFetch((request) =>
      request.url.pathname === '/api/users/owner-7'
        ? problem({ status: 404, code: 'not_found', message: 'User not found' })
        : json({ ...pageOf([adminRow(1)]), response: [adminRow(1)] }),
    );
    renderApp({ path: '/admin/users/owner-7/guidebooks', auth: signedInAdmin() });
    expect(await within(await screen.findByRole('table')).findByRole('link', { name: '제주 여행 1' })).toBeDefined();
    expect(listCalls(requests, '/api/admin/users/owner-7/guidebooks')).toHaveLength(1);
    expect(
      screen.getAllByRole('combobox').map((select) => (select as HTMLSelectElement).labels[0]?.textContent),
    ).toEqual(['회원 유형']);
  });
});

describe('/guidebooks/recent', () => {
  it('shows the newest three as cards in their thumbnail states, with the way to all of them', async () => {
    const recent = [
      row(1, { published: false }),
      row(2, { published: true, isPublicGallery: true }),
      row(3, {
        published: true,
        thumbnailUrl: 'https://cdn.example/3.png',
        thumbnailGeneratedAt: '2025-11-03T10:20:30.000Z',
      }),
    ];
    const requests = stubFetch(() => json(pageOf(recent, { pageSize: 3, totalCount: 8 })));
    renderApp({ path: '/guidebooks/recent', ...inEnglish });

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    const [locked, generating, ready] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(locked.querySelector('[data-thumbnail-state]')?.getAttribute('data-thumbnail-state')).toBe('locked');
    expect(locked.textContent).toContain('Only published guidebooks can have thumbnails. Please publish.');
    expect(locked.textContent).toContain('Unpublished');
    expect(generating.querySelector('[data-thumbnail-state]')?.getAttribute('data-thumbnail-state')).toBe('generating');
    expect(generating.textContent).toContain('Thumbnail is being generated');
    expect(generating.textContent).toContain('Public Gallery');
    expect(ready.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/3.png');
    expect(within(ready).getByRole('link', { name: '제주 여행 3' }).getAttribute('href')).toBe('/guidebooks/edit/gb-3');
    expect(ready.textContent).toContain('Published');

    // The regenerate control: on the published card that needs it, ready to use; not on the fresh one.
    const regenerate = within(generating).getByRole('button', { name: 'Regenerate thumbnail' });
    expect(regenerate.getAttribute('aria-disabled')).toBe('false');
    expect(within(ready).queryByRole('button', { name: 'Regenerate thumbnail' })).toBeNull();
    expect(within(locked).queryByRole('button', { name: 'Regenerate thumbnail' })).toBeNull();

    expect(screen.getByRole('link', { name: /MORE GUIDEBOOKS/ }).getAttribute('href')).toBe('/guidebooks');
    expect(listCalls(requests, '/api/guidebooks/recent')[0]?.url.searchParams.get('limit')).toBe('3');
  });

  it('a placeholder with the title when a published card has no thumbnail, or its image fails', async () => {
    stubFetch(() =>
      json(
        pageOf([
          row(1, { published: true }),
          row(2, { published: true, thumbnailUrl: 'https://cdn.example/broken.png' }),
        ]),
      ),
    );
    renderApp({ path: '/guidebooks/recent', auth: traveller });
    const [plain, broken] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];
    expect(plain.querySelector('[data-thumbnail-state]')?.getAttribute('data-thumbnail-state')).toBe('placeholder');
    fireEvent.error(broken.querySelector('img')!);
    await waitFor(() =>
      expect(broken.querySelector('[data-thumbnail-state]')?.getAttribute('data-thumbnail-state')).toBe('placeholder'),
    );
  });

  it('the QR button lays a 200 px, level H code over a published card; an unpublished one explains', async () => {
    stubFetch(() => json(pageOf([row(1, { published: true }), row(2)])));
    renderApp({ path: '/guidebooks/recent', ...inEnglish });
    const [published, unpublished] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];

    const toggle = within(published).getByRole('button', { name: 'QR code of ‘제주 여행 1’' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const code = within(published).getByRole('img', { name: 'QR code of the address of ‘제주 여행 1’' });
    expect(code.getAttribute('width')).toBe('200');
    fireEvent.click(toggle);
    expect(within(published).queryByRole('img')).toBeNull();

    fireEvent.click(within(unpublished).getByRole('button', { name: 'QR code of ‘제주 여행 2’' }));
    expect(unpublished.textContent).toContain('This guidebook is not published yet');
  });

  it("'No Recent Guidebooks Found' offers the sample fetched from the server and a blank guidebook", async () => {
    const sample = { ...sampleGuidebook('en'), _id: 'sample', origin: 'built-in' };
    const requests = stubFetch((request) =>
      json(request.url.pathname === '/api/sample/guidebook' ? sample : pageOf([])),
    );
    renderApp({ path: '/guidebooks/recent', ...inEnglish });

    expect(await screen.findByRole('heading', { name: 'No Recent Guidebooks Found' })).toBeDefined();
    const sampleCard = await screen.findByRole('link', { name: /Jeju: 4 days with family/ });
    expect(sampleCard.getAttribute('href')).toBe('/guidebooks/sample');
    expect(sampleCard.textContent).toContain('Start from the sample');
    expect(screen.getByRole('link', { name: /Start with a blank guidebook/ }).getAttribute('href')).toBe(
      '/guidebooks/create',
    );
    expect(listCalls(requests, '/api/sample/guidebook')[0]?.url.searchParams.get('lang')).toBe('en');
    expect(screen.queryByRole('link', { name: /MORE GUIDEBOOKS/ })).toBeNull();
  });

  it('a search shows the results table (number, title, company, updated, preview, QR) in pages of three', async () => {
    const requests = stubFetch((request) =>
      request.url.searchParams.get('search')
        ? json(pageOf([row(4), row(5), row(6)], { page: 2, pageSize: 3, totalCount: 7 }))
        : json(pageOf([row(1)], { pageSize: 3 })),
    );
    const { router } = renderApp({ path: '/guidebooks/recent', ...inEnglish });
    await screen.findAllByRole('article');

    const box = screen.getByRole('searchbox', { name: 'Search guidebooks' });
    fireEvent.change(box, { target: { value: 'Jeju' } });
    submitSearch(box);
    const table = await screen.findByRole('table', { name: 'Search results' });
    await within(table).findByRole('link', { name: '제주 여행 4' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['No.', 'Title', 'Company', 'Last Updated', 'Preview', 'QR']);
    expect(within(table).getAllByRole('row')[1]?.querySelector('td')?.textContent).toBe('4');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    const call = listCalls(requests, '/api/guidebooks/recent').at(-1);
    expect([call?.url.searchParams.get('search'), call?.url.searchParams.get('limit')]).toEqual(['Jeju', '3']);

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=Jeju&page=3'));
  });

  it('administrators see everyone’s newest through admin/guidebooks?limit=3, with the admin list behind MORE', async () => {
    const requests = stubFetch(() => json(pageOf([adminRow(1, { published: true })], { pageSize: 3 })));
    renderApp({ path: '/admin/guidebooks/recent', language: 'en', auth: signedInAdmin({ language: 'en' }) });
    const [card] = (await screen.findAllByRole('article')) as [HTMLElement];
    expect(listCalls(requests, '/api/admin/guidebooks')[0]?.url.searchParams.get('limit')).toBe('3');
    expect(within(card).getByRole('link', { name: '제주투어' }).getAttribute('href')).toBe('/admin/users/owner-7');
    // Administrators may regenerate anyone's thumbnail.
    expect(within(card).getByRole('button', { name: 'Regenerate thumbnail' })).toBeDefined();
    expect(screen.getByRole('link', { name: /MORE GUIDEBOOKS/ }).getAttribute('href')).toBe('/admin/guidebooks');
  });
});
