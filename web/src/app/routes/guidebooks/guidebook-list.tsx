import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GuidebookList } from '../../../features/guidebook-lists/components/guidebook-list.tsx';
import { paths } from '../../paths.ts';
import { useListUrlState } from './list-url-state.ts';
import { guidebookLinks, ListPageHeader } from './page-header.tsx';

/**
 * /guidebooks and /admin/guidebooks (spec 1 §2, spec 3 §2.8): a path under /admin/ lists everyone's guidebooks
 * through the administrators' call, with their filters. The title leads to the recent screen.
 */
export function GuidebookListRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const admin = pathname.startsWith('/admin/');
  const [filters, updateFilters] = useListUrlState();
  const recentHref = admin ? paths.adminGuidebooksRecent.getHref() : paths.guidebooksRecent.getHref();

  return (
    <>
      <title>{`${admin ? t('guidebookLists.list.adminTitle') : t('guidebookLists.list.title')} · ${t('app.name')}`}</title>
      <div className="flex flex-col gap-8">
        <ListPageHeader
          title={
            <Link
              to={recentHref}
              title={t('guidebookLists.list.toRecent')}
              className="underline-offset-8 hover:text-primary-700 hover:underline"
            >
              {admin ? t('guidebookLists.list.adminTitle') : t('guidebookLists.list.title')}
            </Link>
          }
          description={admin ? t('guidebookLists.list.adminDescription') : t('guidebookLists.list.description')}
        />
        <GuidebookList
          scope={admin ? { kind: 'admin' } : { kind: 'own' }}
          filters={filters}
          onFiltersChange={updateFilters}
          links={guidebookLinks(admin)}
        />
      </div>
    </>
  );
}
