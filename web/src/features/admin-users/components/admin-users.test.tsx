import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminUserActivity, UserView } from '@pocketguide/contracts';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, problem, stubFetch, type RecordedRequest } from '../../../testing/fake-api.ts';
import { signedIn, signedInAdmin, userView } from '../../../testing/sessions.ts';
import { WAIT } from '../../../testing/wait-budget.ts';

const admin = signedInAdmin({ language: 'en' });

function person(n: number, over: Partial<UserView> = {}): UserView {
  return userView({
    id: `u${n}`,
    _id: `u${n}`,
    name: `Person ${n}`,
    email: `person${n}@example.com`,
    companyName: `Company ${n}`,
    createdAt: `2026-11-${String(10 + (n % 15)).padStart(2, '0')}T01:02:03.000Z`,
    ...over,
  });
}

function page(users: UserView[], { page: current = 1, totalCount = users.length }: { page?: number; totalCount?: number } = {}) {
  const pageCount = Math.max(1, Math.ceil(totalCount / 10));
  return json({ users, pages: pageCount, results: users, page: current, pageCount, pageSize: 10, totalCount });
}

const listRequests = (requests: RecordedRequest[]) => requests.filter((request) => request.method === 'GET' && request.url.pathname === '/api/users');
const lastQuery = (requests: RecordedRequest[]) => Object.fromEntries(listRequests(requests).at(-1)!.url.searchParams);

describe('the admin users list', () => {
  it('honours ?subscriptionType and ?today from the dashboard, shows today as a removable chip, and filters by status', async () => {
    const requests = stubFetch(() => page([person(1, { subscriptionType: 'pro', subscription: true })]));
    const { router } = renderApp({ path: '/admin/users?subscriptionType=pro&today', language: 'en', auth: admin });
    const table = await screen.findByRole('table', {}, WAIT);
    expect(lastQuery(requests)).toEqual({ page: '1', limit: '10', subscriptionType: 'pro', today: 'true' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['No.', 'Name', 'Company', 'Email', 'Date Joined', 'Subscription', 'Status']);
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe('1Person 1Company 1person1@example.com2026.11.11 ' + new Date('2026-11-11T01:02:03.000Z').toTimeString().slice(0, 8) + 'ProActive');
    expect((screen.getByRole('combobox', { name: 'Plan' }) as HTMLSelectElement).value).toBe('pro');

    fireEvent.click(screen.getByRole('button', { name: 'Show every joining date' }));
    await waitFor(() => expect(lastQuery(requests)).toEqual({ page: '1', limit: '10', subscriptionType: 'pro' }));
    expect(screen.queryByText('Joined today')).toBeNull();

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'hidden' } });
    await waitFor(() => expect(lastQuery(requests)).toEqual({ page: '1', limit: '10', subscriptionType: 'pro', status: 'hidden' }));
    expect(router.state.location.search).toBe('?subscriptionType=pro&status=hidden');
  });

  it('reads ?status=active, searches as one types (after a pause), pages by ten and opens a row', async () => {
    const requests = stubFetch((request) => {
      const current = Number(request.url.searchParams.get('page') ?? '1');
      const users = Array.from({ length: current === 3 ? 5 : 10 }, (_, i) => person((current - 1) * 10 + i + 1));
      return page(users, { page: current, totalCount: 25 });
    });
    const { router } = renderApp({ path: '/admin/users?status=active', language: 'en', auth: admin });
    const table = await screen.findByRole('table', {}, WAIT);
    expect(lastQuery(requests)).toEqual({ page: '1', limit: '10', status: 'active' });
    expect(screen.getByText('25 users')).toBeDefined();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: '  kim ' } });
    // not at once: the list follows the box once typing pauses
    expect(lastQuery(requests).search).toBeUndefined();
    await waitFor(() => expect(lastQuery(requests)).toEqual({ page: '1', limit: '10', status: 'active', search: 'kim' }));

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery(requests)).toMatchObject({ page: '2', search: 'kim' }));
    await waitFor(() => expect(within(table).getAllByRole('row')[1]?.textContent).toMatch(/^11Person 11/));

    fireEvent.click(within(table).getAllByRole('row')[3]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users/u13'));
  });

  it('says so when nobody matches (with the way out) and when the list fails', async () => {
    let fail = false;
    stubFetch(() => (fail ? problem({ status: 500, code: 'internal_error', message: 'boom' }) : page([])));
    const { unmount } = renderApp({ path: '/admin/users?search=nobody', language: 'en', auth: admin });
    expect(await screen.findByText('No users found', {}, WAIT)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Clear search and filters' })).toBeDefined();
    unmount();
    fail = true;
    renderApp({ path: '/admin/users', language: 'ko', auth: signedInAdmin() });
    expect(await screen.findByText('회원 목록을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.', {}, WAIT)).toBeDefined();
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeDefined();
  });
});

