import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../testing/render-app.tsx';
import { json, problem, stubFetch } from '../../testing/fake-api.ts';
import { signedIn, signedInAdmin, userView } from '../../testing/sessions.ts';

const emptyList = { results: [], page: 1, pageCount: 1, pageSize: 10, totalCount: 0 };

describe('routes and guards', () => {
  it('a person reaching /admin is sent to / and on to their guidebooks', async () => {
    stubFetch(() => json(emptyList));
    const { router } = renderApp({ path: '/admin/users', auth: signedIn() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/guidebooks/recent'));
  });

  it('/users sends an administrator to the user list and a member to their own account', async () => {
    stubFetch(() => json(emptyList));
    const member = renderApp({ path: '/users', auth: signedIn() });
    await waitFor(() => expect(member.router.state.location.pathname).toBe('/users/user-1'));
    member.unmount();
    const admin = renderApp({ path: '/users', auth: signedInAdmin() });
    await waitFor(() => expect(admin.router.state.location.pathname).toBe('/admin/users'));
  });

  it('/admin is the dashboard for administrators, with the admin menu; unbuilt sections are coming soon', async () => {
    stubFetch(() => json({}));
    const { router } = renderApp({ path: '/admin', auth: signedInAdmin() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    const menu = await screen.findByRole('navigation', { name: '관리자 메뉴' });
    for (const item of ['대시보드', '가이드북', '아이콘', '회원', '결제', '메시지'])
      expect(menu.textContent).toContain(item);
    await router.navigate('/admin/payments');
    expect(await screen.findByRole('heading', { name: '결제 관리', level: 1 })).toBeDefined();
    await router.navigate('/admin/not-built-yet');
    expect(await screen.findByRole('heading', { name: '준비 중인 화면입니다' })).toBeDefined();
  });

  it('a person’s menu: Guidebooks, Icons, Gallery; the profile menu shows the plan and no admin label', async () => {
    stubFetch(() => json(emptyList));
    renderApp({ path: '/guidebooks', auth: signedIn() });
    const menu = await screen.findByRole('navigation', { name: '주 메뉴' });
    expect([...menu.querySelectorAll('a')].map((link) => link.textContent)).toEqual(['가이드북', '아이콘', '갤러리']);
    expect(screen.queryByText('시스템 관리자')).toBeNull();
  });

  it('the language switch goes through /refresh, lands back on the page and saves the choice to the account', async () => {
    const requests = stubFetch((request) =>
      request.method === 'PUT' ? json({ ...userView({ language: 'en' }), position: 5 }) : json(userView()),
    );
    const { router, sessionStore } = renderApp({ path: '/settings/profile', auth: signedIn() });
    await screen.findByRole('heading', { name: '내 프로필', level: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'My profile', level: 2 })).toBeDefined();
    expect(router.state.location.pathname).toBe('/settings/profile');
    expect(sessionStore.get()?.language).toBe('en');
    // only the language is sent: the stored profile is kept whatever the form would require
    await waitFor(() => expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ language: 'en' }));
  });

  it('/refresh/{path} replaces itself with the path, keeping the query', async () => {
    stubFetch(() => json({}));
    const { router } = renderApp({ path: '/refresh/login?verified=1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?verified=1');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('activation: a good link goes to /login?verified=1; a bad one says so', async () => {
    stubFetch((request) =>
      request.url.pathname.endsWith('/good')
        ? json({ message: 'Your email has been verified. Please log in.', position: 2 })
        : problem({ status: 404, code: 'not_found', message: 'This activation link is not valid' }),
    );
    const { router, unmount } = renderApp({ path: '/users/activate/new%40example.com/good' });
    await waitFor(() => expect(router.state.location.search).toBe('?verified=1'));
    expect(await screen.findByText('이메일 인증이 완료되었습니다. 로그인해 주세요.')).toBeDefined();
    unmount();
    renderApp({ path: '/users/activate/new%40example.com/bad', language: 'en' });
    expect(await screen.findByRole('heading', { name: 'This activation link is not valid' })).toBeDefined();
  });

  it('reset password: a malformed token is no longer valid without asking; a good one resets', async () => {
    const requests = stubFetch((request) =>
      request.method === 'PUT'
        ? json({ message: 'Password has been reset', position: 8 })
        : json({ valid: true, expiresAt: '2099-01-01T00:00:00.000Z' }),
    );
    const { unmount } = renderApp({ path: '/reset-password/short', language: 'en' });
    expect(await screen.findByRole('heading', { name: 'This link is no longer valid' })).toBeDefined();
    expect(requests).toHaveLength(0);
    unmount();

    const token = 'a'.repeat(64);
    renderApp({ path: `/reset-password/${token}`, language: 'en' });
    await screen.findByRole('heading', { name: 'Set a new password' });
    fireEvent.change(document.querySelector('input[name="password"]')!, { target: { value: 'Fresh2@pw' } });
    fireEvent.change(document.querySelector('input[name="confirmPassword"]')!, { target: { value: 'Fresh2@pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('heading', { name: 'Password has been reset' })).toBeDefined();
    expect(requests.find((request) => request.method === 'PUT')?.url.pathname).toBe(`/api/password-resets/${token}`);
  });

  it('reset password: a spent link (404 on the check) is no longer valid', async () => {
    stubFetch(() => problem({ status: 404, code: 'not_found', message: 'This link is no longer valid' }));
    renderApp({ path: `/reset-password/${'b'.repeat(64)}` });
    expect(await screen.findByRole('heading', { name: '더 이상 유효하지 않은 링크입니다' })).toBeDefined();
  });
});
