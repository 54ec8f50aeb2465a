import type { RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import { DEFAULT_GUIDEBOOK_TITLE, GUIDEBOOK_STREAM_CATEGORY, VIEWS_STREAM_CATEGORY, guidebookStream, viewsStream } from '@pocketguide/contracts';

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
