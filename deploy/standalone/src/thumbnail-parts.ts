import type { Config } from '@pocketguide/platform/config/config';
import type { Logger } from '@pocketguide/platform/logger';
import type { BlobStore } from '@pocketguide/platform/blob/blob-store';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import { createGuidebooks } from '@pocketguide/command-api/guidebook/guidebooks';
import { createThumbnails } from '@pocketguide/command-api/thumbnail/thumbnails';
import { readStoreQueueView } from '@pocketguide/command-api/thumbnail/thumbnail-queue-view';
import { systemClock } from '@pocketguide/command-api/core/ids';
import type { SnapshotCounts } from '@pocketguide/command-api/core/snapshot-counts';
import { createChromiumThumbnailRenderer } from '@pocketguide/workers/thumbnails/chromium-thumbnail-renderer';
import { findChromium } from '@pocketguide/workers/thumbnails/thumbnail-renderer';
import { readStoreThumbnailQueue } from '@pocketguide/workers/thumbnails/thumbnail-queue';
import type { ThumbnailWorkerDeps } from '@pocketguide/workers/thumbnails/thumbnail-worker';
import type { RendererAvailability } from '@pocketguide/workers/thumbnails/renderer-status';

/**
 * The thumbnail side of the composition: the Chromium found here (or why none is), the renderer (launched on its
 * first page, closed on stop), the commands the worker sends, and where it loads readers' pages from:
 * THUMBNAIL_RENDER_BASE_URL, else this process's own server once it listens (when it serves pages), else
 * PUBLIC_BASE_URL.
 */
export type ThumbnailParts = {
  /** whether a Chromium was found here, and why not */
  availability: RendererAvailability;
  /** undefined without a Chromium: the worker is not run */
  workerDeps: ThumbnailWorkerDeps | undefined;
  /** the process's server listens on this port */
  listening(port: number): void;
  close(): Promise<void>;
};

export function openThumbnailParts(deps: {
  config: Config;
  logger: Logger;
  eventStore: EventStore;
  readStore: ReadStore;
  blobs: BlobStore;
  servesPages: boolean;
  /** counts the snapshots the worker's guidebook commands write or skip, for /api/health */
  snapshotCounts?: SnapshotCounts;
}): ThumbnailParts {
  const { config, logger, eventStore, readStore, blobs } = deps;
  const chromium = findChromium(config.CHROMIUM_PATH);
  const availability: RendererAvailability = chromium.found
    ? { available: true }
    : { available: false, reason: chromium.reason };

  let settleBase: { resolve(url: string): void; reject(error: Error): void } | undefined;
  const base: Promise<string> = config.THUMBNAIL_RENDER_BASE_URL
    ? Promise.resolve(config.THUMBNAIL_RENDER_BASE_URL)
    : deps.servesPages
      ? new Promise<string>((resolve, reject) => {
          settleBase = { resolve, reject };
        })
      : Promise.resolve(config.publicBaseUrl);
  // A stop before the server listened rejects it; a worker waiting on it then gives up instead of hanging.
  base.catch(() => undefined);

  const renderer = chromium.found ? createChromiumThumbnailRenderer({ executablePath: chromium.path }) : null;
  const guidebooks = createGuidebooks({
    eventStore,
    clock: systemClock,
    onSnapshotError: (error, streamId) => logger.warn('guidebook snapshot not written', { streamId, error }),
    ...(deps.snapshotCounts ? { snapshotCounts: deps.snapshotCounts } : {}),
  });
  const thumbnails = createThumbnails({
    eventStore,
    clock: systemClock,
    guidebooks,
    queue: readStoreQueueView(readStore),
    availability: async () => availability,
  });

  return {
    availability,
    workerDeps: renderer
      ? {
          queue: readStoreThumbnailQueue(readStore),
          renderer,
          blobs,
          pageBaseUrl: () => base,
          recordThumbnail: (input, causation) =>
            guidebooks.recordThumbnail(
              input.guidebookId,
              input.thumbnailUrl,
              input.generatedAt,
              causation,
              input.renderMs,
            ),
          recordFailure: (input, causation) => thumbnails.recordFailure(input, causation),
          onRendered: (job, renderMs) =>
            logger.debug('thumbnail drawn', { guidebookId: job.guidebookId, priority: job.priority, renderMs }),
        }
      : undefined,
    listening(port) {
      // The loopback address: the worker's pages never leave the machine.
      settleBase?.resolve(`http://127.0.0.1:${port}`);
    },
    async close() {
      settleBase?.reject(new Error('stopped before the server listened'));
      await renderer?.close();
    },
  };
}
