import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarCheck, X } from 'lucide-react';
import { Banner } from '../../../components/banner.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useAdminGuidebooks } from '../api/get-admin-guidebooks.ts';
import { useGuidebooks } from '../api/get-guidebooks.ts';
import { useUserGuidebooks } from '../api/get-user-guidebooks.ts';
import type { GuidebookListFilters } from '../api/list-page.ts';
import type { ListedGuidebook } from '../listed-guidebook.ts';
import type { GuidebookLinks } from './guidebook-links.ts';
import { GuidebookRows } from './guidebook-rows.tsx';
import { ListFilters } from './list-filters.tsx';
import { ListEmpty, ListError, ListLoading } from './list-states.tsx';
import { QrCodeDialog } from './qr-code-dialog.tsx';

/** Whose guidebooks: the person's own, everyone's (administrators), or one person's (administrators). */
export type GuidebookListScope = { kind: 'own' } | { kind: 'admin' } | { kind: 'user'; userId: string };

type GuidebookListProps = {
  scope: GuidebookListScope;
  filters: GuidebookListFilters;
  /** A new search or filter starts again at page 1; the route decides how that lands in the URL. */
  onFiltersChange: (changes: Partial<GuidebookListFilters>, options?: { replace?: boolean }) => void;
  links: GuidebookLinks;
};

/**
 * The guidebook list (spec 1 §2, spec 3 §2.6 and §2.8): search, the administrators' filters, numbered rows as a
 * table or cards, pagination, and the loading, error and empty states. The QR button opens one dialog per list.
 */
export function GuidebookList({ scope, filters, onFiltersChange, links }: GuidebookListProps) {
  const { t } = useTranslation();
  const list = useListOf(scope, filters);
  const [qrFor, setQrFor] = useState<ListedGuidebook | null>(null);
  const data = list.data;
  const filtered = filters.search !== '' || filters.company !== 'all' || filters.status !== 'all' || filters.today;

  // A page past the end (the list shrank, an old link) moves to the last page there is.
  const pastTheEnd = data !== undefined && !list.isPlaceholderData && data.results.length === 0 && data.totalCount > 0;
  useEffect(() => {
    if (pastTheEnd) onFiltersChange({ page: data.pageCount }, { replace: true });
  }, [pastTheEnd, data?.pageCount, onFiltersChange]);

  return (
    <section aria-labelledby="guidebook-list-results" aria-busy={list.isFetching} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <SearchField
          className="w-full sm:max-w-md sm:flex-1"
          value={filters.search}
          onSearch={(search) => onFiltersChange({ search, page: 1 })}
          label={t('guidebookLists.search.label')}
          placeholder={t('guidebookLists.search.placeholder')}
        />
        {scope.kind === 'own' ? null : (
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <ListFilters
              company={filters.company}
              status={filters.status}
              show={{ company: true, status: scope.kind === 'admin' }}
              onChange={(changes) => onFiltersChange({ ...changes, page: 1 })}
            />
          </div>
        )}
      </div>

      <div className="flex min-h-8 flex-wrap items-center gap-2">
        {/* With nothing listed the empty state says it all; the heading stays for screen readers. */}
        <h2
          id="guidebook-list-results"
          className={data?.totalCount === 0 ? 'sr-only' : 'text-sm font-semibold text-neutral-600'}
          aria-live="polite"
        >
          {data && !list.isError
            ? filters.search
              ? t('guidebookLists.list.countForSearch', { count: data.totalCount, search: filters.search })
              : t('guidebookLists.list.count', { count: data.totalCount })
            : t('guidebookLists.list.heading')}
        </h2>
        {filters.today ? (
          <button
            type="button"
            onClick={() => onFiltersChange({ today: false, page: 1 })}
            className="inline-flex h-8 items-center gap-1.5 rounded-full border border-primary-200 bg-primary-50 pr-2 pl-3 text-sm font-semibold text-primary-700 hover:bg-primary-100"
          >
            <CalendarCheck className="size-4" aria-hidden="true" />
            {t('guidebookLists.list.today')}
            <X className="size-4" aria-hidden="true" />
            <span className="sr-only">{t('guidebookLists.list.clearToday')}</span>
          </button>
        ) : null}
        {list.isFetching && data ? <Spinner size="sm" className="text-neutral-400" /> : null}
      </div>

      {data?.consistency === 'stale' ? <Banner tone="info">{t('guidebookLists.list.stale')}</Banner> : null}

      {list.isPending ? (
        <ListLoading />
      ) : list.isError ? (
        <ListError onRetry={() => void list.refetch()} />
      ) : !data || data.results.length === 0 ? (
        pastTheEnd ? (
          <ListLoading />
        ) : (
          <ListEmpty
            filtered={filtered}
            links={links}
            onClearFilters={() => onFiltersChange({ search: '', company: 'all', status: 'all', today: false, page: 1 })}
          />
        )
      ) : (
        <>
          <GuidebookRows
            rows={data.results}
            firstNumber={(data.page - 1) * data.pageSize + 1}
            variant="full"
            links={links}
            linkOwners={scope.kind !== 'own'}
            onShowQr={setQrFor}
            caption={t('guidebookLists.list.caption')}
          />
          <Pagination
            className="mt-2"
            page={data.page}
            pageCount={data.pageCount}
            onPageChange={(page) => onFiltersChange({ page })}
          />
        </>
      )}

      <QrCodeDialog guidebook={qrFor} onClose={() => setQrFor(null)} editHref={links.edit} />
    </section>
  );
}

/** One of the three list calls, by scope; the others stay idle. */
function useListOf(scope: GuidebookListScope, filters: GuidebookListFilters) {
  const own = useGuidebooks(filters, { enabled: scope.kind === 'own' });
  const admin = useAdminGuidebooks(filters, { enabled: scope.kind === 'admin' });
  const user = useUserGuidebooks(scope.kind === 'user' ? scope.userId : '', filters, {
    enabled: scope.kind === 'user',
  });
  return scope.kind === 'own' ? own : scope.kind === 'admin' ? admin : user;
}
