import { z } from 'zod';
import { eventDecoder, type EventDecoder } from '../event-decoding.ts';
import { THUMBNAIL_PRIORITIES } from '../guidebook/guidebook-limits.ts';
import { THUMBNAIL_REQUEST_MAX_IDS } from './thumbnail-limits.ts';

/**
 * Thumbnail events. Two kinds of stream beside the guidebook's own:
 * - `thumbnail_requests-<userId>`: every request a person (or an administrator) made, one `ThumbnailsRequested`
 *   each, naming the guidebooks queued and those skipped. The stream is the consistency boundary of the rate limit
 *   (5 a minute through the user endpoint), so the limit holds across processes and replicas.
 * - `thumbnail-<guidebookId>`: what the worker could not do (`ThumbnailRenderFailed`), so the queue moves on.
 *
 * A thumbnail that was made is `GuidebookThumbnailRecorded` on `guidebook-<id>` (the guidebook's setting). None of
 * these touch the guidebook stream: a request must never move the revision an author's editor saves against.
 */

const at = z.iso.datetime();
const guidebookId = z.string().min(1).max(200);

export const THUMBNAIL_REQUEST_VIAS = ['user', 'admin'] as const;
export type ThumbnailRequestVia = (typeof THUMBNAIL_REQUEST_VIAS)[number];

/** Why a named guidebook was not queued. */
export const THUMBNAIL_SKIP_REASONS = ['not-found', 'not-yours', 'unpublished'] as const;
export type ThumbnailSkipReason = (typeof THUMBNAIL_SKIP_REASONS)[number];

export const thumbnailsRequestedSchema = z.object({
  requestId: z.string().min(1),
  userId: z.string().min(1),
  /** the user endpoint (own guidebooks, rate limited) or the administrators' one (any guidebook) */
  via: z.enum(THUMBNAIL_REQUEST_VIAS),
  priority: z.enum(THUMBNAIL_PRIORITIES),
  /** the guidebooks queued */
  guidebookIds: z.array(guidebookId).max(THUMBNAIL_REQUEST_MAX_IDS),
  skipped: z.array(z.object({ guidebookId, reason: z.enum(THUMBNAIL_SKIP_REASONS) })).max(THUMBNAIL_REQUEST_MAX_IDS),
  requestedAt: at,
});

export const thumbnailRenderFailedSchema = z.object({
  guidebookId,
  /** the latest request the failed rendering answered: later requests stay queued */
  requestedAt: at,
  reason: z.string().max(500),
  failedAt: at,
});

type E<T extends string, S extends z.ZodType> = { type: T; data: z.infer<S> };
export type ThumbnailsRequested = E<'ThumbnailsRequested', typeof thumbnailsRequestedSchema>;
export type ThumbnailRenderFailed = E<'ThumbnailRenderFailed', typeof thumbnailRenderFailedSchema>;
export type ThumbnailRequestEvent = ThumbnailsRequested;
export type ThumbnailRenderEvent = ThumbnailRenderFailed;

export const thumbnailRequestEventSchemas = { ThumbnailsRequested: thumbnailsRequestedSchema } as const satisfies Record<
  ThumbnailRequestEvent['type'],
  z.ZodType
>;
export const thumbnailRenderEventSchemas = { ThumbnailRenderFailed: thumbnailRenderFailedSchema } as const satisfies Record<
  ThumbnailRenderEvent['type'],
  z.ZodType
>;

export const THUMBNAIL_REQUESTS_STREAM_CATEGORY = 'thumbnail_requests';
export const THUMBNAIL_STREAM_CATEGORY = 'thumbnail';
export const thumbnailRequestsStream = (userId: string): string => `${THUMBNAIL_REQUESTS_STREAM_CATEGORY}-${userId}`;
export const thumbnailStream = (guidebookId: string): string => `${THUMBNAIL_STREAM_CATEGORY}-${guidebookId}`;

/** The events that ask for a thumbnail: the worker wakes on these (the queue read model says what is waiting). */
export const THUMBNAIL_TRIGGER_EVENTS = ['ThumbnailsRequested', 'GuidebookPublicGallerySet', 'GuidebookPasswordSet'] as const;

/** How the two thumbnail categories are read (see `event-decoding.ts`): version 1, no upcaster yet. */
export const thumbnailRequestEventDecoder: EventDecoder<ThumbnailRequestEvent> = eventDecoder({ schemas: thumbnailRequestEventSchemas });
export const thumbnailRenderEventDecoder: EventDecoder<ThumbnailRenderEvent> = eventDecoder({ schemas: thumbnailRenderEventSchemas });

/** A thumbnail event as stored → today's typed event; throws (naming the path) when the data does not fit. */
export function decodeThumbnailRequestEvent(type: string, data: unknown): ThumbnailRequestEvent {
  return thumbnailRequestEventDecoder.decode(type, data);
}

export function decodeThumbnailRenderEvent(type: string, data: unknown): ThumbnailRenderEvent {
  return thumbnailRenderEventDecoder.decode(type, data);
}
