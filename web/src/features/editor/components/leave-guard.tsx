import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { useEditor, useEditorState } from '../editor-context.tsx';

/**
 * Spec §4, §8: while dirty, leaving the editor (a link, back, closing the tab) warns; the text depends on whether
 * the guidebook was ever saved. Moving between the cover and its pages stays inside the editor and never warns.
 */
export function LeaveGuard({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const { store } = useEditor();
  const isNew = useEditorState((state) => state.guidebookId === null);
  const inside = (pathname: string) => pathname === basePath || pathname.startsWith(`${basePath}/`);
  const blocker = useBlocker(({ nextLocation }) => store.getState().dirty && !inside(nextLocation.pathname));

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!store.getState().dirty) return;
      event.preventDefault();
      // Older browsers show (or at least need) a returnValue; the text itself is the browser's own.
      event.returnValue = t(isNew ? 'editor.leave.new' : 'editor.leave.saved');
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [store, isNew, t]);

  const open = blocker.state === 'blocked';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && blocker.state === 'blocked') blocker.reset();
      }}
      title={t('editor.leave.title')}
      footer={
        <>
          <Button variant="secondary" onClick={() => blocker.reset?.()}>
            {t('editor.leave.stay')}
          </Button>
          <Button variant="accent" onClick={() => blocker.proceed?.()}>
            {t('editor.leave.leave')}
          </Button>
        </>
      }
    >
      <p className="text-base text-neutral-700">{t(isNew ? 'editor.leave.new' : 'editor.leave.saved')}</p>
    </Dialog>
  );
}
