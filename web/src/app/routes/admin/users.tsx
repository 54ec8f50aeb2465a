import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AdminUserList } from '../../../features/admin-users/components/admin-user-list.tsx';
import {
  NO_USER_FILTERS,
  paramsFromUserFilters,
  userFiltersFromParams,
  type AdminUserFilters,
} from '../../../features/admin-users/user-filters.ts';
import { paths } from '../../paths.ts';

/** Navigation state the list understands: `after` is the log position of a write made just before (a deletion). */
export type AdminUsersNavigationState = { after?: number };

function afterOf(state: unknown): number | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { after } = state as Record<string, unknown>;
  return typeof after === 'number' && Number.isInteger(after) ? after : undefined;
}

/** /admin/users (spec 3 §2.6): the filters live in the URL, so the dashboard's links, a reload and Back keep them. */
export function AdminUsersRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const filters = userFiltersFromParams(params);
  const update = useCallback(
    (changes: Partial<AdminUserFilters>) => {
      // a search typed letter by letter replaces its own history entry; other changes add one
      const replace = Object.keys(changes).every((key) => key === 'search' || key === 'page') && 'search' in changes;
      setParams(paramsFromUserFilters({ ...NO_USER_FILTERS, ...userFiltersFromParams(params), ...changes }), {
        replace,
      });
    },
    [params, setParams],
  );

  return (
    <>
      <title>{`${t('adminUsers.list.title')} · ${t('app.name')}`}</title>
      <div className="flex flex-col gap-6">
        <header>
          <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">{t('adminUsers.list.title')}</h1>
          <p className="mt-1.5 text-base text-neutral-600">{t('adminUsers.list.description')}</p>
        </header>
        <AdminUserList
          filters={filters}
          onFiltersChange={update}
          after={afterOf(state)}
          detailHref={paths.adminUser.getHref}
        />
      </div>
    </>
  );
}
