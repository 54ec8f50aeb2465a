import type { RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import {
  DEFAULT_GUIDEBOOK_TITLE,
  GUIDEBOOK_STREAM_CATEGORY,
  VIEWS_STREAM_CATEGORY,
  applyDocumentEvent,
  type GuidebookDocument,
  type GuidebookDocumentEvent,
} from '@pocketguide/contracts';

/** What the guidebook read models share: which document an event builds, and the title they show. */

const GUIDEBOOK_PREFIX = `${GUIDEBOOK_STREAM_CATEGORY}-`;
const VIEWS_PREFIX = `${VIEWS_STREAM_CATEGORY}-`;

/**
 * The id after `prefix`, when the stream is `prefix` and a non-empty id: what `guidebookStream(id) === streamId`
 * says, without building a stream id for every event each guidebook read model is asked about.
 */
const idAfter = (prefix: string, streamId: string): readonly string[] =>
  streamId.length > prefix.length && streamId.startsWith(prefix) ? [streamId.slice(prefix.length)] : [];

/** The guidebook a recorded event of a `guidebook-<id>` stream belongs to; none for any other stream. */
export const guidebookIdOf = (event: RecordedEvent): readonly string[] => idAfter(GUIDEBOOK_PREFIX, event.streamId);

/** The guidebook a `views-<id>` event counts for; none for any other stream. */
export const viewedGuidebookOf = (event: RecordedEvent): readonly string[] => idAfter(VIEWS_PREFIX, event.streamId);

/** The document an event of either stream builds: `guidebook-<id>` for the guidebook, `views-<id>` for its views. */
export const guidebookOrViewsIdOf = (event: RecordedEvent): readonly string[] =>
  event.streamId.startsWith(VIEWS_PREFIX) ? viewedGuidebookOf(event) : guidebookIdOf(event);

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
