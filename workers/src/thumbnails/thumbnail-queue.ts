import {
  GUIDEBOOK_VIEWER,
  THUMBNAIL_QUEUE,
  THUMBNAIL_QUEUE_ORDER,
  USERS,
  type ThumbnailPriority,
  type ThumbnailQueueCollectionDoc,
  type ThumbnailQueueDoc,
  type UserDoc,
} from '@pocketguide/contracts';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';

/** A guidebook waiting for its thumbnail, as the worker takes it. */
export type ThumbnailJob = {
  guidebookId: string;
  uuid: string;
  ownerId: string;
  priority: ThumbnailPriority;
  /** the latest request the rendering answers */
  lastRequestedAt: string;
  /** log position of that request: the readers' page must have caught up with it */
  position: number;
};

/** What the worker reads: the `thumbnail-queue` read model, and where the read models stand. */
export interface ThumbnailQueue {
  /** the next waiting guidebook (high before low, the longest waiting first) that `passed` does not rule out */
  next(passed: (job: ThumbnailJob) => boolean): Promise<ThumbnailJob | null>;
  /** true once the queue and the readers' pages have applied the log up to `position` (false after a bounded wait) */
  caughtUp(position: number): Promise<boolean>;
  /** the language the owner reads in, so the page's own texts (the gate's) are theirs */
  languageOf(ownerId: string): Promise<'ko' | 'en'>;
}

/** How many waiting guidebooks are looked at per read; those ruled out are skipped past. */
const PAGE = 50;

export function readStoreThumbnailQueue(
  readStore: ReadStore,
  options: { timeoutMs?: number; pollMs?: number } = {},
): ThumbnailQueue {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const pollMs = options.pollMs ?? 20;
  const queue = readStore.collection<ThumbnailQueueCollectionDoc>(THUMBNAIL_QUEUE);
  const users = readStore.collection<UserDoc>(USERS);

  const jobOf = (doc: ThumbnailQueueDoc): ThumbnailJob | null =>
    doc.pending
      ? {
          guidebookId: doc.id,
          uuid: doc.uuid,
          ownerId: doc.ownerId,
          priority: doc.pending.priority,
          lastRequestedAt: doc.pending.lastRequestedAt,
          position: doc.pending.position,
        }
      : null;

  async function reached(position: number): Promise<boolean> {
    for (const name of [THUMBNAIL_QUEUE, GUIDEBOOK_VIEWER]) {
      const checkpoint = await readStore.getCheckpoint(name);
      if (checkpoint === null || checkpoint < position) return false;
    }
    return true;
  }

  return {
    async next(passed) {
      for (let skip = 0; ; skip += PAGE) {
        const docs = await queue.find(
          { kind: 'guidebook', pendingRank: { $exists: true } },
          { sort: THUMBNAIL_QUEUE_ORDER, skip, limit: PAGE },
        );
        for (const doc of docs) {
          const job = doc.kind === 'guidebook' ? jobOf(doc) : null;
          if (job && !passed(job)) return job;
        }
        if (docs.length < PAGE) return null;
      }
    },
    async caughtUp(position) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (await reached(position)) return true;
        if (Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
    async languageOf(ownerId) {
      const owner = await users.get(ownerId);
      return owner?.language === 'en' ? 'en' : 'ko';
    },
  };
}
