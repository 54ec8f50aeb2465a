import {
  GUIDEBOOK_STREAM_CATEGORY,
  GUIDEBOOK_VIEWER,
  VIEWER_DESCRIPTION_MAX,
  richTextToPlain,
  type GuidebookDocument,
  type GuidebookEvent,
  type GuidebookViewerDoc,
  type ImageSet,
  type RichText,
} from '@pocketguide/contracts';
import { guidebookEvents } from '../event-readers.ts';
import type { Projector } from '../projector.ts';
import { displayTitle, documentAfter, guidebookIdOf } from '../guidebook-stream.ts';

/** Whitespace folded to single spaces, cut at `max` characters on a word where one is near. */
function shortText(text: string, max = VIEWER_DESCRIPTION_MAX): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= max) return folded;
  const cut = folded.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const plain = (value: RichText) => richTextToPlain(value).trim();

/** The link-preview text: the subheader's text, else its title, else the header's text, else the first text item. */
export function descriptionOf(document: GuidebookDocument): string {
  // The first text that is not blank, read no further: every save of every guidebook comes through here.
  for (const text of [document.subheader.text, document.subheader.title, document.header.text]) {
    const found = plain(text);
    if (found !== '') return shortText(found);
  }
  for (const page of document.contents) {
    for (const section of page.sections) {
      for (const item of section.items) {
        if (item.type !== 'text') continue;
        const found = plain(item.content);
        if (found !== '') return shortText(found);
      }
    }
  }
  return shortText('');
}

function firstPicture(document: GuidebookDocument): ImageSet | undefined {
  for (const page of document.contents) {
    for (const section of page.sections) {
      for (const item of section.items) {
        if ((item.type === 'image' || item.type === 'imagetext' || item.type === 'preparation') && item.image)
          return item.image;
      }
    }
  }
  return undefined;
}

/**
 * The link-preview (Open Graph) picture: the thumbnail, the reader's first screen as drawn, which the gallery shows
 * too (spec 3 §2.2); before there is one, the cover's picture (header, then subheader), or the first picture inside.
 */
export function coverImageOf(document: GuidebookDocument, thumbnailUrl: string | null): string | null {
  if (thumbnailUrl) return thumbnailUrl;
  if (document.header.type === 'image' && document.header.image) return document.header.image.large;
  if (document.subheader.type === 'image' && document.subheader.image) return document.subheader.image.large;
  return firstPicture(document)?.large ?? null;
}

/**
 * Whether the description and the picture drawn from `before` hold for `after`: both are read from the cover and the
 * contents only, and a save shares every part it did not change with the document before it (documents are never
 * changed in place), so the same parts give the same answers. Most saves change an item or the title, and this
 * spares walking every page's text again on each of them (a rebuild folds every save of every guidebook).
 */
const sameCoverAndContents = (before: GuidebookDocument, after: GuidebookDocument): boolean =>
  before.header === after.header && before.subheader === after.subheader && before.contents === after.contents;

/** The viewer's fields drawn from the document, for a document that was not the viewer's before. */
function withNewDocument(doc: GuidebookViewerDoc, document: GuidebookDocument, updatedAt: string): GuidebookViewerDoc {
  return {
    ...doc,
    document,
    title: displayTitle(document.title),
    description: descriptionOf(document),
    image: coverImageOf(document, doc.thumbnailUrl),
    updatedAt,
  };
}

/** The viewer after a save: what the save left alone is not drawn again. */
function withDocument(doc: GuidebookViewerDoc, document: GuidebookDocument, updatedAt: string): GuidebookViewerDoc {
  if (!sameCoverAndContents(doc.document, document)) return withNewDocument(doc, document, updatedAt);
  return { ...doc, document, title: displayTitle(document.title), updatedAt };
}

/**
 * `guidebook-viewer`: one document per guidebook for the readers' pages, found by `uuid`; only `published` ones
 * are ever served (see `GuidebookViewerDoc` for why an unpublished one stays, unreachable). It follows every save,
 * publish, unpublish and password change; a deletion removes it. The share password is kept only as the salted
 * scrypt hash its event carries (made by the command, off the event loop); the projector never hashes.
 */
export const guidebookViewerProjector: Projector<GuidebookViewerDoc, GuidebookEvent> = {
  name: GUIDEBOOK_VIEWER,
  collection: GUIDEBOOK_VIEWER,
  indexes: [{ fields: { uuid: 1 }, unique: true }],
  filter: { streamCategories: [GUIDEBOOK_STREAM_CATEGORY] },
  decode: guidebookEvents.read,
  documentIds: guidebookIdOf,
  evolve(doc, event) {
    if (event.type === 'GuidebookCreated') {
      const { data } = event;
      const created: GuidebookViewerDoc = {
        id: data.guidebookId,
        uuid: data.uuid,
        ownerId: data.ownerId,
        published: false,
        document: data.document,
        title: '',
        description: '',
        image: null,
        thumbnailUrl: null,
        hasPassword: false,
        passwordHash: null,
        publishedAt: null,
        updatedAt: data.createdAt,
      };
      return withNewDocument(created, data.document, data.createdAt);
    }
    if (doc === null) return null;
    switch (event.type) {
      case 'GuidebookEdited':
        return withDocument(doc, documentAfter(doc.document, event), event.data.editedAt);
      case 'ContentPageCopied':
        return withDocument(doc, documentAfter(doc.document, event), event.data.copiedAt);
      case 'SectionItemDeleted':
        return withDocument(doc, documentAfter(doc.document, event), event.data.deletedAt);
      case 'GuidebookPublished':
        return { ...doc, published: true, publishedAt: event.data.publishedAt, updatedAt: event.data.publishedAt };
      case 'GuidebookUnpublished':
        return { ...doc, published: false, publishedAt: null, updatedAt: event.data.unpublishedAt };
      case 'GuidebookPasswordSet': {
        // The hash comes with the event (the command made it); an old event without one is checked against its
        // text at unlock time (see the viewer's routes). Nothing is hashed here.
        const { password, passwordHash, setAt } = event.data;
        return password === ''
          ? { ...doc, hasPassword: false, passwordHash: null, updatedAt: setAt }
          : { ...doc, hasPassword: true, passwordHash, updatedAt: setAt };
      }
      case 'GuidebookThumbnailRecorded': {
        const thumbnailUrl = event.data.thumbnailUrl === '' ? null : event.data.thumbnailUrl;
        return { ...doc, thumbnailUrl, image: coverImageOf(doc.document, thumbnailUrl) };
      }
      case 'GuidebookDeleted':
        return null;
      case 'GuidebookPublicGallerySet':
      case 'GuidebookSampleFlagsSet':
        return doc;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
