import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Message } from '@pocketguide/contracts';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, stubFetch, type RecordedRequest } from '../../../testing/fake-api.ts';
import { signedIn, signedInAdmin } from '../../../testing/sessions.ts';
import { WAIT } from '../../../testing/wait-budget.ts';

const member = signedIn({ language: 'en' });

function message(n: number, over: Partial<Message> = {}): Message {
  return {
    _id: `m${n}`,
    title: `Notice ${n}`,
    message: `Line one of ${n}\nLine two`,
    type: 'information',
    users: 'all',
    messageDate: '2026-11-30',
    notification: false,
    saved: false,
    showing: true,
    status: 'sent',
    createdAt: `2026-11-2${n}T01:00:00.000Z`,
    updatedAt: `2026-11-2${n}T01:00:00.000Z`,
    sentAt: `2026-11-2${n}T01:00:00.000Z`,
    dismissed: false,
    ...over,
  };
}

const inbox = (messages: Message[]) => json({ messages, pages: 1, page: 1, totalCount: messages.length });
const posts = (requests: RecordedRequest[]) => requests.filter((request) => request.method === 'POST');

describe('the bell and the banner', () => {
  it('count what is not dismissed; the bell lists the first three and dismisses one on the server', async () => {
    let dismissed = false;
    const all = [
      message(1, { type: 'alert', notification: true }),
      message(2, { type: 'warning' }),
      message(3),
      message(4),
    ];
    const requests = stubFetch((request) => {
      if (request.method === 'POST') {
        dismissed = true;
        return json({ _id: 'm1', position: 5 });
      }
      return inbox(all.map((item) => (item._id === 'm1' && dismissed ? { ...item, dismissed: true } : item)));
    });
    renderApp({ path: '/settings/profile', language: 'en', auth: member });
    // the signed-in controls load lazily (signed-out pages never fetch them)
    const bell = await screen.findByRole('button', { name: 'Notifications, 4 new' }, WAIT);
    // The alert flagged as a notification is the site-wide banner, in red.
    await waitFor(() =>
      expect(document.querySelector('[data-notification-banner="alert"]')?.textContent).toContain('Notice 1'),
    );
    fireEvent.pointerDown(bell, { button: 0, pointerType: 'mouse' });
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Notice 1'),
      expect.stringContaining('Notice 2'),
      expect.stringContaining('Notice 3'),
      'See all notifications',
    ]);
    fireEvent.click(within(menu).getByRole('button', { name: 'Dismiss ‘Notice 1’' }));
    await waitFor(() => expect(posts(requests)[0]?.url.pathname).toBe('/api/messages/m1/dismiss'));
    await screen.findByRole('button', { name: 'Notifications, 3 new' });
    await waitFor(() => expect(document.querySelector('[data-notification-banner]')).toBeNull());
  });
});

