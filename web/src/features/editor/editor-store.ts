import { produce, type Draft } from 'immer';
import {
  applyPatchesWithInverse,
  diffDocuments,
  guidebookTitleSchema,
  invertPatches,
  normaliseDocument,
  normaliseDocumentChange,
  PatchError,
  type ContentPage,
  type GuidebookDocument,
  type IdGenerator,
  type Patch,
  type SectionItem,
} from '@pocketguide/contracts';
import { EDIT_MERGE_MS, type EditRecipe } from './item-contract.ts';

/**
 * The editor's state, one store per open editor (no module-level instance): the document, the server revision it
 * was based on, the edits not saved yet as patches, undo/redo over every edit, the dirty flag and the selection.
 * Pure state transitions only; talking to the server is `guidebook-saver.ts`'s job.
 */

export type EditorOrigin = 'new' | 'sample' | 'saved';

/** The settings that change through their own commands, not through the document. */
export type EditorSettings = {
  uuid: string;
  ownerId: string;
  /** the owner's company (shown to an administrator editing someone else's guidebook) */
  company: string;
  published: boolean;
  isPublicGallery: boolean;
  hasPassword: boolean;
  password: string;
  isSampleGuidebook: boolean;
  isSampleContent: boolean;
};

export type UndoStep = {
  patches: Patch[];
  inversePatches: Patch[];
  /** merge key: steps with the same label and target within `EDIT_MERGE_MS` merge */
  label: string | undefined;
  target: string;
  at: number;
};

export type SaveStatus = 'idle' | 'saving' | 'error';

export type EditorState = {
  /** null until the guidebook is saved the first time */
  guidebookId: string | null;
  origin: EditorOrigin;
  doc: GuidebookDocument;
  /** the document as the server holds it at `revision` (null while unsaved) */
  savedDoc: GuidebookDocument | null;
  revision: number | null;
  settings: EditorSettings | null;
  /** every edit since the last save, in order; the first `inFlight` of them are being sent */
  unsaved: Patch[];
  inFlight: number;
  undoStack: UndoStep[];
  redoStack: UndoStep[];
  /**
   * Saved changes undone on the server (the toolbar's or the history's undo after a reload) that a redo can bring
   * back, as far as this editor knows; any new edit ends them, as it does on the server.
   */
  serverRedos: number;
  /** set by any edit, cleared by a save or a reset (spec §4) */
  dirty: boolean;
  saveStatus: SaveStatus;
  /** the selected part (`_id` of an item, tile, day…, or 'header' / 'subheader' / 'footer') */
  activeId: string | null;
  /** the menu card whose text is being edited; only one at a time (spec §4) */
  editingId: string | null;
  /** someone else's save changed what our unsaved edits change: the author chooses (see the saver) */
  conflict: SaveConflict | null;
};

export type SaveConflict = { theirs: GuidebookDocument; revision: number };

export type EditOptions = { label?: string | undefined; target?: string | undefined };

export type EditorStore = {
  getState(): EditorState;
  subscribe(listener: () => void): () => void;
  /** called after every change of the document made by the author (edits, undo, redo): the saver schedules a save */
  onEdited(listener: () => void): () => void;
  ids: IdGenerator;

  edit(recipe: EditRecipe<GuidebookDocument>, options?: EditOptions): boolean;
  editContentPage(contentId: string, recipe: EditRecipe<ContentPage>, label?: string): boolean;
  editItem(contentId: string, itemId: string, recipe: EditRecipe<SectionItem>, label?: string): boolean;
  undo(): boolean;
  redo(): boolean;
  /** the server undid (or redid) a saved change; the document comes with the `reset` that follows */
  serverTravelled(direction: 'undo' | 'redo' | 'none'): void;

  select(id: string | null): void;
  /** false when another card is already in edit mode */
  startEditing(id: string): boolean;
  stopEditing(): void;

  /** the patches to send (saved document → this one) and the revision they apply to; marks the edits in flight */
  beginSave(): { patches: Patch[]; revision: number } | null;
  /** the server stored the in-flight patches at `revision` and added `fixes` (the structural rules' patches) */
  saveSucceeded(answer: { revision: number; patches: Patch[] }): void;
  saveFailed(): void;
  /** the whole local document was stored (PUT); `patches` turn it into the stored one */
  documentSaved(answer: { revision: number; patches: Patch[] }): void;
  /** the server's newer document with our unsaved edits re-applied on it (see `rebase.ts`) */
  rebased(server: { doc: GuidebookDocument; revision: number }, rebasedDoc: GuidebookDocument, patches: Patch[]): void;
  /** the server's document took over; local edits are dropped */
  reset(server: { doc: GuidebookDocument; revision: number; settings?: EditorSettings }): void;
  /** the first save of an unsaved guidebook */
  inserted(guidebookId: string): void;
  /**
   * A command changed the stream from revision `from` to `to`: a setting (no patches), or an upload (the patches
   * that put the image in place).
   */
  serverChanged(change: { from: number; to: number; patches: Patch[] }): void;
  setConflict(conflict: SaveConflict | null): void;
  setSettings(settings: Partial<EditorSettings>): void;
};

