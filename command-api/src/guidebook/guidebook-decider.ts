import {
  GUIDEBOOK_LIMITS,
  GUIDEBOOK_MESSAGES,
  PatchError,
  applyDocumentEvent,
  applyPatchesWithInverse,
  cloneWithFreshIds,
  deepEqual,
  diffDocuments,
  guidebookEventSchemas,
  guidebookEventTime,
  imageUploadPatches,
  isDocumentEvent,
  locateItem,
  normaliseDocument,
  normaliseDocumentChange,
  summarisePatches,
  uploadSummary,
  validateDocument,
  validateDocumentChange,
  type GuidebookDocument,
  type GuidebookEvent,
  type GuidebookSource,
  type IdGenerator,
  type ImageSet,
  type ImageUploadTarget,
  type Patch,
  type SummaryEntry,
} from '@pocketguide/contracts';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '@pocketguide/platform/http/errors';
import type { Decider } from '../core/decider.ts';
import { deriveId } from '../core/ids.ts';
import { SubscriptionRequiredError } from './guidebook-errors.ts';

/**
 * The guidebook aggregate (`guidebook-<id>`): its document (changed only by patches, see contracts'
 * `guidebook-events.ts`), its settings and what undo and redo may take back.
 *
 * Deciders stay pure: ids come from a seed the route derives from the command id (`idSeed`), time from `now`, and
 * anything another stream knows (the owner's subscription, a stored change to undo) arrives in the command.
 */

/** Who sends a command: the signed-in person. */
export type Actor = { userId: string; isAdmin: boolean };

export type GuidebookSettings = {
  password: string;
  published: boolean;
  isPublicGallery: boolean;
  isSampleGuidebook: boolean;
  isSampleContent: boolean;
  thumbnailUrl: string | null;
  thumbnailGeneratedAt: string | null;
};

/** How many saved changes undo can walk back (older ones drop off; the history still holds them). */
export const UNDO_DEPTH = 1000;

export type Guidebook = {
  guidebookId: string;
  uuid: string;
  ownerId: string;
  company: string;
  source: GuidebookSource;
  document: GuidebookDocument;
  settings: GuidebookSettings;
  createdAt: string;
  updatedAt: string;
  /**
   * Revisions of the changes undo takes back, newest last: document changes, and redos. A change is undone by
   * applying its inverse, which is only right while the document is as that change left it, so every document
   * change passes through this stack (edits, uploads, copies of pages, deleted items, restores).
   */
  undoable: number[];
  /** Revisions of undo events redo reverts, newest last; any new change empties it. */
  redoable: number[];
  /** events appended on the latest day (UTC) one happened: the daily growth quota's count */
  growth: { day: string; events: number };
};

/**
 * How many events one guidebook's stream may gain in a day (UTC). An author editing all day saves at most once
 * every few seconds (AUTOSAVE_MS after a pause); this bounds what a script can make the log store for one
 * guidebook. Deleting and unpublishing stay possible past it.
 */
export const GUIDEBOOK_EVENTS_PER_DAY = 10_000;
export const GROWTH_QUOTA_MESSAGE = 'This guidebook has been changed too many times today. Please try again tomorrow.';
const QUOTA_FREE_COMMANDS: ReadonlySet<string> = new Set(['DeleteGuidebook', 'UnpublishGuidebook', 'RecordThumbnail']);

const dayOf = (at: string) => at.slice(0, 10);

function counted(guidebook: Guidebook, at: string): Guidebook {
  const day = dayOf(at);
  // an event's time never runs backwards on its stream; an older day (a clock step back) counts into today's
  const events = guidebook.growth.day >= day ? guidebook.growth.events + 1 : 1;
  return { ...guidebook, growth: { day: guidebook.growth.day > day ? guidebook.growth.day : day, events } };
}

