import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { BarChart3, Clock3, Download, Eye, Layers, Users } from 'lucide-react';
import {
  COVER_PAGE,
  READING_DEVICES,
  READING_SOURCES,
  type InsightsAnswer,
  type InsightsPage,
  type InsightsTotals,
} from '@pocketguide/contracts/insights/reading';
import { paths } from '../../../app/paths.ts';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useSession } from '../../../lib/session-context.tsx';
import {
  insightsCsv,
  koreanToday,
  shiftDay,
  useInsights,
  type InsightsRange,
  type InsightsTarget,
} from '../api/insights.ts';

const InsightsChart = lazy(() => import('./insights-chart.tsx'));

const card = 'rounded-card border border-neutral-200 bg-white shadow-raised';
const PRESETS = [7, 30, 90] as const;
/** How many pages the most-read and least-read lists show. */
const LISTED_PAGES = 5;

function useNumbers() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-US' : 'ko-KR';
  const number = new Intl.NumberFormat(locale);
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return { number: (value: number) => number.format(value), decimal: (value: number) => decimal.format(value) };
}

const dotted = (day: string) => day.replaceAll('-', '.');

/** A change against the period before, in words (never a bare arrow: screen readers read it). */
function Change({ now, before, format }: { now: number; before: number; format: (value: number) => string }) {
  const { t } = useTranslation();
  if (before === 0 && now === 0) return <span className="text-sm text-neutral-500">{t('insights.change.same')}</span>;
  if (before === 0) return <span className="text-sm text-neutral-500">{t('insights.change.new')}</span>;
  const difference = now - before;
  const percent = `${Math.round((Math.abs(difference) / before) * 100)}%`;
  if (difference === 0) return <span className="text-sm text-neutral-500">{t('insights.change.same')}</span>;
  return (
    <span
      className={cx('text-sm font-semibold', difference > 0 ? 'text-primary-700' : 'text-accent-700')}
      title={format(before)}
    >
      {t(difference > 0 ? 'insights.change.up' : 'insights.change.down', { value: percent })}
    </span>
  );
}

function FigureCard({
  icon,
  label,
  value,
  change,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  change: ReactNode;
}) {
  return (
    <div className={cx(card, 'flex min-w-0 flex-col gap-2 p-5')}>
      <span className="flex items-center justify-between gap-3">
        <span className="text-sm font-semibold text-neutral-600">{label}</span>
        <span
          className="flex size-9 items-center justify-center rounded-full bg-primary-50 text-primary-600"
          aria-hidden="true"
        >
          {icon}
        </span>
      </span>
      <span className="text-2xl font-bold tabular-nums text-neutral-900">{value}</span>
      {change}
    </div>
  );
}

function Figures({ totals, previous }: { totals: InsightsTotals; previous: InsightsTotals }) {
  const { t } = useTranslation();
  const { number, decimal } = useNumbers();
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="insights-figures">
      <FigureCard
        icon={<Users className="size-4" />}
        label={t('insights.cards.readers')}
        value={number(totals.readers)}
        change={<Change now={totals.readers} before={previous.readers} format={number} />}
      />
      <FigureCard
        icon={<Layers className="size-4" />}
        label={t('insights.cards.sessions')}
        value={number(totals.sessions)}
        change={<Change now={totals.sessions} before={previous.sessions} format={number} />}
      />
      <FigureCard
        icon={<Eye className="size-4" />}
        label={t('insights.cards.opens')}
        value={number(totals.opens)}
        change={<Change now={totals.opens} before={previous.opens} format={number} />}
      />
      <FigureCard
        icon={<BarChart3 className="size-4" />}
        label={t('insights.cards.pagesPerSession')}
        value={decimal(totals.pagesPerSession)}
        change={<Change now={totals.pagesPerSession} before={previous.pagesPerSession} format={decimal} />}
      />
    </div>
  );
}

function useDuration() {
  const { t } = useTranslation();
  return (seconds: number | null): string => {
    if (seconds === null) return t('insights.pages.none');
    const text =
      seconds < 60
        ? t('insights.seconds', { value: seconds })
        : t('insights.minutes', { value: Math.round(seconds / 60) });
    return seconds >= 1800 ? t('insights.over', { value: text }) : text;
  };
}

