import {
  cloneWithFreshIds,
  newDay,
  newSection,
  newSectionItem,
  type ContentPage,
  type CoverType,
  type NewItemOptions,
  type SampleContent,
  type SectionItemType,
} from '@pocketguide/contracts';
import type { EditorStore } from './editor-store.ts';

/**
 * The structural edits of the canvas (spec §4): add, move, copy and delete items and pages, the important flag,
 * the cover parts' type. Each is one undoable step through the store; nothing here talks to the server.
 */

type Where = { sectionIndex: number; itemIndex: number };

function locate(page: ContentPage, itemId: string): Where | null {
  for (let sectionIndex = 0; sectionIndex < page.sections.length; sectionIndex++) {
    const itemIndex = page.sections[sectionIndex]!.items.findIndex((item) => item._id === itemId);
    if (itemIndex !== -1) return { sectionIndex, itemIndex };
  }
  return null;
}

const pageOf = (store: EditorStore, contentId: string) =>
  store.getState().doc.contents.find((page) => page._id === contentId);

/**
 * Adds an item after the selected item of the page (in its section) or at the end of the last section; a page
 * without a section gets one (spec §4). Returns the new item's id.
 */
export function addItem(
  store: EditorStore,
  contentId: string,
  type: SectionItemType,
  options: NewItemOptions = {},
): string | null {
  const page = pageOf(store, contentId);
  if (!page) return null;
  const item = newSectionItem(type, store.ids, options);
  const { activeId } = store.getState();
  const after = activeId ? locate(page, activeId) : null;
  const done = store.editContentPage(contentId, (draft) => {
    if (draft.sections.length === 0) draft.sections.push(newSection(store.ids));
    if (after) draft.sections[after.sectionIndex]!.items.splice(after.itemIndex + 1, 0, item);
    else draft.sections[draft.sections.length - 1]!.items.push(item);
  });
  if (!done) return null;
  store.select(item._id);
  return item._id;
}

/** Moves an item one place up or down, across section borders at the ends of a section. */
export function moveItem(store: EditorStore, contentId: string, itemId: string, delta: -1 | 1): boolean {
  const page = pageOf(store, contentId);
  const from = page ? locate(page, itemId) : null;
  if (!page || !from) return false;
  const section = page.sections[from.sectionIndex]!;
  let to: Where;
  if (delta === -1 && from.itemIndex === 0) {
    if (from.sectionIndex === 0) return false;
    to = { sectionIndex: from.sectionIndex - 1, itemIndex: page.sections[from.sectionIndex - 1]!.items.length };
  } else if (delta === 1 && from.itemIndex === section.items.length - 1) {
    if (from.sectionIndex === page.sections.length - 1) return false;
    to = { sectionIndex: from.sectionIndex + 1, itemIndex: 0 };
  } else to = { sectionIndex: from.sectionIndex, itemIndex: from.itemIndex + delta };
  return moveItemTo(store, contentId, itemId, to);
}

/** Moves an item to a section and index (drag and drop); the index is counted without the moved item. */
export function moveItemTo(
  store: EditorStore,
  contentId: string,
  itemId: string,
  to: { sectionIndex: number; itemIndex: number },
): boolean {
  const page = pageOf(store, contentId);
  const from = page ? locate(page, itemId) : null;
  if (!page || !from || !page.sections[to.sectionIndex]) return false;
  if (from.sectionIndex === to.sectionIndex && from.itemIndex === to.itemIndex) return false;
  return store.editContentPage(contentId, (draft) => {
    const [moved] = draft.sections[from.sectionIndex]!.items.splice(from.itemIndex, 1);
    const target = draft.sections[to.sectionIndex]!.items;
    target.splice(Math.min(to.itemIndex, target.length), 0, moved!);
  });
}

