import { GUIDEBOOK_MESSAGES, applyDocumentEvent, guidebookEventTime, isDocumentEvent, type GuidebookDocument, type GuidebookEvent, type GuidebookSource } from '@pocketguide/contracts';
import { ForbiddenError, NotFoundError } from '@pocketguide/platform/http/errors';

/**
 * The guidebook aggregate's state (`guidebook-<id>`) and how its events evolve it: its document (changed only by
 * patches, see contracts' `guidebook-events.ts`), its settings and what undo and redo may take back.
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
 * `revision` counts the events folded, so the state knows the revision of each event it applies (undo and redo
 * refer to earlier events by revision).
 */
export type GuidebookState =
  | { status: 'none'; revision: -1 }
  | { status: 'active'; revision: number; guidebook: Guidebook }
  | { status: 'deleted'; revision: number; guidebook: Guidebook };

export const NOT_YOURS = 'You may only change your own guidebooks';

/** Owners change their own guidebooks; administrators any. */
export const mayChange = (guidebook: Pick<Guidebook, 'ownerId'>, actor: Actor): boolean => actor.isAdmin || guidebook.ownerId === actor.userId;

/** The guidebook, unless there is none or it is deleted (404). */
export function existingGuidebook(state: GuidebookState): Guidebook {
  if (state.status !== 'active') throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
  return state.guidebook;
}

/** The guidebook, if the actor may change it (404, then 403). */
export function changeableGuidebook(state: GuidebookState, actor: Actor): Guidebook {
  const guidebook = existingGuidebook(state);
  if (!mayChange(guidebook, actor)) throw new ForbiddenError(NOT_YOURS);
  return guidebook;
}

export const dayOf = (at: string) => at.slice(0, 10);

function counted(guidebook: Guidebook, at: string): Guidebook {
  const day = dayOf(at);
  // an event's time never runs backwards on its stream; an older day (a clock step back) counts into today's
  const events = guidebook.growth.day >= day ? guidebook.growth.events + 1 : 1;
  return { ...guidebook, growth: { day: guidebook.growth.day > day ? guidebook.growth.day : day, events } };
}

const pushCapped = (list: readonly number[], revision: number): number[] => [...list, revision].slice(-UNDO_DEPTH);
const without = (list: readonly number[], revision: number): number[] => list.filter((r) => r !== revision);

function evolveGuidebook(guidebook: Guidebook, event: GuidebookEvent, revision: number): Guidebook {
  const at = guidebookEventTime(event);
  if (isDocumentEvent(event)) {
    const document = applyDocumentEvent(guidebook.document, event);
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

export const initialState = (): GuidebookState => ({ status: 'none', revision: -1 });

export function evolve(state: GuidebookState, event: GuidebookEvent): GuidebookState {
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
}
