import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
// `RouterProvider` from 'react-router', not 'react-router/dom': under vitest the two can load as different copies.
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AuthResponse } from '@pocketguide/contracts';
import { AppProvider } from '../app/provider.tsx';
import { routes } from '../app/router.tsx';
import type { AppConfig } from '../lib/app-config.tsx';
import { createI18n } from './i18n.ts';
import type { Language } from '../lib/i18n.ts';
import { createSessionStore } from '../lib/session.ts';

type RenderAppOptions = {
  path?: string;
  language?: Language;
  /** signed in as this person (see `signedIn` in sessions.ts); anonymous when absent */
  auth?: AuthResponse;
  config?: AppConfig;
};

/** Renders the whole app (shell, router, providers) at a path, with a fresh cache and no retries. */
export function renderApp({ path = '/', language = 'ko', auth, config }: RenderAppOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const i18n = createI18n(language);
  const sessionStore = createSessionStore({ storage: localStorage, events: undefined });
  if (auth) sessionStore.signIn(auth);
  const view = render(
    <AppProvider queryClient={queryClient} i18n={i18n} sessionStore={sessionStore} {...(config ? { config } : {})}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient, i18n, sessionStore };
}
