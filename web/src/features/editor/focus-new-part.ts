/**
 * Puts the focus into a part the author just added (an item from the add menu, a day, an activity, a meal), so
 * that what they type next lands in it (issue 22). Left on the add button, every space typed pressed the button
 * again: one sentence made 14 empty blocks. The part is found by `data-item-id` (section items) or `data-part-id`
 * (itinerary parts) once React has drawn it; its first text field takes the focus, else the part itself.
 *
 * Only the part added last takes the focus. Focusing a part selects it, and the add menu inserts after the selected
 * part: a focus still pending for an earlier part (an image has no field) that landed after a quicker second add
 * would move the selection back and put the third part in the wrong place.
 */
// a rich field away from the viewport is drawn without its editor (`data-rich-text-dormant`): its focus wakes it
const FIELDS =
  '[contenteditable="true"], [data-rich-text-dormant], input:not([type="file"]):not([type="checkbox"]):not([type="radio"]), textarea';
const MAX_FRAMES = 30;
let latest = 0;

export function focusNewPart(id: string): void {
  const call = ++latest;
  const quoted = JSON.stringify(id); // ids are hex, but a quoted string keeps any id a valid attribute selector
  const selector = `[data-item-id=${quoted}], [data-part-id=${quoted}]`;
  const attempt = (framesLeft: number) => {
    if (call !== latest) return;
    const part = document.querySelector<HTMLElement>(selector);
    if (part) {
      // a part is drawn with its fields, in one render
      const field = part.querySelector<HTMLElement>(FIELDS);
      // a part with no text field (an image) takes the focus itself, out of the tab order
      if (!field && !part.hasAttribute('tabindex')) part.tabIndex = -1;
      const target = field ?? part;
      target.focus({ preventScroll: true });
      // the middle of the window: on a phone the add bar covers the bottom of it
      target.scrollIntoView({ block: 'center' });
      return;
    }
    if (framesLeft > 0) requestAnimationFrame(() => attempt(framesLeft - 1));
  };
  requestAnimationFrame(() => attempt(MAX_FRAMES));
}