/** Refuses a person's change once the guidebook's stream has gained its day's quota of events. */
function checkGrowth(command: GuidebookCommand, state: GuidebookState): void {
  if (state.status !== 'active' || QUOTA_FREE_COMMANDS.has(command.type)) return;
  const now = command.data.now;
  const { growth } = state.guidebook;
  if (growth.day !== now.toISOString().slice(0, 10) || growth.events < GUIDEBOOK_EVENTS_PER_DAY) return;
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  throw new TooManyRequestsError(GROWTH_QUOTA_MESSAGE, (midnight - now.getTime()) / 1000);
}

/**
 * `revision` counts the events folded, so the state knows the revision of each event it applies (undo and redo
 * refer to earlier events by revision).
 */
export type GuidebookState =
  | { status: 'none'; revision: -1 }
  | { status: 'active'; revision: number; guidebook: Guidebook }
  | { status: 'deleted'; revision: number; guidebook: Guidebook };

type At = { now: Date };
type By = At & { actor: Actor };

export type CreateGuidebook = {
  type: 'CreateGuidebook';
  data: At & {
    guidebookId: string;
    uuid: string;
    owner: { userId: string; company: string };
    /** already a valid document (the route parsed it); every `_id` in it is replaced */
    document: GuidebookDocument;
    source: GuidebookSource;
    copiedFrom?: string;
    idSeed: string;
  };
};
/** PATCH: immer patches against the current revision (the handler checked `If-Match`). */
export type EditGuidebook = { type: 'EditGuidebook'; data: By & { patches: Patch[]; idSeed: string } };
/** PUT: the whole document; the change is its difference from the current one. */
export type SaveGuidebook = { type: 'SaveGuidebook'; data: By & { document: GuidebookDocument; idSeed: string } };
/** Brings back the document of an earlier revision (read by the route) as a new change. */
export type RestoreRevision = { type: 'RestoreRevision'; data: By & { revision: number; document: GuidebookDocument } };
/** `target`: the newest undoable change and the patches that take it back (`undoPatchesOf`). */
export type UndoChange = { type: 'UndoChange'; data: By & { target: { revision: number; patches: Patch[] } } };
/** `target`: the newest undo and the patches that revert it (its inverse). */
export type RedoChange = { type: 'RedoChange'; data: By & { target: { revision: number; patches: Patch[] } } };
export type CopyContentPage = { type: 'CopyContentPage'; data: By & { contentId: string; idSeed: string } };
export type DeleteSectionItem = { type: 'DeleteSectionItem'; data: By & { contentId: string; itemId: string } };
export type UploadImage = { type: 'UploadImage'; data: By & { target: ImageUploadTarget; image: ImageSet } };
export type DeleteGuidebook = { type: 'DeleteGuidebook'; data: By };
/** `mayPublish`: an administrator, or an owner whose subscription allows it (read from `user-<id>`). */
export type PublishGuidebook = { type: 'PublishGuidebook'; data: By & { mayPublish: boolean } };
export type UnpublishGuidebook = { type: 'UnpublishGuidebook'; data: By & { reason: 'single' | 'all' } };
export type SetPublicGallery = { type: 'SetPublicGallery'; data: By & { isPublicGallery: boolean } };
/** `passwordHash`: the password's scrypt hash, made by the caller off the event loop (null to remove it). */
export type SetGuidebookPassword = { type: 'SetGuidebookPassword'; data: By & { password: string; passwordHash: string | null } };
export type SetSampleFlags = { type: 'SetSampleFlags'; data: By & { isSampleGuidebook: boolean; isSampleContent: boolean } };
/** The thumbnail worker's command (system); `renderMs`: how long the picture took, for the queue's estimates. */
export type RecordThumbnail = { type: 'RecordThumbnail'; data: At & { thumbnailUrl: string; generatedAt: Date; renderMs?: number } };

export type GuidebookCommand =
  | CreateGuidebook
  | EditGuidebook
  | SaveGuidebook
  | RestoreRevision
  | UndoChange
  | RedoChange
  | CopyContentPage
  | DeleteSectionItem
  | UploadImage
  | DeleteGuidebook
  | PublishGuidebook
  | UnpublishGuidebook
  | SetPublicGallery
  | SetGuidebookPassword
  | SetSampleFlags
  | RecordThumbnail;

