import type { GuidebookEvent } from '@pocketguide/contracts';
import { TooManyRequestsError } from '@pocketguide/platform/http/errors';
import type { Decider } from '../core/decider.ts';
import type { GuidebookCommand } from './guidebook-commands.ts';
import {
  copyContentPage,
  createGuidebook,
  deleteSectionItem,
  editGuidebook,
  redoChange,
  restoreRevision,
  saveGuidebook,
  undoChange,
  uploadImage,
} from './document-commands.ts';
import { evolve, initialState, type GuidebookState } from './guidebook-state.ts';
import { deleteGuidebook, publishGuidebook, setPublicGallery, unpublishGuidebook } from './publishing-commands.ts';
import { recordThumbnail, setGuidebookPassword, setSampleFlags } from './settings-commands.ts';

/**
 * The guidebook aggregate (`guidebook-<id>`) as a decider, in Emmett's layout: the state and `evolve` in
 * `guidebook-state.ts`, the commands in `guidebook-commands.ts`, one decide function per command in
 * `document-commands.ts`, `publishing-commands.ts` and `settings-commands.ts`; here the daily quota every command
 * passes and the switch that picks the command's function.
 */

/**
 * How many events one guidebook's stream may gain in a day (UTC). An author editing all day saves at most once
 * every few seconds (AUTOSAVE_MS after a pause); this bounds what a script can make the log store for one
 * guidebook. Deleting and unpublishing stay possible past it.
 */
export const GUIDEBOOK_EVENTS_PER_DAY = 10_000;
export const GROWTH_QUOTA_MESSAGE = 'This guidebook has been changed too many times today. Please try again tomorrow.';
const QUOTA_FREE_COMMANDS: ReadonlySet<string> = new Set(['DeleteGuidebook', 'UnpublishGuidebook', 'RecordThumbnail']);

/** Refuses a person's change once the guidebook's stream has gained its day's quota of events. */
function checkGrowth(command: GuidebookCommand, state: GuidebookState): void {
  if (state.status !== 'active' || QUOTA_FREE_COMMANDS.has(command.type)) return;
  const now = command.data.now;
  const { growth } = state.guidebook;
  if (growth.day !== now.toISOString().slice(0, 10) || growth.events < GUIDEBOOK_EVENTS_PER_DAY) return;
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  throw new TooManyRequestsError(GROWTH_QUOTA_MESSAGE, (midnight - now.getTime()) / 1000);
}

export function decide(command: GuidebookCommand, state: GuidebookState): GuidebookEvent[] {
  checkGrowth(command, state);
  switch (command.type) {
    case 'CreateGuidebook':
      return createGuidebook(command, state);
    case 'EditGuidebook':
      return editGuidebook(command, state);
    case 'SaveGuidebook':
      return saveGuidebook(command, state);
    case 'RestoreRevision':
      return restoreRevision(command, state);
    case 'UndoChange':
      return undoChange(command, state);
    case 'RedoChange':
      return redoChange(command, state);
    case 'CopyContentPage':
      return copyContentPage(command, state);
    case 'DeleteSectionItem':
      return deleteSectionItem(command, state);
    case 'UploadImage':
      return uploadImage(command, state);
    case 'DeleteGuidebook':
      return deleteGuidebook(command, state);
    case 'PublishGuidebook':
      return publishGuidebook(command, state);
    case 'UnpublishGuidebook':
      return unpublishGuidebook(command, state);
    case 'SetPublicGallery':
      return setPublicGallery(command, state);
    case 'SetGuidebookPassword':
      return setGuidebookPassword(command, state);
    case 'SetSampleFlags':
      return setSampleFlags(command, state);
    case 'RecordThumbnail':
      return recordThumbnail(command, state);
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const guidebookDecider: Decider<GuidebookState, GuidebookCommand, GuidebookEvent> = {
  initialState,
  evolve,
  decide,
};
