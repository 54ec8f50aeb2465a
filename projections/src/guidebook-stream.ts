import type { RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import {
  DEFAULT_GUIDEBOOK_TITLE,
  GUIDEBOOK_STREAM_CATEGORY,
  VIEWS_STREAM_CATEGORY,
  decodeGuidebookEvent,
  decodeGuidebookViewsEvent,
  guidebookStream,
  isGuidebookEventType,
  viewsStream,
  type GuidebookEvent,
} from '@pocketguide/contracts';

/** What the guidebook read models share: which document an event builds, and the event in today's version. */

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

/** The views a `GuidebookViewed` event adds to the count (the viewer flushes them in batches). */
export const viewsAdded = (event: RecordedEvent): number => decodeGuidebookViewsEvent(event.type, event.data).data.count;

/**
 * Decoded once per recorded event: the runner hands the same event object to every guidebook read model in its
 * pass, and validating a guidebook event (documents, patches) is most of what folding it costs. Weak, so an event
 * is forgotten with its batch. The decoded event is shared: read models never change what they are given.
 */
const decoded = new WeakMap<RecordedEvent, GuidebookEvent | null>();

/**
 * The event upcast and validated as the contracts define it; null for a type this build does not know (a newer
 * writer's), which the read models then leave alone rather than stop on.
 */
export function decodeRecorded(event: RecordedEvent): GuidebookEvent | null {
  const known = decoded.get(event);
  if (known !== undefined) return known;
  const result = isGuidebookEventType(event.type) ? decodeGuidebookEvent(event.type, event.data, { metadata: event.metadata }) : null;
  decoded.set(event, result);
  return result;
}

/** The title the lists show. */
export const displayTitle = (title: string): string => (title.trim() === '' ? DEFAULT_GUIDEBOOK_TITLE : title);
