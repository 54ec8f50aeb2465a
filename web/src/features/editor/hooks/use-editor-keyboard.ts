import { useEffect, type RefObject } from 'react';
import type { EditorStore } from '../editor-store.ts';

/** Inside an open dialog (settings, confirmations) keys belong to the dialog, not to the guidebook. */
const inDialog = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]') !== null;
/** A text field outside the editor (the feedback form in the footer) keeps its own undo. */
const inOtherField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) &&
  target.closest('[data-editor-surface]') === null;

/**
 * The editor's keys: Ctrl/Cmd+Z undo, Shift+Ctrl/Cmd+Z and Ctrl+Y redo (caught in the capture phase so a text
 * field's own undo does not run beside the document's), Escape clears the selection and ends edit mode, and a
 * mouseup outside the phone and the editor's menus clears the selection (spec §4).
 */
export function useEditorKeyboard(store: EditorStore, root: RefObject<HTMLElement | null>, onUndoFailed: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (inDialog(event.target) || inOtherField(event.target)) return;
      const key = event.key.toLowerCase();
      const mod = event.ctrlKey || event.metaKey;
      if (mod && !event.altKey && key === 'z') {
        event.preventDefault();
        event.stopPropagation();
        const done = event.shiftKey ? store.redo() : store.undo();
        if (!done && (event.shiftKey ? store.getState().redoStack : store.getState().undoStack).length > 0)
          onUndoFailed();
        return;
      }
      if (mod && !event.altKey && !event.shiftKey && key === 'y') {
        event.preventDefault();
        event.stopPropagation();
        store.redo();
        return;
      }
      if (event.key === 'Escape') {
        const { activeId, editingId } = store.getState();
        if (activeId === null && editingId === null) return;
        store.select(null);
        if (document.activeElement instanceof HTMLElement && root.current?.contains(document.activeElement))
          document.activeElement.blur();
      }
    };
    const onMouseUp = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Node) || inDialog(target)) return;
      // the phone, the menus and their popovers are where parts are edited; anywhere else ends the selection
      if (
        target instanceof Element &&
        target.closest('[data-editor-surface], [data-radix-popper-content-wrapper], [data-sonner-toaster]')
      )
        return;
      store.select(null);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    document.addEventListener('mouseup', onMouseUp);
    return () => {
      window.removeEventListener('keydown', onKeyDown, { capture: true });
      document.removeEventListener('mouseup', onMouseUp);
    };
  }, [store, root, onUndoFailed]);
}
