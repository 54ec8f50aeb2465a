import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';
import { produce, type Draft } from 'immer';
import type { IdGenerator } from '@pocketguide/contracts';
import { createI18n } from '../../testing/i18n.ts';
import type { Language } from '../../lib/i18n.ts';

/** Test helpers of the item components: providers, counting ids, and an `onEdit` that applies recipes. */

// jsdom has no `isContentEditable`; Slate asks it before handling a key in the editor.
if (!('isContentEditable' in HTMLElement.prototype)) {
  Object.defineProperty(HTMLElement.prototype, 'isContentEditable', {
    configurable: true,
    get(this: HTMLElement) {
      return this.closest('[contenteditable="true"], [contenteditable=""]') !== null;
    },
  });
}

export function renderWithI18n(
  ui: ReactElement,
  { language = 'en' as Language, wrapper }: { language?: Language; wrapper?: (children: ReactNode) => ReactNode } = {},
) {
  const i18n = createI18n(language);
  const wrap = (element: ReactElement) => (
    <I18nextProvider i18n={i18n}>
      {wrapper ? wrapper(element) : element}
      <Toaster />
    </I18nextProvider>
  );
  const view = render(wrap(ui));
  // Re-renders keep the providers, so the component keeps its state as it would in the app.
  return { ...view, rerender: (next: ReactElement) => view.rerender(wrap(next)) };
}

export function countingIds(prefix = 'id'): IdGenerator {
  let next = 0;
  return { newId: () => `${prefix}-${++next}` };
}

/** Holds a value the way the editor core does: each recipe is run with immer and the result kept. */
export function editableValue<T>(initial: T) {
  let value = initial;
  const labels: (string | undefined)[] = [];
  return {
    get value() {
      return value;
    },
    labels,
    onEdit(recipe: (draft: Draft<T>) => void, label?: string) {
      value = produce(value, recipe);
      labels.push(label);
    },
  };
}
