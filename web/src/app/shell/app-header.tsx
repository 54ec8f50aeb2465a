import { lazy, Suspense } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { BrandMark } from '../../components/layouts/brand-logo.tsx';
import { LanguageSwitch } from '../../components/layouts/language-switch.tsx';
import { useSaveLanguage } from '../../features/users/api/save-language.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { cx } from '../../lib/class-names.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { switchLanguage, toWireLanguage, type Language } from '../../lib/i18n.ts';
import type { Session } from '../../lib/session.ts';
import { useSession, useSessionStore } from '../../lib/session-context.tsx';
import { homeOf, paths } from '../paths.ts';
import { isAdminLayout } from './admin-toolbar.tsx';
import { useNavItems, type NavItem } from './navigation.tsx';
import type * as SignedInControlsExports from './signed-in-controls.tsx';

// Signed in only (their menus bring Radix's dropdown, the notifications and the portrait upload): loaded when a
// session shows them, so a signed-out visitor's first load stays small (issue 11). The app's start loads them
// before its first drawing when someone is signed in (main.tsx), and then they are drawn at once, in the first
// frame, rather than a frame later beside a stand-in of their size (issue 20).
type SignedInControlsModule = typeof SignedInControlsExports;
let signedInControls: SignedInControlsModule | undefined;
const loadSignedInControls = () =>
  import('./signed-in-controls.tsx').then((module) => {
    signedInControls = module;
    return module;
  });

/** Loads the header's signed-in side; a failure is left for the header to meet (and retry) when it draws it. */
export function preloadSignedInControls(): Promise<void> {
  return loadSignedInControls().then(
    () => undefined,
    () => undefined,
  );
}

const SignedInControls = lazy(() => {
  const loaded = signedInControls;
  // already here: a thenable that answers at once, so React draws it in this render instead of suspending
  if (loaded)
    return {
      then: (resolve: (module: { default: SignedInControlsModule['SignedInControls'] }) => void) =>
        resolve({ default: loaded.SignedInControls }),
    } as Promise<{ default: SignedInControlsModule['SignedInControls'] }>;
  return loadSignedInControls().then((module) => ({ default: module.SignedInControls }));
});

/**
 * The header's signed-in side. A page drawn on the server (render.tsx) has the stand-in, drawn for no one in
 * particular, and is taken over as it is; the person's own controls follow at once, in this component alone (a
 * small re-render, not the header's or the page's).
 */
function SignedInSide(props: { session: Session; items: NavItem[]; menuClassName: string; onSignOut: () => void }) {
  const hydrated = useHydrated();
  if (!hydrated) return <SignedInControlsStandIn name="" menuClassName={props.menuClassName} />;
  return (
    <Suspense fallback={<SignedInControlsStandIn name={props.session.name} menuClassName={props.menuClassName} />}>
      <SignedInControls {...props} />
    </Suspense>
  );
}

/** The signed-in side's room while its code loads: the same boxes (menu, bell, portrait), so nothing moves. */
function SignedInControlsStandIn({ name, menuClassName }: { name: string; menuClassName: string }) {
  return (
    <>
      <span aria-hidden="true" className={cx('flex size-10', menuClassName)} />
      <span aria-hidden="true" className="flex size-10" />
      <span aria-hidden="true" className="flex h-11 items-center gap-2 rounded-full py-1 pr-2 pl-1">
        <span className="size-9 shrink-0 rounded-full bg-neutral-100 ring-1 ring-neutral-200" />
        <span className="hidden max-w-32 truncate text-sm font-semibold text-neutral-700 lg:inline">{name}</span>
        <span className="size-4" />
      </span>
    </>
  );
}

/** The 64 px bar: logo, the role's menu, language, and the profile menu (or log in and sign up). */
export function AppHeader() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const store = useSessionStore();
  const api = useApiClient();
  const saveLanguage = useSaveLanguage();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const items = useNavItems(session?.isAdmin ?? false);
  // Admins have twice the menu: it folds into the menu button on narrower screens than the people's menu does.
  const wide = session?.isAdmin ? 'xl' : 'md';
  // The admin layout (spec 3 §2.10): a compact bar; the sections are in the toolbar strip under it.
  const compact = isAdminLayout(pathname, session?.isAdmin ?? false);
  const menuClassName = compact ? 'hidden' : wide === 'md' ? 'md:hidden' : 'xl:hidden';

  const changeLanguage = (language: Language) => {
    void switchLanguage(i18n, language);
    if (session) {
      store.update({ language: toWireLanguage(language) });
      saveLanguage(session.id, toWireLanguage(language));
    }
    // Spec: the switch goes through /refresh{pathname}, which puts the reader back where they were.
    void navigate(paths.refresh.getHref(pathname, search), { replace: true });
  };

  const signOut = () => {
    // The server ends this session (a copy of the token stops working); the device forgets it either way.
    void api.request({ method: 'POST', path: '/auth/sign-out', schema: z.unknown() }).catch(() => {});
    store.signOut();
    toast(t('profileMenu.signedOut'));
  };

  return (
    <div className="mx-auto flex h-full max-w-content items-center gap-2 px-4 sm:gap-4 sm:px-6">
      <Link
        to={session ? homeOf(session) : paths.home.getHref()}
        aria-label={t('app.home')}
        className="flex shrink-0 items-center gap-2.5 rounded-control text-lg font-bold tracking-tight text-neutral-900"
      >
        <BrandMark className={compact ? 'size-7' : 'size-8'} />
        <span className={cx(session && 'hidden sm:inline')}>{t('app.name')}</span>
      </Link>

      {session && !compact ? (
        <nav
          aria-label={session.isAdmin ? t('nav.adminLabel') : t('nav.label')}
          className={cx('ml-4 hidden items-center gap-1', wide === 'md' ? 'md:flex' : 'xl:flex')}
        >
          {items.map((item) => (
            <NavLink
              key={item.key}
              to={item.href}
              className={({ isActive }) =>
                cx(
                  'flex h-10 items-center rounded-control px-3 text-sm font-semibold transition-colors',
                  isActive
                    ? 'bg-primary-50 text-primary-700'
                    : 'text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900',
                )
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
      ) : null}

      <div className="ml-auto flex items-center gap-1.5 sm:gap-3">
        <LanguageSwitch onChange={changeLanguage} />
        {session ? (
          <SignedInSide session={session} items={items} menuClassName={menuClassName} onSignOut={signOut} />
        ) : (
          <div className="hidden items-center gap-2 sm:flex">
            {pathname === paths.signup.getHref() ? (
              <Link
                to={paths.login.getHref()}
                className="flex h-10 items-center rounded-control px-4 text-sm font-semibold text-white bg-primary-600 hover:bg-primary-700"
              >
                {t('nav.login')}
              </Link>
            ) : (
              <Link
                to={paths.signup.getHref()}
                className="flex h-10 items-center rounded-control px-4 text-sm font-semibold text-white bg-primary-600 hover:bg-primary-700"
              >
                {t('nav.signup')}
              </Link>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
