import { READING_INSIGHTS, READING_STREAM_CATEGORY, readingDayAfter, readingDayIdsOf, type ReadingDayDoc, type ReadingEvent } from '@pocketguide/contracts';
import { readingEvents } from '../event-readers.ts';
import type { Projector } from '../projector.ts';

/**
 * `reading-insights` (issue 24): what readers did, added up per day (Korean time) at three scopes — the guidebook,
 * its owner (for a company's figures) and the whole site — so every screen reads a handful of documents whatever
 * the number of reads. The unit of work is one `GuidebookReadsRecorded` (a few seconds of beacons for one
 * guidebook), never one request.
 */

export const readingInsightsProjector: Projector<ReadingDayDoc, ReadingEvent> = {
  name: READING_INSIGHTS,
  collection: READING_INSIGHTS,
  indexes: [{ fields: { scope: 1, key: 1, day: 1 } }, { fields: { scope: 1, day: 1 } }],
  filter: { streamCategories: [READING_STREAM_CATEGORY] },
  decode: readingEvents.read,
  documentIds: readingDayIdsOf,
  evolve: readingDayAfter,
};
