import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppShell } from '../../components/layouts/app-shell.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { isNetworkError } from '../../lib/api-client.ts';
import { paths } from '../paths.ts';

export type ServerNotAvailableState = { from?: string };

export function RootLayout() {
  useRedirectWhenServerUnreachable();
  return (
    <AppShell homeHref={paths.home.getHref()}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </AppShell>
  );
}

/** Shown while the first route's code loads, before the shell exists. */
export function StartLoader() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh items-center justify-center text-primary-600">
      <Spinner size="lg" label={t('app.loading')} />
    </div>
  );
}

function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-64 items-center justify-center text-primary-600">
      <Spinner size="lg" label={t('app.loading')} />
    </div>
  );
}

/**
 * The spec's rule for a call that gets no answer at all: go to /server_not_available. Watching the query and
 * mutation caches catches every call in one place; the page remembers where the reader was, to try it again.
 */
function useRedirectWhenServerUnreachable() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (pathname === paths.serverNotAvailable.path) return;
    const goToServerNotAvailable = () => {
      const state: ServerNotAvailableState = { from: `${pathname}${search}` };
      void navigate(paths.serverNotAvailable.getHref(), { state });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isNetworkError(event.action.error)) {
        goToServerNotAvailable();
      }
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isNetworkError(event.action.error)) {
        goToServerNotAvailable();
      }
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, navigate, pathname, search]);
}
