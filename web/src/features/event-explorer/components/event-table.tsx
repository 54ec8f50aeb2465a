import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@pocketguide/contracts';
import { cx } from '../../../lib/class-names.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { actorLabel } from '../../audit/index.ts';

export const ROW_HEIGHT = 40;
const VIEWPORT_HEIGHT = 480;
const OVERSCAN = 8;
/** how close to the last loaded row the next page is asked for */
const PREFETCH_ROWS = 20;

const COLUMNS = 'grid grid-cols-[4.5rem_9.5rem_minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,0.8fr)] items-center gap-2 px-3';

type EventTableProps = {
  rows: readonly AuditEntry[];
  selected: number | null;
  onSelect: (position: number) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
};

/**
 * The explorer's result table, virtual: only the rows in view (and a few around them) are in the page, however
 * many pages were loaded, and scrolling near the last loaded row asks for the next page (cursor paging).
 */
export function EventTable({ rows, selected, onSelect, hasMore, loadingMore, onLoadMore }: EventTableProps) {
  const { t } = useTranslation();
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + VIEWPORT_HEIGHT) / ROW_HEIGHT) + OVERSCAN);

  useEffect(() => {
    if (hasMore && !loadingMore && last >= rows.length - PREFETCH_ROWS) onLoadMore();
  }, [hasMore, loadingMore, last, rows.length, onLoadMore]);

  return (
    <div
      role="table"
      aria-label={t('eventExplorer.title')}
      aria-rowcount={rows.length + 1}
      className="overflow-hidden rounded-card border border-neutral-200 bg-white shadow-raised"
    >
      <div role="rowgroup">
        <div
          role="row"
          aria-rowindex={1}
          className={cx(
            COLUMNS,
            'h-10 border-b border-neutral-200 bg-neutral-50 text-xs font-semibold text-neutral-600',
          )}
        >
          <span role="columnheader">{t('eventExplorer.columns.position')}</span>
          <span role="columnheader">{t('eventExplorer.columns.at')}</span>
          <span role="columnheader">{t('eventExplorer.columns.type')}</span>
          <span role="columnheader">{t('eventExplorer.columns.stream')}</span>
          <span role="columnheader">{t('eventExplorer.columns.actor')}</span>
        </div>
      </div>
      <div
        ref={viewport}
        role="rowgroup"
        className="relative overflow-y-auto"
        style={{ height: Math.min(VIEWPORT_HEIGHT, Math.max(rows.length, 1) * ROW_HEIGHT) }}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        tabIndex={0}
      >
        <div style={{ height: rows.length * ROW_HEIGHT }} className="relative">
          {rows.slice(first, last).map((row, offset) => {
            const index = first + offset;
            const isSelected = row.position === selected;
            return (
              <div
                key={row.position}
                role="row"
                aria-rowindex={index + 2}
                aria-selected={isSelected}
                data-position={row.position}
                tabIndex={-1}
                onClick={() => onSelect(row.position)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    onSelect(row.position);
                  }
                }}
                className={cx(
                  COLUMNS,
                  'absolute inset-x-0 cursor-pointer border-b border-neutral-100 text-sm',
                  isSelected ? 'bg-primary-50 text-primary-900' : 'text-neutral-800 hover:bg-neutral-50',
                )}
                style={{ top: index * ROW_HEIGHT, height: ROW_HEIGHT }}
              >
                <span role="cell" className="font-mono text-xs text-neutral-500 tabular-nums">
                  <button
                    type="button"
                    className="underline-offset-2 hover:underline focus-visible:underline"
                    onClick={() => onSelect(row.position)}
                  >
                    #{row.position}
                  </button>
                </span>
                <span role="cell" className="truncate text-xs text-neutral-600 tabular-nums">
                  {formatDateTime(row.at)}
                </span>
                <span role="cell" className="truncate font-medium" title={row.type}>
                  {row.type}
                </span>
                <span role="cell" className="truncate font-mono text-xs" title={row.streamId}>
                  {row.streamId}
                </span>
                <span role="cell" className="truncate text-xs" title={row.actorId ?? ''}>
                  {actorLabel(row, t)}
                </span>
              </div>
            );
          })}
        </div>
      </div>
      <p className="border-t border-neutral-200 px-3 py-2 text-xs text-neutral-500" aria-live="polite">
        {t('eventExplorer.shown', { count: rows.length })}
        {' · '}
        {loadingMore ? t('eventExplorer.loadingMore') : hasMore ? '' : t('eventExplorer.end')}
      </p>
    </div>
  );
}
