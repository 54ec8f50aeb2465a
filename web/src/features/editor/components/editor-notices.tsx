import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { useEditor, useEditorState } from '../editor-context.tsx';
import { titleProblem } from '../editor-store.ts';

/** Why the last save failed, kept by the editor until a save succeeds. */
export type SaveProblem = { offline: boolean; message: string };

/**
 * The editor's notification banner (spec §2 "red or yellow for warnings"): what stays true until the author or the
 * network changes it, where a toast would be gone too soon. Red: the latest changes are not stored (refused, or no
 * connection: tried again when the browser is back online). Yellow: the title is empty, so nothing is saved until
 * it has one; or the guidebook has never been saved, so uploads, sharing and publishing wait for the first Save.
 */
export function EditorNotices({ problem }: { problem: SaveProblem | null }) {
  const { t } = useTranslation();
  const { saver } = useEditor();
  const failed = useEditorState((state) => state.saveStatus === 'error');
  const unsaved = useEditorState((state) => state.guidebookId === null);
  const untitled = useEditorState((state) => titleProblem(state.doc) !== null);
  const showProblem = failed && problem !== null;
  const offline = showProblem && problem.offline;

  useEffect(() => {
    if (!offline) return;
    const retry = () => void saver.save();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [offline, saver]);

  if (!showProblem && !untitled && !unsaved) return null;
  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-2 px-4 pt-4" data-editor-notices>
      {showProblem ? (
        <Banner
          tone="alert"
          action={
            <Button size="sm" variant="secondary" onClick={() => void saver.save({ manual: true })}>
              {t('editor.notices.retry')}
            </Button>
          }
        >
          {problem.offline ? t('editor.notices.offline') : t('editor.notices.saveFailed', { message: problem.message })}
        </Banner>
      ) : null}
      {untitled ? <Banner tone="warning">{t('editor.notices.untitled')}</Banner> : null}
      {unsaved ? <Banner tone="warning">{t('editor.notices.unsaved')}</Banner> : null}
    </div>
  );
}
