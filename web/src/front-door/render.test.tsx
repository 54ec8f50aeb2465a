import { act } from 'react';
import { fireEvent, waitFor } from '@testing-library/react';
import { json, stubFetch } from '../testing/fake-api.ts';
import { signedIn } from '../testing/sessions.ts';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import ko from '../locales/ko.json';
import { UPDATE_BANNER_STORAGE_KEY } from '../app/shell/update-banner.tsx';
import { createSessionStore } from '../lib/session.ts';
import { FrontDoor, type FrontDoorPath } from './front-door.tsx';
import { frontDoorI18n } from './i18n.ts';
import { PRERENDERED_LANGUAGES, PRERENDERED_PATHS, renderFrontDoorPage } from './render.tsx';

// The front door is built with stand-ins for these libraries (web/scripts/front-door.ts): test it with them.
vi.mock('react-router', () => import('./shims/react-router.tsx'));
vi.mock('react-i18next', () => import('./shims/react-i18next.tsx'));
vi.mock('i18next', () => import('./shims/i18next.ts'));
vi.mock('@tanstack/react-query', () => import('./shims/react-query.ts'));
vi.mock('sonner', () => import('./shims/sonner.tsx'));

const TEXTS = { ko, en } as const;
const HEADINGS: Record<FrontDoorPath, (texts: typeof ko) => string> = {
  '/': (texts) => texts.landing.hero.title,
  '/login': (texts) => texts.login.heading,
  '/signup': (texts) => texts.signup.heading,
};

let container: HTMLElement | undefined;
afterEach(() => {
  container?.remove();
  window.history.replaceState(null, '', '/');
});

/** The page as the build draws it, put where the server's HTML puts it, then hydrated as main.tsx does. */
async function hydrate(
  path: FrontDoorPath,
  language: 'ko' | 'en',
  beforeScript: (drawn: HTMLElement) => void = () => {},
) {
  window.history.replaceState(null, '', path);
  const page = renderFrontDoorPage(path, language);
  container = document.createElement('div');
  container.innerHTML = page.html;
  document.body.append(container);
  beforeScript(container);
  const main = container.querySelector('main');
  const heading = container.querySelector('h1');
  const mismatches: unknown[] = [];
  await act(async () => {
    hydrateRoot(
      container!,
      <FrontDoor
        path={path}
        i18n={frontDoorI18n(language, TEXTS[language])}
        store={createSessionStore()}
        config={{ supportChatUrl: undefined, thumbnailProxies: [] }}
        go={() => {}}
      />,
      { onRecoverableError: (error) => mismatches.push(error) },
    );
  });
  return { page, main, heading, mismatches };
}

describe('the front door drawn at build time (render.tsx)', () => {
  it.each(PRERENDERED_LANGUAGES.flatMap((language) => PRERENDERED_PATHS.map((path) => [path, language] as const)))(
    '%s in %s: the page’s own heading and title, and a browser takes it over as it is',
    async (path, language) => {
      const texts = TEXTS[language] as typeof ko;
      const { page, main, heading, mismatches } = await hydrate(path, language);
      expect(heading?.textContent).toBe(HEADINGS[path](texts));
      expect(page.title).toContain(texts.app.name);
      expect(page.html).not.toContain('<title>');
      expect(page.description).toBe(texts.landing.hero.description);
      // hydration, not a new drawing: no mismatch, and the very elements of the HTML are the page's
      expect(mismatches).toEqual([]);
      expect(container?.querySelector('main')).toBe(main);
      expect(container?.querySelector('h1')).toBe(heading);
    },
  );

  it('the update banner is drawn open (the page’s first lines hide one this browser closed), and a closed one goes on hydration', async () => {
    expect(renderFrontDoorPage('/login', 'ko').html).toContain(`data-update-banner=`);
    localStorage.setItem(UPDATE_BANNER_STORAGE_KEY, '1');
    const { mismatches } = await hydrate('/login', 'ko');
    expect(mismatches).toEqual([]);
    expect(container?.querySelector('[data-update-banner]')).toBeNull();
  });

  it('what was typed into the drawn login form before the script took it over is what signs in', async () => {
    const requests = stubFetch((request) =>
      request.url.pathname === '/api/auth' ? json(signedIn(), { status: 201 }) : json({}),
    );
    const { mismatches } = await hydrate('/login', 'ko', (drawn) => {
      drawn.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'traveller@example.com';
      drawn.querySelector<HTMLInputElement>('input[name="password"]')!.value = 'Secret1!pw';
    });
    expect(mismatches).toEqual([]);
    expect('hydrated' in document.documentElement.dataset).toBe(true);
    fireEvent.submit(container!.querySelector('main form')!);
    await waitFor(() => expect(requests.some((request) => request.url.pathname === '/api/auth')).toBe(true));
    const auth = requests.find((request) => request.url.pathname === '/api/auth');
    expect(atob(auth!.headers.get('Authorization')!.replace(/^Basic /, ''))).toBe('traveller@example.com:Secret1!pw');
  });
});
