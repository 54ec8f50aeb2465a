import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { cx } from '../lib/class-names.ts';

/** One slot of the page row: a page number, or an ellipsis standing for the pages left out after `after`. */
export type PageItem = { type: 'page'; page: number } | { type: 'ellipsis'; after: number };

/** Pages on each side of the current one: the spec's ±2, and ±1 where a 360 px screen has no room for more. */
const SIBLINGS_WIDE = 2;
const SIBLINGS_NARROW = 1;

/**
 * The page row of the spec: the first and the last page, the current one ±`siblings`, and an ellipsis for each gap.
 * A gap of a single page shows that page instead: an ellipsis there would take the same room and hide where it leads.
 */
export function pageItems(page: number, pageCount: number, siblings = SIBLINGS_WIDE): PageItem[] {
  const last = Math.max(1, pageCount);
  const current = Math.min(Math.max(1, page), last);
  const shown = new Set<number>([1, last]);
  for (let n = current - siblings; n <= current + siblings; n++) if (n >= 1 && n <= last) shown.add(n);

  const items: PageItem[] = [];
  let previous = 0;
  for (const n of [...shown].sort((a, b) => a - b)) {
    const gap = n - previous - 1;
    if (gap === 1) items.push({ type: 'page', page: previous + 1 });
    else if (gap > 1) items.push({ type: 'ellipsis', after: previous });
    items.push({ type: 'page', page: n });
    previous = n;
  }
  return items;
}

type Slot = PageItem & { wide: boolean; narrow: boolean };

/** The wide and the narrow rows merged in order, each slot marked with the rows it belongs to (CSS shows one). */
function pageSlots(page: number, pageCount: number): Slot[] {
  const order = (item: PageItem) => (item.type === 'page' ? item.page : item.after + 0.5);
  const id = (item: PageItem) => `${item.type}-${order(item)}`;
  const slots = new Map<string, Slot>();
  for (const [row, items] of [
    ['wide', pageItems(page, pageCount, SIBLINGS_WIDE)],
    ['narrow', pageItems(page, pageCount, SIBLINGS_NARROW)],
  ] as const) {
    for (const item of items) {
      const slot = slots.get(id(item)) ?? { ...item, wide: false, narrow: false };
      slot[row] = true;
      slots.set(id(item), slot);
    }
  }
  return [...slots.values()].sort((a, b) => order(a) - order(b));
}

const visibility = (slot: Slot) => (slot.wide && slot.narrow ? undefined : slot.wide ? 'hidden sm:block' : 'sm:hidden');

type PaginationProps = {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** the landmark's name when a screen has more than one row of pages */
  label?: string;
  className?: string;
};

const itemBase =
  'inline-flex size-8 items-center justify-center rounded-control text-sm font-semibold tabular-nums transition-colors sm:size-9';

/**
 * Page controls (spec: first, last, current ±2, ellipses, First/Last and previous/next): a `nav` landmark, the
 * current page marked with `aria-current`. Under 640 px the row keeps ±1 and drops the First/Last buttons (the first
 * and last page numbers stay), so it fits a 360 px screen.
 */
export function Pagination({ page, pageCount, onPageChange, label, className }: PaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const atFirst = page <= 1;
  const atLast = page >= pageCount;

  const control = (target: number, disabled: boolean, name: string, icon: ReactNode, wideOnly = false) => (
    <li className={cx(wideOnly && 'hidden sm:block')}>
      <button
        type="button"
        disabled={disabled}
        aria-label={name}
        title={name}
        onClick={() => onPageChange(target)}
        className={cx(
          itemBase,
          'text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900',
          'disabled:cursor-not-allowed disabled:text-neutral-300 disabled:hover:bg-transparent',
        )}
      >
        {icon}
      </button>
    </li>
  );

  return (
    <nav aria-label={label ?? t('pagination.label')} className={cx('flex justify-center', className)}>
      <ul className="flex items-center gap-1">
        {control(1, atFirst, t('pagination.first'), <ChevronsLeft className="size-4" aria-hidden="true" />, true)}
        {control(page - 1, atFirst, t('pagination.previous'), <ChevronLeft className="size-4" aria-hidden="true" />)}
        {pageSlots(page, pageCount).map((slot) =>
          slot.type === 'ellipsis' ? (
            <li key={`ellipsis-${slot.after}`} aria-hidden="true" className={visibility(slot)}>
              <span className={cx(itemBase, 'text-neutral-400')}>…</span>
            </li>
          ) : (
            <li key={slot.page} className={visibility(slot)}>
              <button
                type="button"
                aria-current={slot.page === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: slot.page })}
                onClick={() => {
                  if (slot.page !== page) onPageChange(slot.page);
                }}
                className={cx(
                  itemBase,
                  slot.page === page
                    ? 'bg-primary-600 text-white'
                    : 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900',
                )}
              >
                {slot.page}
              </button>
            </li>
          ),
        )}
        {control(page + 1, atLast, t('pagination.next'), <ChevronRight className="size-4" aria-hidden="true" />)}
        {control(
          pageCount,
          atLast,
          t('pagination.last'),
          <ChevronsRight className="size-4" aria-hidden="true" />,
          true,
        )}
      </ul>
    </nav>
  );
}
