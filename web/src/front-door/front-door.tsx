import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import type { i18n as I18n } from 'i18next';
import { homeOf, paths } from '../app/paths.ts';
import { LandingRoute } from '../app/routes/landing.tsx';
import { LoginRoute } from '../app/routes/auth/login.tsx';
import { SignupRoute } from '../app/routes/auth/signup.tsx';
import { ScrollButtons } from '../app/shell/scroll-buttons.tsx';
import { SupportChat } from '../app/shell/support-chat.tsx';
import { UnsupportedBrowserBanner } from '../app/shell/unsupported-browser-banner.tsx';
import { UpdateBanner } from '../app/shell/update-banner.tsx';
import { AppShell } from '../components/layouts/app-shell.tsx';
import { BrandMark } from '../components/layouts/brand-logo.tsx';
import { LanguageSwitch } from '../components/layouts/language-switch.tsx';
import { FeedbackForm } from '../features/feedback/components/feedback-form.tsx';
import { createApiClient } from '../lib/api-client.ts';
import { ApiClientProvider } from '../lib/api-client-context.tsx';
import type { AppConfig } from '../lib/app-config.tsx';
import { I18nextProvider } from 'react-i18next';
import type { SessionStore } from '../lib/session.ts';
import { switchLanguage } from './i18n.ts';
import type { FrontDoorPath } from './paths.ts';
import { SessionStoreProvider, useSession } from '../lib/session-context.tsx';

export { isFrontDoorPath, type FrontDoorPath } from './paths.ts';

/**
 * The front door (issue 11, fast front door): `/`, `/login` and `/signup` for signed-out visitors, as their own small
 * entry (front.html). The same pages as the app's routes (the landing, the login and sign-up screens, the update
 * banner, the footer), built with stand-ins for react-router, i18next, the query cache and sonner
 * (web/src/front-door/shims, web/scripts/front-door.ts): a link is a page load, and the app loads only once
 * someone signs in, at the page the app's guards would have sent them to.
 */

export const FRONT_DOOR_PAGES: Record<FrontDoorPath, () => ReactNode> = {
  '/': LandingRoute,
  '/login': LoginRoute,
  '/signup': SignupRoute,
};

type FrontDoorProps = {
  path: FrontDoorPath;
  i18n: I18n;
  store: SessionStore;
  config: AppConfig;
  /** leaves for the app (tests watch it); the page's address is replaced */
  go?: (href: string) => void;
};

const replaceLocation = (href: string) => window.location.replace(href);

export function FrontDoor({ path, i18n, store, config, go = replaceLocation }: FrontDoorProps) {
  const [api] = useState(() =>
    createApiClient({ getToken: () => store.get()?.token, onUnauthorized: () => store.signOut() }),
  );
  // the page is React's from here: forms may be sent (the page's first lines held them until now: first-lines.ts)
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  const Page = FRONT_DOOR_PAGES[path];
  return (
    <I18nextProvider i18n={i18n}>
      <SessionStoreProvider store={store}>
        <ApiClientProvider client={api}>
          <SignedInGoesToTheApp go={go}>
            <AppShell
              header={<FrontHeader path={path} />}
              notices={<UnsupportedBrowserBanner />}
              banners={<UpdateBanner />}
              footerAside={<FeedbackForm />}
              overlays={
                <AfterLoad>
                  <ScrollButtons />
                  <SupportChat src={config.supportChatUrl} />
                </AfterLoad>
              }
            >
              <Page />
            </AppShell>
          </SignedInGoesToTheApp>
          <Toaster />
        </ApiClientProvider>
      </SessionStoreProvider>
    </I18nextProvider>
  );
}

/** What is not needed for the first screen (the scroll buttons measure the page at every change): after the load. */
function AfterLoad({ children }: { children: ReactNode }) {
  // false in the build's pre-render and while hydrating over it, as there; the effect catches up
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (loaded) return;
    const done = () => setLoaded(true);
    if (document.readyState === 'complete') return done();
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, [loaded]);
  return loaded ? children : null;
}

/** As the app's AnonymousOnly guard: someone signed in (already, or just now) goes to where they work. */
function SignedInGoesToTheApp({ go, children }: { go: (href: string) => void; children: ReactNode }) {
  const session = useSession();
  useEffect(() => {
    if (session) go(homeOf(session));
  }, [session, go]);
  return session ? null : children;
}

/** The app header's signed-out bar: logo, language, and sign up (log in on the sign-up page). */
function FrontHeader({ path }: { path: FrontDoorPath }) {
  const { t, i18n } = useTranslation();
  const other =
    path === '/signup'
      ? { href: paths.login.getHref(), label: t('nav.login') }
      : { href: paths.signup.getHref(), label: t('nav.signup') };
  return (
    <div className="mx-auto flex h-full max-w-content items-center gap-2 px-4 sm:gap-4 sm:px-6">
      <Link
        to={paths.home.getHref()}
        aria-label={t('app.home')}
        className="flex shrink-0 items-center gap-2.5 rounded-control text-lg font-bold tracking-tight text-neutral-900"
      >
        <BrandMark className="size-8" />
        <span>{t('app.name')}</span>
      </Link>
      <div className="ml-auto flex items-center gap-1.5 sm:gap-3">
        <LanguageSwitch onChange={(language) => void switchLanguage(i18n, language)} />
        <div className="hidden items-center gap-2 sm:flex">
          <Link
            to={other.href}
            className="flex h-10 items-center rounded-control bg-primary-600 px-4 text-sm font-semibold text-white hover:bg-primary-700"
          >
            {other.label}
          </Link>
        </div>
      </div>
    </div>
  );
}
