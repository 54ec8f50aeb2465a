import { Profiler, useSyncExternalStore } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { DndProvider } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';
import {
  newContentPage,
  newGuidebookDocument,
  richParagraph,
  type GuidebookDocument,
  type SectionItem,
  type SectionItemOf,
} from '@pocketguide/contracts';
import { createI18n } from '../../../testing/i18n.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { EditorProvider, type EditorServices } from '../editor-context.tsx';
import { createEditorStore } from '../editor-store.ts';
import { createGuidebookSaver } from '../guidebook-saver.ts';
import type { EditRecipe, EditorItemRegistry, SectionItemProps } from '../item-contract.ts';
import { countingIds } from '../testing/editor-fixtures.ts';
import { ContentPageView } from './content-page-view.tsx';
import { SectionItemFrame } from './section-item-frame.tsx';

// Issue 22: a keystroke in one item of a long page draws that item again, not the page's other items.

const ITEMS = 40;

function pageOfTextItems(): { doc: GuidebookDocument; contentId: string; itemIds: string[] } {
  const ids = countingIds('r');
  const page = newContentPage('attractions', ids);
  const items: SectionItem[] = Array.from({ length: ITEMS }, (_, index) => ({
    _id: ids.newId(),
    type: 'text',
    isImportant: false,
    content: richParagraph(`Item ${index + 1}`),
  }));
  // two sections, so a keystroke in one does not draw the other either
  const sections = [
    { _id: ids.newId(), items: items.slice(0, ITEMS / 2) },
    { _id: ids.newId(), items: items.slice(ITEMS / 2) },
  ];
  return {
    doc: { ...newGuidebookDocument({ title: 'Renders' }), contents: [{ ...page, sections }] },
    contentId: page._id,
    itemIds: items.map((item) => item._id),
  };
}

function renderPage() {
  const { doc, contentId, itemIds } = pageOfTextItems();
  const store = createEditorStore({ doc, origin: 'saved', guidebookId: 'gb-1', revision: 1, ids: countingIds('n') });
  const api = createApiClient({ getToken: () => undefined, onUnauthorized: () => undefined });
  const renders = new Map<string, number>();
  const edits = new Map<string, (recipe: EditRecipe<SectionItemOf<'text'>>, label?: string) => void>();
  // the text item's component, counting its renders: it takes the props the frame gives every item type, and
  // `onEdit` is what the rich field calls on every keystroke (`editRichField`)
  function CountingTextItem({ item, onEdit }: SectionItemProps<SectionItemOf<'text'>>) {
    renders.set(item._id, (renders.get(item._id) ?? 0) + 1);
    edits.set(item._id, onEdit);
    return <p data-testid={item._id}>{JSON.stringify(item.content)}</p>;
  }
  const registry: EditorItemRegistry = { items: { text: CountingTextItem } };
  const services: EditorServices = {
    store,
    // not started: nothing is saved in this test
    saver: createGuidebookSaver({ store, api, notify: () => undefined, onInserted: () => undefined }),
    api,
    registry,
    links: {
      cover: () => '/cover',
      content: () => '/content',
      preview: () => '/preview',
      publicGuidebook: () => '/m',
      list: '/list',
      adminList: '/admin',
      ownerGuidebooks: () => '/owner',
      subscription: '/subscription',
    },
    showAlert: () => undefined,
    uploadImage: () => Promise.reject(new Error('no uploads in this test')),
    reload: () => Promise.resolve(),
  };
  // the canvas follows the page as the editor's screen does: a new page object on every edit
  function Canvas() {
    const page = useSyncExternalStore(store.subscribe, () => store.getState().doc.contents[0]!);
    return <ContentPageView page={page} guidebookTitle="Renders" editable />;
  }
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <EditorProvider services={services}>
        <DndProvider backend={HTML5Backend}>
          <MemoryRouter>
            {/* a Profiler has React note when it starts on each component (see `visitedSince`) */}
            <Profiler id="canvas" onRender={() => undefined}>
              <Canvas />
            </Profiler>
          </MemoryRouter>
        </DndProvider>
      </EditorProvider>
    </I18nextProvider>,
  );
  return { store, contentId, itemIds, renders, edits };
}

describe('typing on a long content page', () => {
  it('draws again only the item typed in, for every keystroke', () => {
    const { store, itemIds, renders, edits } = renderPage();
    expect(renders.size).toBe(ITEMS);
    const typedIn = itemIds[ITEMS / 2 + 3]!;
    const before = new Map(renders);
    const typed = 'Hello';
    for (let length = 1; length <= typed.length; length++) {
      act(() =>
        edits.get(typedIn)!((draft) => {
          draft.content = richParagraph(typed.slice(0, length));
        }, 'typing'),
      );
    }
    // the document did change, once per key, and the item shows it
    const page = store.getState().doc.contents[0]!;
    const item = page.sections[1]!.items.find((candidate) => candidate._id === typedIn);
    expect(item?.type === 'text' && JSON.stringify(item.content)).toBe(JSON.stringify(richParagraph(typed)));
    expect(renders.get(typedIn)).toBe(before.get(typedIn)! + typed.length);
    const drawnAgain = itemIds.filter((id) => id !== typedIn && renders.get(id) !== before.get(id));
    expect(drawnAgain).toEqual([]);
  });

  it('leaves React nothing to do for the frames of the other items of its section', () => {
    const { itemIds, edits } = renderPage();
    const typedIn = itemIds[ITEMS / 2 + 3]!;
    const since = performance.now();
    act(() =>
      edits.get(typedIn)!((draft) => {
        draft.content = richParagraph('H');
      }, 'typing'),
    );
    // a memoised frame that is not drawn again is still compared and cloned when its list is drawn again: on a
    // 200-item page that was about 1 ms a keystroke
    const visited = itemIds.filter((id) => visitedSince(id, since));
    expect(visited).toEqual([typedIn]);
  });
});

/**
 * Whether React went over the item's frame (`SectionItemFrame`, drawn again or only compared to its props) since
 * `since`: under a Profiler, React notes on a component's fiber when it starts on it. The fiber is found from the
 * frame's element, and both of its copies (React keeps two) are looked at.
 */
function visitedSince(itemId: string, since: number): boolean {
  type Fiber = { elementType: unknown; return: Fiber | null; alternate: Fiber | null; actualStartTime?: number };
  const element = document.querySelector(`[data-item-id="${itemId}"]`);
  if (!element) throw new Error(`no item ${itemId} on the page`);
  const key = Object.keys(element).find((name) => name.startsWith('__reactFiber$'));
  let fiber = key ? ((element as unknown as Record<string, Fiber | undefined>)[key] ?? null) : null;
  while (fiber && fiber.elementType !== SectionItemFrame) fiber = fiber.return;
  if (!fiber) throw new Error(`the item ${itemId} is not drawn by a SectionItemFrame`);
  return [fiber, fiber.alternate].some((copy) => (copy?.actualStartTime ?? -1) >= since);
}
