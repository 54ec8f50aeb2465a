import {
  GUIDEBOOK_LIMITS,
  GUIDEBOOK_MESSAGES,
  PatchError,
  applyPatchesWithInverse,
  deepEqual,
  diffDocuments,
  guidebookEventSchemas,
  normaliseDocument,
  normaliseDocumentChange,
  summarisePatches,
  validateDocument,
  validateDocumentChange,
  type GuidebookDocument,
  type GuidebookEvent,
  type IdGenerator,
  type ImageSet,
  type ImageUploadTarget,
  type Patch,
  type SummaryEntry,
} from '@pocketguide/contracts';
import { ConflictError, ValidationError } from '@pocketguide/platform/http/errors';
import { deriveId } from '../core/ids.ts';
import { decidedDocuments, normalisedDocuments, validDocuments } from './decided-documents.ts';
import type { Guidebook } from './guidebook-state.ts';

/**
 * How the commands change a document and record it: patches applied and validated (400 naming the path), the
 * structural rules' fixes added as further patches, every event checked against its schema before it is appended.
 */

/** Ids derived from the command's seed: the same command makes the same ids (a retry changes nothing). */
export function seededIds(seed: string): IdGenerator {
  let next = 0;
  return { newId: () => deriveId(`${seed}:${next++}`) };
}

export const documentIssue = (path: string, message: string) =>
  new ValidationError(path ? `${path}: ${message}` : message, [{ path: path || '(document)', message }]);

/** The document, if it is valid (400 naming the path otherwise); `before`: the document it was patched from. */
export function checkedDocument(doc: GuidebookDocument, before?: GuidebookDocument): GuidebookDocument {
  const issue = before && validDocuments.has(before) ? validateDocumentChange(before, doc) : validateDocument(doc);
  if (issue) throw documentIssue(issue.path, issue.message);
  if (doc.title.trim() === '') throw documentIssue('title', GUIDEBOOK_MESSAGES.titleEmpty);
  validDocuments.add(doc);
  return doc;
}

/** `normaliseDocument`, by the change alone when `before` is a known (normalised) document. */
const normalisedAfter = (before: GuidebookDocument, after: GuidebookDocument, ids: IdGenerator): GuidebookDocument =>
  normalisedDocuments.has(before) ? normaliseDocumentChange(before, after, ids) : normaliseDocument(after, ids);

/** A document a decision made whole (a new guidebook): later saves on it are checked by their change. */
export function markNormalised(doc: GuidebookDocument): GuidebookDocument {
  normalisedDocuments.add(doc);
  return doc;
}

export function patched(
  doc: GuidebookDocument,
  patches: readonly Patch[],
): { doc: GuidebookDocument; inversePatches: Patch[] } {
  try {
    return applyPatchesWithInverse(doc, patches);
  } catch (error) {
    if (error instanceof PatchError)
      throw documentIssue(error.path, error.message.slice(error.message.indexOf(': ') + 2));
    throw error;
  }
}

/** Undo and redo apply stored patches: if they no longer fit (they always should), that is a conflict, not bad input. */
export function patchedOrConflict(
  doc: GuidebookDocument,
  patches: readonly Patch[],
): { doc: GuidebookDocument; inversePatches: Patch[] } {
  try {
    const result = patched(doc, patches);
    checkedDocument(result.doc, doc);
    return result;
  } catch (error) {
    if (error instanceof ValidationError) throw new ConflictError('This change can no longer be undone or redone');
    throw error;
  }
}

export type DocumentChange = { after: GuidebookDocument; patches: Patch[]; inversePatches: Patch[] };

/**
 * Applies patches, validates the result against the document schema (400 naming the path), applies the structural
 * rules and records their fixes as further patches. Null when the document ends as it was.
 */
export function changeDocument(
  before: GuidebookDocument,
  patches: readonly Patch[],
  ids: IdGenerator,
): DocumentChange | null {
  const first = patched(before, patches);
  const checked = checkedDocument(first.doc, before);
  let after = checked;
  let all = [...patches];
  let inversePatches = first.inversePatches;
  const normalised = normalisedAfter(before, after, ids);
  if (normalised !== after) {
    const fixes = diffDocuments(after, normalised);
    const fixed = patched(after, fixes);
    after = checkedDocument(fixed.doc, checked);
    all = [...all, ...fixes];
    inversePatches = [...fixed.inversePatches, ...inversePatches];
  }
  if (deepEqual(before, after)) return null;
  normalisedDocuments.add(after);
  return withinLimits(before, after, all, inversePatches);
}

/**
 * An event holds at most `patchesPerEdit` patches each way: a larger change (a PUT that rewrote everything, a
 * restore across many changes) is stored as one replacement of the whole document.
 */
export function withinLimits(
  before: GuidebookDocument,
  after: GuidebookDocument,
  patches: Patch[],
  inversePatches: Patch[],
): DocumentChange {
  const limit = GUIDEBOOK_LIMITS.patchesPerEdit;
  if (patches.length <= limit && inversePatches.length <= limit) return { after, patches, inversePatches };
  return {
    after,
    patches: [{ op: 'replace', path: [], value: after }],
    inversePatches: [{ op: 'replace', path: [], value: before }],
  };
}

const SUMMARY_MAX = 200;

export function summaryOf(before: GuidebookDocument, patches: readonly Patch[]): SummaryEntry[] {
  return summarisePatches(before, patches).slice(0, SUMMARY_MAX);
}

/**
 * The patches that undo the change recorded at `revision`, given that change's event and the document as it is
 * now (which, the change being on top of the undo stack, is the document that change left).
 */
export function undoPatchesOf(event: GuidebookEvent, current: GuidebookDocument): Patch[] {
  switch (event.type) {
    case 'GuidebookEdited':
      return event.data.inversePatches;
    case 'ContentPageCopied':
      return [{ op: 'remove', path: ['contents', event.data.index] }];
    case 'SectionItemDeleted': {
      const { contentId, sectionId, index, item } = event.data;
      const contentIndex = current.contents.findIndex((page) => page._id === contentId);
      const sectionIndex =
        current.contents[contentIndex]?.sections.findIndex((section) => section._id === sectionId) ?? -1;
      if (contentIndex === -1 || sectionIndex === -1) throw new ConflictError('This change can no longer be undone');
      return [{ op: 'add', path: ['contents', contentIndex, 'sections', sectionIndex, 'items', index], value: item }];
    }
    default:
      throw new ConflictError('This change cannot be undone');
  }
}

/** Every event is checked against its contracts schema before it is appended: what is stored always reads back. */
export function checked<E extends GuidebookEvent>(event: E): E {
  const result = guidebookEventSchemas[event.type].safeParse(event.data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`${event.type} does not fit its schema at ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`);
  }
  return event;
}

export type EditKind = 'edit' | 'undo' | 'redo' | 'restore' | 'upload';

export function edited(
  guidebook: Guidebook,
  revision: number,
  change: DocumentChange,
  kind: EditKind,
  summary: SummaryEntry[],
  now: string,
  extra: {
    undoneRevision?: number;
    redoneRevision?: number;
    restoredRevision?: number;
    upload?: { target: ImageUploadTarget; image: ImageSet };
  } = {},
): GuidebookEvent {
  const data = {
    guidebookId: guidebook.guidebookId,
    baseRevision: revision,
    patches: change.patches,
    inversePatches: change.inversePatches,
    summary,
    kind,
    ...extra,
    editedAt: now,
  };
  decidedDocuments.set(data, change.after);
  return checked({ type: 'GuidebookEdited', data });
}
