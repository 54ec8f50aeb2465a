import {
  GUIDEBOOK_MESSAGES,
  PatchError,
  cloneWithFreshIds,
  deepEqual,
  diffDocuments,
  imageUploadPatches,
  locateItem,
  normaliseDocument,
  uploadSummary,
  type GuidebookDocument,
  type GuidebookEvent,
  type Patch,
  type SummaryEntry,
} from '@pocketguide/contracts';
import { ConflictError, NotFoundError } from '@pocketguide/platform/http/errors';
import type {
  CopyContentPage,
  CreateGuidebook,
  DeleteSectionItem,
  EditGuidebook,
  RedoChange,
  RestoreRevision,
  SaveGuidebook,
  UndoChange,
  UploadImage,
} from './guidebook-commands.ts';
import {
  changeDocument,
  checked,
  checkedDocument,
  markNormalised,
  documentIssue,
  edited,
  patched,
  patchedOrConflict,
  seededIds,
  summaryOf,
  withinLimits,
} from './guidebook-document-change.ts';
import { changeableGuidebook, type Guidebook, type GuidebookState } from './guidebook-state.ts';

/** The commands that create a guidebook or change its document: one decide function each. */

export const NOTHING_TO_UNDO = 'There is no saved change to undo';
export const NOTHING_TO_REDO = 'There is no undone change to redo';

export function createGuidebook(command: CreateGuidebook, state: GuidebookState): GuidebookEvent[] {
  if (state.status !== 'none') throw new ConflictError('This guidebook already exists');
  const { guidebookId, uuid, owner, source, copiedFrom, idSeed } = command.data;
  const ids = seededIds(idSeed);
  // Every nested part gets a fresh id: the posted sample, a copied guidebook and a new one alike.
  const document = markNormalised(
    checkedDocument(normaliseDocument(cloneWithFreshIds(command.data.document, ids), ids)),
  );
  return [
    checked({
      type: 'GuidebookCreated',
      data: {
        v: 2,
        guidebookId,
        uuid,
        ownerId: owner.userId,
        company: owner.company,
        document,
        source,
        ...(copiedFrom ? { copiedFrom } : {}),
        createdAt: command.data.now.toISOString(),
      },
    }),
  ];
}

/** PATCH: immer patches against the current revision (the handler checked `If-Match`). */
export function editGuidebook(command: EditGuidebook, state: GuidebookState): GuidebookEvent[] {
  return editedBy(state, command.data, () => command.data.patches);
}

/** PUT: the whole document; the change is its difference from the current one. */
export function saveGuidebook(command: SaveGuidebook, state: GuidebookState): GuidebookEvent[] {
  return editedBy(state, command.data, (current) => diffDocuments(current, command.data.document));
}

/**
 * An author's edit, whether sent as patches (PATCH) or as the whole document (PUT): the patches `patchesOf` finds
 * against the current document, checked and summarised; nothing when they change nothing.
 */
function editedBy(
  state: GuidebookState,
  data: Omit<EditGuidebook['data'], 'patches'>,
  patchesOf: (current: GuidebookDocument) => Patch[],
): GuidebookEvent[] {
  const guidebook = changeableGuidebook(state, data.actor);
  const change = changeDocument(guidebook.document, patchesOf(guidebook.document), seededIds(data.idSeed));
  if (!change) return [];
  return [
    edited(
      guidebook,
      state.revision,
      change,
      'edit',
      summaryOf(guidebook.document, change.patches),
      data.now.toISOString(),
    ),
  ];
}

export function restoreRevision(command: RestoreRevision, state: GuidebookState): GuidebookEvent[] {
  const guidebook = changeableGuidebook(state, command.data.actor);
  const { revision, document } = command.data;
  if (revision > state.revision) throw new NotFoundError(`There is no revision ${revision}`);
  if (deepEqual(guidebook.document, document)) return [];
  const patches = diffDocuments(guidebook.document, document);
  const applied = patched(guidebook.document, patches);
  const change = withinLimits(guidebook.document, applied.doc, patches, applied.inversePatches);
  const summary: SummaryEntry[] = [{ key: 'restored-version', params: { revision } }];
  return [
    edited(guidebook, state.revision, change, 'restore', summary, command.data.now.toISOString(), {
      restoredRevision: revision,
    }),
  ];
}

export function undoChange(command: UndoChange, state: GuidebookState): GuidebookEvent[] {
  return historyStep(command, state, 'undo');
}

export function redoChange(command: RedoChange, state: GuidebookState): GuidebookEvent[] {
  return historyStep(command, state, 'redo');
}

