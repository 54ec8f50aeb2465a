import { useCallback, useRef } from 'react';

/**
 * Focus goes back where it was when a Radix dialog opened. Radix returns it to a `Dialog.Trigger`; our dialogs are
 * opened by state from buttons elsewhere, so without this the focus falls to the page's start when they close and
 * a keyboard user starts over. An element that has gone meanwhile (a deleted item's button) leaves Radix's choice.
 */
export function useReturnFocus(): { onOpenAutoFocus(): void; onCloseAutoFocus(event: Event): void } {
  const opener = useRef<HTMLElement | null>(null);
  // Radix calls this before it moves the focus into the dialog: the active element is still the opener.
  const onOpenAutoFocus = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  }, []);
  const onCloseAutoFocus = useCallback((event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  }, []);
  return { onOpenAutoFocus, onCloseAutoFocus };
}
