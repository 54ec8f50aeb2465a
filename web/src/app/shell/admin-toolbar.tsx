import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { cx } from '../../lib/class-names.ts';
import { useNavItems } from './navigation.tsx';

/** The back office's pages: there the header is compact and the sections sit in a toolbar strip under it. */
export const ADMIN_LAYOUT_PREFIX = '/admin';

export function isAdminLayout(pathname: string, isAdmin: boolean): boolean {
  return isAdmin && (pathname === ADMIN_LAYOUT_PREFIX || pathname.startsWith(`${ADMIN_LAYOUT_PREFIX}/`));
}

/**
 * The admin layout's toolbar strip (spec 3 §2.10): every back-office section as a tab, sticky under the compact
 * header. On a phone the row scrolls sideways instead of folding into a menu, so each section stays one tap away.
 */
export function AdminToolbar() {
  const { t } = useTranslation();
  const items = useNavItems(true);
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  // On a phone the current section may sit past the edge of the row: bring it into view.
  useEffect(() => {
    const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const row = nav.current;
    if (!current || !row) return;
    const tab = current.getBoundingClientRect();
    const shown = row.getBoundingClientRect();
    if (tab.right > shown.right) row.scrollLeft += tab.right - shown.right + 8;
    else if (tab.left < shown.left) row.scrollLeft -= shown.left - tab.left + 8;
  }, [pathname]);
  return (
    <div
      className="sticky top-12 z-30 border-b border-neutral-200 bg-neutral-50/95 backdrop-blur-sm"
      data-admin-toolbar
    >
      <div className="mx-auto flex h-11 max-w-content items-center gap-3 px-2 sm:px-4">
        <nav
          ref={nav}
          aria-label={t('nav.adminLabel')}
          className="min-w-0 flex-1 overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        >
          <ul className="flex items-center gap-0.5">
            {items.map(({ key, label, href, Icon }) => (
              <li key={key} className="shrink-0">
                <NavLink
                  to={href}
                  className={({ isActive }) =>
                    cx(
                      'flex h-9 items-center gap-1.5 rounded-control px-2.5 text-sm font-semibold whitespace-nowrap transition-colors',
                      isActive
                        ? 'bg-white text-primary-700 shadow-raised ring-1 ring-neutral-200'
                        : 'text-neutral-600 hover:bg-white hover:text-neutral-900',
                    )
                  }
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="hidden shrink-0 items-center gap-1.5 text-xs font-semibold text-neutral-500 lg:flex">
          <ShieldCheck className="size-4 text-primary-600" aria-hidden="true" />
          {t('adminUsers.shell.backOffice')}
        </p>
      </div>
    </div>
  );
}
