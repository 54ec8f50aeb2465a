import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { InsightsView, koreanToday, shiftDay, type InsightsRange } from '../../../features/insights/index.ts';
import { paths } from '../../paths.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `?from=&to=` (Korean days) from the address, the last 30 days by default; kept in the address so it can be shared. */
function useRange(): [InsightsRange, (range: InsightsRange) => void] {
  const [search, setSearch] = useSearchParams();
  const today = koreanToday();
  const from = search.get('from');
  const to = search.get('to');
  const range = { from: from && DAY.test(from) ? from : shiftDay(today, -29), to: to && DAY.test(to) ? to : today };
  return [
    range,
    (next) =>
      setSearch((current) => ({ ...Object.fromEntries(current), from: next.from, to: next.to }), { replace: true }),
  ];
}

/** /guidebooks/{id}/insights: one guidebook's readers, for its owner and administrators. */
export function GuidebookInsightsRoute() {
  const { t } = useTranslation();
  const { guidebookId = '' } = useParams();
  const [range, setRange] = useRange();
  return (
    <div className="flex flex-col gap-4">
      <title>{`${t('insights.title')} · ${t('app.name')}`}</title>
      <Link
        to={paths.guidebooks.getHref()}
        className="inline-flex w-fit items-center gap-1.5 text-sm font-semibold text-primary-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('insights.back')}
      </Link>
      <InsightsView
        target={{ kind: 'guidebook', guidebookId }}
        title={t('insights.title')}
        range={range}
        onRangeChange={setRange}
      />
    </div>
  );
}

/** /admin/insights[?company=]: the site's readers, or one company's, for administrators. */
export function AdminInsightsRoute() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [range, setRange] = useRange();
  const company = search.get('company') || null;
  const [typed, setTyped] = useState(company ?? '');
  const toolbar = (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setSearch((current) => {
          const next = new URLSearchParams(current);
          if (typed.trim()) next.set('company', typed.trim());
          else next.delete('company');
          return next;
        });
      }}
    >
      <label className="flex flex-col gap-1 text-xs font-semibold text-neutral-600">
        {t('insights.company')}
        <input
          type="search"
          value={typed}
          placeholder={t('insights.allCompanies')}
          onChange={(event) => setTyped(event.target.value)}
          className="h-10 w-44 rounded-control border border-neutral-200 px-2 text-sm text-neutral-900"
        />
      </label>
    </form>
  );
  return (
    <>
      <title>{`${t('insights.siteTitle')} · ${t('app.name')}`}</title>
      <InsightsView
        target={{ kind: 'site', company }}
        title={company ? `${t('insights.siteTitle')} · ${company}` : t('insights.siteTitle')}
        range={range}
        onRangeChange={setRange}
        toolbar={toolbar}
      />
    </>
  );
}
