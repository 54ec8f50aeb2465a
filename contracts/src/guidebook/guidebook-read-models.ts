import type { GuidebookDocument } from './guidebook-document.ts';
import type { GuidebookSource } from './guidebook-events.ts';

/**
 * Read-model documents are shapes shared by their projector (writer) and query-api (reader).
 *
 * Owners' roles and company names are not copied onto guidebook documents: a projector is pure and cannot find an
 * owner's guidebooks when the owner changes, so the queries join them from the `users` read model at read time
 * (the role filter of the administrators' list, the company shown and searched). `company` here is the name when
 * the guidebook was created: what the lists show once the owner's account is gone.
 */
export const GUIDEBOOK_LIST = 'guidebook-list';
export const GUIDEBOOK_EDITOR = 'guidebook-editor';

/** What both guidebook read models know besides the document. */
export type GuidebookSettingsFields = {
  id: string;
  uuid: string;
  ownerId: string;
  /** the owner's company name when the guidebook was created */
  company: string;
  published: boolean;
  isPublicGallery: boolean;
  isSampleGuidebook: boolean;
  isSampleContent: boolean;
  thumbnailUrl: string | null;
  thumbnailGeneratedAt: string | null;
  views: { count: number };
  createdAt: string;
  /** moved by every change a person makes (document, publishing, settings); not by thumbnails */
  updatedAt: string;
};

/** `guidebook-list`: one small document per guidebook for the lists; a deleted guidebook stays, flagged. */
export type GuidebookListDoc = GuidebookSettingsFields & {
  /** the display title: `DEFAULT_GUIDEBOOK_TITLE` when the document's title is blank */
  title: string;
  contentsCount: number;
  /** soft-deleted: kept for counts and audits, left out of every list */
  deleted: boolean;
};

/**
 * `guidebook-editor`: the whole current document of each living guidebook with its settings. A deleted guidebook's
 * document is removed. `revision` is the stream revision of the last event applied, the editor's `If-Match`.
 */
export type GuidebookEditorDoc = GuidebookSettingsFields & {
  document: GuidebookDocument;
  /** the share password ('' when none); only its owner and administrators ever receive it */
  password: string;
  source: GuidebookSource;
  copiedFrom: string | null;
  revision: number;
};