/** A copy with fresh ids right below the original (spec §4). */
export function copyItem(store: EditorStore, contentId: string, itemId: string): string | null {
  const page = pageOf(store, contentId);
  const at = page ? locate(page, itemId) : null;
  if (!page || !at) return null;
  const copy = cloneWithFreshIds(page.sections[at.sectionIndex]!.items[at.itemIndex]!, store.ids);
  store.editContentPage(
    contentId,
    (draft) => void draft.sections[at.sectionIndex]!.items.splice(at.itemIndex + 1, 0, copy),
  );
  store.select(copy._id);
  return copy._id;
}

export function deleteItem(store: EditorStore, contentId: string, itemId: string): boolean {
  const page = pageOf(store, contentId);
  const at = page ? locate(page, itemId) : null;
  if (!page || !at) return false;
  if (store.getState().activeId === itemId) store.select(null);
  return store.editContentPage(
    contentId,
    (draft) => void draft.sections[at.sectionIndex]!.items.splice(at.itemIndex, 1),
  );
}

export function toggleImportant(store: EditorStore, contentId: string, itemId: string): boolean {
  return store.editItem(contentId, itemId, (draft) => void (draft.isImportant = !draft.isImportant));
}

/** Adds a day after the selected day, or at the end, with an empty title ('Day N' is its placeholder, never stored). */
export function addDay(store: EditorStore, contentId: string): string | null {
  const page = pageOf(store, contentId);
  if (!page) return null;
  const day = newDay(store.ids);
  const { activeId } = store.getState();
  const after = page.days.findIndex((candidate) => candidate._id === activeId);
  store.editContentPage(
    contentId,
    (draft) => void draft.days.splice(after === -1 ? draft.days.length : after + 1, 0, day),
  );
  store.select(day._id);
  return day._id;
}

// ---------------------------------------------------------------- pages (menu tiles)

/** A new page from the choose-content popup: a sample page (fresh ids, sample-only fields dropped) or a preset. */
export function addPage(store: EditorStore, page: ContentPage): string {
  store.edit((draft) => void draft.contents.push(page));
  store.select(page._id);
  return page._id;
}

export function pageFromSample(sample: SampleContent, store: EditorStore): ContentPage {
  const { origin: _origin, guidebookId: _guidebookId, ...page } = sample;
  return cloneWithFreshIds(page, store.ids);
}

export function movePage(store: EditorStore, contentId: string, toIndex: number): boolean {
  const from = store.getState().doc.contents.findIndex((page) => page._id === contentId);
  const count = store.getState().doc.contents.length;
  const to = Math.min(Math.max(0, toIndex), count - 1);
  if (from === -1 || from === to) return false;
  return store.edit((draft) => {
    const [moved] = draft.contents.splice(from, 1);
    draft.contents.splice(to, 0, moved!);
  });
}

export function deletePage(store: EditorStore, contentId: string): boolean {
  if (store.getState().activeId === contentId) store.select(null);
  return store.edit((draft) => {
    const index = draft.contents.findIndex((page) => page._id === contentId);
    if (index !== -1) draft.contents.splice(index, 1);
  });
}

/** The unsaved guidebook's copy of a page: the whole tree with new ids, right after the original. */
export function copyPageLocally(store: EditorStore, contentId: string): string | null {
  const index = store.getState().doc.contents.findIndex((page) => page._id === contentId);
  const page = store.getState().doc.contents[index];
  if (!page) return null;
  const copy = cloneWithFreshIds(page, store.ids);
  store.edit((draft) => void draft.contents.splice(index + 1, 0, copy));
  return copy._id;
}

export function setPageText(
  store: EditorStore,
  contentId: string,
  field: 'title' | 'subtitle',
  value: string,
): boolean {
  return store.editContentPage(contentId, (draft) => void (draft[field] = value), `page-${field}`);
}

export function setPageIcon(store: EditorStore, contentId: string, icon: string): boolean {
  return store.editContentPage(contentId, (draft) => void (draft.icon = icon));
}

// ---------------------------------------------------------------- cover

export type CoverPart = 'header' | 'subheader' | 'footer';

export function setCoverType(store: EditorStore, part: CoverPart, type: CoverType): boolean {
  return store.edit((draft) => void (draft[part].type = type));
}
