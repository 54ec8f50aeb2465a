import {
  GUIDEBOOK_STREAM_CATEGORY,
  THUMBNAIL_REQUESTS_STREAM_CATEGORY,
  THUMBNAIL_TRIGGER_EVENTS,
} from '@pocketguide/contracts';
import type { BlobStore } from '@pocketguide/platform/blob/blob-store';
import type { Worker } from '@pocketguide/platform/bus/worker-bus';
import type { RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import { encodeThumbnail, thumbnailKey } from './thumbnail-image.ts';
import type { ThumbnailJob, ThumbnailQueue } from './thumbnail-queue.ts';
import { PageNotRenderableError, type ThumbnailRenderer } from './thumbnail-renderer.ts';

type Causation = { eventId: string; correlationId?: string };

export type ThumbnailWorkerDeps = {
  queue: ThumbnailQueue;
  renderer: ThumbnailRenderer;
  blobs: Pick<BlobStore, 'put'>;
  /** where readers' pages are served (query-api), e.g. http://127.0.0.1:3000: the renderer loads `/m/{uuid}` there */
  pageBaseUrl(): Promise<string>;
  /** `RecordThumbnail` on the guidebook; answers the log position reached */
  recordThumbnail(
    input: { guidebookId: string; thumbnailUrl: string; generatedAt: Date; renderMs: number },
    causation: Causation,
  ): Promise<{ position: number }>;
  /** `RecordThumbnailFailure`: the queue then drops what the rendering answered */
  recordFailure(
    input: { guidebookId: string; requestedAt: string; reason: string },
    causation: Causation,
  ): Promise<{ position: number }>;
  now?: () => Date;
  /** renderings tried (across the bus's retries) before the failure is recorded; default 3 */
  maxAttempts?: number;
  onRendered?: (job: ThumbnailJob, renderMs: number) => void;
};

const jobKey = (job: Pick<ThumbnailJob, 'guidebookId' | 'lastRequestedAt'>) =>
  `${job.guidebookId}@${job.lastRequestedAt}`;
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The thumbnail worker. It wakes on the events that ask for a thumbnail (a request, the public gallery enabled, a
 * password gate appearing or going) and then draws everything waiting in the `thumbnail-queue` read model, high
 * priority first, one at a time: a request that arrives during a long low-priority batch is drawn next.
 *
 * For each guidebook: wait until the readers' page has caught up with the request, load `/m/{uuid}` as an
 * anonymous reader (so a guidebook behind a password shows its gate, never its cover), screenshot the first screen,
 * encode it (WebP, content-addressed key), store it through the blob port and send `RecordThumbnail` with the
 * measured time. A page that is gone (unpublished, deleted meanwhile) or a rendering that failed `maxAttempts`
 * times is recorded as failed, so one broken guidebook never holds up the queue. Every step is idempotent: the
 * event is retried by the bus until the queue is drawn.
 */
export function createThumbnailWorker(deps: ThumbnailWorkerDeps): Worker {
  const now = deps.now ?? (() => new Date());
  const maxAttempts = deps.maxAttempts ?? 3;
  /** failed attempts per rendering, kept across the bus's retries of the event */
  const attempts = new Map<string, number>();

  async function caughtUp(position: number, what: string): Promise<void> {
    if (!(await deps.queue.caughtUp(position)))
      throw new Error(`The thumbnail queue and readers' pages have not caught up with ${what} (position ${position})`);
  }

  async function draw(job: ThumbnailJob): Promise<{ thumbnailUrl: string; generatedAt: Date; renderMs: number }> {
    const [base, lang] = await Promise.all([deps.pageBaseUrl(), deps.queue.languageOf(job.ownerId)]);
    const generatedAt = now();
    const png = await deps.renderer.render(`${base}/m/${encodeURIComponent(job.uuid)}?lang=${lang}`);
    const bytes = await encodeThumbnail(png);
    const { url } = await deps.blobs.put(thumbnailKey(job.guidebookId, bytes), bytes, 'image/webp');
    return { thumbnailUrl: url, generatedAt, renderMs: now().getTime() - generatedAt.getTime() };
  }

  async function fail(job: ThumbnailJob, reason: string, causation: Causation): Promise<void> {
    attempts.delete(jobKey(job));
    const { position } = await deps.recordFailure(
      { guidebookId: job.guidebookId, requestedAt: job.lastRequestedAt, reason },
      causation,
    );
    await caughtUp(position, `the failure of ${job.guidebookId}`);
  }

  async function drawAll(causation: Causation): Promise<void> {
    // What this pass has answered: if the read model still shows it (it should not once caught up), it is not drawn twice.
    const answered = new Set<string>();
    for (;;) {
      const job = await deps.queue.next((candidate) => answered.has(jobKey(candidate)));
      if (!job) return;
      answered.add(jobKey(job));
      await caughtUp(job.position, `the request for ${job.guidebookId}`);
      let drawn: Awaited<ReturnType<typeof draw>>;
      try {
        drawn = await draw(job);
      } catch (error) {
        if (error instanceof PageNotRenderableError) {
          await fail(job, `The reader's page is not there (${error.status ?? 'no answer'})`, causation);
          continue;
        }
        const tried = (attempts.get(jobKey(job)) ?? 0) + 1;
        if (tried < maxAttempts) {
          attempts.set(jobKey(job), tried);
          throw error;
        }
        await fail(job, reasonOf(error), causation);
        continue;
      }
      attempts.delete(jobKey(job));
      const { position } = await deps.recordThumbnail({ guidebookId: job.guidebookId, ...drawn }, causation);
      deps.onRendered?.(job, drawn.renderMs);
      await caughtUp(position, `the thumbnail of ${job.guidebookId}`);
    }
  }

  return {
    name: 'thumbnails',
    filter: {
      streamCategories: [THUMBNAIL_REQUESTS_STREAM_CATEGORY, GUIDEBOOK_STREAM_CATEGORY],
      eventTypes: [...THUMBNAIL_TRIGGER_EVENTS],
    },
    async handle(event: RecordedEvent) {
      const causation: Causation = {
        eventId: event.id,
        ...(typeof event.metadata.correlationId === 'string' ? { correlationId: event.metadata.correlationId } : {}),
      };
      // The queue read model must hold this event's request before it is read.
      await caughtUp(event.position, `${event.type}`);
      await drawAll(causation);
    },
  };
}
