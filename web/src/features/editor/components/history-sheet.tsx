import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Eye, Redo2, RotateCcw, Undo2 } from 'lucide-react';
import { renderSummary, type HistoryEntry } from '@pocketguide/contracts';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { toWireLanguage, isLanguage } from '../../../lib/i18n.ts';
import { getHistory } from '../api/guidebook-history.ts';
import { useEditor, useEditorState } from '../editor-context.tsx';
import { useServerHistory } from '../hooks/use-server-history.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SideSheet } from './side-sheet.tsx';

/** The app header (64 px) and the editor's menu bar (56 px): the history sheet starts under both. */
const EDITOR_CHROME_HEIGHT = 121;

export const historyKey = (guidebookId: string) => ['guidebooks', 'history', guidebookId] as const;

/**
 * The version history (a side sheet beside the canvas): every saved change, newest first, with who, when and what
 * changed in the reader's language; any version can be previewed read-only in the phone and restored with one
 * confirmation; saved changes can be undone and redone on the server, across sessions.
 */
export function HistorySheet({
  open,
  onOpenChange,
  previewing,
  onPreview,
  onRestore,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  previewing: number | null;
  onPreview(revision: number | null): void;
  onRestore(revision: number): Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useEditor();
  const guidebookId = useEditorState((state) => state.guidebookId);
  const [page, setPage] = useState(1);
  const [restoreTarget, setRestoreTarget] = useState<number | null>(null);
  const { travel, busy } = useServerHistory();
  const language = toWireLanguage(isLanguage(i18n.language) ? i18n.language : 'ko');

  const history = useQuery({
    queryKey: [...historyKey(guidebookId ?? ''), page],
    queryFn: ({ signal }) => getHistory(api, guidebookId ?? '', page, signal),
    enabled: open && guidebookId !== null,
  });

  const data = history.data;
  return (
    <SideSheet
      open={open}
      onOpenChange={(next) => {
        if (!next) onPreview(null);
        onOpenChange(next);
      }}
      title={t('editor.history.title')}
      description={t('editor.history.description')}
      width={420}
      modal={false}
      top={EDITOR_CHROME_HEIGHT}
    >
      <div className="mb-4 flex gap-2">
        <Button
          size="sm"
          variant="secondary"
          loading={busy === 'undo'}
          icon={<Undo2 className="size-4" aria-hidden="true" />}
          onClick={() => void travel('undo')}
        >
          {t('editor.history.undo')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          loading={busy === 'redo'}
          icon={<Redo2 className="size-4" aria-hidden="true" />}
          onClick={() => void travel('redo')}
        >
          {t('editor.history.redo')}
        </Button>
      </div>
      {history.isPending ? (
        <div className="flex justify-center py-8 text-primary-600">
          <Spinner label={t('app.loading')} />
        </div>
      ) : history.isError || !data ? (
        <p role="alert" className="text-sm text-alert-700">
          {t('editor.history.loadFailed')}
        </p>
      ) : (
        <>
          {data.results.length === 0 && page === 1 ? (
            <p className="text-sm text-neutral-600">{t('editor.history.empty')}</p>
          ) : null}
          <ol className="flex flex-col gap-2" aria-label={t('editor.history.title')}>
            {data.results.map((entry) => (
              <HistoryRow
                key={entry.revision}
                entry={entry}
                current={entry.revision === data.revision}
                previewing={previewing === entry.revision}
                summary={
                  entry.summary.length > 0
                    ? entry.summary.map((line) => renderSummary(line, language)).join(language === 'kr' ? ', ' : '; ')
                    : entry.text
                }
                onPreview={() => onPreview(previewing === entry.revision ? null : entry.revision)}
                onRestore={() => setRestoreTarget(entry.revision)}
              />
            ))}
            {page === data.pageCount ? (
              // The creation, revision 0: the last row of the last page, drawn like any other version.
              <HistoryRow
                entry={{ revision: 0, time: data.created.time, who: data.created.who, changesDocument: true }}
                current={data.revision === 0}
                previewing={previewing === 0}
                summary={t('editor.history.created')}
                onPreview={() => onPreview(previewing === 0 ? null : 0)}
                onRestore={() => setRestoreTarget(0)}
              />
            ) : null}
          </ol>
          {data.pageCount > 1 ? (
            <div className="mt-4 flex justify-between">
              <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage((value) => value - 1)}>
                {t('editor.history.newer')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={page >= data.pageCount}
                onClick={() => setPage((value) => value + 1)}
              >
                {t('editor.history.older')}
              </Button>
            </div>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={restoreTarget !== null}
        onOpenChange={(next) => {
          if (!next) setRestoreTarget(null);
        }}
        title={t('editor.history.restore')}
        message={t('editor.history.restoreConfirm', { revision: restoreTarget ?? 0 })}
        confirmLabel={t('editor.history.restore')}
        onConfirm={async () => {
          if (restoreTarget !== null) await onRestore(restoreTarget);
          setRestoreTarget(null);
        }}
      />
    </SideSheet>
  );
}

function HistoryRow({
  entry,
  current,
  previewing,
  summary,
  onPreview,
  onRestore,
}: {
  entry: Pick<HistoryEntry, 'revision' | 'time' | 'who' | 'changesDocument'>;
  /** the version shown now: restoring it would change nothing */
  current: boolean;
  previewing: boolean;
  summary: string;
  onPreview(): void;
  onRestore(): void;
}) {
  const { t } = useTranslation();
  return (
    <li
      className={cx(
        'rounded-control border px-3 py-2.5 text-sm',
        previewing ? 'border-primary-600 bg-primary-50' : 'border-neutral-200',
      )}
    >
      <p className="flex items-center gap-2 font-semibold text-neutral-900">
        {t('editor.history.version', { revision: entry.revision })}
        {current ? (
          <span className="rounded-full bg-primary-50 px-2 text-xs text-primary-700">
            {t('editor.history.current')}
          </span>
        ) : null}
      </p>
      <p className="text-neutral-700">
        <span className="font-semibold">{entry.who.name ?? t('editor.history.someone')}</span> · {summary}
      </p>
      <p className="text-xs text-neutral-500">{formatDateTime(entry.time)}</p>
      {entry.changesDocument ? (
        <div className="mt-2 flex gap-2">
          <Button
            size="sm"
            variant="ghost"
            icon={<Eye className="size-4" aria-hidden="true" />}
            onClick={onPreview}
            aria-pressed={previewing}
          >
            {t('editor.history.preview')}
          </Button>
          {current ? null : (
            <Button
              size="sm"
              variant="ghost"
              icon={<RotateCcw className="size-4" aria-hidden="true" />}
              onClick={onRestore}
            >
              {t('editor.history.restore')}
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}
