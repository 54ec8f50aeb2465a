/**
 * A preparation's checkbox (issue 22): the reader's own checklist, kept on this device only (nothing is sent), one
 * localStorage entry per guidebook and item, so two guidebooks never share ticks and a deleted item's tick is inert.
 */
const checkKey = (uuid: string, itemId: string) => `pocketguide.viewer.check.${uuid}.${itemId}`;

function mark(input: HTMLInputElement): void {
  input.closest('.pg-preparation')?.classList.toggle('is-checked', input.checked);
}

/** Ticks the boxes this reader ticked before, on the screen just shown. */
export function restoreChecks(root: ParentNode, uuid: string): void {
  for (const input of root.querySelectorAll<HTMLInputElement>('input[data-check]')) {
    try {
      input.checked = localStorage.getItem(checkKey(uuid, input.dataset.check ?? '')) === '1';
    } catch {
      // blocked storage: the box works for this visit only
    }
    mark(input);
  }
}

/** Keeps one box's state; an unticked box leaves no entry behind. */
export function rememberCheck(input: HTMLInputElement, uuid: string): void {
  mark(input);
  const key = checkKey(uuid, input.dataset.check ?? '');
  try {
    if (input.checked) localStorage.setItem(key, '1');
    else localStorage.removeItem(key);
  } catch {
    // blocked storage: the tick lasts as long as the page
  }
}