export const NOT_YOURS = 'You may only change your own guidebooks';
export const SAMPLE_FLAGS_REFUSED = 'Only an administrator who owns this guidebook can mark it as a sample';
export const NOTHING_TO_UNDO = 'There is no saved change to undo';
export const NOTHING_TO_REDO = 'There is no undone change to redo';

/** Ids derived from the command's seed: the same command makes the same ids (a retry changes nothing). */
export function seededIds(seed: string): IdGenerator {
  let next = 0;
  return { newId: () => deriveId(`${seed}:${next++}`) };
}

/** Owners change their own guidebooks; administrators any. */
export const mayChange = (guidebook: Pick<Guidebook, 'ownerId'>, actor: Actor): boolean => actor.isAdmin || guidebook.ownerId === actor.userId;

function existing(state: GuidebookState): Guidebook {
  if (state.status !== 'active') throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
  return state.guidebook;
}

function changeable(state: GuidebookState, actor: Actor): Guidebook {
  const guidebook = existing(state);
  if (!mayChange(guidebook, actor)) throw new ForbiddenError(NOT_YOURS);
  return guidebook;
}

// ---------------------------------------------------------------- document changes

const documentIssue = (path: string, message: string) => new ValidationError(path ? `${path}: ${message}` : message, [{ path: path || '(document)', message }]);

/**
 * Documents this process has checked (whole, or by their change from a checked one), and among them those it has
 * normalised too: the documents its decisions made (issue 20). A save on one of them checks and normalises only
 * what its patches touched (`validateDocumentChange`, `normaliseDocumentChange`): the same verdict, issue and
 * result as over the whole document, for a fraction of the cost of a one-field save on a 20 KB document. Any other
 * document (loaded from a snapshot, folded from stored events) is checked and normalised whole, once; the document
 * that save makes is then known.
 */
const validDocuments = new WeakSet<GuidebookDocument>();
const normalisedDocuments = new WeakSet<GuidebookDocument>();
/**
 * The document a decision made, by its event's data: folding that very event (the command handler evolves the
 * state with the events it just appended) takes this document, equal to applying the event's patches and already
 * known, instead of applying them again. Events read from the store are other objects and are applied as usual.
 */
const decidedDocuments = new WeakMap<object, GuidebookDocument>();

/** The document, if it is valid (400 naming the path otherwise); `before`: the document it was patched from. */
function checkedDocument(doc: GuidebookDocument, before?: GuidebookDocument): GuidebookDocument {
  const issue = before && validDocuments.has(before) ? validateDocumentChange(before, doc) : validateDocument(doc);
  if (issue) throw documentIssue(issue.path, issue.message);
  if (doc.title.trim() === '') throw documentIssue('title', GUIDEBOOK_MESSAGES.titleEmpty);
  validDocuments.add(doc);
  return doc;
}

/** `normaliseDocument`, by the change alone when `before` is a known (normalised) document. */
const normalisedAfter = (before: GuidebookDocument, after: GuidebookDocument, ids: IdGenerator): GuidebookDocument =>
  normalisedDocuments.has(before) ? normaliseDocumentChange(before, after, ids) : normaliseDocument(after, ids);

function patched(doc: GuidebookDocument, patches: readonly Patch[]): { doc: GuidebookDocument; inversePatches: Patch[] } {
  try {
    return applyPatchesWithInverse(doc, patches);
  } catch (error) {
    if (error instanceof PatchError) throw documentIssue(error.path, error.message.slice(error.message.indexOf(': ') + 2));
    throw error;
  }
}

/** Undo and redo apply stored patches: if they no longer fit (they always should), that is a conflict, not bad input. */
function patchedOrConflict(doc: GuidebookDocument, patches: readonly Patch[]): { doc: GuidebookDocument; inversePatches: Patch[] } {
  try {
    const result = patched(doc, patches);
    checkedDocument(result.doc, doc);
    return result;
  } catch (error) {
    if (error instanceof ValidationError) throw new ConflictError('This change can no longer be undone or redone');
    throw error;
  }
}

