import {
  GUIDEBOOK_LIST,
  GUIDEBOOK_STREAM_CATEGORY,
  VIEWS_STREAM_CATEGORY,
  type GuidebookEvent,
  type GuidebookListDoc,
  type GuidebookViewsEvent,
  type Patch,
} from '@pocketguide/contracts';
import { guidebookEvents, guidebookViewsEvents } from '../event-readers.ts';
import type { Projector } from '../projector.ts';
import { evolveSettings, initialSettings } from '../guidebook-settings.ts';
import { displayTitle, guidebookOrViewsIdOf } from '../guidebook-stream.ts';

type Outline = { title: string; contentsCount: number };

/**
 * The title and the number of content pages after a save's patches, read from the patches alone: the list keeps
 * no document (the editor read model does). Only patches at the top of the document can change these two: the
 * whole document, `title`, `contents` itself, `contents.length` or one page of `contents`. The patches were
 * validated against the whole document when they were saved, so their values have the document's types.
 */
export function outlineAfter(outline: Outline, patches: readonly Patch[]): Outline {
  let { title, contentsCount } = outline;
  for (const { op, path, value } of patches) {
    const [head, index] = path;
    if (path.length === 0 && op === 'replace') {
      const document = value as { title: string; contents: unknown[] };
      title = document.title;
      contentsCount = document.contents.length;
    } else if (head === 'title' && path.length === 1 && op !== 'remove') {
      title = value as string;
    } else if (head === 'contents' && path.length === 1 && op !== 'remove') {
      contentsCount = (value as unknown[]).length;
    } else if (head === 'contents' && path.length === 2) {
      if (index === 'length') contentsCount = value as number;
      else if (op === 'add') contentsCount += 1;
      else if (op === 'remove') contentsCount -= 1;
    }
  }
  return { title, contentsCount };
}

/**
 * `guidebook-list`: the authors' and administrators' lists, one small document per guidebook (searchable by
 * title, filtered by owner, status and day, sorted by last update). Deleted guidebooks stay, flagged `deleted`.
 * `views.count` adds up the `GuidebookViewed` counts of the guidebook's `views-<id>` stream (the viewer flushes
 * them every few seconds); a view is not an update, so `updatedAt` stays.
 */
export const guidebookListProjector: Projector<GuidebookListDoc, GuidebookEvent | GuidebookViewsEvent> = {
  name: GUIDEBOOK_LIST,
  collection: GUIDEBOOK_LIST,
  indexes: [
    { fields: { uuid: 1 }, unique: true },
    { fields: { ownerId: 1, deleted: 1, updatedAt: -1 } },
    { fields: { deleted: 1, updatedAt: -1 } },
    { fields: { deleted: 1, createdAt: -1 } },
  ],
  filter: { streamCategories: [GUIDEBOOK_STREAM_CATEGORY, VIEWS_STREAM_CATEGORY] },
  decode: (recorded) => guidebookEvents.read(recorded) ?? guidebookViewsEvents.read(recorded),
  documentIds: guidebookOrViewsIdOf,
  evolve(doc, event) {
    if (event.type === 'GuidebookViewed') {
      if (doc === null) return null;
      return { ...doc, views: { count: doc.views.count + event.data.count } };
    }
    if (event.type === 'GuidebookCreated') {
      const { document } = event.data;
      return {
        ...initialSettings(event),
        title: displayTitle(document.title),
        contentsCount: document.contents.length,
        deleted: false,
      };
    }
    if (doc === null) return null;
    switch (event.type) {
      case 'GuidebookEdited': {
        const outline = outlineAfter({ title: doc.title, contentsCount: doc.contentsCount }, event.data.patches);
        return evolveSettings({ ...doc, title: displayTitle(outline.title), contentsCount: outline.contentsCount }, event);
      }
      case 'ContentPageCopied':
        return evolveSettings({ ...doc, contentsCount: doc.contentsCount + 1 }, event);
      case 'GuidebookDeleted':
        return { ...doc, deleted: true };
      default:
        return evolveSettings(doc, event);
    }
  },
};
