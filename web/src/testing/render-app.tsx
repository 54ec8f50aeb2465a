import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
// `RouterProvider` from 'react-router', not 'react-router/dom': under vitest the two can load as different copies.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider.tsx';
import { routes } from '../app/router.tsx';
import { createI18n, type Language } from '../lib/i18n.ts';

/** Renders the whole app (shell, router, providers) at a path, with a fresh cache and no retries. */
export function renderApp({ path = '/', language = 'ko' }: { path?: string; language?: Language } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const i18n = createI18n(language);
  const view = render(
    <AppProvider queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient, i18n };
}
