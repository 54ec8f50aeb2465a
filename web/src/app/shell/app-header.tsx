import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Menu } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { BrandMark } from '../../components/layouts/brand-logo.tsx';
import { LanguageSwitch } from '../../components/layouts/language-switch.tsx';
import { ProfileMenu } from '../../features/users/components/profile-menu.tsx';
import { NotificationBell } from '../../features/messages/components/notification-bell.tsx';
import { useSaveLanguage } from '../../features/users/api/save-language.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { cx } from '../../lib/class-names.ts';
import { toWireLanguage, type Language } from '../../lib/i18n.ts';
import { useSession, useSessionStore } from '../../lib/session-context.tsx';
import { homeOf, paths } from '../paths.ts';
import { useNavItems, type NavItem } from './navigation.tsx';

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

  const changeLanguage = (language: Language) => {
    void i18n.changeLanguage(language);
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
        <BrandMark className="size-8" />
        <span className={cx(session && 'hidden sm:inline')}>{t('app.name')}</span>
      </Link>

      {session ? (
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
                  isActive ? 'bg-primary-50 text-primary-700' : 'text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900',
                )
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
      ) : null}

      <div className="ml-auto flex items-center gap-2 sm:gap-3">
        <LanguageSwitch onChange={changeLanguage} />
        {session ? (
          <>
            <MobileMenu items={items} className={wide === 'md' ? 'md:hidden' : 'xl:hidden'} />
            <NotificationBell listHref={paths.settingsNotifications.getHref()} detailHref={paths.settingsNotification.getHref} />
            <ProfileMenu
              session={session}
              settingsHref={paths.settings.getHref()}
              subscriptionHref={paths.settingsSubscription.getHref()}
              onSignOut={signOut}
            />
          </>
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

/** Below the width where the menu fits, it opens from a button (Radix: arrow keys, Escape, focus return). */
function MobileMenu({ items, className }: { items: NavItem[]; className: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('nav.openMenu')}
        className={cx(
          'flex size-10 items-center justify-center rounded-control text-neutral-700 hover:bg-neutral-100 data-[state=open]:bg-neutral-100',
          className,
        )}
      >
        <Menu className="size-5" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-60 rounded-card border border-neutral-200 bg-white p-2 shadow-raised"
        >
          {items.map(({ key, label, href, Icon }) => {
            const current = pathname === href || pathname.startsWith(`${href}/`);
            return (
              <DropdownMenu.Item key={key} asChild>
                <Link
                  to={href}
                  aria-current={current ? 'page' : undefined}
                  className={cx(
                    'flex h-11 items-center gap-3 rounded-control px-3 text-sm font-semibold outline-none select-none',
                    'data-[highlighted]:bg-neutral-100',
                    current ? 'text-primary-700' : 'text-neutral-800',
                  )}
                >
                  <Icon className="size-4.5 text-neutral-500" aria-hidden="true" />
                  {label}
                </Link>
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