describe('a message in Korean and English (issue 23)', () => {
  const bilingual = (n: number, over: Partial<Message> = {}) =>
    message(n, {
      title: `공지 ${n}`,
      message: `첫 줄 ${n}\n둘째 줄`,
      titleEn: `Notice ${n} in English`,
      messageEn: `English line of ${n}\nSecond line`,
      ...over,
    });

  it('an English reader sees the English version in the banner, the bell, the list and the detail; a message without one in Korean', async () => {
    const koreanOnly = message(2, { title: '한국어만', message: '한국어 본문' });
    // a billing notice is written in the account's own language: nothing to mark
    const notice = message(3, { _id: 'billing-charge-failed-x', title: 'Your payment failed' });
    stubFetch((request) =>
      request.url.pathname === '/api/messages/m1'
        ? json(bilingual(1, { type: 'warning', notification: true }))
        : inbox([bilingual(1, { type: 'warning', notification: true }), koreanOnly, notice]),
    );
    const { router } = renderApp({ path: '/settings/notifications', language: 'en', auth: member });
    await waitFor(
      () =>
        expect(document.querySelector('[data-notification-banner="warning"]')?.textContent).toContain(
          'Notice 1 in English',
        ),
      WAIT,
    );
    expect(document.querySelector('[data-notification-banner] [lang="en"]')).not.toBeNull();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      '1Notice 1 in English2026.11.21Warning',
      '2한국어만2026.11.22Information',
      '3Your payment failed2026.11.23Information',
    ]);
    expect(within(table).getByRole('link', { name: '한국어만' }).getAttribute('lang')).toBe('ko');
    expect(within(table).getByRole('link', { name: 'Notice 1 in English' }).getAttribute('lang')).toBe('en');
    expect(within(table).getByRole('link', { name: 'Your payment failed' }).hasAttribute('lang')).toBe(false);
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 new' });
    fireEvent.pointerDown(bell, { button: 0, pointerType: 'mouse' });
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Notice 1 in English'),
      expect.stringContaining('한국어만'),
      expect.stringContaining('Your payment failed'),
      'See all notifications',
    ]);
    expect(within(menu).getByRole('button', { name: 'Dismiss ‘Notice 1 in English’' })).toBeDefined();
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(within(table).getByRole('link', { name: 'Notice 1 in English' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/notifications/m1'));
    await waitFor(() =>
      expect(document.querySelector('[data-message-body]')?.textContent).toBe('English line of 1\nSecond line'),
    );
    expect(screen.getByRole('heading', { name: 'Notice 1 in English' }).getAttribute('lang')).toBe('en');
  });

  it('a Korean reader sees the Korean version of the same message everywhere', async () => {
    stubFetch((request) =>
      request.url.pathname === '/api/messages/m1'
        ? json(bilingual(1, { notification: true }))
        : inbox([bilingual(1, { notification: true })]),
    );
    renderApp({ path: '/settings/notifications/m1', language: 'ko', auth: signedIn({ language: 'kr' }) });
    await waitFor(
      () => expect(document.querySelector('[data-message-body]')?.textContent).toBe('첫 줄 1\n둘째 줄'),
      WAIT,
    );
    expect(screen.getByRole('heading', { name: '공지 1' }).getAttribute('lang')).toBe('ko');
    await waitFor(() =>
      expect(document.querySelector('[data-notification-banner="information"]')?.textContent).toContain('공지 1'),
    );
    expect(document.querySelector('[data-notification-banner]')?.textContent).not.toContain('English');
  });
});

