import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, type Location } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppShell } from '../../components/layouts/app-shell.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { FeedbackForm } from '../../features/feedback/components/feedback-form.tsx';
import { isNetworkError } from '../../lib/api-client.ts';
import { useAppConfig } from '../../lib/app-config.tsx';
import { useHydrated } from '../../lib/hydrated.ts';
import { fromWireLanguage, switchLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session-context.tsx';
import { useSessionRefresh } from '../../lib/session-refresh.ts';
import { MOBILE_VIEWER_PREFIX, paths } from '../paths.ts';
import { AdminToolbar, isAdminLayout } from '../shell/admin-toolbar.tsx';
import { AppHeader } from '../shell/app-header.tsx';
import { PageProgressBar } from '../shell/page-progress-bar.tsx';
import { ScrollButtons } from '../shell/scroll-buttons.tsx';
import { SupportChat } from '../shell/support-chat.tsx';
import { UnsupportedBrowserBanner } from '../shell/unsupported-browser-banner.tsx';
import { UpdateBanner } from '../shell/update-banner.tsx';

// Signed in only: loaded when a session shows it, not on a signed-out visitor's first load (issue 11).
const NotificationBanner = lazy(() =>
  import('../../features/messages/components/notification-banner.tsx').then((module) => ({
    default: module.NotificationBanner,
  })),
);

export type ServerNotAvailableState = { from?: string };

/**
 * The signed-in person's notices: not in a page drawn on the server (the messages are theirs), added once the page
 * is taken over, in this component alone.
 */
function SessionNotifications() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <NotificationBanner detailHref={paths.settingsNotification.getHref} />
    </Suspense>
  );
}

export function RootLayout() {
  const { pathname } = useLocation();
  const session = useSession();
  const { supportChatUrl } = useAppConfig();
  useRedirectWhenServerUnreachable();
  useFollowSession();
  useSessionRefresh();
  const onMobileViewer = pathname.startsWith(MOBILE_VIEWER_PREFIX);
  const adminLayout = isAdminLayout(pathname, session?.isAdmin ?? false);

  return (
    <AppShell
      header={<AppHeader />}
      compactHeader={adminLayout}
      notices={<UnsupportedBrowserBanner />}
      banners={
        <>
          {adminLayout ? <AdminToolbar /> : null}
          <UpdateBanner />
          {session && !pathname.startsWith(MOBILE_VIEWER_PREFIX) ? <SessionNotifications /> : null}
        </>
      }
      footerAside={onMobileViewer ? null : <FeedbackForm />}
      overlays={
        <>
          <PageProgressBar />
          <ScrollButtons />
          <SupportChat src={supportChatUrl} />
        </>
      }
    >
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration getKey={scrollKey} />
    </AppShell>
  );
}

/**
 * Where a page's scroll position is remembered: per history entry, but a page opened fresh (typed, reloaded, a
 * link from outside) has the router's 'default' key on every load, so it goes by its path instead; otherwise a new
 * address opened in the same tab would start at the previous page's scroll position.
 */
const scrollKey = (location: Location): string => (location.key === 'default' ? location.pathname : location.key);

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
 * The session decides who the app is for: when the person changes (a sign-in, a sign-out, a refused token, another
 * tab) the previous person's cached data goes; a session that ends sends the reader to `/`; and the interface
 * speaks the language the session keeps.
 */
function useFollowSession() {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const previousId = useRef(session?.id);

  useEffect(() => {
    const id = session?.id;
    if (id === previousId.current) return;
    const signedOut = previousId.current !== undefined && id === undefined;
    previousId.current = id;
    queryClient.removeQueries();
    if (signedOut) void navigate(paths.home.getHref(), { replace: true });
  }, [session?.id, queryClient, navigate]);

  const language = session ? fromWireLanguage(session.language) : undefined;
  useEffect(() => {
    if (language && language !== i18n.language) void switchLanguage(i18n, language);
  }, [language, i18n]);
}

/**
 * The spec's rule for a call that gets no answer at all: go to /server_not_available. Watching the query and
 * mutation caches catches every call in one place; the page remembers where the reader was, to try it again.
 * A mutation whose screen reports the failure itself says so with `meta.handlesNetworkError`.
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
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        isNetworkError(event.action.error) &&
        event.mutation.meta?.handlesNetworkError !== true
      ) {
        goToServerNotAvailable();
      }
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, navigate, pathname, search]);
}
