import type { GuidebookDocument } from '../guidebook/guidebook-document.ts';

export const GUIDEBOOK_VIEWER = 'guidebook-viewer';

/**
 * `guidebook-viewer`: what the readers' pages need, in one read, found by `uuid` (a unique index).
 *
 * Readers only ever get documents with `published: true`. A projector sees nothing but its own collection, and
 * `GuidebookPublished` carries no document, so the one for an unpublished guidebook stays here (unreachable, with
 * `published: false`) to be brought back by the next publish; a deletion removes it.
 *
 * The share password is never stored: `passwordHash` is `scrypt$N$r$p$salt$hash` with the salt derived from the
 * id of the event that set it (a projector must be deterministic, and every new password gets a new salt).
 */
export type GuidebookViewerDoc = {
  /** the guidebook id */
  id: string;
  uuid: string;
  ownerId: string;
  published: boolean;
  document: GuidebookDocument;
  /** the display title ('Untitled Guidebook' when blank) */
  title: string;
  /** plain text for link previews, at most `VIEWER_DESCRIPTION_MAX` characters */
  description: string;
  /** the cover image for link previews: the header's, the subheader's, the thumbnail, or the first picture */
  image: string | null;
  thumbnailUrl: string | null;
  hasPassword: boolean;
  passwordHash: string | null;
  publishedAt: string | null;
  /** the last change readers see (the document, publishing, the password) */
  updatedAt: string;
};

export const VIEWER_DESCRIPTION_MAX = 200;
