import { describe, expect, it } from 'vitest';
import { newSection, type GuidebookDocument } from '@pocketguide/contracts';
import {
  addDay,
  addItem,
  copyItem,
  copyPageLocally,
  deleteItem,
  moveItem,
  moveItemTo,
  movePage,
} from './editor-actions.ts';
import { createEditorStore } from './editor-store.ts';
import { countingIds, sampleDocument } from './testing/editor-fixtures.ts';

function setup() {
  const store = createEditorStore({
    doc: sampleDocument(),
    origin: 'saved',
    guidebookId: 'gb-1',
    revision: 1,
    ids: countingIds(),
  });
  const page = () => store.getState().doc.contents.find((content) => content.contentType === 'attractions')!;
  const ids = () => page().sections.flatMap((section) => section.items.map((item) => item._id));
  return { store, page, ids };
}

describe('canvas edits', () => {
  it('adds an item after the selected one, or at the end of the last section', () => {
    const { store, page, ids } = setup();
    const [first] = ids();
    store.select(first!);
    const added = addItem(store, page()._id, 'video')!;
    expect(ids()[1]).toBe(added);
    expect(store.getState().activeId).toBe(added);
    store.select(null);
    const last = addItem(store, page()._id, 'table', { rows: 3, cols: 4 })!;
    expect(ids().at(-1)).toBe(last);
    expect(page().sections.at(-1)!.items.at(-1)).toMatchObject({ type: 'table', rows: 3, cols: 4 });
  });

  it('creates a section when the page has none', () => {
    const { store, page } = setup();
    store.editContentPage(page()._id, (draft) => void draft.sections.splice(0));
    // the structural rules already give a page of sections one to put items in
    expect(page().sections).toHaveLength(1);
    expect(addItem(store, page()._id, 'text')).not.toBeNull();
    expect(page().sections[0]!.items).toHaveLength(1);
  });

  it('moves items up and down, across section borders, and back with undo', () => {
    const { store, page, ids } = setup();
    store.editContentPage(page()._id, (draft) => void draft.sections.push(newSection(store.ids)));
    const before = ids();
    const lastOfFirst = before.at(-1)!; // the last item of the (old) last section
    expect(moveItem(store, page()._id, lastOfFirst, 1)).toBe(true);
    expect(
      page()
        .sections.at(-1)!
        .items.map((item) => item._id),
    ).toEqual([lastOfFirst]);
    expect(moveItem(store, page()._id, lastOfFirst, 1)).toBe(false);
    expect(moveItem(store, page()._id, before[0]!, -1)).toBe(false);
    expect(moveItem(store, page()._id, before[1]!, -1)).toBe(true);
    expect(ids().slice(0, 2)).toEqual([before[1], before[0]]);
    store.undo();
    store.undo();
    expect(ids()).toEqual(before);
    expect(page().sections.at(-1)!.items).toEqual([]);
  });

  it('moves an item to a place (drag and drop) as one remove and one add', () => {
    const { store, page, ids } = setup();
    const before = ids();
    moveItemTo(store, page()._id, before[0]!, { sectionIndex: 0, itemIndex: 3 });
    expect(ids()[3]).toBe(before[0]);
    expect(store.getState().unsaved.map((patch) => patch.op)).toEqual(['remove', 'add']);
  });

  it('copies an item with fresh ids right below it and deletes it again', () => {
    const { store, page, ids } = setup();
    const [first] = ids();
    const copy = copyItem(store, page()._id, first!)!;
    expect(ids()[1]).toBe(copy);
    expect(copy).not.toBe(first);
    expect(deleteItem(store, page()._id, copy)).toBe(true);
    expect(ids()).not.toContain(copy);
  });

  it('moves, copies and adds days to pages', () => {
    const { store } = setup();
    const titles = (doc: GuidebookDocument) => doc.contents.map((content) => content._id);
    const before = titles(store.getState().doc);
    movePage(store, before[0]!, 2);
    expect(titles(store.getState().doc)).toEqual([before[1], before[2], before[0], ...before.slice(3)]);
    const copy = copyPageLocally(store, before[1]!)!;
    expect(titles(store.getState().doc)[1]).toBe(copy);
    const itinerary = store.getState().doc.contents.find((content) => content.contentType === 'itinerary')!;
    const days = itinerary.days.length;
    addDay(store, itinerary._id);
    const after = store.getState().doc.contents.find((content) => content._id === itinerary._id)!;
    expect(after.days).toHaveLength(days + 1);
    // an empty title: 'Day N' is the editor's placeholder, never stored (issue 11)
    expect(after.days.at(-1)!.title).toEqual([{ type: 'paragraph', children: [{ text: '' }] }]);
  });
});
