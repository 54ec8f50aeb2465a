import { Link, useLocation } from 'react-router';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Menu } from 'lucide-react';
import { ProfileMenu } from '../../features/users/components/profile-menu.tsx';
import { NotificationBell } from '../../features/messages/components/notification-bell.tsx';
import { cx } from '../../lib/class-names.ts';
import type { Session } from '../../lib/session.ts';
import { paths } from '../paths.ts';
import type { NavItem } from './navigation.tsx';

type SignedInControlsProps = { session: Session; items: NavItem[]; menuClassName: string; onSignOut: () => void };

/** The header's right side for a signed-in person: the menu button (narrow screens), notifications, profile menu. */
export function SignedInControls({ session, items, menuClassName, onSignOut }: SignedInControlsProps) {
  return (
    <>
      <MobileMenu items={items} className={menuClassName} />
      <NotificationBell
        listHref={paths.settingsNotifications.getHref()}
        detailHref={paths.settingsNotification.getHref}
      />
      <ProfileMenu
        session={session}
        settingsHref={paths.settings.getHref()}
        subscriptionHref={paths.settingsSubscription.getHref()}
        onSignOut={onSignOut}
      />
    </>
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
