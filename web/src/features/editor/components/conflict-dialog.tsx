import { useState } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { useReturnFocus } from '../../../lib/return-focus.ts';
import { useEditor, useEditorState } from '../editor-context.tsx';

/**
 * Two tabs changed the same parts: the author chooses which version to keep (keep mine stores the whole local
 * document; use the other drops the local edits). It cannot be dismissed without choosing: that would leave
 * edits that can never be saved.
 */
export function ConflictDialog() {
  const { t } = useTranslation();
  const { saver } = useEditor();
  const open = useEditorState((state) => state.conflict !== null);
  const [busy, setBusy] = useState(false);
  // Back to where the author was typing once they have chosen.
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-neutral-900/40" />
        <RadixDialog.Content
          role="alertdialog"
          onEscapeKeyDown={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[min(480px,calc(100vw-32px))] -translate-x-1/2 -translate-y-1/2 rounded-card border border-neutral-200 bg-white p-6 shadow-raised focus-visible:outline-none"
        >
          <RadixDialog.Title className="text-lg font-bold text-neutral-900">
            {t('editor.conflict.title')}
          </RadixDialog.Title>
          <RadixDialog.Description className="mt-2 text-base text-neutral-700">
            {t('editor.conflict.body')}
          </RadixDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={busy} onClick={() => saver.takeTheirs()}>
              {t('editor.conflict.takeTheirs')}
            </Button>
            <Button
              loading={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await saver.keepMine();
                } finally {
                  setBusy(false);
                }
              }}
            >
              {t('editor.conflict.keepMine')}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
