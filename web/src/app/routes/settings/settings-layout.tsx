import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Bell, CreditCard, KeyRound, UserRound } from 'lucide-react';
import { cx } from '../../../lib/class-names.ts';
import { paths } from '../../paths.ts';

/** `/settings/*`: the left menu (a row of tabs on phones) and the chosen section. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const items = [
    { href: paths.settingsProfile.getHref(), label: t('settings.menu.profile'), Icon: UserRound },
    { href: paths.settingsSubscription.getHref(), label: t('settings.menu.subscription'), Icon: CreditCard },
    { href: paths.settingsChangePassword.getHref(), label: t('settings.menu.changePassword'), Icon: KeyRound },
    { href: paths.settingsNotifications.getHref(), label: t('settings.menu.notifications'), Icon: Bell },
  ];
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">{t('settings.heading')}</h1>
      <div className="grid gap-6 md:grid-cols-[220px_1fr] md:items-start md:gap-8">
        <nav aria-label={t('settings.menu.label')}>
          {/* Two by two on phones, so every section shows without scrolling sideways; a column beside the page on wide screens. */}
          <ul className="grid grid-cols-2 gap-1 md:flex md:flex-col">
            {items.map(({ href, label, Icon }) => (
              <li key={href}>
                <NavLink
                  to={href}
                  className={({ isActive }) =>
                    cx(
                      'flex h-10 items-center gap-2.5 rounded-control px-3 text-sm font-semibold whitespace-nowrap transition-colors md:h-11',
                      isActive
                        ? 'bg-white text-primary-700 shadow-raised ring-1 ring-neutral-200'
                        : 'text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900',
                    )
                  }
                >
                  <Icon className="size-4.5" aria-hidden="true" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 rounded-card border border-neutral-200 bg-white p-5 shadow-raised sm:p-8">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

/** The heading every settings section starts with. */
export function SettingsSectionHeader({ title, description }: { title: string; description?: string }) {
  return (
    <header className="mb-8 border-b border-neutral-200 pb-5">
      <h2 className="text-lg font-bold text-neutral-900">{title}</h2>
      {description ? <p className="mt-1 text-sm text-neutral-600">{description}</p> : null}
    </header>
  );
}
