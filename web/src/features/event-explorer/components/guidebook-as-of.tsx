import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BookOpen, Clock } from 'lucide-react';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { AuditTimeline } from '../../audit/index.ts';
import { useGuidebookAsOf } from '../api/events.ts';
import { fromLocalInput, toLocalInput } from './event-filter-form.tsx';

type Page = { _id?: unknown; title?: unknown; subtitle?: unknown; contentType?: unknown };

/**
 * "As of": a guidebook as it was at a chosen instant, replayed by the server from its events, shown read-only as a
 * structured view (title, state, pages) with the whole document as JSON beside it.
 */
export function GuidebookAsOf({ initialGuidebookId = '' }: { initialGuidebookId?: string }) {
  const { t } = useTranslation();
  const [guidebookId, setGuidebookId] = useState(initialGuidebookId);
  const [at, setAt] = useState(() => toLocalInput(new Date().toISOString()));
  const [request, setRequest] = useState<{ guidebookId: string; at: string } | null>(null);
  const asOf = useGuidebookAsOf(request);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const instant = fromLocalInput(at);
    if (guidebookId.trim() && instant) setRequest({ guidebookId: guidebookId.trim(), at: instant });
  };

  const document = (asOf.data?.document ?? null) as { title?: unknown; contents?: unknown } | null;
  const pages = Array.isArray(document?.contents) ? (document.contents as Page[]) : [];
  return (
    <section
      className="flex flex-col gap-4 rounded-card border border-neutral-200 bg-white p-5 shadow-raised"
      aria-labelledby="as-of-title"
      data-guidebook-as-of
    >
      <div>
        <h2 id="as-of-title" className="flex items-center gap-2 text-lg font-bold text-neutral-900">
          <Clock className="size-5 text-primary-600" aria-hidden="true" />
          {t('eventExplorer.asOf.title')}
        </h2>
        <p className="mt-1 text-sm text-neutral-600">{t('eventExplorer.asOf.description')}</p>
      </div>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end">
        <TextField
          label={t('eventExplorer.asOf.guidebookId')}
          value={guidebookId}
          onChange={(event) => setGuidebookId(event.target.value)}
          name="guidebookId"
          required
        />
        <TextField
          label={t('eventExplorer.asOf.at')}
          type="datetime-local"
          step="1"
          value={at}
          onChange={(event) => setAt(event.target.value)}
          name="at"
          required
        />
        <Button type="submit" className="sm:mb-0.5" loading={asOf.isFetching}>
          {t('eventExplorer.asOf.show')}
        </Button>
      </form>
      {request === null ? null : asOf.isPending ? (
        <p className="flex items-center gap-2 text-sm text-neutral-500" role="status">
          <Spinner size="sm" className="text-primary-600" />
          {t('eventExplorer.asOf.loading')}
        </p>
      ) : asOf.isError ? (
        <Banner tone={isApiError(asOf.error) && asOf.error.status === 404 ? 'info' : 'alert'}>
          <p>
            {isApiError(asOf.error) && asOf.error.status === 404
              ? t('eventExplorer.asOf.notFound')
              : t('eventExplorer.asOf.failed')}
          </p>
        </Banner>
      ) : (
        <article
          className="flex flex-col gap-3 rounded-control border border-neutral-200 bg-neutral-50 p-4"
          aria-readonly="true"
          data-as-of-result
        >
          {asOf.data.state === 'deleted' ? (
            <Banner tone="warning">
              <p>{t('eventExplorer.asOf.deleted')}</p>
            </Banner>
          ) : null}
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <h3 className="text-xl font-bold break-words text-neutral-900" data-as-of-title>
              {asOf.data.title || t('eventExplorer.asOf.untitled')}
            </h3>
            <span className="rounded-full bg-neutral-200 px-2 py-0.5 text-xs font-semibold text-neutral-700">
              {asOf.data.isPublished ? t('eventExplorer.asOf.published') : t('eventExplorer.asOf.unpublished')}
            </span>
          </div>
          <p className="text-sm text-neutral-600">
            {t('eventExplorer.asOf.revision', {
              revision: asOf.data.revision,
              count: asOf.data.eventsApplied,
              at: formatDateTime(asOf.data.lastChangedAt),
            })}
          </p>
          {pages.length > 0 ? (
            <div>
              <h4 className="text-sm font-semibold text-neutral-800">{t('eventExplorer.asOf.pages')}</h4>
              <ol className="mt-1 grid gap-1 sm:grid-cols-2">
                {pages.map((page, index) => (
                  <li
                    key={typeof page._id === 'string' ? page._id : index}
                    className="flex items-center gap-2 rounded-control bg-white px-3 py-2 text-sm text-neutral-800"
                  >
                    <BookOpen className="size-4 shrink-0 text-neutral-400" aria-hidden="true" />
                    <span className="truncate">
                      {typeof page.title === 'string' && page.title ? page.title : t('eventExplorer.asOf.untitled')}
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          ) : null}
          <details>
            <summary className="cursor-pointer text-sm font-semibold text-neutral-800">
              {t('eventExplorer.asOf.json')}
            </summary>
            <pre className="mt-1 max-h-96 overflow-auto rounded-control bg-neutral-900 p-3 text-xs text-neutral-50">
              {JSON.stringify(asOf.data.document, null, 2)}
            </pre>
          </details>
        </article>
      )}
      {/* No admin screen shows one guidebook yet: its change history lives here, beside its past versions. */}
      {request !== null && asOf.isSuccess ? (
        <AuditTimeline subject="guidebook" id={request.guidebookId} headingLevel={3} />
      ) : null}
    </section>
  );
}