/** Random ids for new parts: 24 hex characters from `crypto.getRandomValues` (which, unlike randomUUID, works on http). */
export function randomIds(): IdGenerator {
  return {
    newId() {
      const bytes = new Uint8Array(12);
      crypto.getRandomValues(bytes);
      return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
    },
  };
}

/** 'Title cannot be empty' or another title problem, or null when the title may be saved. */
export function titleProblem(doc: GuidebookDocument): string | null {
  const result = guidebookTitleSchema.safeParse(doc.title);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid title');
}

const sameArray = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((value, index) => value === b[index]);
const samePath = (a: Patch['path'], b: Patch['path']) => sameArray(a, b);

/**
 * Appends patches to the unsaved list, folding a replace of the same path as the last one not yet sent (typing in
 * one field sends its final value once, not every keystroke).
 */
function appendUnsaved(unsaved: Patch[], inFlight: number, patches: readonly Patch[]): Patch[] {
  const next = unsaved.slice();
  for (const patch of patches) {
    const last = next[next.length - 1];
    if (last && next.length - 1 >= inFlight && last.op === 'replace' && patch.op === 'replace' && samePath(last.path, patch.path)) {
      next[next.length - 1] = patch;
    } else next.push(patch);
  }
  return next;
}

export type EditorStoreInit = {
  doc: GuidebookDocument;
  origin: EditorOrigin;
  guidebookId?: string | null;
  revision?: number | null;
  settings?: EditorSettings | null;
  ids?: IdGenerator;
  now?: () => number;
};

