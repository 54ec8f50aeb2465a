import { z } from 'zod';

/**
 * One line of a change summary: a stable key the web localises and its parameters, e.g.
 * `{ key: 'changed-day-title', params: { day: 2, page: 'Itinerary' } }`. Keys are a string here (not an enum) so an
 * old event whose key was later retired still reads; `guidebook-summary.ts` lists the keys in use and renders them.
 */
export const summaryEntrySchema = z.object({
  key: z.string().min(1).max(64),
  params: z.record(z.string(), z.union([z.string().max(200), z.number()])),
});
export type SummaryEntry = z.infer<typeof summaryEntrySchema>;
