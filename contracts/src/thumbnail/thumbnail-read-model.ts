import type { ThumbnailPriority } from '../guidebook/guidebook-limits.ts';
import { THUMBNAIL_DEFAULT_RENDER_MS } from './thumbnail-limits.ts';

/**
 * `thumbnail-queue`: what is waiting for a thumbnail, built from the requests, the guidebooks' publishing and the
 * worker's outcomes. One document per living guidebook (`kind: 'guidebook'`) and one for the measured render
 * time (`kind: 'stats'`, id `THUMBNAIL_STATS_ID`). The worker takes the next waiting guidebook from here (high
 * before low, oldest first); the requests' estimates and `GET thumbnails/status` read it too.
 */
export const THUMBNAIL_QUEUE = 'thumbnail-queue';
export const THUMBNAIL_STATS_ID = 'render-stats';

export type ThumbnailPending = {
  priority: ThumbnailPriority;
  /** the first request still waiting (the queue's order within a priority) */
  since: string;
  /** the latest request: a rendering begun before it does not answer it */
  lastRequestedAt: string;
  /** log position of the latest request: the reader's page must have caught up with it before rendering */
  position: number;
};

export type ThumbnailQueueDoc = {
  kind: 'guidebook';
  /** the guidebook id */
  id: string;
  uuid: string;
  ownerId: string;
  published: boolean;
  isPublicGallery: boolean;
  hasPassword: boolean;
  /** null: nothing waiting */
  pending: ThumbnailPending | null;
  /** 0 high, 1 low, null when nothing waits: the worker's sort key */
  pendingRank: number | null;
  thumbnailUrl: string | null;
  thumbnailGeneratedAt: string | null;
  lastFailure: { reason: string; failedAt: string } | null;
};

export type ThumbnailStatsDoc = {
  kind: 'stats';
  id: typeof THUMBNAIL_STATS_ID;
  /** thumbnails made with a measured time */
  renders: number;
  /** moving average (the newest counts a fifth) of the measured times, in ms */
  averageRenderMs: number;
  lastRenderMs: number;
};

export type ThumbnailQueueCollectionDoc = ThumbnailQueueDoc | ThumbnailStatsDoc;

/** The queue's order: high before low, then the longest waiting first (the worker's, and "yours" in the status). */
export const THUMBNAIL_QUEUE_ORDER = { pendingRank: 1, 'pending.since': 1 } as const;

/** The measured average time of one thumbnail, or the default before any was measured. */
export function averageRenderMsOf(stats: ThumbnailQueueCollectionDoc | null): number {
  return stats?.kind === 'stats' ? Math.round(stats.averageRenderMs) : THUMBNAIL_DEFAULT_RENDER_MS;
}
