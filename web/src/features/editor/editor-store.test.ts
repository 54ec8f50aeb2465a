import { describe, expect, it } from 'vitest';
import {
  applyPatches,
  newContentPage,
  newSectionItem,
  richParagraph,
  type GuidebookDocument,
  type SectionItemOf,
} from '@pocketguide/contracts';
import { createEditorStore, titleProblem } from './editor-store.ts';
import { countingIds, sampleDocument } from './testing/editor-fixtures.ts';

function savedStore(doc: GuidebookDocument = sampleDocument()) {
  let clock = 0;
  const store = createEditorStore({
    doc,
    origin: 'saved',
    guidebookId: 'gb-1',
    revision: 5,
    ids: countingIds(),
    now: () => (clock += 5000),
  });
  return store;
}

/** The sample's attractions page (its first page is the itinerary, which has days instead of sections). */
const firstPage = (doc: GuidebookDocument) => doc.contents.find((page) => page.contentType === 'attractions')!;

describe('editor store: undo and redo', () => {
  it('undoes and redoes ten edits, structural ones included, back to the exact documents', () => {
    const store = savedStore();
    const { ids } = store;
    const pageId = firstPage(store.getState().doc)._id;
    const snapshots: GuidebookDocument[] = [store.getState().doc];
    const step = (run: () => boolean) => {
      expect(run()).toBe(true);
      snapshots.push(store.getState().doc);
    };

    step(() => store.edit((doc) => void (doc.title = 'Jeju with the kids')));
    step(() => store.edit((doc) => void doc.contents.push(newContentPage('attractions', ids))));
    step(() =>
      store.editContentPage(pageId, (page) => void page.sections[0]!.items.unshift(newSectionItem('text', ids))),
    );
    const textId = firstPage(store.getState().doc).sections[0]!.items[0]!._id;
    step(() =>
      store.editItem(pageId, textId, (item) => void ((item as SectionItemOf<'text'>).content = richParagraph('Hello'))),
    );
    step(() =>
      store.editContentPage(
        pageId,
        (page) => void page.sections[0]!.items.push(newSectionItem('table', ids, { rows: 3, cols: 2 })),
      ),
    );
    step(() =>
      store.editContentPage(pageId, (page) => {
        const items = page.sections[0]!.items;
        const [moved] = items.splice(0, 1);
        items.splice(2, 0, moved!);
      }),
    );
    step(() => store.editItem(pageId, textId, (item) => void (item.isImportant = true)));
    step(() => store.editContentPage(pageId, (page) => void page.sections[0]!.items.splice(1, 1)));
    step(() =>
      store.edit((doc) => void doc.contents.splice(1, 0, { ...doc.contents[0]!, _id: 'copy-1', sections: [] })),
    );
    step(() => store.edit((doc) => void (doc.header.text = richParagraph('Welcome'))));
    expect(snapshots).toHaveLength(11);
    expect(store.getState().undoStack).toHaveLength(10);

    for (let index = 9; index >= 0; index--) {
      expect(store.undo()).toBe(true);
      expect(store.getState().doc).toEqual(snapshots[index]);
    }
    expect(store.undo()).toBe(false);
    for (let index = 1; index <= 10; index++) {
      expect(store.redo()).toBe(true);
      expect(store.getState().doc).toEqual(snapshots[index]);
    }
    expect(store.redo()).toBe(false);

    // every step, undo and redo is an unsaved patch: applied to the saved document they give the current one
    const { savedDoc, unsaved, doc } = store.getState();
    expect(applyPatches(savedDoc!, unsaved)).toEqual(doc);
    expect(store.getState().dirty).toBe(true);
  });

  it('an untouched new guidebook is not unsaved work; its first edit is (leaving warns from then on)', () => {
    const store = createEditorStore({ doc: sampleDocument(), origin: 'new', guidebookId: null, ids: countingIds() });
    expect(store.getState().dirty).toBe(false);
    store.edit((draft) => {
      draft.title = 'Osaka';
    });
    expect(store.getState().dirty).toBe(true);
  });

  it('a new edit ends the redo chain', () => {
    const store = savedStore();
    store.edit((doc) => void (doc.title = 'One'));
    store.edit((doc) => void (doc.title = 'Two'));
    store.undo();
    expect(store.getState().redoStack).toHaveLength(1);
    store.edit((doc) => void (doc.title = 'Three'));
    expect(store.getState().redoStack).toHaveLength(0);
    expect(store.redo()).toBe(false);
  });

  it('merges edits with the same label on the same part within a second into one step', () => {
    let clock = 0;
    const doc = sampleDocument();
    const store = createEditorStore({ doc, origin: 'saved', guidebookId: 'gb-1', revision: 1, now: () => clock });
    const page = firstPage(doc);
    const item = page.sections[0]!.items.find((candidate) => candidate.type === 'text')!;
    // what a Slate field does on each key: the leaf's text changes
    const type = (text: string) =>
      store.editItem(
        page._id,
        item._id,
        (draft) => {
          const block = (draft as SectionItemOf<'text'>).content[0]!;
          block.children[0] = { text };
        },
        'typing',
      );
    for (const text of ['H', 'He', 'Hel']) {
      clock += 200;
      type(text);
    }
    clock += 5000;
    type('Hello');
    expect(store.getState().undoStack).toHaveLength(2);
    // typing in one field sends its last value, not every keystroke
    expect(store.getState().unsaved).toEqual([
      { op: 'replace', path: expect.arrayContaining(['children', 0, 'text']) as unknown, value: 'Hello' },
    ]);
    store.undo();
    const textOf = () =>
      (firstPage(store.getState().doc).sections[0]!.items.find((c) => c._id === item._id) as SectionItemOf<'text'>)
        .content[0]!.children[0];
    expect(textOf()).toEqual({ text: 'Hel' });
    store.undo();
    expect(store.getState().doc).toEqual(doc);
  });

  it("applies the structural rules inside the same step (a page without icon gets its type's; a blank title stays blank)", () => {
    const store = savedStore();
    const page = firstPage(store.getState().doc);
    store.editContentPage(page._id, (draft) => {
      draft.icon = '';
      draft.title = '   ';
    });
    expect(firstPage(store.getState().doc).icon).toBe(`/icons/default/${page.contentType}.svg`);
    expect(firstPage(store.getState().doc).title).toBe('   '); // issue 11: 'Type N' is a placeholder, never stored
    store.undo();
    expect(firstPage(store.getState().doc)).toMatchObject({ icon: page.icon, title: page.title });
  });
});

describe('editor store: selection and edit mode', () => {
  it('edit mode cannot start while another card is in edit mode', () => {
    const store = savedStore();
    expect(store.startEditing('tile-1')).toBe(true);
    expect(store.startEditing('tile-2')).toBe(false);
    expect(store.getState().editingId).toBe('tile-1');
    store.stopEditing();
    expect(store.startEditing('tile-2')).toBe(true);
    store.select(null);
    expect(store.getState()).toMatchObject({ activeId: null, editingId: null });
  });
});

describe('the title rule', () => {
  it('saving needs a title that is not blank', () => {
    expect(titleProblem({ ...sampleDocument(), title: '   ' })).toBe('Title cannot be empty');
    expect(titleProblem({ ...sampleDocument(), title: '' })).toBe('Title cannot be empty');
    expect(titleProblem({ ...sampleDocument(), title: '제주 여행' })).toBeNull();
  });
});
