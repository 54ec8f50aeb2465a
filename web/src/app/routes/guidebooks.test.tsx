import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GuidebookList, GuidebookListItem } from '@pocketguide/contracts';
import { renderApp } from '../../testing/render-app.tsx';
import { json, problem, stubFetch, type RecordedRequest } from '../../testing/fake-api.ts';
import { signedIn } from '../../testing/sessions.ts';

// The guidebooks page is for signed-in people.
const asTraveller = { path: '/guidebooks', auth: signedIn() };

function listOf(results: GuidebookListItem[]): GuidebookList {
  return { results, page: 1, pageCount: 1, pageSize: 10, totalCount: results.length };
}

const jeju: GuidebookListItem = {
  _id: 'gb-1',
  uuid: 'u-1',
  title: '제주 3박 4일 가족 여행',
  createdAt: '2025-11-02T03:04:05.000Z',
  updatedAt: '2025-11-02T03:04:05.000Z',
};
const busan: GuidebookListItem = { ...jeju, _id: 'gb-2', uuid: 'u-2', title: 'Busan food walk' };

describe('guidebooks page', () => {
  it('shows the Korean empty state when there are no guidebooks', async () => {
    stubFetch(() => json(listOf([])));
    renderApp(asTraveller);

    expect(await screen.findByText('아직 만든 가이드북이 없어요')).toBeDefined();
    expect(screen.getByRole('heading', { level: 1, name: '가이드북' })).toBeDefined();
    expect(screen.getByRole('textbox', { name: '가이드북 제목' })).toBeDefined();
    expect(document.documentElement.lang).toBe('ko');
  });

  it('shows the English empty state in English', async () => {
    stubFetch(() => json(listOf([])));
    renderApp({ ...asTraveller, language: 'en', auth: signedIn({ language: 'en' }) });

    expect(await screen.findByText('No guidebooks yet')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Create' })).toBeDefined();
    expect(document.documentElement.lang).toBe('en');
  });

  it('lists the guidebooks as a table with row numbers and as cards', async () => {
    stubFetch(() => json(listOf([jeju, busan])));
    renderApp(asTraveller);

    const table = await screen.findByRole('table', { name: '내 가이드북 목록' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3); // header + two guidebooks
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe(jeju.title);
    expect(within(rows[1]!).getAllByRole('cell')[0]?.textContent).toBe('1');
    expect(within(rows[2]!).getAllByRole('cell')[0]?.textContent).toBe('2');
    const cards = screen.getByRole('list', { name: '내 가이드북 목록' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('총 2개')).toBeDefined();
  });

  it('shows an error banner with a retry when the list fails to load', async () => {
    let attempts = 0;
    stubFetch(() => {
      attempts += 1;
      return attempts === 1
        ? problem({ type: 'about:blank', title: 'Internal Server Error', status: 500, code: 'internal_error', message: 'Internal error' })
        : json(listOf([jeju]));
    });
    renderApp(asTraveller);

    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('가이드북 목록을 불러오지 못했습니다.');
    fireEvent.click(within(banner).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('table')).toBeDefined();
  });

  it('creates a guidebook and reads the list after its position (read-your-writes)', async () => {
    let created: GuidebookListItem[] = [];
    const requests = stubFetch((request: RecordedRequest) => {
      if (request.method === 'POST') {
        created = [jeju];
        return json({ _id: jeju._id, position: 42 }, { status: 201 });
      }
      return json(listOf(created), { headers: { 'X-Read-Consistency': 'caught-up' } });
    });
    renderApp(asTraveller);
    await screen.findByText('아직 만든 가이드북이 없어요');

    fireEvent.change(screen.getByRole('textbox', { name: '가이드북 제목' }), { target: { value: `  ${jeju.title} ` } });
    fireEvent.click(screen.getByRole('button', { name: '만들기' }));

    expect(await screen.findByRole('rowheader', { name: jeju.title })).toBeDefined();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url.pathname).toBe('/api/guidebooks');
    expect(post?.body).toEqual({ title: jeju.title });
    expect(requests.some((request) => request.method === 'GET' && request.url.searchParams.get('after') === '42')).toBe(true);
    expect((screen.getByRole('textbox', { name: '가이드북 제목' }) as HTMLInputElement).value).toBe('');
  });

  it('ties a missing title error to the field and sends nothing', async () => {
    const requests = stubFetch(() => json(listOf([])));
    renderApp(asTraveller);
    await screen.findByText('아직 만든 가이드북이 없어요');

    fireEvent.click(screen.getByRole('button', { name: '만들기' }));

    const input = screen.getByRole('textbox', { name: '가이드북 제목' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe('제목을 입력해 주세요.');
    expect(document.activeElement).toBe(input);
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's field error on the title field", async () => {
    stubFetch((request) =>
      request.method === 'POST'
        ? problem({
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            code: 'validation_failed',
            message: 'Invalid body',
            errors: [{ path: 'title', message: 'Title must be unique' }],
          })
        : json(listOf([])),
    );
    renderApp({ ...asTraveller, language: 'en', auth: signedIn({ language: 'en' }) });
    await screen.findByText('No guidebooks yet');

    fireEvent.change(screen.getByRole('textbox', { name: 'Guidebook title' }), { target: { value: 'Seoul' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => {
      const input = screen.getByRole('textbox', { name: 'Guidebook title' });
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Title must be unique');
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('goes to the server-not-available page when the server cannot be reached', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const { router } = renderApp(asTraveller);

    expect(await screen.findByRole('heading', { name: '서버에 연결할 수 없습니다' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/server_not_available');
  });
});
