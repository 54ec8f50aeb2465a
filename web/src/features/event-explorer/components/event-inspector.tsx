import { useTranslation } from 'react-i18next';
import { Link2 } from 'lucide-react';
import { Banner } from '../../../components/banner.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { actorLabel, describeEvent } from '../../audit/index.ts';
import { useEventDetail } from '../api/events.ts';

/** One event: what it says as a sentence, its fields, its data and metadata as JSON (secrets redacted), and its chain. */
export function EventInspector({
  position,
  onSelect,
}: {
  position: number | null;
  onSelect: (position: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const detail = useEventDetail(position);
  return (
    <section
      className="flex min-w-0 flex-col gap-3 rounded-card border border-neutral-200 bg-white p-4 shadow-raised"
      aria-labelledby="event-inspector-title"
      data-event-inspector
    >
      <h2 id="event-inspector-title" className="text-base font-bold text-neutral-900">
        {t('eventExplorer.inspector.title')}
        {position !== null ? (
          <span className="ml-2 font-mono text-sm font-normal text-neutral-500">#{position}</span>
        ) : null}
      </h2>
      {position === null ? (
        <p className="text-sm text-neutral-500">{t('eventExplorer.inspector.pick')}</p>
      ) : detail.isPending ? (
        <p className="flex items-center gap-2 text-sm text-neutral-500" role="status">
          <Spinner size="sm" className="text-primary-600" />
          {t('eventExplorer.inspector.loading')}
        </p>
      ) : detail.isError ? (
        <Banner tone="alert">
          <p>{t('eventExplorer.inspector.failed')}</p>
        </Banner>
      ) : (
        <>
          <p className="font-medium text-neutral-900">
            {describeEvent(detail.data.entry, t, (key) => i18n.exists(key))}
          </p>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-neutral-500">{t('eventExplorer.columns.type')}</dt>
            <dd className="font-mono break-all">{detail.data.event.type}</dd>
            <dt className="text-neutral-500">{t('eventExplorer.columns.stream')}</dt>
            <dd className="font-mono break-all">
              {detail.data.event.streamId} @{detail.data.event.revision}
            </dd>
            <dt className="text-neutral-500">{t('eventExplorer.columns.at')}</dt>
            <dd className="tabular-nums">{formatDateTime(detail.data.event.recordedAt)}</dd>
            <dt className="text-neutral-500">{t('eventExplorer.columns.actor')}</dt>
            <dd className="break-all">
              {actorLabel(detail.data.entry, t)}
              {detail.data.entry.actorId ? (
                <span className="ml-1 font-mono text-xs text-neutral-500">{detail.data.entry.actorId}</span>
              ) : null}
            </dd>
            {detail.data.entry.command ? (
              <>
                <dt className="text-neutral-500">{t('audit.command')}</dt>
                <dd className="font-mono break-all">{detail.data.entry.command}</dd>
              </>
            ) : null}
          </dl>
          <div>
            <h3 className="flex items-center gap-1.5 text-sm font-semibold text-neutral-800">
              <Link2 className="size-4" aria-hidden="true" />
              {t('eventExplorer.inspector.chain', { count: detail.data.chain.length })}
            </h3>
            <p className="text-xs text-neutral-500">{t('eventExplorer.inspector.chainHint')}</p>
            <ol className="mt-2 flex flex-col gap-1 border-l-2 border-primary-200 pl-3" data-causation-chain>
              {detail.data.chain.map((entry) => (
                <li key={entry.position}>
                  <button
                    type="button"
                    onClick={() => onSelect(entry.position)}
                    aria-current={entry.position === position ? 'true' : undefined}
                    className={cx(
                      'w-full rounded-control px-2 py-1 text-left text-sm hover:bg-neutral-50',
                      entry.position === position && 'bg-primary-50 font-semibold text-primary-900',
                    )}
                  >
                    <span className="font-mono text-xs text-neutral-500">#{entry.position}</span> {entry.type}
                    <span className="ml-1 text-xs text-neutral-500">· {entry.streamId}</span>
                    {entry.position === position ? (
                      <span className="ml-1 text-xs">({t('eventExplorer.inspector.current')})</span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ol>
          </div>
          <details open>
            <summary className="cursor-pointer text-sm font-semibold text-neutral-800">
              {t('eventExplorer.inspector.data')}
            </summary>
            <pre
              className="mt-1 max-h-72 overflow-auto rounded-control bg-neutral-900 p-3 text-xs leading-relaxed text-neutral-50"
              data-event-json
            >
              {JSON.stringify(detail.data.event.data, null, 2)}
            </pre>
          </details>
          <details>
            <summary className="cursor-pointer text-sm font-semibold text-neutral-800">
              {t('eventExplorer.inspector.metadata')}
            </summary>
            <pre className="mt-1 max-h-48 overflow-auto rounded-control bg-neutral-900 p-3 text-xs leading-relaxed text-neutral-50">
              {JSON.stringify(detail.data.event.metadata, null, 2)}
            </pre>
          </details>
        </>
      )}
    </section>
  );
}
