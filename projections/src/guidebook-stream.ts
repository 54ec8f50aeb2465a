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
 * The event upcast and validated as the contracts define it; null for a type this build does not know (a newer
 * writer's), which the read models then leave alone rather than stop on.
 */
export function decodeRecorded(event: RecordedEvent): GuidebookEvent | null {
  if (!isGuidebookEventType(event.type)) return null;
  return decodeGuidebookEvent(event.type, event.data, { metadata: event.metadata });
}

/** The title the lists show. */
export const displayTitle = (title: string): string => (title.trim() === '' ? DEFAULT_GUIDEBOOK_TITLE : title);