export function createEditorStore(init: EditorStoreInit): EditorStore {
  const ids = init.ids ?? randomIds();
  const now = init.now ?? (() => Date.now());
  const saved = init.origin === 'saved';
  let state: EditorState = {
    guidebookId: init.guidebookId ?? null,
    origin: init.origin,
    doc: init.doc,
    savedDoc: saved ? init.doc : null,
    revision: init.revision ?? null,
    settings: init.settings ?? null,
    unsaved: [],
    inFlight: 0,
    undoStack: [],
    redoStack: [],
    serverRedos: 0,
    // an untouched new guidebook holds nothing the author did: leaving warns from the first edit on (issue 22)
    dirty: false,
    saveStatus: 'idle',
    activeId: null,
    editingId: null,
    conflict: null,
  };
  const listeners = new Set<() => void>();
  const editListeners = new Set<() => void>();
  /** documents this store made that follow the structural rules (see `edit`) */
  const normalised = new WeakSet<GuidebookDocument>();

  const set = (next: Partial<EditorState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  const edited = () => {
    for (const listener of editListeners) listener();
  };

  /** The document after `patches` with the structural rules applied, as one step. */

  function record(doc: GuidebookDocument, patches: Patch[], inversePatches: Patch[], options: EditOptions) {
    const at = now();
    const target = options.target ?? '';
    const last = state.undoStack[state.undoStack.length - 1];
    const merge = last !== undefined && options.label !== undefined && options.label !== '' && last.label === options.label && last.target === target && at - last.at <= EDIT_MERGE_MS;
    const undoStack = merge
      ? [...state.undoStack.slice(0, -1), { ...last, patches: [...last.patches, ...patches], inversePatches: [...inversePatches, ...last.inversePatches], at }]
      : [...state.undoStack, { patches, inversePatches, label: options.label, target, at }];
    set({ doc, undoStack, redoStack: [], serverRedos: 0, unsaved: appendUnsaved(state.unsaved, state.inFlight, patches), dirty: true });
    edited();
  }

  function edit(recipe: EditRecipe<GuidebookDocument>, options: EditOptions = {}): boolean {
    const before = state.doc;
    const drafted = produce(before, recipe);
    if (drafted === before) return false;
    // A keystroke changes one item: the rules look only at what the recipe touched when the document before it is
    // known to follow them (the result of an earlier edit); otherwise (the first edit, after an undo or a reload)
    // at the whole document, once.
    const after = normalised.has(before) ? normaliseDocumentChange(before, drafted, ids) : normaliseDocument(drafted, ids);
    normalised.add(after);
    // The patches are immer's format, but computed by the contracts' diff rather than taken from immer: immer writes
    // an insertion or a move inside an array as a replace of every later element (a whole 200-item section for one
    // new item), while the diff matches elements by `_id` (a move is one remove and one add). The diff only descends
    // into branches the recipe touched, so it costs little.
    const patches = diffDocuments(before, after);
    if (patches.length === 0) return false;
    record(after, patches, invertPatches(before, patches), options);
    return true;
  }

  function contentIndex(contentId: string): number {
    return state.doc.contents.findIndex((page) => page._id === contentId);
  }

  function editContentPage(contentId: string, recipe: EditRecipe<ContentPage>, label?: string): boolean {
    const index = contentIndex(contentId);
    if (index === -1) return false;
    return edit((draft) => recipe(draft.contents[index]!), { label, target: contentId });
  }

  function editItem(contentId: string, itemId: string, recipe: EditRecipe<SectionItem>, label?: string): boolean {
    const index = contentIndex(contentId);
    const page = state.doc.contents[index];
    if (!page) return false;
    // found by id at the time of the edit: the item may have moved since its component rendered
    for (let s = 0; s < page.sections.length; s++) {
      const i = page.sections[s]!.items.findIndex((item) => item._id === itemId);
      if (i !== -1) return edit((draft) => recipe(draft.contents[index]!.sections[s]!.items[i]! as Draft<SectionItem>), { label, target: itemId });
    }
    return false;
  }

  function travel(from: 'undoStack' | 'redoStack'): boolean {
    const stack = state[from];
    const step = stack[stack.length - 1];
    if (!step) return false;
    const forward = from === 'redoStack';
    try {
      const { doc } = applyPatchesWithInverse(state.doc, forward ? step.patches : step.inversePatches);
      const sent = forward ? step.patches : step.inversePatches;
      const rest = stack.slice(0, -1);
      const stacks = forward ? { redoStack: rest, undoStack: [...state.undoStack, step] } : { undoStack: rest, redoStack: [...state.redoStack, step] };
      set({ doc, ...stacks, serverRedos: 0, unsaved: appendUnsaved(state.unsaved, state.inFlight, sent), dirty: true });
      edited();
      return true;
    } catch (error) {
      // A step that no longer fits the document (it changed underneath) is dropped rather than applied elsewhere.
      if (!(error instanceof PatchError)) throw error;
      set(forward ? { redoStack: stack.slice(0, -1) } : { undoStack: stack.slice(0, -1) });
      return false;
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onEdited(listener) {
      editListeners.add(listener);
      return () => editListeners.delete(listener);
    },
    ids,
    edit,
    editContentPage,
    editItem,
    undo: () => travel('undoStack'),
    redo: () => travel('redoStack'),
    serverTravelled(direction) {
      const serverRedos = direction === 'undo' ? state.serverRedos + 1 : direction === 'redo' ? Math.max(0, state.serverRedos - 1) : 0;
      if (serverRedos !== state.serverRedos) set({ serverRedos });
    },

    select(id) {
      // selecting something else ends the edit mode of a card
      const editingId = state.editingId === id ? state.editingId : null;
      if (id !== state.activeId || editingId !== state.editingId) set({ activeId: id, editingId });
    },
    startEditing(id) {
      if (state.editingId !== null && state.editingId !== id) return false;
      set({ activeId: id, editingId: id });
      return true;
    },
    stopEditing() {
      if (state.editingId !== null) set({ editingId: null });
    },

    beginSave() {
      if (state.revision === null || state.inFlight > 0 || state.unsaved.length === 0) return null;
      // What is sent is the difference between the saved document and this one, not every step on the way: an
      // edit undone before the save costs nothing, and the history reads as what changed.
      const patches = state.savedDoc ? diffDocuments(state.savedDoc, state.doc) : state.unsaved.slice();
      if (patches.length === 0) {
        set({ unsaved: [], dirty: false, saveStatus: 'idle' });
        return null;
      }
      set({ inFlight: state.unsaved.length, saveStatus: 'saving' });
      return { patches, revision: state.revision };
    },
    saveSucceeded({ revision, patches }) {
      const sent = state.unsaved.slice(0, state.inFlight);
      const rest = state.unsaved.slice(state.inFlight);
      let savedDoc = state.savedDoc ? applyPatchesWithInverse(state.savedDoc, sent).doc : state.doc;
      let doc = state.doc;
      if (patches.length > 0) {
        savedDoc = applyPatchesWithInverse(savedDoc, patches).doc;
        // the server's fixes normally are none (the same rules ran here); when there are, they go on top of what
        // was typed meanwhile, or, if they no longer fit, the saved document wins for what was sent
        try {
          doc = applyPatchesWithInverse(doc, patches).doc;
        } catch (error) {
          if (!(error instanceof PatchError)) throw error;
          doc = applyPatchesWithInverse(savedDoc, rest).doc;
        }
      }
      set({ revision, savedDoc, doc, unsaved: rest, inFlight: 0, dirty: rest.length > 0, saveStatus: 'idle' });
    },
    saveFailed() {
      set({ inFlight: 0, saveStatus: 'error' });
    },
    documentSaved({ revision, patches }) {
      const doc = patches.length > 0 ? applyPatchesWithInverse(state.doc, patches).doc : state.doc;
      set({ revision, doc, savedDoc: doc, unsaved: [], inFlight: 0, dirty: false, saveStatus: 'idle', conflict: null });
    },
    rebased(server, rebasedDoc, patches) {
      const normalised = normaliseDocument(rebasedDoc, ids);
      const fixes = normalised === rebasedDoc ? [] : diffDocuments(rebasedDoc, normalised);
      const theirsChanged = state.savedDoc === null || diffDocuments(state.savedDoc, server.doc).length > 0;
      set({
        doc: normalised,
        savedDoc: server.doc,
        revision: server.revision,
        unsaved: [...patches, ...fixes],
        inFlight: 0,
        dirty: patches.length + fixes.length > 0,
        saveStatus: 'idle',
        conflict: null,
        // the steps' paths were computed against the old document; after someone else's changes they could land
        // on other parts, so the history starts again
        ...(theirsChanged ? { undoStack: [], redoStack: [] } : {}),
      });
    },
    reset(server) {
      set({
        doc: server.doc,
        savedDoc: server.doc,
        revision: server.revision,
        ...(server.settings ? { settings: server.settings } : {}),
        unsaved: [],
        inFlight: 0,
        undoStack: [],
        redoStack: [],
        dirty: false,
        saveStatus: 'idle',
        conflict: null,
      });
    },
    inserted(guidebookId) {
      set({ guidebookId, dirty: false, unsaved: [], inFlight: 0, saveStatus: 'idle' });
    },
    serverChanged({ from, to, patches }) {
      const tryApply = (doc: GuidebookDocument): GuidebookDocument | null => {
        try {
          return applyPatchesWithInverse(doc, patches).doc;
        } catch (error) {
          if (error instanceof PatchError) return null;
          throw error;
        }
      };
      const doc = patches.length === 0 ? state.doc : (tryApply(state.doc) ?? state.doc);
      // Only when nothing else happened in between does our saved copy follow; otherwise the next save's 412 catches up.
      if (state.revision !== from || state.inFlight > 0 || !state.savedDoc) {
        if (doc !== state.doc) set({ doc });
        return;
      }
      const savedDoc = patches.length === 0 ? state.savedDoc : (tryApply(state.savedDoc) ?? state.savedDoc);
      set({ doc, savedDoc, revision: to });
    },
    setConflict(conflict) {
      set({ conflict });
    },
    setSettings(settings) {
      if (state.settings) set({ settings: { ...state.settings, ...settings } });
    },
  };
}
