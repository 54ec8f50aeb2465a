import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RichText, SectionItemOf } from '@pocketguide/contracts';
import type { RichTextFieldProps, SectionItemProps } from '../editor/item-contract.ts';
import { editorItemRegistry } from './registry.tsx';
import { countingIds, renderWithI18n } from './test-support.tsx';

const value: RichText = [{ type: 'paragraph', children: [{ text: 'Three days in Osaka' }] }];

const fieldProps = (overrides: Partial<RichTextFieldProps> = {}): RichTextFieldProps => ({
  value,
  editable: true,
  active: false,
  onActivate: () => {},
  onChange: () => {},
  label: 'Title',
  className: 'text-2xl',
  ...overrides,
});

/**
 * Until the parts' file is here and a cover text has asked for it (after the paint, when idle: a timer in jsdom),
 * then once React has drawn the parts.
 */
async function partsLoaded(): Promise<void> {
  await act(async () => {
    await import('./item-components.ts');
    await new Promise((done) => setTimeout(done, 300));
  });
}

describe('the editor’s parts, loaded after its first screen (registry.tsx)', () => {
  it('draws a cover text while Slate loads exactly as the field draws itself asleep, so nothing moves', async () => {
    // the field far below the viewport, where it sleeps (use-near-viewport.ts): jsdom has no layout of its own
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 10_000, 400, 40));
    const RichTextField = editorItemRegistry.RichTextField!;
    const { container, rerender } = renderWithI18n(<RichTextField {...fieldProps()} />);
    const whileLoading = container.innerHTML;
    expect(container.querySelector('[data-rich-text-field] [data-rich-text-dormant]')?.textContent).toBe(
      'Three days in Osaka',
    );
    await partsLoaded();
    expect(container.innerHTML).toBe(whileLoading);
    // and it is the field itself now: selected, it becomes Slate's editor
    rerender(<RichTextField {...fieldProps({ active: true })} />);
    expect((await screen.findByRole('textbox', { name: 'Title' })).dataset.slateEditor).toBe('true');
  });

  it('draws a reader’s text (not editable) as the reader sees it while loading', () => {
    const RichTextField = editorItemRegistry.RichTextField!;
    const { container } = renderWithI18n(<RichTextField {...fieldProps({ editable: false })} />);
    expect(container.textContent).toBe('Three days in Osaka');
    expect(container.querySelector('[data-rich-text-dormant]')).toBeNull();
  });

  it('draws each item type by its own component once loaded', async () => {
    const Title = editorItemRegistry.items.title!;
    const item: SectionItemOf<'title'> = { _id: 'item-1', type: 'title', content: value, isImportant: false };
    const props: SectionItemProps<SectionItemOf<'title'>> = {
      item,
      editable: false,
      active: false,
      onActivate: () => {},
      onEdit: () => {},
      ids: countingIds(),
    };
    const { container } = renderWithI18n(<Title {...props} />);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull(); // its room while the file loads
    await partsLoaded();
    expect((await screen.findByText('Three days in Osaka')).isConnected).toBe(true);
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });
});
