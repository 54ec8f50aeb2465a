import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { ChevronDown, Download, History } from 'lucide-react';
import type { AuditEntry, AuditSubjectType } from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useSession } from '../../../lib/session-context.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { downloadExport } from '../../../lib/download-export.ts';
import { useAuditTimeline } from '../api/get-audit-timeline.ts';
import { actorLabel, describeEvent } from '../describe-event.ts';

export type AuditTimelineProps = {
  subject: AuditSubjectType;
  id: string;
  /** heading level of the section title (the screen's own title is usually the h1) */
  headingLevel?: 2 | 3;
  /** the log position of the screen's last write: the timeline reads again up to it (no reload needed) */
  after?: number;
};

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold text-neutral-600">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="h-9 w-full min-w-36 appearance-none rounded-control border border-neutral-300 bg-white pr-9 pl-3 text-sm text-neutral-900 hover:border-neutral-400 focus-visible:border-primary-600 focus-visible:ring-3 focus-visible:ring-primary-100 focus-visible:outline-none"
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-neutral-500"
          aria-hidden="true"
        />
      </div>
    </div>
  );
}

function Entry({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const summary = Object.entries(entry.summary);
  return (
    <li className="flex flex-col gap-1 py-3" data-audit-position={entry.position}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <time dateTime={entry.at} className="text-sm text-neutral-500 tabular-nums">
          {formatDateTime(entry.at)}
        </time>
        <span className="font-medium break-words text-neutral-900">
          {describeEvent(entry, t, (key) => i18n.exists(key))}
        </span>
      </div>
      <details className="text-xs text-neutral-600">
        <summary className="cursor-pointer select-none">
          {t('audit.details')} · <code>{entry.type}</code>
          {entry.command ? (
            <>
              {' · '}
              {t('audit.command')} <code>{entry.command}</code>
            </>
          ) : null}
        </summary>
        <dl className="mt-2 grid gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{t('eventExplorer.columns.actor')}</dt>
          <dd className="break-all">
            {actorLabel(entry, t)} {entry.actorId && entry.actor?.email ? `<${entry.actor.email}>` : ''}
          </dd>
          <dt className="font-semibold">{t('audit.position')}</dt>
          <dd>
            <Link className="text-primary-700 underline" to={paths.adminEvents.getHref(entry.position)}>
              #{entry.position} · {t('audit.openInExplorer')}
            </Link>
          </dd>
          {entry.correlationId ? (
            <>
              <dt className="font-semibold">{t('audit.correlation')}</dt>
              <dd className="break-all">{entry.correlationId}</dd>
            </>
          ) : null}
          {summary.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="font-mono">{key}</dt>
              <dd className="break-all">{String(value)}</dd>
            </div>
          ))}
        </dl>
      </details>
    </li>
  );
}

/**
 * The audit timeline of one user, guidebook, payment or message (issue 14), for the administrators' detail
 * screens: who did what, when, through which command, as a sentence in the reader's language; filters by actor
 * and event type; NDJSON and CSV exports of the whole timeline.
 */
export function AuditTimeline({ subject, id, headingLevel = 2, after }: AuditTimelineProps) {
  const { t } = useTranslation();
  const session = useSession();
  const errorMessage = useErrorMessage();
  const [actor, setActor] = useState('');
  const [type, setType] = useState('');
  const [page, setPage] = useState(1);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState<'ndjson' | 'csv' | null>(null);
  const timeline = useAuditTimeline(subject, id, { actor, type, page }, after);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const exportAs = async (format: 'ndjson' | 'csv') => {
    setExporting(format);
    setExportError(null);
    try {
      await downloadExport(
        `/admin/audit/${subject}/${encodeURIComponent(id)}`,
        { format, actor, type },
        session?.token,
        `audit-${subject}-${id}.${format}`,
      );
    } catch (error) {
      setExportError(errorMessage(error) || t('audit.export.failed'));
    } finally {
      setExporting(null);
    }
  };

  const data = timeline.data;
  return (
    <section
      className="rounded-card border border-neutral-200 bg-white p-5 shadow-raised"
      aria-labelledby={`audit-${subject}-${id}`}
      data-audit-timeline={`${subject}-${id}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Heading id={`audit-${subject}-${id}`} className="flex items-center gap-2 text-lg font-bold text-neutral-900">
            <History className="size-5 text-primary-600" aria-hidden="true" />
            {t('audit.title')}
          </Heading>
          <p className="mt-1 text-sm text-neutral-600">{t('audit.description')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            icon={<Download className="size-4" />}
            loading={exporting === 'ndjson'}
            onClick={() => void exportAs('ndjson')}
          >
            {t('audit.export.ndjson')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            icon={<Download className="size-4" />}
            loading={exporting === 'csv'}
            onClick={() => void exportAs('csv')}
          >
            {t('audit.export.csv')}
          </Button>
        </div>
      </div>
      {exportError ? (
        <p role="alert" className="mt-2 text-sm text-alert-700">
          {exportError}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <FilterSelect
          label={t('audit.filters.actor')}
          value={actor}
          onChange={(value) => {
            setActor(value);
            setPage(1);
          }}
          options={[
            { value: '', label: t('audit.filters.all') },
            ...(data?.actors ?? []).map((a) => ({ value: a.id, label: actorLabel({ actor: a, actorId: a.id }, t) })),
          ]}
        />
        <FilterSelect
          label={t('audit.filters.type')}
          value={type}
          onChange={(value) => {
            setType(value);
            setPage(1);
          }}
          options={[
            { value: '', label: t('audit.filters.all') },
            ...(data?.types ?? []).map((value) => ({ value, label: value })),
          ]}
        />
        {data ? <p className="pb-2 text-sm text-neutral-600">{t('audit.count', { count: data.totalCount })}</p> : null}
      </div>
      {timeline.isPending ? (
        <p className="flex items-center justify-center gap-2 py-8 text-neutral-500" role="status">
          <Spinner className="text-primary-600" />
          {t('audit.loading')}
        </p>
      ) : timeline.isError ? (
        <Banner
          tone="alert"
          className="mt-4"
          action={
            <Button variant="secondary" size="sm" onClick={() => void timeline.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          <p className="font-semibold">{t('audit.failed')}</p>
        </Banner>
      ) : timeline.data.results.length === 0 ? (
        <EmptyState className="py-8" icon={<History className="size-6" />} title={t('audit.empty')} />
      ) : (
        <>
          <ol className="mt-2 divide-y divide-neutral-100">
            {timeline.data.results.map((entry) => (
              <Entry key={entry.position} entry={entry} />
            ))}
          </ol>
          {timeline.data.pageCount > 1 ? (
            <Pagination
              page={page}
              pageCount={timeline.data.pageCount}
              onPageChange={setPage}
              label={t('audit.title')}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
