import { act, fireEvent } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RichText } from '@pocketguide/contracts';
import { editorItemRegistry } from './registry.tsx';
import { renderWithI18n } from './test-support.tsx';

// A file of its own: registry.tsx remembers, for the page's life, that the parts' file has arrived, and this case
// needs a page where it has not.

const value: RichText = [{ type: 'paragraph', children: [{ text: 'Three days in Osaka' }] }];

describe('a press on a cover text before the editor’s parts have arrived (registry.tsx, issue 22)', () => {
  it('is not lost: the field asks for them at once and wakes with the focus', async () => {
    // far below the viewport (use-near-viewport.ts), so nothing but the press can wake the field
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 10_000, 400, 40));
    // no idle time comes in this test: only the press may ask for the file
    vi.stubGlobal('requestIdleCallback', () => 0);
    vi.stubGlobal('cancelIdleCallback', () => {});
    const RichTextField = editorItemRegistry.RichTextField!;
    const { container } = renderWithI18n(
      <RichTextField
        value={value}
        editable
        active={false}
        onActivate={() => {}}
        onChange={() => {}}
        label="Title"
        className="text-2xl"
      />,
    );
    const asleep = container.querySelector<HTMLElement>('[data-rich-text-dormant]');
    expect(asleep?.textContent).toBe('Three days in Osaka');

    // a tap: its mousedown, then the focus it gives
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    fireEvent.mouseDown(asleep!, { clientX: 5, clientY: 10_005 });
    act(() => asleep!.focus());
    // the file comes, asked for by the press (no idle time came in this test)
    await act(async () => {
      await import('./item-components.ts');
      await new Promise((done) => setTimeout(done, 300));
    });
    // and Slate's editor, drawn in the field's place, took the focus with the caret where the press was (jsdom
    // cannot focus a contenteditable, so the browser journeys check the typing: editor-dormant-fields.e2e)
    const tookFocus = (focus.mock.contexts as HTMLElement[]).filter(
      (element) => element.dataset.slateEditor === 'true',
    );
    expect(tookFocus.map((element) => element.getAttribute('aria-label'))).toEqual(['Title']);
    vi.unstubAllGlobals();
  });
});
