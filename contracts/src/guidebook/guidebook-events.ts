import { z } from 'zod';
import { guidebookTitleSchema } from './guidebook-limits.ts';

/**
 * Guidebook events. Each event type carries its data schema; the data is validated when appended and when read
 * back (with upcasters once a version changes).
 */
export const guidebookCreatedSchema = z.object({
  guidebookId: z.string(),
  uuid: z.string(),
  title: guidebookTitleSchema,
  createdAt: z.iso.datetime(),
});
export type GuidebookCreated = { type: 'GuidebookCreated'; data: z.infer<typeof guidebookCreatedSchema> };

export type GuidebookEvent = GuidebookCreated;

export const guidebookEventSchemas = {
  GuidebookCreated: guidebookCreatedSchema,
} as const satisfies Record<GuidebookEvent['type'], z.ZodType>;

export const guidebookStream = (guidebookId: string): string => `guidebook-${guidebookId}`;
