import type { PointerEvent } from 'react';

/**
 * The handlers that select a part of the canvas when a person presses it, without losing the press on a phone
 * (issue 22). A mouse selects on pointerdown, as before: its mousedown, focus and click go to the element that was
 * pressed whatever is drawn meanwhile. A finger does not: the browser sends a tap's mousedown, focus and click only
 * after the finger lifts, to whatever is under it *then*; selecting on touch's pointerdown drew the part's toolbar
 * and moved the row under the finger, so the tap landed elsewhere and the field was never focused. On touch the
 * part is selected by the focus the tap gives (or its click, for the parts that take no focus), after the tap has
 * reached its field.
 */
export type PressToSelectHandlers = {
  onPointerDownCapture(event: PointerEvent): void;
  onClickCapture(): void;
};

/** Spread on the part's element; a part whose fields take the focus also selects on `onFocusCapture`. */
export function pressToSelect(select: () => void): PressToSelectHandlers {
  return {
    onPointerDownCapture: (event) => {
      if (event.pointerType !== 'touch') select();
    },
    onClickCapture: select,
  };
}
