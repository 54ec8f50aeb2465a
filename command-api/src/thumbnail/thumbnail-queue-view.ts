import {
  THUMBNAIL_PRIORITY_RANK,
  THUMBNAIL_QUEUE,
  THUMBNAIL_STATS_ID,
  type ThumbnailPriority,
  averageRenderMsOf,
  type ThumbnailQueueCollectionDoc,
} from '@pocketguide/contracts';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';

/**
 * What a request's estimate needs from the `thumbnail-queue` read model. Only an estimate is made from it (the
 * decision of what to queue reads the guidebooks' streams), so a read model a moment behind is good enough.
 */
export type ThumbnailQueueView = {
  /** guidebooks waiting at this priority or a higher one, leaving out `excluding` (the request's own) */
  waitingAhead(priority: ThumbnailPriority, excluding: readonly string[]): Promise<number>;
  /** the measured average time of one thumbnail, or the default before any was measured */
  averageRenderMs(): Promise<number>;
};

export function readStoreQueueView(readStore: ReadStore): ThumbnailQueueView {
  const queue = readStore.collection<ThumbnailQueueCollectionDoc>(THUMBNAIL_QUEUE);
  return {
    waitingAhead: (priority, excluding) =>
      queue.count({
        kind: 'guidebook',
        pendingRank: { $lte: THUMBNAIL_PRIORITY_RANK[priority] },
        ...(excluding.length > 0 ? { id: { $nin: excluding } } : {}),
      }),
    averageRenderMs: async () => averageRenderMsOf(await queue.get(THUMBNAIL_STATS_ID)),
  };
}