type DocumentChange = { after: GuidebookDocument; patches: Patch[]; inversePatches: Patch[] };

/**
 * Applies patches, validates the result against the document schema (400 naming the path), applies the structural
 * rules and records their fixes as further patches. Null when the document ends as it was.
 */
function changeDocument(before: GuidebookDocument, patches: readonly Patch[], ids: IdGenerator): DocumentChange | null {
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
function withinLimits(before: GuidebookDocument, after: GuidebookDocument, patches: Patch[], inversePatches: Patch[]): DocumentChange {
  const limit = GUIDEBOOK_LIMITS.patchesPerEdit;
  if (patches.length <= limit && inversePatches.length <= limit) return { after, patches, inversePatches };
  return { after, patches: [{ op: 'replace', path: [], value: after }], inversePatches: [{ op: 'replace', path: [], value: before }] };
}

const SUMMARY_MAX = 200;

function summaryOf(before: GuidebookDocument, patches: readonly Patch[]): SummaryEntry[] {
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
      const sectionIndex = current.contents[contentIndex]?.sections.findIndex((section) => section._id === sectionId) ?? -1;
      if (contentIndex === -1 || sectionIndex === -1) throw new ConflictError('This change can no longer be undone');
      return [{ op: 'add', path: ['contents', contentIndex, 'sections', sectionIndex, 'items', index], value: item }];
    }
    default:
      throw new ConflictError('This change cannot be undone');
  }
}

// ---------------------------------------------------------------- events

/** Every event is checked against its contracts schema before it is appended: what is stored always reads back. */
function checked<E extends GuidebookEvent>(event: E): E {
  const result = guidebookEventSchemas[event.type].safeParse(event.data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`${event.type} does not fit its schema at ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`);
  }
  return event;
}

type EditKind = 'edit' | 'undo' | 'redo' | 'restore' | 'upload';

