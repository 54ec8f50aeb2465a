import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { travelHistory } from '../api/guidebook-history.ts';
import { useEditor } from '../editor-context.tsx';

/** The history's queries, every page (`historyKey` of `history-sheet.tsx`). */
const historyOf = (guidebookId: string) => ['guidebooks', 'history', guidebookId] as const;

/**
 * Undo and redo of saved changes on the server: they work across reloads and sessions, where the editor's own
 * steps (kept in memory) do not. Shared by the history sheet and the toolbar, so both behave the same.
 */
export function useServerHistory() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { api, saver, store, reload } = useEditor();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'undo' | 'redo' | null>(null);

  const travel = useCallback(
    async (direction: 'undo' | 'redo') => {
      const { guidebookId } = store.getState();
      if (!guidebookId) return;
      setBusy(direction);
      try {
        await saver.flush();
        const answer = await travelHistory(api, guidebookId, direction);
        await reload(answer.position);
        store.serverTravelled(direction);
        await queryClient.invalidateQueries({ queryKey: historyOf(guidebookId) });
        toast.success(t(direction === 'undo' ? 'editor.toast.serverUndone' : 'editor.toast.serverRedone'));
      } catch (error) {
        const nothing = isApiError(error) && /no saved change|no undone change/i.test(error.message);
        if (nothing && direction === 'redo') store.serverTravelled('none');
        toast.error(
          nothing
            ? t(direction === 'undo' ? 'editor.toast.nothingToUndo' : 'editor.toast.nothingToRedo')
            : errorMessage(error),
        );
      } finally {
        setBusy(null);
      }
    },
    [api, errorMessage, queryClient, reload, saver, store, t],
  );

  return { travel, busy };
}
