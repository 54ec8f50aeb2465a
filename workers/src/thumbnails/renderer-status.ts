import type { ReadStore } from '@pocketguide/platform/read-store/read-store';

/**
 * Whether this deployment can draw thumbnails, as the workers last reported it. The processes that run the worker
 * know it themselves (a Chromium was found or not); command-api and query-api running elsewhere read it here to
 * answer requests honestly. Operational state like the checkpoints beside it, not a read model: rebuilding read
 * models leaves it alone, and it is written again at every start of a workers process.
 */
export const WORKER_STATUS = 'worker-status';
const THUMBNAILS = 'thumbnails';

type RendererStatusDoc = { id: string; available: boolean; reason: string | null; reportedAt: string };

export type RendererAvailability = { available: boolean; reason?: string };

export async function reportThumbnailRenderer(
  readStore: ReadStore,
  status: RendererAvailability,
  now: Date,
): Promise<void> {
  await readStore.collection<RendererStatusDoc>(WORKER_STATUS).upsert({
    id: THUMBNAILS,
    available: status.available,
    reason: status.reason ?? null,
    reportedAt: now.toISOString(),
  });
}

/** As reported; before any workers process reported, requests are taken (they wait in the queue for a worker). */
export async function reportedThumbnailRenderer(readStore: ReadStore): Promise<RendererAvailability> {
  const doc = await readStore.collection<RendererStatusDoc>(WORKER_STATUS).get(THUMBNAILS);
  if (!doc) return { available: true };
  return doc.available ? { available: true } : { available: false, ...(doc.reason ? { reason: doc.reason } : {}) };
}
