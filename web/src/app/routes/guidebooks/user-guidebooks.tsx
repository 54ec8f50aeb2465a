import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronLeft } from 'lucide-react';
import { GuidebookList } from '../../../features/guidebook-lists/components/guidebook-list.tsx';
import { useUser } from '../../../features/users/api/get-user.ts';
import { paths } from '../../paths.ts';
import { useListUrlState } from './list-url-state.ts';
import { guidebookLinks, ListPageHeader } from './page-header.tsx';

/** /admin/users/{userId}/guidebooks (spec 3 §2.6): one person's guidebooks, with the user-type filter. */
export function UserGuidebooksRoute() {
  const { t } = useTranslation();
  const userId = useParams().userId ?? '';
  const [filters, updateFilters] = useListUrlState();
  const user = useUser(userId);
  const name = user.data?.name;

  return (
    <>
      <title>{`${t('guidebookLists.user.title')} · ${t('app.name')}`}</title>
      <div className="flex flex-col gap-8">
        <div className="flex flex-col gap-3">
          <Link
            to={paths.adminUser.getHref(userId)}
            className="inline-flex items-center gap-1 self-start text-sm font-semibold text-primary-700 underline-offset-4 hover:underline"
          >
            <ChevronLeft className="size-4" aria-hidden="true" />
            {t('guidebookLists.user.back')}
          </Link>
          <ListPageHeader
            title={name ? t('guidebookLists.user.titleOf', { name }) : t('guidebookLists.user.title')}
            description={user.data ? [user.data.companyName, user.data.email].filter(Boolean).join(' · ') : undefined}
          />
        </div>
        <GuidebookList
          scope={{ kind: 'user', userId }}
          filters={filters}
          onFiltersChange={updateFilters}
          links={guidebookLinks(true)}
        />
      </div>
    </>
  );
}
