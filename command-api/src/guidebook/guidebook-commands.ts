import type { GuidebookDocument, GuidebookSource, ImageSet, ImageUploadTarget, Patch } from '@pocketguide/contracts';
import type { Actor } from './guidebook-state.ts';

/**
 * The commands on a guidebook stream. Deciders stay pure: ids come from a seed the route derives from the command
 * id (`idSeed`), time from `now`, and anything another stream knows (the owner's subscription, a stored change to
 * undo) arrives in the command.
 */

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
export type SetGuidebookPassword = {
  type: 'SetGuidebookPassword';
  data: By & { password: string; passwordHash: string | null };
};
export type SetSampleFlags = {
  type: 'SetSampleFlags';
  data: By & { isSampleGuidebook: boolean; isSampleContent: boolean };
};
/** The thumbnail worker's command (system); `renderMs`: how long the picture took, for the queue's estimates. */
export type RecordThumbnail = {
  type: 'RecordThumbnail';
  data: At & { thumbnailUrl: string; generatedAt: Date; renderMs?: number };
};

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
