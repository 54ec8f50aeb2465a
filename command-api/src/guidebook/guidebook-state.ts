import {
  GUIDEBOOK_MESSAGES,
  applyDocumentEvent,
  evolveSettingFlags,
  guidebookEventTime,
  initialSettingFlags,
  isDocumentEvent,
  updatedAtOf,
  type GuidebookDocument,
  type GuidebookEvent,
  type GuidebookSettingFlags,
  type GuidebookSource,
} from '@pocketguide/contracts';
import { ForbiddenError, NotFoundError } from '@pocketguide/platform/http/errors';
import { decidedDocuments } from './decided-documents.ts';

/**
 * The guidebook aggregate's state (`guidebook-<id>`) and how its events evolve it: its document (changed only by
 * patches, see contracts' `guidebook-events.ts`), its settings and what undo and redo may take back.
 */

/** Who sends a command: the signed-in person. */
export type Actor = { userId: string; isAdmin: boolean };

/** The settings the read models keep too (evolved by the same rules, contracts' `guidebook-settings.ts`), and the share password. */
export type GuidebookSettings = GuidebookSettingFlags & { password: string };

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
export const mayChange = (guidebook: Pick<Guidebook, 'ownerId'>, actor: Actor): boolean =>
  actor.isAdmin || guidebook.ownerId === actor.userId;

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
  const updatedAt = updatedAtOf(event) ?? guidebook.updatedAt;
  if (isDocumentEvent(event)) {
    const document = decidedDocuments.get(event.data) ?? applyDocumentEvent(guidebook.document, event);
    const touched = { ...guidebook, document, updatedAt };
    if (event.type !== 'GuidebookEdited')
      return { ...touched, undoable: pushCapped(guidebook.undoable, revision), redoable: [] };
    switch (event.data.kind) {
      case 'undo':
        return {
          ...touched,
          undoable:
            event.data.undoneRevision === undefined
              ? guidebook.undoable
              : without(guidebook.undoable, event.data.undoneRevision),
          redoable: pushCapped(guidebook.redoable, revision),
        };
      case 'redo':
        return {
          ...touched,
          undoable: pushCapped(guidebook.undoable, revision),
          redoable:
            event.data.redoneRevision === undefined
              ? guidebook.redoable
              : without(guidebook.redoable, event.data.redoneRevision),
        };
      default:
        return { ...touched, undoable: pushCapped(guidebook.undoable, revision), redoable: [] };
    }
  }
  const flags = evolveSettingFlags(guidebook.settings, event);
  const settings = event.type === 'GuidebookPasswordSet' ? { ...flags, password: event.data.password } : flags;
  return { ...guidebook, settings, updatedAt };
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
        settings: { ...initialSettingFlags(), password: '' },
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
  if (event.type === 'GuidebookDeleted' || state.status === 'deleted')
    return { status: 'deleted', revision, guidebook };
  return { status: 'active', revision, guidebook };
}
