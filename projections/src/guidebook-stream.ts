import type { RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import {
  DEFAULT_GUIDEBOOK_TITLE,
  GUIDEBOOK_STREAM_CATEGORY,
  VIEWS_STREAM_CATEGORY,
  applyDocumentEvent,
  guidebookStream,
  viewsStream,
  type GuidebookDocument,
  type GuidebookDocumentEvent,
} from '@pocketguide/contracts';

/** What the guidebook read models share: which document an event builds, and the title they show. */

/** The guidebook a recorded event of a `guidebook-<id>` stream belongs to; none for any other stream. */
export function guidebookIdOf(event: RecordedEvent): readonly string[] {
  const id = event.streamId.slice(GUIDEBOOK_STREAM_CATEGORY.length + 1);
  return id !== '' && event.streamId === guidebookStream(id) ? [id] : [];
}

/** The guidebook a `views-<id>` event counts for; none for any other stream. */
export function viewedGuidebookOf(event: RecordedEvent): readonly string[] {
  const id = event.streamId.slice(VIEWS_STREAM_CATEGORY.length + 1);
  return id !== '' && event.streamId === viewsStream(id) ? [id] : [];
}

/** The document an event of either stream builds: `guidebook-<id>` for the guidebook, `views-<id>` for its views. */
export const guidebookOrViewsIdOf = (event: RecordedEvent): readonly string[] =>
  event.streamId.startsWith(`${VIEWS_STREAM_CATEGORY}-`) ? viewedGuidebookOf(event) : guidebookIdOf(event);

/** The title the lists show. */
export const displayTitle = (title: string): string => (title.trim() === '' ? DEFAULT_GUIDEBOOK_TITLE : title);

/** Per decoded event, the last document it was folded into and what came out (weakly: gone with the event). */
const foldedDocuments = new WeakMap<GuidebookDocumentEvent, { before: GuidebookDocument; after: GuidebookDocument }>();

/**
 * `applyDocumentEvent`, once per event for the read models that hold the same document: the editor and the viewer
 * both fold every save into the guidebook's document, and in a rebuild (or a runner's batch) they are handed the
 * same decoded event and, from the same `GuidebookCreated` on, the same document object. The second gets the
 * first's result; a different document (one read back from the store, say) is folded for itself. Documents are
 * never changed in place, so a document and an event always fold to the same result.
 */
export function documentAfter(before: GuidebookDocument, event: GuidebookDocumentEvent): GuidebookDocument {
  const known = foldedDocuments.get(event);
  if (known !== undefined && known.before === before) return known.after;
  const after = applyDocumentEvent(before, event);
  foldedDocuments.set(event, { before, after });
  return after;
}
