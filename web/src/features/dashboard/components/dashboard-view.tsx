import { lazy, startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as Popover from '@radix-ui/react-popover';
import { DayPicker } from 'react-day-picker';
import { enUS, ko } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { BookOpen, CalendarDays, CreditCard, Crown, Mail, RotateCcw, TrendingUp, Users } from 'lucide-react';
import {
  DASHBOARD_LINKS,
  DASHBOARD_PLANS,
  dashboardLinkSearch,
  dashboardPlanLink,
  type DashboardLink,
  type DashboardLinkedFigure,
  type DashboardPlan,
  type DashboardSummary,
} from '@pocketguide/contracts/dashboard/dashboard-summary';
import { paths } from '../../../app/paths.ts';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatWon } from '../../payments/payment-text.ts';
import { dottedDay, reportingToday, useDashboard } from '../api/dashboard.ts';

const DashboardCharts = lazy(() => import('./dashboard-charts.tsx'));

const card = 'rounded-card border border-neutral-200 bg-white shadow-raised';

/** The screen a counted figure opens: the list whose total is the figure (DASHBOARD_LINKS says which filters). */
const hrefOf = (link: DashboardLink): string => `${link.list === 'users' ? paths.adminUsers.getHref() : paths.adminGuidebooks.getHref()}${dashboardLinkSearch(link)}`;
const linkOf = (figure: DashboardLinkedFigure): string => hrefOf(DASHBOARD_LINKS[figure]);

function useFormats() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-US' : 'ko-KR';
  const number = new Intl.NumberFormat(locale);
  const decimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return {
    number: (value: number) => number.format(value),
    percent: (value: number) => `${decimal.format(value)}%`,
    won: (value: number) => formatWon(value, i18n.language),
    /** units of 10,000 won, one decimal (spec §10) */
    manwon: (value: number) => decimal.format(value / 10_000),
  };
}

/** A headline figure opening its list; the note under it opens its own list (today's) when it has one. */
function HeadlineCard({ to, icon, label, value, note, noteTo }: { to: string; icon: ReactNode; label: string; value: string; note: string; noteTo?: string }) {
  return (
    <div className={cx(card, 'flex h-full flex-col gap-3 p-5 transition-colors hover:border-primary-200')}>
      <Link to={to} className="group flex flex-col gap-3">
        <span className="flex items-center justify-between gap-3">
          <span className="text-sm font-semibold text-neutral-600">{label}</span>
          <span className="flex size-9 items-center justify-center rounded-full bg-primary-50 text-primary-600" aria-hidden="true">
            {icon}
          </span>
        </span>
        <span className="text-2xl font-bold tabular-nums text-neutral-900 sm:text-[1.75rem]">{value}</span>
      </Link>
      {noteTo ? (
        <Link to={noteTo} className="self-start text-sm font-semibold text-primary-700 underline-offset-2 hover:underline">
          {note}
        </Link>
      ) : (
        <span className="text-sm font-semibold text-primary-700">{note}</span>
      )}
    </div>
  );
}

function Row({ label, value, detail, to }: { label: string; value: string; detail?: string; to?: string }) {
  const name = to ? (
    <Link to={to} className="text-primary-700 underline-offset-2 hover:underline">
      {label}
    </Link>
  ) : (
    label
  );
  return (
    <tr className="border-t border-neutral-100">
      <th scope="row" className="py-2.5 pr-3 text-left text-sm font-normal text-neutral-700">
        {name}
      </th>
      <td className="py-2.5 text-right text-sm font-semibold tabular-nums text-neutral-900">{value}</td>
      <td className="w-20 py-2.5 pl-3 text-right text-sm tabular-nums text-neutral-500">{detail ?? ''}</td>
    </tr>
  );
}

