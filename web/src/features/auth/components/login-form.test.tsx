import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, problem, stubFetch } from '../../../testing/fake-api.ts';
import { signedIn, signedInAdmin } from '../../../testing/sessions.ts';

const emptyList = { results: [], page: 1, pageCount: 1, pageSize: 10, totalCount: 0 };

function describedBy(input: HTMLElement): string | undefined {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim() || undefined
  );
}

function logIn(email: string, password: string, language: 'ko' | 'en' = 'ko') {
  const labels =
    language === 'ko'
      ? { email: '이메일', password: '비밀번호', submit: '로그인' }
      : { email: 'Email', password: 'Password', submit: 'Log in' };
  fireEvent.change(screen.getByLabelText(labels.email, { selector: 'input[name="email"]' }), {
    target: { value: email },
  });
  fireEvent.change(screen.getByLabelText(labels.password, { selector: 'input[name="password"]' }), {
    target: { value: password },
  });
  fireEvent.click(
    screen.getAllByRole('button', { name: labels.submit }).find((button) => button.getAttribute('type') === 'submit')!,
  );
}

describe('login screen', () => {
  it("refuses empty fields with the spec's messages, tied to the fields, focusing the first", async () => {
    const requests = stubFetch(() => json({}));
    renderApp({ path: '/login' });
    await screen.findByRole('heading', { name: '다시 오신 것을 환영합니다' });
    logIn('', '');
    const email = screen.getByLabelText('이메일', { selector: 'input[name="email"]' });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(email)).toBe('이메일을 입력해 주세요');
    expect(describedBy(screen.getByLabelText('비밀번호', { selector: 'input[name="password"]' }))).toBe(
      '필수 입력 항목입니다',
    );
    expect(document.activeElement).toBe(email);
    expect(requests.filter((request) => request.url.pathname === '/api/auth')).toHaveLength(0);
  });

  it("401 and 404: 'Please Check Your Email And Password'; the credentials go as HTTP Basic (UTF-8)", async () => {
    const requests = stubFetch(() =>
      problem({ status: 401, code: 'unauthorized', message: 'Please Check Your Email And Password' }),
    );
    renderApp({ path: '/login', language: 'en' });
    await screen.findByRole('heading', { name: 'Welcome back' });
    logIn('Traveller@Example.com', '비밀번호1!x', 'en');
    expect(await screen.findByText('Please Check Your Email And Password')).toBeDefined();
    const auth = requests.find((request) => request.url.pathname === '/api/auth');
    expect(auth?.method).toBe('POST');
    const encoded = auth?.headers.get('Authorization')?.replace('Basic ', '') ?? '';
    expect(new TextDecoder().decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)))).toBe(
      'traveller@example.com:비밀번호1!x',
    );
  });

  it('409: the not-verified text with a resend that sends a new mail', async () => {
    const requests = stubFetch((request) =>
      request.url.pathname === '/api/auth'
        ? problem({ status: 409, code: 'conflict', message: 'Your email is not verified yet.' })
        : json({ message: 'We have sent you a new verification code', position: 3 }),
    );
    renderApp({ path: '/login' });
    await screen.findByRole('heading', { name: '다시 오신 것을 환영합니다' });
    logIn('new@example.com', 'Secret1!x');
    expect(await screen.findByText(/아직 이메일 인증을 마치지 않았습니다/)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: '인증 메일 다시 보내기' }));
    expect(await screen.findByText('새 인증 메일을 보냈습니다')).toBeDefined();
    expect(requests.some((request) => request.url.pathname === '/api/users/verify/new%40example.com')).toBe(true);
  });

  it('a person lands on /guidebooks/recent, and later calls carry the bearer token', async () => {
    const requests = stubFetch((request) =>
      request.url.pathname === '/api/auth' ? json(signedIn({}, 'jwt-abc'), { status: 201 }) : json(emptyList),
    );
    const { router, sessionStore } = renderApp({ path: '/login' });
    await screen.findByRole('heading', { name: '다시 오신 것을 환영합니다' });
    logIn('traveller@example.com', 'Secret1!x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/guidebooks/recent'));
    expect(sessionStore.get()?.token).toBe('jwt-abc');
    expect(await screen.findByText('최근 가이드북이 없어요')).toBeDefined();
    const list = requests.find((request) => request.url.pathname === '/api/guidebooks/recent');
    expect(list?.headers.get('Authorization')).toBe('Bearer jwt-abc');
  });

  it('an administrator lands on the admin dashboard', async () => {
    stubFetch(() => json(signedInAdmin(), { status: 201 }));
    const { router } = renderApp({ path: '/login' });
    await screen.findByRole('heading', { name: '다시 오신 것을 환영합니다' });
    logIn('admin@example.com', 'Admin1!pass');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(await screen.findByRole('heading', { name: '관리자 대시보드' })).toBeDefined();
  });

  it('the account’s language wins after sign-in', async () => {
    stubFetch((request) =>
      request.url.pathname === '/api/auth' ? json(signedIn({ language: 'en' }), { status: 201 }) : json(emptyList),
    );
    renderApp({ path: '/login' });
    await screen.findByRole('heading', { name: '다시 오신 것을 환영합니다' });
    logIn('traveller@example.com', 'Secret1!x');
    expect(await screen.findByRole('heading', { level: 1, name: 'Recent guidebooks' })).toBeDefined();
    expect(document.documentElement.lang).toBe('en');
  });

  it('?verified=1 says the email was verified', async () => {
    stubFetch(() => json({}));
    renderApp({ path: '/login?verified=1' });
    expect(await screen.findByText('이메일 인증이 완료되었습니다. 로그인해 주세요.')).toBeDefined();
  });

  it('already signed in: / and /signup go to the guidebooks', async () => {
    stubFetch(() => json(emptyList));
    const { router } = renderApp({ path: '/signup', auth: signedIn() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/guidebooks/recent'));
  });

  it("the forgot-password panel: 'Please enter email', then the reset link request with this site's reset page", async () => {
    const requests = stubFetch(() =>
      json({ message: 'We have just sent password reset link to your email address' }, { status: 202 }),
    );
    renderApp({ path: '/login', language: 'en' });
    await screen.findByRole('heading', { name: 'Welcome back' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Forgot your password?' })[0]!);
    const panel = document.getElementById('login-forgot-panel')!;
    const send = screen.getByRole('button', { name: 'Send reset link' });
    fireEvent.click(send);
    expect(await screen.findByText('Please enter email')).toBeDefined();
    expect(panel.querySelector('input')?.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(panel.querySelector('input')!, { target: { value: 'traveller@example.com' } });
    fireEvent.click(send);
    expect(await screen.findByText('We have just sent password reset link to your email address')).toBeDefined();
    const call = requests.find((request) => request.url.pathname === '/api/password-resets');
    expect(call?.body).toEqual({ email: 'traveller@example.com', link: `${window.location.origin}/reset-password` });
  });
});
