import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RecentGuidebooks } from '../../../features/guidebook-lists/components/recent-guidebooks.tsx';
import { useSession } from '../../../lib/session-context.tsx';
import { paths } from '../../paths.ts';
import { useListUrlState } from './list-url-state.ts';
import { guidebookLinks, ListPageHeader } from './page-header.tsx';

/** /guidebooks/recent and /admin/guidebooks/recent (spec 1 §2): the newest three, a search, the way to all. */
export function RecentGuidebooksRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession();
  const admin = pathname.startsWith('/admin/');
  const [filters, updateFilters] = useListUrlState();

  return (
    <>
      <title>{`${t('guidebookLists.recent.title')} · ${t('app.name')}`}</title>
      <div className="flex flex-col gap-8">
        <ListPageHeader
          title={t('guidebookLists.recent.title')}
          description={admin ? t('guidebookLists.recent.adminDescription') : t('guidebookLists.recent.description')}
        />
        <RecentGuidebooks
          admin={admin}
          viewerId={session?.id ?? ''}
          search={filters.search}
          page={filters.page}
          after={filters.after}
          onSearch={(search) => updateFilters({ search, page: 1 })}
          onPageChange={(page) => updateFilters({ page })}
          links={guidebookLinks(admin)}
          moreHref={admin ? paths.adminGuidebooks.getHref() : paths.guidebooks.getHref()}
        />
      </div>
    </>
  );
}