function PlanBreakdown({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation();
  const f = useFormats();
  const share = (count: number) => f.percent(summary.usersTotal > 0 ? Math.round((count / summary.usersTotal) * 1000) / 10 : 0);
  // the spec's four first, then the others (only when someone is on them)
  const named: DashboardPlan[] = ['free', 'standard', 'pro', 'business'];
  const others = DASHBOARD_PLANS.filter((plan) => !named.includes(plan) && summary.plans[plan] > 0);
  return (
    <section className={cx(card, 'p-5')} aria-labelledby="dashboard-plans">
      <h2 id="dashboard-plans" className="text-base font-semibold text-neutral-900">
        {t('dashboard.plans.title')}
      </h2>
      <table className="mt-3 w-full" aria-labelledby="dashboard-plans">
        <thead className="sr-only">
          <tr>
            <th scope="col">{t('dashboard.plans.plan')}</th>
            <th scope="col">{t('dashboard.plans.count')}</th>
            <th scope="col">{t('dashboard.plans.share')}</th>
          </tr>
        </thead>
        <tbody>
          {[...named, ...others].map((plan) => (
            <Row
              key={plan}
              label={t(`plans.${plan}`)}
              to={hrefOf(dashboardPlanLink(plan))}
              value={t('dashboard.units.people', { count: summary.plans[plan], formatted: f.number(summary.plans[plan]) })}
              detail={share(summary.plans[plan])}
            />
          ))}
          <tr className="border-t-2 border-neutral-200">
            <th scope="row" className="py-2.5 pr-3 text-left text-sm font-semibold text-neutral-900">
              {t('dashboard.plans.total')}
            </th>
            <td className="py-2.5 text-right text-sm font-bold tabular-nums text-neutral-900">
              {t('dashboard.units.people', { count: summary.usersTotal, formatted: f.number(summary.usersTotal) })}
            </td>
            <td className="w-20 py-2.5 pl-3 text-right text-sm tabular-nums text-neutral-500">{f.percent(summary.usersTotal > 0 ? 100 : 0)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

function GuidebookCard({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation();
  const f = useFormats();
  const books = (count: number) => t('dashboard.units.guidebooks', { count, formatted: f.number(count) });
  return (
    <section className={cx(card, 'p-5')} aria-labelledby="dashboard-guidebooks">
      <h2 id="dashboard-guidebooks" className="text-base font-semibold text-neutral-900">
        {t('dashboard.guidebooks.title')}
      </h2>
      <table className="mt-3 w-full" aria-labelledby="dashboard-guidebooks">
        <tbody>
          <Row label={t('dashboard.guidebooks.total')} to={linkOf('guidebooksTotal')} value={books(summary.guidebooksTotal)} />
          <Row
            label={t('dashboard.guidebooks.published')}
            to={linkOf('publishedGuidebooks')}
            value={books(summary.publishedGuidebooks)}
            detail={f.percent(summary.publishedRate)}
          />
          <Row
            label={t('dashboard.guidebooks.gallery')}
            to={linkOf('publicGalleryGuidebooks')}
            value={books(summary.publicGalleryGuidebooks)}
            detail={f.percent(summary.publicGalleryRate)}
          />
          <Row label={t('dashboard.guidebooks.today')} to={linkOf('guidebooksToday')} value={books(summary.guidebooksToday)} />
        </tbody>
      </table>
      <p className="mt-3 text-xs text-neutral-500">{t('dashboard.guidebooks.note')}</p>
    </section>
  );
}

function KeyMetrics({ summary }: { summary: DashboardSummary }) {
  const { t, i18n } = useTranslation();
  const f = useFormats();
  const monthNumber = Number(summary.month.slice(5));
  const monthName = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'ko-KR', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(summary.month.slice(0, 4)), monthNumber - 1, 15)),
  );
  const items: Array<{ label: string; value: string; detail: string; to?: string }> = [
    {
      label: t('dashboard.metrics.active'),
      value: t('dashboard.units.people', { count: summary.activeUsers, formatted: f.number(summary.activeUsers) }),
      detail: t('dashboard.metrics.activeShare', { percent: f.percent(summary.activeRate) }),
      to: linkOf('activeUsers'),
    },
    { label: t('dashboard.metrics.cumulative'), value: t('dashboard.units.manwon', { value: f.manwon(summary.paymentsTotal) }), detail: f.won(summary.paymentsTotal) },
    { label: t('dashboard.metrics.thisMonth', { month: monthNumber, monthName }), value: f.won(summary.paymentsThisMonth), detail: t('dashboard.metrics.thisMonthNote') },
  ];
  return (
    <section className={cx(card, 'p-5')} aria-labelledby="dashboard-metrics">
      <h2 id="dashboard-metrics" className="text-base font-semibold text-neutral-900">
        {t('dashboard.metrics.title')}
      </h2>
      <dl className="mt-3 grid gap-4 sm:grid-cols-3">
        {items.map((item) => (
          <div key={item.label} className="flex flex-col gap-1 rounded-control bg-neutral-50 p-4">
            <dt className="text-sm text-neutral-600">
              {item.to ? (
                <Link to={item.to} className="text-primary-700 underline-offset-2 hover:underline">
                  {item.label}
                </Link>
              ) : (
                item.label
              )}
            </dt>
            <dd className="text-xl font-bold tabular-nums text-neutral-900">{item.value}</dd>
            <dd className="text-xs text-neutral-500">{item.detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Shortcuts() {
  const { t } = useTranslation();
  const tiles = [
    { to: paths.adminUsers.getHref(), label: t('dashboard.shortcuts.users'), Icon: Users },
    { to: paths.adminGuidebooks.getHref(), label: t('dashboard.shortcuts.guidebooks'), Icon: BookOpen },
    { to: paths.adminPayments.getHref(), label: t('dashboard.shortcuts.payments'), Icon: CreditCard },
    { to: paths.adminMessages.getHref(), label: t('dashboard.shortcuts.messages'), Icon: Mail },
  ];
  return (
    <nav aria-label={t('dashboard.shortcuts.title')}>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {tiles.map(({ to, label, Icon }) => (
          <li key={to}>
            <Link to={to} className={cx(card, 'flex h-full items-center gap-3 p-4 text-sm font-semibold text-neutral-800 transition-colors hover:border-primary-200 sm:text-base')}>
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-600" aria-hidden="true">
                <Icon className="size-4" />
              </span>
              <span className="min-w-0 [word-break:keep-all]">{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
const toDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const fromDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/** "As of": the dashboard as it was at the end of a past day (the server replays the log up to it). */
function AsOfPicker({ asOf, onChange }: { asOf: string | null; onChange: (day: string | null) => void }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const today = reportingToday();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger className="flex h-10 items-center gap-2 rounded-control border border-neutral-300 bg-white px-3 text-sm text-neutral-800 hover:border-primary-300" data-testid="dashboard-as-of">
          <CalendarDays className="size-4 text-neutral-500" aria-hidden="true" />
          <span className="text-neutral-500">{t('dashboard.asOf.label')}</span>
          <span className="font-semibold tabular-nums">{asOf ? dottedDay(asOf) : t('dashboard.asOf.now')}</span>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={6}
            className="z-50 rounded-card border border-neutral-200 bg-white p-3 shadow-raised [--rdp-accent-background-color:var(--color-primary-50)] [--rdp-accent-color:var(--color-primary-600)]"
          >
            <DayPicker
              mode="single"
              locale={i18n.language === 'en' ? enUS : ko}
              selected={asOf ? fromDay(asOf) : undefined}
              defaultMonth={asOf ? fromDay(asOf) : fromDay(today)}
              disabled={{ after: fromDay(today) }}
              onSelect={(day) => {
                if (day) onChange(toDay(day) >= today ? null : toDay(day));
                setOpen(false);
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {asOf ? (
        <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
          <RotateCcw className="size-4" aria-hidden="true" />
          {t('dashboard.asOf.backToNow')}
        </Button>
      ) : null}
    </div>
  );
}

function Figures({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation();
  const f = useFormats();
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={t('dashboard.headline')}>
        <li>
          <HeadlineCard
            to={linkOf('usersTotal')}
            icon={<Users className="size-4" />}
            label={t('dashboard.cards.users')}
            value={t('dashboard.units.people', { count: summary.usersTotal, formatted: f.number(summary.usersTotal) })}
            note={t('dashboard.cards.today', { value: f.number(summary.usersToday) })}
            noteTo={linkOf('usersToday')}
          />
        </li>
        <li>
          <HeadlineCard
            to={linkOf('guidebooksTotal')}
            icon={<BookOpen className="size-4" />}
            label={t('dashboard.cards.guidebooks')}
            value={t('dashboard.units.guidebooks', { count: summary.guidebooksTotal, formatted: f.number(summary.guidebooksTotal) })}
            note={t('dashboard.cards.today', { value: f.number(summary.guidebooksToday) })}
            noteTo={linkOf('guidebooksToday')}
          />
        </li>
        <li>
          <HeadlineCard
            to={linkOf('paidUsers')}
            icon={<Crown className="size-4" />}
            label={t('dashboard.cards.paidUsers')}
            value={t('dashboard.units.people', { count: summary.paidUsers, formatted: f.number(summary.paidUsers) })}
            note={t('dashboard.cards.conversion', { value: f.percent(summary.conversionRate) })}
          />
        </li>
        <li>
          <HeadlineCard
            to={paths.adminPayments.getHref()}
            icon={<TrendingUp className="size-4" />}
            label={t('dashboard.cards.mrr')}
            value={f.won(summary.mrr)}
            note={t('dashboard.cards.today', { value: f.won(summary.paymentsToday) })}
          />
        </li>
      </ul>
      <div className="grid gap-4 lg:grid-cols-2">
        <PlanBreakdown summary={summary} />
        <GuidebookCard summary={summary} />
      </div>
      <section aria-labelledby="dashboard-trends" className="flex flex-col gap-3">
        <h2 id="dashboard-trends" className="text-lg font-bold text-neutral-900">
          {t('dashboard.charts.title')}
        </h2>
        <WhenNearScreen
          fallback={
            <div className={cx(card, 'flex h-[300px] items-center justify-center text-neutral-500')}>
              <Spinner label={t('dashboard.loading')} />
            </div>
          }
        >
          <DashboardCharts summary={summary} />
        </WhenNearScreen>
      </section>
      <KeyMetrics summary={summary} />
    </>
  );
}

/**
 * The charts' code (recharts) and drawing (a few hundred milliseconds of a phone's main thread) wait until their
 * place comes near the screen: below the first screen on a phone, they would otherwise hold the page busy right
 * after it arrived (issue 20). They are then drawn in a transition, in slices, their box keeping its size meanwhile.
 */
function WhenNearScreen({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [near, setNear] = useState(false);
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return <div ref={place}>{near ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}</div>;
}

/**
 * The figures' room while they load: the four headline cards' shapes, then at least a screen, so the shortcuts under
 * the figures start below the first screen and stay there when the figures arrive (issue 20: they were drawn on
 * screen, then pushed 2,700 px down: a layout shift of 0.25).
 */
function DashboardLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col gap-6">
      <Spinner className="sr-only" label={t('dashboard.loading')} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <li key={index} className={cx(card, 'flex h-38 flex-col gap-3 p-5')}>
            <span className="flex items-center justify-between gap-3">
              <span className="h-5 w-24 animate-pulse rounded-control bg-neutral-100" />
              <span className="size-9 animate-pulse rounded-full bg-neutral-100" />
            </span>
            <span className="h-8 w-32 animate-pulse rounded-control bg-neutral-100" />
          </li>
        ))}
      </ul>
      <div className="grid gap-4 lg:grid-cols-2" aria-hidden="true">
        <div className={cx(card, 'h-80 animate-pulse')} />
        <div className={cx(card, 'h-80 animate-pulse')} />
      </div>
    </div>
  );
}

/** /admin/dashboard (spec 3 §2.5): headline cards, plans, guidebooks, trends, key metrics and shortcuts. */
export function DashboardView({ asOf, onAsOfChange }: { asOf: string | null; onAsOfChange: (day: string | null) => void }) {
  const { t } = useTranslation();
  const query = useDashboard(asOf);
  const summary = query.data;
  return (
    <div className="flex flex-col gap-6" data-testid="dashboard">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">{t('dashboard.title')}</h1>
          <p className="mt-1.5 text-base text-neutral-600 [word-break:keep-all]">{t('dashboard.subtitle')}</p>
        </div>
        <AsOfPicker asOf={asOf} onChange={onAsOfChange} />
      </header>
      {asOf && summary?.replayed ? (
        <p className="rounded-control border border-info-200 bg-info-50 px-4 py-3 text-sm text-info-700" role="status">
          {t('dashboard.asOf.banner', { day: dottedDay(asOf) })}
        </p>
      ) : null}
      {query.isPending ? (
        <DashboardLoading />
      ) : query.isError && !summary ? (
        <div className={cx(card, 'flex flex-col items-center gap-3 px-6 py-12 text-center')} role="alert">
          <p className="text-base font-semibold text-neutral-900">{t('dashboard.error.title')}</p>
          <p className="max-w-md text-sm text-neutral-600">{t('dashboard.error.description')}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('dashboard.error.retry')}
          </Button>
        </div>
      ) : summary ? (
        <div className={cx('flex flex-col gap-6 transition-opacity', query.isFetching && query.isPlaceholderData ? 'opacity-60' : '')} aria-busy={query.isFetching}>
          <Figures summary={summary} />
        </div>
      ) : null}
      <Shortcuts />
    </div>
  );
}
