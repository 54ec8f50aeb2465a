import type { EventStore } from '@pocketguide/platform/event-store/event-store';

/**
 * Events the product writes in the background, whatever a request does: the thumbnail worker's (a thumbnail drawn
 * after an earlier test enabled the gallery, or its failure), counted reader views flushed on a timer, and the mail
 * workers' records of a mail sent (an earlier test's subscription or payment mailed a moment later).
 */
const BACKGROUND_EVENT_TYPES: ReadonlySet<string> = new Set(['GuidebookThumbnailRecorded', 'ThumbnailRenderFailed', 'GuidebookViewed', 'MailSent']);

/**
 * What was appended to the log after `position`, background writes left out, as "Type on stream" lines: a refused
 * request must leave this empty. Comparing the head position alone fails whenever the worker happens to finish
 * meanwhile.
 */
export async function appendedSince(eventStore: EventStore, position: number): Promise<string[]> {
  const appended: string[] = [];
  for await (const event of eventStore.readAll({ after: position })) {
    if (!BACKGROUND_EVENT_TYPES.has(event.type)) appended.push(`${event.type} on ${event.streamId}`);
  }
  return appended;
}