const activity: AdminUserActivity = {
  userId: 'u1',
  createdAt: '2025-11-01T00:00:00.000Z',
  monthsActive: 12,
  guidebooksCount: 4,
  publishedCount: 2,
  publicGalleryCount: 1,
  views: 1234,
  payments: { count: 3, total: 150000, lastPaidAt: '2026-11-01T00:00:00.000Z' },
  lastActivityAt: '2026-11-20T05:06:07.000Z',
};

/** A small server for one user: GET it and its activity; the admin actions change it. */
function userServer(initial: UserView, refuse: Partial<Record<string, { status: number; code: string; message: string }>> = {}) {
  let user = initial;
  let position = 10;
  const requests = stubFetch((request) => {
    const path = request.url.pathname;
    const refusal = refuse[path];
    if (refusal) return problem(refusal);
    if (request.method === 'GET' && path === `/api/users/${user.id}`) return json(user);
    if (request.method === 'GET' && path === `/api/admin/users/${user.id}/activity`) return json({ ...activity, userId: user.id });
    if (request.method === 'GET' && path === '/api/users') return page([]);
    if (request.method === 'GET') return json({ messages: [], pages: 1, page: 1, totalCount: 0 });
    position += 1;
    if (request.method === 'PATCH') {
      const hidden = (request.body as { isHidden: boolean }).isHidden;
      user = { ...user, isHidden: hidden, status: hidden ? 'hidden' : 'active' };
      return json({ ...user, position });
    }
    if (request.method === 'DELETE') return json({ message: 'The user has been deleted', position });
    if (path === '/api/subscriptions/admin/subscribe-one-month') user = { ...user, subscription: true, subscriptionType: 'onemonth' };
    if (path === '/api/subscriptions/admin/change-plan') user = { ...user, subscription: true, subscriptionType: (request.body as { plan: UserView['subscriptionType'] }).plan };
    return json({ user, position });
  });
  return requests;
}

const writes = (requests: RecordedRequest[]) => requests.filter((request) => request.method !== 'GET');