/** Undo takes back the newest change still undoable; redo reverts the newest undo. */
const HISTORY_STEPS = {
  undo: {
    stack: (guidebook: Guidebook) => guidebook.undoable,
    nothing: NOTHING_TO_UNDO,
    marked: (revision: number) => ({ undoneRevision: revision }),
  },
  redo: {
    stack: (guidebook: Guidebook) => guidebook.redoable,
    nothing: NOTHING_TO_REDO,
    marked: (revision: number) => ({ redoneRevision: revision }),
  },
} as const;

/**
 * An undo or a redo: the newest revision on its stack must be the one the handler read the patches of
 * (`target`), else another change came first; those patches are applied as a new change that names it.
 */
function historyStep(
  command: UndoChange | RedoChange,
  state: GuidebookState,
  kind: keyof typeof HISTORY_STEPS,
): GuidebookEvent[] {
  const { stack, nothing, marked } = HISTORY_STEPS[kind];
  const guidebook = changeableGuidebook(state, command.data.actor);
  const top = stack(guidebook).at(-1);
  if (top === undefined) throw new ConflictError(nothing);
  if (top !== command.data.target.revision)
    throw new ConflictError(`The change to ${kind} is no longer the latest; try again`);
  const applied = patchedOrConflict(guidebook.document, command.data.target.patches);
  const change = { after: applied.doc, patches: command.data.target.patches, inversePatches: applied.inversePatches };
  const summary = summaryOf(guidebook.document, change.patches);
  return [edited(guidebook, state.revision, change, kind, summary, command.data.now.toISOString(), marked(top))];
}

export function copyContentPage(command: CopyContentPage, state: GuidebookState): GuidebookEvent[] {
  const guidebook = changeableGuidebook(state, command.data.actor);
  const now = command.data.now.toISOString();
  const { contentId, idSeed } = command.data;
  const sourceIndex = guidebook.document.contents.findIndex((page) => page._id === contentId);
  const source = guidebook.document.contents[sourceIndex];
  if (!source) throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
  const content = { ...cloneWithFreshIds(source, seededIds(idSeed)), createdAt: now, updatedAt: now };
  const index = sourceIndex + 1;
  checkedDocument(
    patched(guidebook.document, [{ op: 'add', path: ['contents', index], value: content }]).doc,
    guidebook.document,
  );
  return [
    checked({
      type: 'ContentPageCopied',
      data: { guidebookId: guidebook.guidebookId, sourceContentId: contentId, content, index, copiedAt: now },
    }),
  ];
}

export function deleteSectionItem(command: DeleteSectionItem, state: GuidebookState): GuidebookEvent[] {
  const guidebook = changeableGuidebook(state, command.data.actor);
  const { contentId, itemId } = command.data;
  const page = guidebook.document.contents.find((content) => content._id === contentId);
  const section = page?.sections.find((candidate) => candidate.items.some((item) => item._id === itemId));
  const location = page && section ? locateItem(guidebook.document, contentId, section._id, itemId) : null;
  if (!section || !location) throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
  const item = section.items[location.itemIndex]!;
  return [
    checked({
      type: 'SectionItemDeleted',
      data: {
        guidebookId: guidebook.guidebookId,
        contentId,
        sectionId: section._id,
        itemId,
        item,
        index: location.itemIndex,
        deletedAt: command.data.now.toISOString(),
      },
    }),
  ];
}

export function uploadImage(command: UploadImage, state: GuidebookState): GuidebookEvent[] {
  const guidebook = changeableGuidebook(state, command.data.actor);
  const { target, image } = command.data;
  if (target.kind === 'item' && !locateItem(guidebook.document, target.contentId, target.sectionId, target.itemId)) {
    throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
  }
  if (target.kind === 'card' && !guidebook.document.home.cards.some((card) => card._id === target.cardId))
    throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
  let patches: Patch[];
  try {
    patches = imageUploadPatches(guidebook.document, target, image);
  } catch (error) {
    if (error instanceof PatchError)
      throw documentIssue(error.path, error.message.slice(error.message.indexOf(': ') + 2));
    throw error;
  }
  const applied = patched(guidebook.document, patches);
  checkedDocument(applied.doc, guidebook.document);
  const change = { after: applied.doc, patches, inversePatches: applied.inversePatches };
  const summary = uploadSummary(guidebook.document, target);
  return [
    edited(guidebook, state.revision, change, 'upload', summary, command.data.now.toISOString(), {
      upload: { target, image },
    }),
  ];
}
