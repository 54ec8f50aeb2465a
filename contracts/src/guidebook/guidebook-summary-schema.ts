import { z } from 'zod';
import { GUIDEBOOK_LIMITS } from './guidebook-limits.ts';

/**
 * The longest text param. Params quote titles from the document (a content page title is one line of plain text,
 * `shortText`), so a param holds what the document holds: a title the document accepts never makes the summary of
 * a later change too long to store (that once turned every save of such a page into a 500). `summarisePatches`
 * still clips to it, so a summary never fails.
 */
export const SUMMARY_PARAM_MAX = GUIDEBOOK_LIMITS.shortText;

/**
 * One line of a change summary: a stable key the web localises and its parameters, e.g.
 * `{ key: 'changed-day-title', params: { day: 2, page: 'Itinerary' } }`. Keys are a string here (not an enum) so an
 * old event whose key was later retired still reads; `guidebook-summary.ts` lists the keys in use and renders them.
 */
export const summaryEntrySchema = z.object({
  key: z.string().min(1).max(64),
  params: z.record(z.string(), z.union([z.string().max(SUMMARY_PARAM_MAX), z.number()])),
});
export type SummaryEntry = z.infer<typeof summaryEntrySchema>;
