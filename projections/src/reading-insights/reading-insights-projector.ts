import {
  READING_INSIGHTS,
  READING_STREAM_CATEGORY,
  readingInsightAfter,
  readingInsightIdsOf,
  type ReadingInsightsDoc,
  type ReadingEvent,
} from '@pocketguide/contracts';
import { readingEvents } from '../event-readers.ts';
import type { Projector } from '../projector.ts';

/**
 * `reading-insights` (issue 24): what readers did, added up per day (Korean time) and per month at three scopes — the
 * guidebook, its owner (for a company's figures) and the whole site — so every screen reads a handful of documents
 * whatever the number of reads: a range's whole months as rollups, its other days as days (a year: about 12 + 30). The unit of work is one `GuidebookReadsRecorded` (a few seconds of beacons for one
 * guidebook), never one request.
 */

export const readingInsightsProjector: Projector<ReadingInsightsDoc, ReadingEvent> = {
  name: READING_INSIGHTS,
  collection: READING_INSIGHTS,
  indexes: [{ fields: { scope: 1, key: 1, day: 1 } }, { fields: { scope: 1, day: 1 } }],
  filter: { streamCategories: [READING_STREAM_CATEGORY] },
  decode: readingEvents.read,
  documentIds: readingInsightIdsOf,
  evolve: readingInsightAfter,
};
