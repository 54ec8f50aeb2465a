import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, problem, stubFetch } from '../../../testing/fake-api.ts';
import { signedIn, userView } from '../../../testing/sessions.ts';

function input(name: string): HTMLInputElement {
  const element = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!element) throw new Error(`no field ${name}`);
  return element;
}

function messageOf(name: string): string | undefined {
  const ids = input(name).getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim() || undefined
  );
}

describe('settings', () => {
  it('/settings opens My profile; anonymous readers are sent to /', async () => {
    stubFetch(() => json(userView()));
    const { router, unmount } = renderApp({ path: '/settings', auth: signedIn() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/profile'));
    expect(await screen.findByRole('navigation', { name: '설정 메뉴' })).toBeDefined();
    for (const item of ['내 프로필', '구독', '비밀번호 변경', '알림'])
      expect(screen.getByRole('link', { name: item })).toBeDefined();
    unmount();
    localStorage.clear(); // the first render's session was kept, as a browser would keep it
    const anonymous = renderApp({ path: '/settings/profile' });
    await waitFor(() => expect(anonymous.router.state.location.pathname).toBe('/'));
  });

  it('the profile form: loaded fields, the email read-only with its note, and UPDATE PROFILE saving the whole profile', async () => {
    const requests = stubFetch((request) =>
      request.method === 'PUT'
        ? json({ ...userView({ name: 'Jane Updated', mobile: '01098765432' }), position: 12 })
        : json(userView()),
    );
    const { sessionStore } = renderApp({
      path: '/settings/profile',
      language: 'en',
      auth: signedIn({ language: 'en' }),
    });
    await waitFor(() => expect(input('companyName').value).toBe('포켓트래블'));
    expect(input('email').readOnly).toBe(true);
    expect(messageOf('email')).toBe('Email cannot be changed');

    fireEvent.change(input('name'), { target: { value: 'Jane Updated' } });
    fireEvent.change(input('mobile'), { target: { value: '01098765432' } });
    fireEvent.click(screen.getByRole('button', { name: 'UPDATE PROFILE' }));
    expect(await screen.findByText('Updated Profile')).toBeDefined();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/users/user-1');
    expect(put?.body).toMatchObject({
      name: 'Jane Updated',
      mobile: '01098765432',
      email: 'traveller@example.com',
      language: 'en',
      companyAddress: '서울특별시 중구 세종대로 110',
    });
    expect(sessionStore.get()?.name).toBe('Jane Updated');
  });

  it("refuses bad fields with the spec's messages and says 'Error Updating Profile' when the server refuses", async () => {
    stubFetch((request) =>
      request.method === 'PUT'
        ? problem({
            status: 400,
            code: 'validation_failed',
            message: 'Invalid',
            errors: [{ path: 'companyWebsite', message: 'Not a valid url' }],
          })
        : json(userView()),
    );
    renderApp({ path: '/settings/profile', language: 'en', auth: signedIn({ language: 'en' }) });
    await waitFor(() => expect(input('name').value).toBe('김여행'));
    fireEvent.change(input('name'), { target: { value: '' } });
    fireEvent.change(input('companyAddress'), { target: { value: '' } });
    fireEvent.change(input('mobile'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'UPDATE PROFILE' }));
    await waitFor(() => expect(messageOf('name')).toBe('Required Field'));
    expect(messageOf('companyAddress')).toBe('Required Field');
    expect(messageOf('mobile')).toBe('Not a valid phone number');

    fireEvent.change(input('name'), { target: { value: 'Jane' } });
    fireEvent.change(input('companyAddress'), { target: { value: 'Seoul' } });
    fireEvent.change(input('mobile'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'UPDATE PROFILE' }));
    expect(await screen.findByText('Error Updating Profile')).toBeDefined();
    await waitFor(() => expect(messageOf('companyWebsite')).toBe('Not a valid url'));
  });

  it('hides the form when the profile cannot be loaded', async () => {
    stubFetch(() => problem({ status: 500, code: 'internal_error', message: 'boom' }));
    renderApp({ path: '/settings/profile', auth: signedIn() });
    expect(await screen.findByText('프로필을 불러오지 못했습니다.')).toBeDefined();
    expect(document.querySelector('form input[name="name"]')).toBeNull();
    expect(screen.queryByRole('button', { name: '프로필 업데이트' })).toBeNull();
  });

  it("change password: 'Passwords do not match', then the old password as Basic credentials, 'Changed Password' and the new session kept", async () => {
    const requests = stubFetch(() => json({ message: 'Changed Password', position: 9, token: 'token-after-change' }));
    const { sessionStore } = renderApp({
      path: '/settings/change-password',
      language: 'en',
      auth: signedIn({ language: 'en' }),
    });
    await screen.findByRole('heading', { name: 'Change password', level: 2 });
    expect(screen.getByText('8 to 128 characters')).toBeDefined();
    fireEvent.change(input('oldPassword'), { target: { value: 'Secret1!x' } });
    fireEvent.change(input('newPassword'), { target: { value: 'Changed2@x' } });
    fireEvent.change(input('confirmPassword'), { target: { value: 'Changed2@y' } });
    fireEvent.click(
      screen
        .getAllByRole('button', { name: 'Change password' })
        .find((button) => button.getAttribute('type') === 'submit')!,
    );
    await waitFor(() => expect(messageOf('confirmPassword')).toBe('Passwords do not match'));
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    fireEvent.change(input('confirmPassword'), { target: { value: 'Changed2@x' } });
    fireEvent.click(
      screen
        .getAllByRole('button', { name: 'Change password' })
        .find((button) => button.getAttribute('type') === 'submit')!,
    );
    expect(await screen.findByText('Changed Password')).toBeDefined();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/users/user-1/password');
    expect(put?.body).toEqual({ password: 'Changed2@x' });
    expect(put?.headers.get('Authorization')).toBe(`Basic ${btoa('traveller@example.com:Secret1!x')}`);
    await waitFor(() => expect(input('oldPassword').value).toBe(''));
    expect(sessionStore.get()?.token).toBe('token-after-change');
  });

  it("a wrong old password: 'Please check your password' on it and 'Error changing password', still signed in", async () => {
    stubFetch((request) =>
      request.url.pathname.endsWith('/password')
        ? problem({ status: 401, code: 'unauthorized', message: 'Please Check Your Email And Password' })
        : json({ messages: [], pages: 1, page: 1, totalCount: 0 }),
    );
    const { sessionStore, router } = renderApp({
      path: '/settings/change-password',
      language: 'en',
      auth: signedIn({ language: 'en' }),
    });
    await screen.findByRole('heading', { name: 'Change password', level: 2 });
    fireEvent.change(input('oldPassword'), { target: { value: 'Wrong1!pw' } });
    fireEvent.change(input('newPassword'), { target: { value: 'Changed2@x' } });
    fireEvent.change(input('confirmPassword'), { target: { value: 'Changed2@x' } });
    fireEvent.click(
      screen
        .getAllByRole('button', { name: 'Change password' })
        .find((button) => button.getAttribute('type') === 'submit')!,
    );
    expect(await screen.findByText('Error changing password')).toBeDefined();
    await waitFor(() => expect(messageOf('oldPassword')).toBe('Please check your password'));
    expect(sessionStore.get()).not.toBeNull();
    expect(router.state.location.pathname).toBe('/settings/change-password');
  });

  it('a refused token (401 on a bearer call) ends the session and goes to /', async () => {
    stubFetch(() => problem({ status: 401, code: 'unauthorized', message: 'Please log in' }));
    const { sessionStore, router } = renderApp({ path: '/settings/profile', auth: signedIn() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStore.get()).toBeNull();
    // the front door, with its way back in
    expect((await screen.findAllByRole('link', { name: '무료로 시작하기' })).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: '로그인' }).length).toBeGreaterThan(0);
  });

  it('subscription shows the free plan step; notifications say when there are none', async () => {
    stubFetch((request) =>
      request.url.pathname === '/api/messages' ? json({ messages: [], pages: 1, page: 1, totalCount: 0 }) : json({}),
    );
    const { router } = renderApp({ path: '/settings/subscription', auth: signedIn() });
    expect(await screen.findByText('현재 무료 체험 중입니다.')).toBeDefined();
    expect(screen.getByRole('button', { name: '구독하기' })).toBeDefined();
    await router.navigate('/settings/notifications');
    expect(await screen.findByText('받은 메시지가 없습니다')).toBeDefined();
  });
});
