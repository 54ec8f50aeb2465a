import { useTranslation } from 'react-i18next';
import { BookOpen, ChevronLeft, ChevronRight } from 'lucide-react';
import type { GuidebookListItem } from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useGuidebooks } from '../api/get-guidebooks.ts';

type GuidebookListProps = {
  page: number;
  /** Log position of the reader's last write, so the list waits until it shows it. */
  after: number | undefined;
  onPageChange: (page: number) => void;
};

export function GuidebookList({ page, after, onPageChange }: GuidebookListProps) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const guidebooks = useGuidebooks({ page, after });
  const list = guidebooks.data;

  return (
    <section aria-labelledby="guidebook-list-heading" aria-busy={guidebooks.isFetching}>
      <div className="mb-4 flex items-center gap-3">
        <h2 id="guidebook-list-heading" className="text-lg font-bold text-neutral-900">
          {t('guidebooks.list.heading')}
        </h2>
        {list && list.totalCount > 0 ? (
          <span className="rounded-full bg-neutral-100 px-2.5 py-0.5 text-sm font-semibold text-neutral-600">
            {t('guidebooks.list.count', { count: list.totalCount })}
          </span>
        ) : null}
        {guidebooks.isFetching && list ? <Spinner size="sm" className="text-neutral-400" /> : null}
      </div>

      {list?.consistency === 'stale' ? (
        <Banner tone="info" className="mb-4">
          {t('guidebooks.list.stale')}
        </Banner>
      ) : null}

      {guidebooks.isPending ? (
        <div className="flex min-h-48 items-center justify-center gap-3 rounded-card border border-neutral-200 bg-white text-neutral-500">
          <Spinner className="text-primary-600" />
          <span role="status">{t('guidebooks.list.loading')}</span>
        </div>
      ) : guidebooks.isError && !list ? (
        <Banner
          tone="alert"
          action={
            <Button variant="secondary" size="sm" onClick={() => void guidebooks.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          <p className="font-semibold">{t('guidebooks.list.loadFailed')}</p>
          <p>{describeError(guidebooks.error)}</p>
        </Banner>
      ) : !list || list.totalCount === 0 ? (
        <div className="rounded-card border border-dashed border-neutral-300 bg-white">
          <EmptyState
            icon={<BookOpen className="size-6" />}
            title={t('guidebooks.list.empty.title')}
            description={t('guidebooks.list.empty.description')}
          />
        </div>
      ) : (
        <>
          <GuidebookTable items={list.results} firstNumber={(list.page - 1) * list.pageSize + 1} />
          <GuidebookCards items={list.results} />
          {list.pageCount > 1 ? (
            <Pagination page={list.page} pageCount={list.pageCount} onPageChange={onPageChange} />
          ) : null}
        </>
      )}
    </section>
  );
}

type ItemsProps = { items: GuidebookListItem[] };

function useTitleOf() {
  const { t } = useTranslation();
  return (item: GuidebookListItem) => item.title.trim() || t('guidebooks.list.untitled');
}

/** Wide screens: a table. */
function GuidebookTable({ items, firstNumber }: ItemsProps & { firstNumber: number }) {
  const { t } = useTranslation();
  const titleOf = useTitleOf();
  return (
    <div className="hidden overflow-hidden rounded-card border border-neutral-200 bg-white shadow-raised md:block">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">{t('guidebooks.list.caption')}</caption>
        <thead className="border-b border-neutral-200 bg-neutral-50 text-xs font-semibold text-neutral-500">
          <tr>
            <th scope="col" className="w-20 px-6 py-3 text-center">
              {t('guidebooks.list.columns.number')}
            </th>
            <th scope="col" className="px-6 py-3">
              {t('guidebooks.list.columns.title')}
            </th>
            <th scope="col" className="w-48 px-6 py-3">
              {t('guidebooks.list.columns.updatedAt')}
            </th>
            <th scope="col" className="w-48 px-6 py-3">
              {t('guidebooks.list.columns.createdAt')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {items.map((item, index) => (
            <tr key={item._id} className="transition-colors hover:bg-neutral-50">
              <td className="px-6 py-4 text-center text-neutral-500 tabular-nums">{firstNumber + index}</td>
              <th scope="row" className="truncate px-6 py-4 text-base font-semibold text-neutral-900" title={titleOf(item)}>
                {titleOf(item)}
              </th>
              <td className="px-6 py-4 text-neutral-600 tabular-nums">
                <time dateTime={item.updatedAt}>{formatDateTime(item.updatedAt)}</time>
              </td>
              <td className="px-6 py-4 text-neutral-600 tabular-nums">
                <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Under 768 px: cards. */
function GuidebookCards({ items }: ItemsProps) {
  const { t } = useTranslation();
  const titleOf = useTitleOf();
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label={t('guidebooks.list.caption')}>
      {items.map((item) => (
        <li key={item._id} className="rounded-card border border-neutral-200 bg-white p-4 shadow-raised">
          <p className="text-base font-semibold break-words text-neutral-900">{titleOf(item)}</p>
          <p className="mt-1 text-sm text-neutral-500 tabular-nums">
            <time dateTime={item.createdAt}>{t('guidebooks.list.createdAt', { date: formatDateTime(item.createdAt) })}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}

function Pagination({ page, pageCount, onPageChange }: { page: number; pageCount: number; onPageChange: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('guidebooks.list.pagination.label')} className="mt-6 flex items-center justify-center gap-3">
      <Button
        variant="secondary"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
        icon={<ChevronLeft className="size-4" aria-hidden="true" />}
      >
        {t('guidebooks.list.pagination.previous')}
      </Button>
      <span className="min-w-24 text-center text-sm text-neutral-600 tabular-nums" aria-live="polite">
        {t('guidebooks.list.pagination.status', { page, pageCount })}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        {t('guidebooks.list.pagination.next')}
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