describe('the notifications screens', () => {
  it('list the messages with their type and date, and a row opens the message with its line breaks', async () => {
    stubFetch((request) =>
      request.url.pathname === '/api/messages/m2'
        ? json(message(2, { type: 'warning' }))
        : inbox([message(2, { type: 'warning' }), message(1)]),
    );
    const { router } = renderApp({ path: '/settings/notifications', language: 'en', auth: member });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['1Notice 22026.11.22Warning', '2Notice 12026.11.21Information']);
    fireEvent.click(within(table).getByRole('link', { name: 'Notice 2' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/notifications/m2'));
    const body = await screen.findByText(/Line one of 2/);
    expect(body.textContent).toBe('Line one of 2\nLine two');
    expect(body.className).toContain('whitespace-pre-line');
    expect(screen.getByRole('link', { name: 'Back to notifications' })).toBeDefined();
  });
});

describe('the administrators’ message form', () => {
  it('refuses empty fields with Required Field, and sends the date as YYYY-MM-DD while showing YYYY.MM.DD', async () => {
    const requests = stubFetch((request) => {
      if (request.method === 'POST') return json({ _id: 'new-1', position: 3 }, { status: 201 });
      if (request.url.pathname === '/api/admin/messages/new-1')
        return json(message(1, { _id: 'new-1', status: 'waiting', showing: false, saved: true, sentAt: null }));
      return json({ messages: [], pages: 1, page: 1, totalCount: 0 });
    });
    const { router } = renderApp({
      path: '/admin/messages/create',
      language: 'en',
      auth: signedInAdmin({ language: 'en' }),
    });
    const save = await screen.findByRole('button', { name: 'Save' }, WAIT);
    fireEvent.click(save);
    expect(await screen.findAllByText('Required Field')).toHaveLength(2);
    expect(posts(requests)).toEqual([]);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Maintenance' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Tonight 2–4 am' } });
    const shown = document.querySelector('[data-message-date]')!;
    const sent = shown.getAttribute('data-message-date')!;
    expect(sent).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(shown.textContent).toBe(sent.replaceAll('-', '.'));
    fireEvent.click(save);
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.body).toEqual({
      title: 'Maintenance',
      message: 'Tonight 2–4 am',
      type: 'information',
      users: 'all',
      messageDate: sent,
      notification: false,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/messages/new-1'));
  });

  it('writes Korean and, in its own section, English: both are sent; an English title without its text is refused before sending', async () => {
    const requests = stubFetch((request) => {
      if (request.method === 'POST') return json({ _id: 'new-2', position: 3 }, { status: 201 });
      if (request.url.pathname === '/api/admin/messages/new-2')
        return json(
          message(2, {
            _id: 'new-2',
            status: 'waiting',
            showing: false,
            saved: true,
            sentAt: null,
            titleEn: 'Maintenance',
            messageEn: 'Tonight',
          }),
        );
      return json({ messages: [], pages: 1, page: 1, totalCount: 0 });
    });
    renderApp({ path: '/admin/messages/create', auth: signedInAdmin() });
    const save = await screen.findByRole('button', { name: '저장' }, WAIT);
    const english = screen.getByRole('region', { name: '영어 (English) · 선택' });
    expect(screen.getByRole('region', { name: '한국어 · 필수' })).toBeDefined();
    fireEvent.change(screen.getByLabelText('제목'), { target: { value: '점검 안내' } });
    fireEvent.change(screen.getByLabelText('내용'), { target: { value: '오늘 밤 2시부터' } });
    fireEvent.change(within(english).getByLabelText('영어 제목'), { target: { value: 'Maintenance' } });
    fireEvent.click(save);
    expect(await within(english).findByText('영어 버전에는 제목과 내용이 모두 필요합니다')).toBeDefined();
    expect(within(english).getByLabelText('영어 내용').getAttribute('aria-invalid')).toBe('true');
    expect(posts(requests)).toEqual([]);
    fireEvent.change(within(english).getByLabelText('영어 내용'), { target: { value: 'Tonight' } });
    expect(within(english).queryByText('영어 버전에는 제목과 내용이 모두 필요합니다')).toBeNull();
    fireEvent.click(save);
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.body).toMatchObject({
      title: '점검 안내',
      message: '오늘 밤 2시부터',
      titleEn: 'Maintenance',
      messageEn: 'Tonight',
    });
  });

  it('editing loads the English version into its fields; clearing both sends a Korean-only message (English UI)', async () => {
    const requests = stubFetch((request) => {
      if (request.method === 'PUT') return json({ _id: 'm3', position: 4 });
      if (request.url.pathname === '/api/admin/messages/m3')
        return json(
          message(3, {
            status: 'waiting',
            showing: false,
            saved: true,
            sentAt: null,
            titleEn: 'Old English',
            messageEn: 'Old text',
          }),
        );
      return json({ messages: [], pages: 1, page: 1, totalCount: 0 });
    });
    renderApp({ path: '/admin/messages/m3', language: 'en', auth: signedInAdmin({ language: 'en' }) });
    const english = await screen.findByRole('region', { name: 'English · optional' }, WAIT);
    expect(screen.getByRole('region', { name: 'Korean (한국어) · required' })).toBeDefined();
    const titleEn = within(english).getByLabelText<HTMLInputElement>('English title');
    await waitFor(() => expect(titleEn.value).toBe('Old English'));
    expect(titleEn.getAttribute('lang')).toBe('en');
    expect(within(english).getByLabelText<HTMLTextAreaElement>('English message').value).toBe('Old text');
    fireEvent.change(titleEn, { target: { value: '' } });
    fireEvent.change(within(english).getByLabelText('English message'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1));
    const body = requests.find((request) => request.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ title: 'Notice 3', message: 'Line one of 3\nLine two' });
    expect(body).not.toHaveProperty('titleEn');
    expect(body).not.toHaveProperty('messageEn');
  });

  it('"보내기 취소" asks first: cancelling the dialog sends nothing, confirming takes the message back', async () => {
    const requests = stubFetch((request) => {
      if (request.method === 'PUT') return json({ _id: 'm1', position: 4 });
      if (request.url.pathname === '/api/admin/messages/m1') return json(message(1));
      return json({ messages: [], pages: 1, page: 1, totalCount: 0 });
    });
    renderApp({ path: '/admin/messages/m1', auth: signedInAdmin() });
    fireEvent.click(await screen.findByRole('button', { name: '보내기 취소' }, WAIT));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('받은 회원의 알림과 배너에서 이 메시지가 사라지며');
    fireEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: '보내기 취소' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '보내기 취소' }));
    await waitFor(() => expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1));
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ showing: false });
  });
});
