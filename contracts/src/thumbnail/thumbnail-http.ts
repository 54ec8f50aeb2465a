import { z } from 'zod';
import { THUMBNAIL_PRIORITIES } from '../guidebook/guidebook-limits.ts';
import { THUMBNAIL_SKIP_REASONS } from './thumbnail-events.ts';
import { THUMBNAIL_MESSAGES, THUMBNAIL_REQUEST_MAX_IDS } from './thumbnail-limits.ts';

/** Bodies and answers of the thumbnail calls (spec 1 §7, spec 3 §7). */

const guidebookId = z
  .string({ error: THUMBNAIL_MESSAGES.guidebookIdRequired })
  .trim()
  .min(1, THUMBNAIL_MESSAGES.guidebookIdRequired)
  .max(200);
const guidebookIds = z
  .array(guidebookId, { error: 'guidebookIds must be a list of guidebook ids' })
  .min(1, 'Name at least one guidebook')
  .max(THUMBNAIL_REQUEST_MAX_IDS, `At most ${THUMBNAIL_REQUEST_MAX_IDS} guidebooks per request`)
  .transform((ids) => [...new Set(ids)]);
const priority = z.enum(THUMBNAIL_PRIORITIES, { error: "priority must be 'high' or 'low'" });

/** POST /api/thumbnails/generate: the signed-in person's own published guidebooks (spec: priority 'high'). */
export const requestThumbnailsBodySchema = z.strictObject({
  guidebookIds,
  priority: priority.default('high'),
});
export type RequestThumbnailsBody = z.input<typeof requestThumbnailsBodySchema>;

/**
 * POST /api/admin/thumbnails/generate: one guidebook (priority default high), or `mode: 'specific'` with a list
 * (priority default low: a batch must not hold up what people are waiting for). `adminThumbnailsBodySchemaFor`
 * picks the shape by `mode`, so a refusal names the field at fault rather than "no shape fits".
 */
export const adminThumbnailBodySchema = z.strictObject({ guidebookId, priority: priority.default('high') });
export const adminSpecificThumbnailsBodySchema = z.strictObject({
  mode: z.literal('specific', { error: "mode must be 'specific'" }),
  guidebookIds,
  priority: priority.default('low'),
});
export type AdminThumbnailsBody =
  z.input<typeof adminThumbnailBodySchema> | z.input<typeof adminSpecificThumbnailsBodySchema>;

export function adminThumbnailsBodySchemaFor(
  body: unknown,
): typeof adminThumbnailBodySchema | typeof adminSpecificThumbnailsBodySchema {
  return body !== null && typeof body === 'object' && 'mode' in body
    ? adminSpecificThumbnailsBodySchema
    : adminThumbnailBodySchema;
}

/** The answer of both requests (spec: queued, estimated, priority, message). */
export const thumbnailRequestAnswerSchema = z.object({
  /** how many guidebooks were queued; 0: nothing was (not yours, not published, unknown, or no renderer here) */
  queued: z.number().int().min(0),
  /** when the last of them should be ready (ISO), from the queue ahead and the measured render time; null when none */
  estimated: z.iso.datetime().nullable(),
  priority: z.enum(THUMBNAIL_PRIORITIES),
  message: z.string(),
  guidebookIds: z.array(z.string()),
  skipped: z.array(z.object({ guidebookId: z.string(), reason: z.enum(THUMBNAIL_SKIP_REASONS) })),
  /** log position of the request; 0 when nothing was written */
  position: z.number().int(),
});
export type ThumbnailRequestAnswer = z.infer<typeof thumbnailRequestAnswerSchema>;

/** GET /api/thumbnails/status: the queue as a signed-in person sees it. */
export const thumbnailStatusSchema = z.object({
  /** false when no renderer is available: requests then queue nothing */
  available: z.boolean(),
  /** guidebooks waiting, all owners together, and by priority */
  pending: z.number().int().min(0),
  byPriority: z.object({ high: z.number().int().min(0), low: z.number().int().min(0) }),
  /** the caller's own waiting guidebooks, in the order they will be drawn */
  yours: z.array(
    z.object({ guidebookId: z.string(), priority: z.enum(THUMBNAIL_PRIORITIES), requestedAt: z.string() }),
  ),
  /** the measured average time of one thumbnail (the default before any was measured) */
  averageRenderMs: z.number().int().min(0),
  /** when the whole queue should be drawn (ISO); null when nothing waits */
  estimatedDrainAt: z.iso.datetime().nullable(),
});
export type ThumbnailStatus = z.infer<typeof thumbnailStatusSchema>;