function PageTable({
  title,
  pages,
  guidebookId,
}: {
  title: string;
  pages: readonly InsightsPage[];
  guidebookId: string | null;
}) {
  const { t } = useTranslation();
  const { number } = useNumbers();
  const duration = useDuration();
  const nameOf = (page: InsightsPage) =>
    page.page === COVER_PAGE
      ? t('insights.pages.cover')
      : page.title === null
        ? t('insights.pages.deleted')
        : page.title.trim() || t('insights.pages.untitled');
  return (
    <section className={cx(card, 'min-w-0 p-5')} aria-label={title}>
      <h2 className="text-base font-semibold text-neutral-900">{title}</h2>
      <table className="mt-3 w-full table-fixed text-sm">
        <thead>
          <tr className="text-left text-xs text-neutral-500">
            <th scope="col" className="pb-2 font-semibold">
              {t('insights.pages.page')}
            </th>
            <th scope="col" className="w-16 pb-2 text-right font-semibold">
              {t('insights.pages.opens')}
            </th>
            <th scope="col" className="w-28 pb-2 text-right font-semibold">
              {t('insights.pages.median')}
            </th>
          </tr>
        </thead>
        <tbody>
          {pages.map((page) => {
            const editable = guidebookId !== null && page.title !== null;
            const href =
              page.page === COVER_PAGE
                ? paths.guidebookEdit.getHref(guidebookId ?? '')
                : paths.guidebookContent.getHref(guidebookId ?? '', page.page);
            return (
              <tr key={page.page} className="border-t border-neutral-100" data-page={page.page}>
                <th
                  scope="row"
                  className="truncate py-2.5 pr-3 text-left font-normal text-neutral-800 [word-break:keep-all]"
                >
                  {editable ? (
                    <Link
                      to={href}
                      className="text-primary-700 underline-offset-2 hover:underline"
                      title={t('insights.pages.edit')}
                    >
                      {nameOf(page)}
                    </Link>
                  ) : (
                    nameOf(page)
                  )}
                </th>
                <td className="py-2.5 text-right tabular-nums text-neutral-900">{number(page.opens)}</td>
                <td className="py-2.5 text-right tabular-nums text-neutral-700">{duration(page.medianSeconds)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function Shares<K extends string>({
  title,
  keys,
  counts,
  label,
}: {
  title: string;
  keys: readonly K[];
  counts: Record<K, number>;
  label: (key: K) => string;
}) {
  const { number } = useNumbers();
  const total = keys.reduce((sum, key) => sum + counts[key], 0);
  return (
    <section className={cx(card, 'min-w-0 p-5')} aria-label={title}>
      <h2 className="text-base font-semibold text-neutral-900">{title}</h2>
      <ul className="mt-3 flex flex-col gap-2.5">
        {keys.map((key) => {
          const share = total === 0 ? 0 : Math.round((counts[key] / total) * 100);
          return (
            <li key={key} className="flex flex-col gap-1" data-share={key}>
              <span className="flex justify-between text-sm">
                <span className="text-neutral-700">{label(key)}</span>
                <span className="tabular-nums text-neutral-900">
                  {number(counts[key])} <span className="text-neutral-500">({share}%)</span>
                </span>
              </span>
              <span className="h-2 overflow-hidden rounded-full bg-neutral-100" aria-hidden="true">
                <span className="block h-full rounded-full bg-primary-500" style={{ width: `${share}%` }} />
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function RangePicker({ range, onChange }: { range: InsightsRange; onChange: (range: InsightsRange) => void }) {
  const { t } = useTranslation();
  const today = koreanToday();
  const length = Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;
  return (
    <fieldset className="flex flex-wrap items-end gap-2">
      <legend className="sr-only">{t('insights.range.label')}</legend>
      {PRESETS.map((days) => (
        <button
          key={days}
          type="button"
          aria-pressed={range.to === today && length === days}
          onClick={() => onChange({ from: shiftDay(today, 1 - days), to: today })}
          className={cx(
            'h-10 rounded-control border px-3 text-sm font-semibold',
            range.to === today && length === days
              ? 'border-primary-600 bg-primary-50 text-primary-700'
              : 'border-neutral-200 bg-white text-neutral-700 hover:bg-neutral-50',
          )}
        >
          {t(`insights.range.last${days}`)}
        </button>
      ))}
      <label className="flex flex-col gap-1 text-xs font-semibold text-neutral-600">
        {t('insights.range.from')}
        <input
          type="date"
          value={range.from}
          max={range.to}
          onChange={(event) => event.target.value && onChange({ ...range, from: event.target.value })}
          className="h-10 rounded-control border border-neutral-200 px-2 text-sm text-neutral-900"
        />
      </label>
      <label className="flex flex-col gap-1 text-xs font-semibold text-neutral-600">
        {t('insights.range.to')}
        <input
          type="date"
          value={range.to}
          min={range.from}
          max={today}
          onChange={(event) => event.target.value && onChange({ ...range, to: event.target.value })}
          className="h-10 rounded-control border border-neutral-200 px-2 text-sm text-neutral-900"
        />
      </label>
    </fieldset>
  );
}

function Report({ answer, guidebookId }: { answer: InsightsAnswer; guidebookId: string | null }) {
  const { t } = useTranslation();
  const read = answer.pages.filter((page) => page.opens > 0);
  const least = [...answer.pages]
    .sort((a, b) => a.opens - b.opens || a.page.localeCompare(b.page))
    .slice(0, LISTED_PAGES);
  return (
    <>
      <Figures totals={answer.totals} previous={answer.previousTotals} />
      <section className={cx(card, 'min-w-0 p-5')} aria-label={t('insights.chart.title')}>
        <h2 className="text-base font-semibold text-neutral-900">{t('insights.chart.title')}</h2>
        <Suspense fallback={<div className="h-[260px]" />}>
          <InsightsChart days={answer.days} />
        </Suspense>
      </section>
      {answer.scope === 'guidebook' ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <PageTable
            title={t('insights.pages.mostRead')}
            pages={read.slice(0, LISTED_PAGES)}
            guidebookId={guidebookId}
          />
          <PageTable title={t('insights.pages.leastRead')} pages={least} guidebookId={guidebookId} />
        </div>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Shares
          title={t('insights.sources.title')}
          keys={READING_SOURCES}
          counts={answer.sources}
          label={(key) => t(`insights.sources.${key}`)}
        />
        <Shares
          title={t('insights.devices.title')}
          keys={READING_DEVICES}
          counts={answer.devices}
          label={(key) => t(`insights.devices.${key}`)}
        />
      </div>
    </>
  );
}

/**
 * The insights screen (issue 24): one guidebook's readers for its owner, or the site's (and one company's) for
 * administrators. The range is two Korean days; every figure sits beside the period of the same length before.
 */
export function InsightsView({
  target,
  title,
  range,
  onRangeChange,
  toolbar,
}: {
  target: InsightsTarget;
  title: string;
  range: InsightsRange;
  onRangeChange: (range: InsightsRange) => void;
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const query = useInsights(target, range);
  const answer = query.data;
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await insightsCsv(target, range, session?.token);
    } catch {
      toast.error(t('insights.exportFailed'));
    } finally {
      setExporting(false);
    }
  };
  const empty = answer !== undefined && answer.totals.opens === 0;
  return (
    <div className="flex flex-col gap-6" data-testid="insights">
      <header className="flex flex-col gap-4">
        <div>
          {answer?.title ? (
            <p className="mb-1 text-sm font-semibold text-primary-700 [word-break:keep-all]">{answer.title}</p>
          ) : null}
          <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl [word-break:keep-all]">{title}</h1>
          <p className="mt-1.5 max-w-3xl text-base text-neutral-600 [word-break:keep-all]">{t('insights.subtitle')}</p>
        </div>
        <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
          <RangePicker range={range} onChange={onRangeChange} />
          <div className="flex flex-wrap items-end gap-2">
            {toolbar}
            <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting || answer === undefined}>
              <Download className="size-4" aria-hidden="true" />
              {t('insights.export')}
            </Button>
          </div>
        </div>
        {answer ? (
          <p className="text-sm text-neutral-500">
            <Clock3 className="mr-1 inline size-4 align-[-3px]" aria-hidden="true" />
            {dotted(answer.from)} – {dotted(answer.to)} ·{' '}
            {t('insights.range.compared', { from: dotted(answer.previous.from), to: dotted(answer.previous.to) })}
          </p>
        ) : null}
      </header>
      {query.isPending ? (
        <div className="flex min-h-80 items-center justify-center text-primary-600">
          <Spinner size="lg" label={t('insights.loading')} />
        </div>
      ) : query.isError && !answer ? (
        <div className={cx(card, 'flex flex-col items-center gap-3 px-6 py-12 text-center')} role="alert">
          <p className="text-base font-semibold text-neutral-900">{t('insights.error.title')}</p>
          <p className="max-w-md text-sm text-neutral-600">{t('insights.error.description')}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('insights.error.retry')}
          </Button>
        </div>
      ) : answer ? (
        <div
          className={cx(
            'flex flex-col gap-6 transition-opacity',
            query.isFetching && query.isPlaceholderData ? 'opacity-60' : '',
          )}
          aria-busy={query.isFetching}
        >
          {empty ? (
            <div
              className={cx(card, 'flex flex-col items-center gap-2 px-6 py-12 text-center')}
              data-testid="insights-empty"
            >
              <span
                className="flex size-14 items-center justify-center rounded-full bg-primary-50 text-primary-600"
                aria-hidden="true"
              >
                <Users className="size-6" />
              </span>
              <p className="text-base font-semibold text-neutral-900">{t('insights.empty.title')}</p>
              <p className="max-w-md text-sm text-balance text-neutral-600 [word-break:keep-all]">
                {t('insights.empty.description')}
              </p>
            </div>
          ) : null}
          <Report answer={answer} guidebookId={target.kind === 'guidebook' ? target.guidebookId : null} />
        </div>
      ) : null}
    </div>
  );
}
