import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import en from '../locales/en.json';
import ko from '../locales/ko.json';
import { SESSION_STORAGE_KEY, createSessionStore } from '../lib/session.ts';
import { json, problem, stubFetch } from '../testing/fake-api.ts';
import { signedIn, signedInAdmin } from '../testing/sessions.ts';
import { FrontDoor, type FrontDoorPath } from './front-door.tsx';
import { createFrontDoorI18n } from './i18n.ts';

// The front door is built with stand-ins for these libraries (web/scripts/front-door.ts): test it with them.
vi.mock('react-router', () => import('./shims/react-router.tsx'));
vi.mock('react-i18next', () => import('./shims/react-i18next.tsx'));
vi.mock('i18next', () => import('./shims/i18next.ts'));
vi.mock('@tanstack/react-query', () => import('./shims/react-query.ts'));
vi.mock('sonner', () => import('./shims/sonner.tsx'));

const CONFIG = { supportChatUrl: undefined, thumbnailProxies: [] };

async function open(
  path: FrontDoorPath,
  { language = 'ko', search = '' }: { language?: 'ko' | 'en'; search?: string } = {},
) {
  window.history.replaceState(null, '', `${path}${search}`);
  const go = vi.fn<(href: string) => void>();
  const store = createSessionStore();
  const i18n = await createFrontDoorI18n(language);
  const view = render(<FrontDoor path={path} i18n={i18n} store={store} config={CONFIG} go={go} />);
  return { go, store, view };
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the front door (/, /login, /signup without the app)', () => {
  it('/login: the login screen in the app’s frame, the update banner, the footer’s legal links', async () => {
    const { go } = await open('/login');
    await screen.findByRole('heading', { name: ko.login.heading });
    expect(document.documentElement.lang).toBe('ko');
    expect(screen.getByText(ko.updateBanner.title)).toBeDefined();
    const footerLinks = [...document.querySelectorAll('footer a')].map((link) => link.getAttribute('href'));
    expect(footerLinks).toEqual(expect.arrayContaining(['/terms', '/privacy']));
    expect(document.querySelector('main a[href="/signup"]')).not.toBeNull();
    expect(go).not.toHaveBeenCalled();
  });

  it('signing in keeps the session as the app does and goes to the recent guidebooks', async () => {
    const requests = stubFetch((request) =>
      request.url.pathname === '/api/auth' ? json(signedIn(), { status: 201 }) : json({}),
    );
    const { go } = await open('/login');
    await screen.findByRole('heading', { name: ko.login.heading });
    fireEvent.change(screen.getByLabelText(ko.auth.fields.email, { selector: 'input[name="email"]' }), {
      target: { value: 'traveller@example.com' },
    });
    fireEvent.change(screen.getByLabelText(ko.auth.fields.password, { selector: 'input[name="password"]' }), {
      target: { value: 'Secret1!pw' },
    });
    fireEvent.click(document.querySelector('main button[type="submit"]')!);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/guidebooks/recent'));
    const auth = requests.find((request) => request.url.pathname === '/api/auth');
    expect(auth?.headers.get('Authorization')).toMatch(/^Basic /);
    // what the app's own store reads back: the same key, the same shape
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({
      ...signedIn().user,
      token: 'token-1',
    });
    expect(createSessionStore().get()?.email).toBe('traveller@example.com');
  });

  it('a wrong password shows the spec’s message and stays', async () => {
    stubFetch(() => problem({ status: 401, code: 'unauthorized', message: 'Please Check Your Email And Password' }));
    const { go } = await open('/login');
    await screen.findByRole('heading', { name: ko.login.heading });
    fireEvent.change(screen.getByLabelText(ko.auth.fields.email, { selector: 'input[name="email"]' }), {
      target: { value: 'traveller@example.com' },
    });
    fireEvent.change(screen.getByLabelText(ko.auth.fields.password, { selector: 'input[name="password"]' }), {
      target: { value: 'Wrong1!pw' },
    });
    fireEvent.click(document.querySelector('main button[type="submit"]')!);
    expect(await screen.findByText(ko.account.messages.badCredentials)).toBeDefined();
    expect(go).not.toHaveBeenCalled();
  });

  it('someone already signed in goes on to the app: people to their guidebooks, administrators to the back office', async () => {
    createSessionStore().signIn(signedIn());
    expect((await open('/')).go).toHaveBeenCalledWith('/guidebooks/recent');
    localStorage.clear();
    createSessionStore().signIn(signedInAdmin());
    expect((await open('/login')).go).toHaveBeenCalledWith('/admin');
  });

  it('?verified=1 and ?forgot: the verified message and the forgot-password panel open', async () => {
    await open('/login', { search: '?verified=1&forgot=1' });
    expect(await screen.findByText(ko.login.verified)).toBeDefined();
    expect(document.querySelector('#login-forgot-panel input')).not.toBeNull();
  });

  it('the language switch shows English, remembers it and sets <html lang>', async () => {
    await open('/login');
    await screen.findByRole('heading', { name: ko.login.heading });
    fireEvent.click(document.querySelector('button[lang="en"]')!);
    await screen.findByRole('heading', { name: en.login.heading });
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('pocketguide.language')).toBe('en');
  });

  it('/: the landing in English, the sign-up and login links plain links to those pages', async () => {
    await open('/', { language: 'en' });
    await screen.findByText(en.landing.hero.description);
    expect(document.querySelector('main a[href="/signup"]')?.textContent).toBe(en.landing.hero.signup);
    expect(document.querySelector('main a[href="/login"]')).not.toBeNull();
    expect(screen.getByText('₩50,000')).toBeDefined();
  });

  it('/signup: the consent box is required, with its message and links', async () => {
    const requests = stubFetch(() => json({}));
    await open('/signup');
    await screen.findByRole('heading', { name: ko.signup.heading });
    fireEvent.click(document.querySelector('main button[type="submit"]')!);
    expect(await screen.findByText(ko.account.messages.termsRequired)).toBeDefined();
    const consent = document.querySelector<HTMLInputElement>('input[name="agreeToTerms"]')!;
    const label = document.querySelector(`label[for="${consent.id}"]`);
    expect([...(label?.querySelectorAll('a') ?? [])].map((link) => link.getAttribute('href'))).toEqual([
      '/terms',
      '/privacy',
    ]);
    expect(label?.textContent).toBe('이용약관 및 개인정보처리방침에 동의합니다 (필수)');
    expect(requests.filter((request) => request.url.pathname === '/api/users')).toHaveLength(0);
  });
});
