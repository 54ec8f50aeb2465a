import { MOBILE_WIDTH, type ThumbnailPriority } from '../guidebook/guidebook-limits.ts';

/** Thumbnails (spec 1 §4, §7–§9; spec 3 §2.2, §5): the numbers the server, the worker and the web share. */

/** `POST thumbnails/generate`: at most 5 requests a minute per person (spec 1 §8). */
export const THUMBNAIL_REQUEST_LIMIT = { limit: 5, windowMs: 60_000 } as const;

/** Guidebooks one request may name (the administrators' batch included). */
export const THUMBNAIL_REQUEST_MAX_IDS = 100;

/**
 * What a thumbnail is: the reader's first screen on a phone (the spec's mobile width, 435 px) drawn at twice the
 * density and stored as WebP 435×800, twice the density of a 400 px-high gallery card.
 */
export const THUMBNAIL_VIEWPORT = { width: MOBILE_WIDTH, height: 800, deviceScaleFactor: 2 } as const;
export const THUMBNAIL_IMAGE = { width: MOBILE_WIDTH, height: 800, quality: 80 } as const;

/** The estimate before any thumbnail was measured (a render on a small server takes about this long). */
export const THUMBNAIL_DEFAULT_RENDER_MS = 3000;

/** Sent by the thumbnail renderer when it loads a reader's page: a rendering is not a reader's view. */
export const THUMBNAIL_RENDER_HEADER = 'X-Thumbnail-Render';

/** Sort key of the queue: high before low. */
export const THUMBNAIL_PRIORITY_RANK: Readonly<Record<ThumbnailPriority, number>> = { high: 0, low: 1 };

export const higherPriority = (a: ThumbnailPriority, b: ThumbnailPriority): ThumbnailPriority =>
  THUMBNAIL_PRIORITY_RANK[a] <= THUMBNAIL_PRIORITY_RANK[b] ? a : b;

export const THUMBNAIL_MESSAGES = {
  tooMany: `You can request thumbnails at most ${THUMBNAIL_REQUEST_LIMIT.limit} times a minute. Please try again later.`,
  adminOnly: 'Only administrators can use the batch thumbnail endpoint',
  unavailable: 'Thumbnails cannot be generated on this server right now (no browser to draw them). Nothing was queued.',
  nothingQueuedOwn: 'Nothing was queued: only your own published guidebooks can get a thumbnail.',
  nothingQueued: 'Nothing was queued: only published guidebooks can get a thumbnail.',
  queued: (count: number) => `${count} thumbnail${count === 1 ? '' : 's'} queued`,
  guidebookIdRequired: 'guidebookId is required',
} as const;