describe('the admin user detail', () => {
  it('shows the activity overview, company details and the ways to guidebooks and payments', async () => {
    userServer(person(1, { createdAt: '2025-11-01T00:00:00.000Z' }));
    renderApp({ path: '/admin/users/u1', language: 'en', auth: admin });
    expect(await screen.findByRole('heading', { name: 'Person 1', level: 1 }, WAIT)).toBeDefined();
    const stats = await waitFor(() => {
      const found = document.querySelector('[data-activity-stats]');
      expect(found).not.toBeNull();
      return found!;
    });
    const value = (key: string) => stats.querySelector(`[data-stat="${key}"] dd`)?.textContent;
    expect([value('guidebooks'), value('published'), value('gallery'), value('views'), value('payments'), value('paid'), value('months')]).toEqual([
      '4',
      '2',
      '1',
      '1,234',
      '3',
      '₩150,000',
      '12 months',
    ]);
    expect(screen.getByText(`Last activity ${'2026.11.20'}`, { exact: false })).toBeDefined();
    expect(screen.getByRole('link', { name: /4 guidebooks/ }).getAttribute('href')).toBe('/admin/users/u1/guidebooks');
    expect(screen.getByRole('link', { name: /Payment history/ }).getAttribute('href')).toBe('/admin/users/u1/payments');
    expect(document.querySelector('[data-company-field="companyAddress"] dd')?.textContent).toBe('서울특별시 중구 세종대로 110');
  });

  it('subscribes to one month only after the confirm, then reads the user again after the write', async () => {
    const requests = userServer(person(1));
    renderApp({ path: '/admin/users/u1', language: 'en', auth: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'One month of Standard' }, WAIT));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Subscribe Person 1 to one month of Standard?');
    // cancelling sends nothing
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(requests)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'One month of Standard' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'One month of Standard' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    expect(writes(requests)[0]).toMatchObject({ method: 'POST', body: { customerUid: 'u1' } });
    expect(writes(requests)[0]?.url.pathname).toBe('/api/subscriptions/admin/subscribe-one-month');
    await waitFor(() => expect(document.querySelector('[data-subscription-state]')?.textContent).toBe('One month, does not renew'));
    // read again as of the action's position
    await waitFor(() =>
      expect(requests.some((request) => request.url.pathname === '/api/users/u1' && request.url.searchParams.get('after') === '11')).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'One month of Standard' }).hasAttribute('disabled')).toBe(true);
    // a free user had no plan to charge for; now they have one
    expect(screen.getByRole('button', { name: 'Schedule a payment' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows a refusal on the page (not only in a log), in the reader’s language', async () => {
    const requests = userServer(person(1, { subscription: true, subscriptionType: 'standard' }), {
      '/api/subscriptions/admin/change-plan': { status: 409, code: 'conflict', message: 'The plan cannot be changed now' },
    });
    renderApp({ path: '/admin/users/u1', language: 'en', auth: admin });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Plan' }, WAIT), { target: { value: 'business' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Change Person 1’s plan to Business?'.replace('’', "'"));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    await waitFor(() => expect(document.querySelector('[data-action-failure]')?.textContent).toBe('Change plan did not go through'));
    expect(screen.getAllByText('The plan cannot be changed now').length).toBeGreaterThan(0);
    expect(writes(requests)[0]?.body).toEqual({ customerUid: 'u1', plan: 'business' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('schedules a payment for a paid plan (not for a free one) behind its confirm', async () => {
    const requests = userServer(person(1, { subscription: true, subscriptionType: 'pro', paymentMethod: 'Shinhan card' }));
    renderApp({ path: '/admin/users/u1', language: 'en', auth: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule a payment' }, WAIT));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Schedule a payment' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    expect(writes(requests)[0]?.url.pathname).toBe('/api/subscriptions/admin/schedule-payment');
    expect(writes(requests)[0]?.body).toEqual({ customerUid: 'u1' });
    expect(await screen.findByText('A payment is scheduled for Person 1')).toBeDefined();
  });

  it('in Korean, a refusal the server words in English is shown in Korean', async () => {
    userServer(person(1, { subscription: true, subscriptionType: 'onemonth' }), {
      '/api/subscriptions/admin/unsubscribe': { status: 409, code: 'conflict', message: 'One month subscription is not allowed to unsubscribe' },
    });
    renderApp({ path: '/admin/users/u1', language: 'ko', auth: signedInAdmin() });
    fireEvent.click(await screen.findByRole('button', { name: '구독 해지' }, WAIT));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '구독 해지' }));
    await waitFor(() => expect(document.querySelector('[data-action-failure]')?.textContent).toBe('‘구독 해지’ 요청을 처리하지 못했습니다'));
    expect(screen.getAllByText('1개월 이용권은 구독 해지를 할 수 없습니다.').length).toBeGreaterThan(0);
  });

  it('hides and unhides behind a confirm; deleting goes back to the list, which reads after the deletion', async () => {
    const requests = userServer(person(1));
    const { router } = renderApp({ path: '/admin/users/u1', language: 'ko', auth: signedInAdmin() });
    fireEvent.click(await screen.findByRole('button', { name: '회원 숨기기' }, WAIT));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '회원 숨기기' }));
    await waitFor(() => expect(document.querySelector('[data-user-status]')?.textContent).toBe('숨김'));
    expect(writes(requests)[0]).toMatchObject({ method: 'PATCH', body: { isHidden: true } });

    fireEvent.click(await screen.findByRole('button', { name: '숨김 해제' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '숨김 해제' }));
    await waitFor(() => expect(document.querySelector('[data-user-status]')?.textContent).toBe('활성'));
    expect(writes(requests)[1]).toMatchObject({ method: 'PATCH', body: { isHidden: false } });

    fireEvent.click(screen.getByRole('button', { name: '영구 삭제' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('되돌릴 수 없습니다');
    fireEvent.click(within(dialog).getByRole('button', { name: '영구 삭제' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(writes(requests)[2]).toMatchObject({ method: 'DELETE' });
    await waitFor(() => expect(lastQuery(requests).after).toBe('13'));
  });

  it('cannot hide or delete the signed-in administrator’s own account', async () => {
    userServer(person(1, { id: 'admin-1', _id: 'admin-1', role: 'admin' }));
    renderApp({ path: '/admin/users/admin-1', language: 'en', auth: admin });
    expect((await screen.findByRole('button', { name: 'Hide user' }, WAIT)).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Delete permanently' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('the user detail at /users/{userId}', () => {
  it('shows a person their own account, and refuses someone else’s with the way to their own', async () => {
    stubFetch((request) =>
      request.url.pathname === '/api/users/user-1' ? json(userView({ language: 'en', guidebooksCount: 3 })) : problem({ status: 403, code: 'forbidden', message: 'Forbidden' }),
    );
    const { unmount } = renderApp({ path: '/users/user-1', language: 'en', auth: signedIn({ language: 'en' }) });
    expect(await screen.findByRole('heading', { name: '김여행', level: 1 }, WAIT)).toBeDefined();
    expect(screen.getByText('My account')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Payment history' }).getAttribute('href')).toBe('/users/user-1/payments');
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe('/settings/profile');
    expect(screen.queryByRole('link', { name: 'Manage in the back office' })).toBeNull();
    unmount();

    renderApp({ path: '/users/someone-else', language: 'en', auth: signedIn({ language: 'en' }) });
    expect(await screen.findByRole('heading', { name: 'You can only see your own account' }, WAIT)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go to my account' }).getAttribute('href')).toBe('/users/user-1');
  });
});

describe('the admin layout', () => {
  it('has a compact header and the sections in a toolbar strip under it', async () => {
    stubFetch(() => page([]));
    renderApp({ path: '/admin/users', language: 'en', auth: admin });
    const strip = await screen.findByRole('navigation', { name: 'Admin menu' }, WAIT);
    expect(strip.closest('[data-admin-toolbar]')).not.toBeNull();
    expect(within(strip).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
    expect(document.querySelector('header')?.className).toContain('h-12');
  });
});
