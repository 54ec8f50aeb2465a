import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Download, ScrollText } from 'lucide-react';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useSession } from '../../../lib/session-context.tsx';
import { downloadExport } from '../../../lib/download-export.ts';
import { filterQuery, useEventPages, type EventFilters } from '../api/events.ts';
import { EventFilterForm } from './event-filter-form.tsx';
import { EventInspector } from './event-inspector.tsx';
import { EventTable } from './event-table.tsx';
import { GuidebookAsOf } from './guidebook-as-of.tsx';

const FILTER_KEYS = ['type', 'stream', 'actor', 'from', 'to'] as const;

/**
 * The event explorer (issue 14, administrators): the global log filtered by type, stream, actor and time, in a
 * virtual table that loads page after page; an inspector with the event's JSON and causation chain; the filtered
 * log as NDJSON; and any guidebook as it was at a chosen instant. Filters and the inspected event live in the URL.
 */
export function EventExplorer() {
  const { t } = useTranslation();
  const session = useSession();
  const errorMessage = useErrorMessage();
  const [search, setSearch] = useSearchParams();
  const filters: EventFilters = {};
  for (const key of FILTER_KEYS) {
    const value = search.get(key);
    if (value) filters[key] = value;
  }
  const inspectParam = Number(search.get('inspect'));
  const inspected = Number.isSafeInteger(inspectParam) && inspectParam > 0 ? inspectParam : null;
  const pages = useEventPages(filters);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const apply = (next: EventFilters) => {
    const params = new URLSearchParams();
    for (const key of FILTER_KEYS) if (next[key]) params.set(key, next[key]);
    if (inspected !== null) params.set('inspect', String(inspected));
    setSearch(params);
  };
  const select = useCallback(
    (position: number) =>
      setSearch((current) => {
        const params = new URLSearchParams(current);
        params.set('inspect', String(position));
        return params;
      }),
    [setSearch],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const exportNdjson = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadExport(
        '/admin/events/export',
        { ...filterQuery(filters), format: 'ndjson' },
        session?.token,
        'events.ndjson',
      );
    } catch (error) {
      setExportError(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  const rows = pages.data?.pages.flatMap((page) => page.events) ?? [];
  const first = pages.data?.pages[0];
  const lag = first ? first.head - first.indexedUpTo : 0;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">{t('eventExplorer.title')}</h1>
          <p className="mt-1.5 text-base text-neutral-600">{t('eventExplorer.description')}</p>
        </div>
        <Button
          variant="secondary"
          icon={<Download className="size-4" />}
          loading={exporting}
          onClick={() => void exportNdjson()}
          data-export-ndjson
        >
          {t('eventExplorer.export')}
        </Button>
      </header>
      {exportError ? (
        <p role="alert" className="text-sm text-alert-700">
          {exportError}
        </p>
      ) : null}
      <EventFilterForm key={FILTER_KEYS.map((key) => filters[key] ?? '').join('|')} value={filters} onApply={apply} />
      {lag > 0 ? <p className="text-xs text-neutral-500">{t('eventExplorer.lag', { count: lag })}</p> : null}
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0">
          {pages.isPending ? (
            <p className="flex items-center justify-center gap-2 py-12 text-neutral-500" role="status">
              <Spinner className="text-primary-600" />
              {t('eventExplorer.loading')}
            </p>
          ) : pages.isError ? (
            <Banner
              tone="alert"
              action={
                <Button variant="secondary" size="sm" onClick={() => void pages.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            >
              <p className="font-semibold">{t('eventExplorer.failed')}</p>
              <p className="text-sm">{errorMessage(pages.error)}</p>
            </Banner>
          ) : rows.length === 0 ? (
            <div className="rounded-card border border-neutral-200 bg-white">
              <EmptyState className="py-12" icon={<ScrollText className="size-6" />} title={t('eventExplorer.empty')} />
            </div>
          ) : (
            <EventTable
              rows={rows}
              selected={inspected}
              onSelect={select}
              hasMore={hasNextPage}
              loadingMore={isFetchingNextPage}
              onLoadMore={loadMore}
            />
          )}
        </div>
        <EventInspector position={inspected} onSelect={select} />
      </div>
      <GuidebookAsOf />
    </div>
  );
}