function edited(
  guidebook: Guidebook,
  revision: number,
  change: DocumentChange,
  kind: EditKind,
  summary: SummaryEntry[],
  now: string,
  extra: { undoneRevision?: number; redoneRevision?: number; restoredRevision?: number; upload?: { target: ImageUploadTarget; image: ImageSet } } = {},
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



const pushCapped = (list: readonly number[], revision: number): number[] => [...list, revision].slice(-UNDO_DEPTH);
const without = (list: readonly number[], revision: number): number[] => list.filter((r) => r !== revision);

function evolveGuidebook(guidebook: Guidebook, event: GuidebookEvent, revision: number): Guidebook {
  const at = guidebookEventTime(event);
  if (isDocumentEvent(event)) {
    const document = decidedDocuments.get(event.data) ?? applyDocumentEvent(guidebook.document, event);
    const touched = { ...guidebook, document, updatedAt: at };
    if (event.type !== 'GuidebookEdited') return { ...touched, undoable: pushCapped(guidebook.undoable, revision), redoable: [] };
    switch (event.data.kind) {
      case 'undo':
        return {
          ...touched,
          undoable: event.data.undoneRevision === undefined ? guidebook.undoable : without(guidebook.undoable, event.data.undoneRevision),
          redoable: pushCapped(guidebook.redoable, revision),
        };
      case 'redo':
        return {
          ...touched,
          undoable: pushCapped(guidebook.undoable, revision),
          redoable: event.data.redoneRevision === undefined ? guidebook.redoable : without(guidebook.redoable, event.data.redoneRevision),
        };
      default:
        return { ...touched, undoable: pushCapped(guidebook.undoable, revision), redoable: [] };
    }
  }
  const settings = guidebook.settings;
  switch (event.type) {
    case 'GuidebookPublished':
      return { ...guidebook, settings: { ...settings, published: true }, updatedAt: at };
    case 'GuidebookUnpublished':
      // an unpublished guidebook leaves the gallery (the toggle exists only for published ones)
      return { ...guidebook, settings: { ...settings, published: false, isPublicGallery: false }, updatedAt: at };
    case 'GuidebookPublicGallerySet':
      return { ...guidebook, settings: { ...settings, isPublicGallery: event.data.isPublicGallery }, updatedAt: at };
    case 'GuidebookPasswordSet':
      return { ...guidebook, settings: { ...settings, password: event.data.password }, updatedAt: at };
    case 'GuidebookSampleFlagsSet':
      return {
        ...guidebook,
        settings: { ...settings, isSampleGuidebook: event.data.isSampleGuidebook, isSampleContent: event.data.isSampleContent },
        updatedAt: at,
      };
    case 'GuidebookThumbnailRecorded':
      // not a change of the guidebook: updatedAt stays, or every thumbnail would look stale at once
      return { ...guidebook, settings: { ...settings, thumbnailUrl: event.data.thumbnailUrl, thumbnailGeneratedAt: event.data.generatedAt } };
    case 'GuidebookDeleted':
      return { ...guidebook, updatedAt: at };
    default:
      return guidebook;
  }
}

export const guidebookDecider: Decider<GuidebookState, GuidebookCommand, GuidebookEvent> = {
  initialState: () => ({ status: 'none', revision: -1 }),

  evolve(state, event) {
    const revision = state.revision + 1;
    if (event.type === 'GuidebookCreated') {
      const data = event.data;
      return {
        status: 'active',
        revision,
        guidebook: {
          guidebookId: data.guidebookId,
          uuid: data.uuid,
          ownerId: data.ownerId,
          company: data.company,
          source: data.source,
          document: data.document,
          settings: {
            password: '',
            published: false,
            isPublicGallery: false,
            isSampleGuidebook: false,
            isSampleContent: false,
            thumbnailUrl: null,
            thumbnailGeneratedAt: null,
          },
          createdAt: data.createdAt,
          updatedAt: data.createdAt,
          undoable: [],
          redoable: [],
          growth: { day: dayOf(data.createdAt), events: 1 },
        },
      };
    }
    if (state.status === 'none') return state;
    const guidebook = counted(evolveGuidebook(state.guidebook, event, revision), guidebookEventTime(event));
    if (event.type === 'GuidebookDeleted' || state.status === 'deleted') return { status: 'deleted', revision, guidebook };
    return { status: 'active', revision, guidebook };
  },

  decide(command, state) {
    checkGrowth(command, state);
    const now = command.data.now.toISOString();
    switch (command.type) {
      case 'CreateGuidebook': {
        if (state.status !== 'none') throw new ConflictError('This guidebook already exists');
        const { guidebookId, uuid, owner, source, copiedFrom, idSeed } = command.data;
        const ids = seededIds(idSeed);
        // Every nested part gets a fresh id: the posted sample, a copied guidebook and a new one alike.
        const document = checkedDocument(normaliseDocument(cloneWithFreshIds(command.data.document, ids), ids));
        normalisedDocuments.add(document);
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
              createdAt: now,
            },
          }),
        ];
      }

      case 'EditGuidebook': {
        const guidebook = changeable(state, command.data.actor);
        const change = changeDocument(guidebook.document, command.data.patches, seededIds(command.data.idSeed));
        if (!change) return [];
        return [edited(guidebook, state.revision, change, 'edit', summaryOf(guidebook.document, change.patches), now)];
      }

      case 'SaveGuidebook': {
        const guidebook = changeable(state, command.data.actor);
        const patches = diffDocuments(guidebook.document, command.data.document);
        const change = changeDocument(guidebook.document, patches, seededIds(command.data.idSeed));
        if (!change) return [];
        return [edited(guidebook, state.revision, change, 'edit', summaryOf(guidebook.document, change.patches), now)];
      }

      case 'RestoreRevision': {
        const guidebook = changeable(state, command.data.actor);
        const { revision, document } = command.data;
        if (revision > state.revision) throw new NotFoundError(`There is no revision ${revision}`);
        if (deepEqual(guidebook.document, document)) return [];
        const patches = diffDocuments(guidebook.document, document);
        const applied = patched(guidebook.document, patches);
        const change = withinLimits(guidebook.document, applied.doc, patches, applied.inversePatches);
        return [edited(guidebook, state.revision, change, 'restore', [{ key: 'restored-version', params: { revision } }], now, { restoredRevision: revision })];
      }

      case 'UndoChange': {
        const guidebook = changeable(state, command.data.actor);
        const top = guidebook.undoable.at(-1);
        if (top === undefined) throw new ConflictError(NOTHING_TO_UNDO);
        if (top !== command.data.target.revision) throw new ConflictError('The change to undo is no longer the latest; try again');
        const applied = patchedOrConflict(guidebook.document, command.data.target.patches);
        const change = { after: applied.doc, patches: command.data.target.patches, inversePatches: applied.inversePatches };
        return [edited(guidebook, state.revision, change, 'undo', summaryOf(guidebook.document, change.patches), now, { undoneRevision: top })];
      }

      case 'RedoChange': {
        const guidebook = changeable(state, command.data.actor);
        const top = guidebook.redoable.at(-1);
        if (top === undefined) throw new ConflictError(NOTHING_TO_REDO);
        if (top !== command.data.target.revision) throw new ConflictError('The change to redo is no longer the latest; try again');
        const applied = patchedOrConflict(guidebook.document, command.data.target.patches);
        const change = { after: applied.doc, patches: command.data.target.patches, inversePatches: applied.inversePatches };
        return [edited(guidebook, state.revision, change, 'redo', summaryOf(guidebook.document, change.patches), now, { redoneRevision: top })];
      }

      case 'CopyContentPage': {
        const guidebook = changeable(state, command.data.actor);
        const { contentId, idSeed } = command.data;
        const sourceIndex = guidebook.document.contents.findIndex((page) => page._id === contentId);
        const source = guidebook.document.contents[sourceIndex];
        if (!source) throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
        const content = { ...cloneWithFreshIds(source, seededIds(idSeed)), createdAt: now, updatedAt: now };
        const index = sourceIndex + 1;
        checkedDocument(patched(guidebook.document, [{ op: 'add', path: ['contents', index], value: content }]).doc, guidebook.document);
        return [checked({ type: 'ContentPageCopied', data: { guidebookId: guidebook.guidebookId, sourceContentId: contentId, content, index, copiedAt: now } })];
      }

      case 'DeleteSectionItem': {
        const guidebook = changeable(state, command.data.actor);
        const { contentId, itemId } = command.data;
        const page = guidebook.document.contents.find((content) => content._id === contentId);
        const section = page?.sections.find((candidate) => candidate.items.some((item) => item._id === itemId));
        const location = page && section ? locateItem(guidebook.document, contentId, section._id, itemId) : null;
        if (!section || !location) throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
        const item = section.items[location.itemIndex]!;
        return [
          checked({
            type: 'SectionItemDeleted',
            data: { guidebookId: guidebook.guidebookId, contentId, sectionId: section._id, itemId, item, index: location.itemIndex, deletedAt: now },
          }),
        ];
      }

      case 'UploadImage': {
        const guidebook = changeable(state, command.data.actor);
        const { target, image } = command.data;
        if (target.kind === 'item' && !locateItem(guidebook.document, target.contentId, target.sectionId, target.itemId)) {
          throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
        }
        if (target.kind === 'card' && !guidebook.document.home.cards.some((card) => card._id === target.cardId)) throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
        let patches: Patch[];
        try {
          patches = imageUploadPatches(guidebook.document, target, image);
        } catch (error) {
          if (error instanceof PatchError) throw documentIssue(error.path, error.message.slice(error.message.indexOf(': ') + 2));
          throw error;
        }
        const applied = patched(guidebook.document, patches);
        checkedDocument(applied.doc, guidebook.document);
        const change = { after: applied.doc, patches, inversePatches: applied.inversePatches };
        return [edited(guidebook, state.revision, change, 'upload', uploadSummary(guidebook.document, target), now, { upload: { target, image } })];
      }

      case 'DeleteGuidebook': {
        // Deleting twice is the same as once: a retried click must not fail.
        if (state.status === 'deleted') {
          if (!mayChange(state.guidebook, command.data.actor)) throw new ForbiddenError(NOT_YOURS);
          return [];
        }
        const guidebook = changeable(state, command.data.actor);
        const { guidebookId } = guidebook;
        const deleted = checked({ type: 'GuidebookDeleted', data: { guidebookId, deletedAt: now } });
        if (!guidebook.settings.published) return [deleted];
        return [checked({ type: 'GuidebookUnpublished', data: { guidebookId, reason: 'deleted', unpublishedAt: now } }), deleted];
      }

      case 'PublishGuidebook': {
        const guidebook = changeable(state, command.data.actor);
        if (guidebook.settings.published) return [];
        if (!command.data.mayPublish) throw new SubscriptionRequiredError();
        return [checked({ type: 'GuidebookPublished', data: { guidebookId: guidebook.guidebookId, publishedAt: now } })];
      }

      case 'UnpublishGuidebook': {
        const guidebook = changeable(state, command.data.actor);
        if (!guidebook.settings.published) return [];
        return [checked({ type: 'GuidebookUnpublished', data: { guidebookId: guidebook.guidebookId, reason: command.data.reason, unpublishedAt: now } })];
      }

      case 'SetPublicGallery': {
        const guidebook = changeable(state, command.data.actor);
        const { isPublicGallery } = command.data;
        if (guidebook.settings.isPublicGallery === isPublicGallery) return [];
        if (isPublicGallery && !guidebook.settings.published) throw new ConflictError(GUIDEBOOK_MESSAGES.galleryNeedsPublished);
        return [checked({ type: 'GuidebookPublicGallerySet', data: { guidebookId: guidebook.guidebookId, isPublicGallery, setAt: now } })];
      }

      case 'SetGuidebookPassword': {
        const guidebook = changeable(state, command.data.actor);
        if (guidebook.settings.password === command.data.password) return [];
        const { password, passwordHash } = command.data;
        if ((password === '') !== (passwordHash === null)) throw new Error('SetGuidebookPassword: a password needs its hash, and only a password has one');
        return [checked({ type: 'GuidebookPasswordSet', data: { v: 2, guidebookId: guidebook.guidebookId, password, passwordHash, setAt: now } })];
      }

      case 'SetSampleFlags': {
        const guidebook = existing(state);
        const { actor, isSampleGuidebook, isSampleContent } = command.data;
        if (!actor.isAdmin || guidebook.ownerId !== actor.userId) throw new ForbiddenError(SAMPLE_FLAGS_REFUSED);
        if (guidebook.settings.isSampleGuidebook === isSampleGuidebook && guidebook.settings.isSampleContent === isSampleContent) return [];
        return [checked({ type: 'GuidebookSampleFlagsSet', data: { guidebookId: guidebook.guidebookId, isSampleGuidebook, isSampleContent, setAt: now } })];
      }

      case 'RecordThumbnail': {
        // A thumbnail of a guidebook deleted meanwhile is not recorded: the worker must not get stuck on it.
        if (state.status === 'deleted') return [];
        const guidebook = existing(state);
        const generatedAt = command.data.generatedAt.toISOString();
        const { thumbnailUrl } = command.data;
        if (guidebook.settings.thumbnailUrl === thumbnailUrl && guidebook.settings.thumbnailGeneratedAt === generatedAt) return [];
        const { renderMs } = command.data;
        return [
          checked({
            type: 'GuidebookThumbnailRecorded',
            data: { guidebookId: guidebook.guidebookId, thumbnailUrl, generatedAt, ...(renderMs === undefined ? {} : { renderMs: Math.round(renderMs) }) },
          }),
        ];
      }

      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
