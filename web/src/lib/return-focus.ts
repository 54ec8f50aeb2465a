import { useCallback, useMemo, useRef } from 'react';

export type ReturnFocus = {
  /** notes the focused element as the one to come back to */
  remember(): void;
  /** focuses what was remembered, if it is still on the page; false when there was nothing to go back to */
  restore(): boolean;
  /** Radix's `onOpenAutoFocus`: called before it moves the focus into the dialog, so the opener is still focused */
  onOpenAutoFocus(): void;
  /** Radix's `onCloseAutoFocus`: back to the opener instead of Radix's choice, when there is one */
  onCloseAutoFocus(event: Event): void;
};

/**
 * Focus goes back where it was when a dialog or panel opened. Radix returns it to a `Dialog.Trigger`; our dialogs
 * and the editor's confirm panels are opened by state from buttons elsewhere, so without this the focus falls to the
 * page's start when they close and a keyboard user starts over. An element that has gone meanwhile (a deleted
 * item's button) leaves the focus where it falls.
 */
export function useReturnFocus(): ReturnFocus {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    opener.current =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body
        ? document.activeElement
        : null;
  }, []);
  const restore = useCallback(() => {
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return false;
    target.focus();
    return true;
  }, []);
  const onCloseAutoFocus = useCallback(
    (event: Event) => {
      if (restore()) event.preventDefault();
    },
    [restore],
  );
  return useMemo(
    () => ({ remember, restore, onOpenAutoFocus: remember, onCloseAutoFocus }),
    [remember, restore, onCloseAutoFocus],
  );
}
