import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import { RECENT_LIMIT } from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useAdminGuidebooks } from '../api/get-admin-guidebooks.ts';
import { useRecentGuidebooks } from '../api/get-recent-guidebooks.ts';
import { DEFAULT_FILTERS } from '../api/list-page.ts';
import { ownerIdOf, type ListedGuidebook } from '../listed-guidebook.ts';
import { GuidebookCard } from './guidebook-card.tsx';
import type { GuidebookLinks } from './guidebook-links.ts';
import { GuidebookRows } from './guidebook-rows.tsx';
import { ListEmpty, ListError, ListLoading } from './list-states.tsx';
import { QrCodeDialog } from './qr-code-dialog.tsx';
import { SampleLink, SampleOffer } from './sample-offer.tsx';

type RecentGuidebooksProps = {
  /** administrators see everyone's newest (README: `admin/guidebooks?limit=3`) */
  admin: boolean;
  /** who is looking: the owner of a card may ask for a new thumbnail */
  viewerId: string;
  search: string;
  page: number;
  after?: number | undefined;
  onSearch: (search: string) => void;
  onPageChange: (page: number) => void;
  links: GuidebookLinks;
  /** 'MORE GUIDEBOOKS': the full list */
  moreHref: string;
};

/**
 * Recent guidebooks (spec 1 §2): the newest three as cards with a way to the full list, or, after a search, a
 * results table in pages of three. Someone without guidebooks is offered the sample.
 */
export function RecentGuidebooks({
  admin,
  viewerId,
  search,
  page,
  after,
  onSearch,
  onPageChange,
  links,
  moreHref,
}: RecentGuidebooksProps) {
  const { t } = useTranslation();
  // The cards and the search results are separate queries: while a first search loads, the cards' rows must not
  // stand in for its results.
  const ownCards = useRecentGuidebooks({ search: '', page: 1, after }, { enabled: !admin && !search });
  const ownResults = useRecentGuidebooks({ search, page, after }, { enabled: !admin && search !== '' });
  const recentOf = (query: string, at: number) => ({
    ...DEFAULT_FILTERS,
    search: query,
    page: at,
    after,
    limit: RECENT_LIMIT,
  });
  const everyoneCards = useAdminGuidebooks(recentOf('', 1), { enabled: admin && !search, pollThumbnails: true });
  const everyoneResults = useAdminGuidebooks(recentOf(search, page), { enabled: admin && search !== '' });
  const list = admin ? (search ? everyoneResults : everyoneCards) : search ? ownResults : ownCards;
  const data = list.data;
  const [qrFor, setQrFor] = useState<ListedGuidebook | null>(null);

  return (
    <div className="flex flex-col gap-6">
      {/* Nothing to search for someone without guidebooks: the sample offer stands alone. */}
      {search === '' && data?.totalCount === 0 ? null : (
        <SearchField
          className="w-full sm:max-w-md"
          value={search}
          onSearch={onSearch}
          label={t('guidebookLists.search.label')}
          placeholder={t('guidebookLists.search.placeholder')}
        />
      )}

      {data?.consistency === 'stale' ? <Banner tone="info">{t('guidebookLists.list.stale')}</Banner> : null}

      {search ? (
        <section aria-labelledby="recent-search-results" aria-busy={list.isFetching} className="flex flex-col gap-4">
          <div className="flex min-h-8 items-center gap-2">
            <h2 id="recent-search-results" className="text-lg font-bold text-neutral-900">
              {t('guidebookLists.recent.searchResults')}
            </h2>
            {data && !list.isError ? (
              <span
                className="rounded-full bg-neutral-100 px-2.5 py-0.5 text-sm font-semibold text-neutral-600"
                aria-live="polite"
              >
                {t('guidebookLists.list.count', { count: data.totalCount })}
              </span>
            ) : null}
            {list.isFetching && data ? <Spinner size="sm" className="text-neutral-400" /> : null}
          </div>
          {list.isPending ? (
            <ListLoading />
          ) : list.isError ? (
            <ListError onRetry={() => void list.refetch()} />
          ) : !data || data.results.length === 0 ? (
            <ListEmpty filtered links={links} onClearFilters={() => onSearch('')} />
          ) : (
            <>
              <GuidebookRows
                rows={data.results}
                firstNumber={(data.page - 1) * data.pageSize + 1}
                variant="compact"
                links={links}
                linkOwners={admin}
                onShowQr={setQrFor}
                caption={t('guidebookLists.recent.searchResults')}
              />
              <Pagination page={data.page} pageCount={data.pageCount} onPageChange={onPageChange} />
            </>
          )}
          {list.isPending ? null : <MoreGuidebooks href={moreHref} />}
        </section>
      ) : list.isPending ? (
        <CardsLoading />
      ) : list.isError ? (
        <ListError onRetry={() => void list.refetch()} />
      ) : !data || data.results.length === 0 ? (
        <SampleOffer links={links} />
      ) : (
        <section aria-labelledby="recent-cards-heading" className="flex flex-col gap-6">
          <h2 id="recent-cards-heading" className="sr-only">
            {t('guidebookLists.recent.cardsHeading')}
          </h2>
          <ul className="grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3">
            {data.results.map((guidebook) => (
              <li key={guidebook._id}>
                <GuidebookCard
                  guidebook={guidebook}
                  links={links}
                  regenerateAs={admin ? 'admin' : ownerIdOf(guidebook) === viewerId ? 'owner' : null}
                  showCompany={admin}
                />
              </li>
            ))}
          </ul>
          {/* the sample stays one step away after the first guidebook, not only while the list is empty */}
          <MoreGuidebooks href={moreHref} sampleHref={links.sample} />
        </section>
      )}

      <QrCodeDialog guidebook={qrFor} onClose={() => setQrFor(null)} editHref={links.edit} />
    </div>
  );
}

/** 'MORE GUIDEBOOKS': the full list; beside it, when given, a new guidebook from the sample. */
function MoreGuidebooks({ href, sampleHref }: { href: string; sampleHref?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <Link
        to={href}
        className="inline-flex h-11 items-center gap-2 rounded-control border border-neutral-300 bg-white px-6 text-sm font-bold tracking-wide text-neutral-800 shadow-raised hover:bg-neutral-50"
      >
        {t('guidebookLists.recent.more')}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
      {sampleHref ? <SampleLink href={sampleHref} /> : null}
    </div>
  );
}

/** Three quiet card shapes while the newest guidebooks load. */
function CardsLoading() {
  const { t } = useTranslation();
  return (
    <div>
      <span role="status" className="sr-only">
        {t('guidebookLists.list.loading')}
      </span>
      <ul className="grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
        {Array.from({ length: RECENT_LIMIT }, (_, index) => (
          <li key={index} className="overflow-hidden rounded-card border border-neutral-200 bg-white">
            <div className="h-72 animate-pulse bg-neutral-100" />
            <div className="flex flex-col gap-2 p-4">
              <div className="h-5 w-2/3 animate-pulse rounded-control bg-neutral-100" />
              <div className="h-4 w-1/2 animate-pulse rounded-control bg-neutral-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
