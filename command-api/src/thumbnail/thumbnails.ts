import {
  THUMBNAIL_MESSAGES,
  decodeThumbnailRenderEvent,
  decodeThumbnailRequestEvent,
  thumbnailRequestsStream,
  thumbnailStream,
  type ThumbnailPriority,
  type ThumbnailRequestAnswer,
  type ThumbnailRequestVia,
  type ThumbnailsRequested,
} from '@pocketguide/contracts';
import type { EventStore, RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import { createCommandHandler, type CommandMetadata } from '../core/command-handler.ts';
import { deriveId, type Clock } from '../core/ids.ts';
import type { Guidebooks } from '../guidebook/guidebooks.ts';
import type { ThumbnailQueueView } from './thumbnail-queue-view.ts';
import { thumbnailRenderDecider } from './thumbnail-render-decider.ts';
import { thumbnailRequestDecider, type RequestedGuidebook } from './thumbnail-request-decider.ts';

/** Whether a renderer can draw thumbnails: the worker's, in this process or as it last reported. */
export type ThumbnailRendererAvailability = () => Promise<{ available: boolean; reason?: string }>;

export type ThumbnailsDeps = {
  eventStore: EventStore;
  clock: Clock;
  /** reads each named guidebook from its own stream (owner, published, deleted) */
  guidebooks: Pick<Guidebooks, 'load'>;
  queue: ThumbnailQueueView;
  availability: ThumbnailRendererAvailability;
};

export type ThumbnailCaller = { userId: string; isAdmin: boolean };

/**
 * The thumbnail use cases: a request (the user endpoint or the administrators'), answered with what was queued and
 * when it should be ready; and the worker's record of a rendering that failed.
 */
export function createThumbnails({ eventStore, clock, guidebooks, queue, availability }: ThumbnailsDeps) {
  const handleRequest = createCommandHandler(eventStore, thumbnailRequestDecider, {
    toEvent: (recorded: RecordedEvent) => decodeThumbnailRequestEvent(recorded.type, recorded.data),
  });
  const handleRender = createCommandHandler(eventStore, thumbnailRenderDecider, {
    toEvent: (recorded: RecordedEvent) => decodeThumbnailRenderEvent(recorded.type, recorded.data),
  });

  async function facts(guidebookId: string): Promise<RequestedGuidebook> {
    const { state } = await guidebooks.load(guidebookId);
    if (state.status !== 'active') return { guidebookId, found: null };
    return { guidebookId, found: { ownerId: state.guidebook.ownerId, published: state.guidebook.settings.published } };
  }

  async function answerOf(data: ThumbnailsRequested['data'], position: number): Promise<ThumbnailRequestAnswer> {
    const queued = data.guidebookIds.length;
    let estimated: string | null = null;
    if (queued > 0) {
      const [ahead, averageMs] = await Promise.all([
        queue.waitingAhead(data.priority, data.guidebookIds),
        queue.averageRenderMs(),
      ]);
      // From the request's time, so a retried request answers as the first one did (give or take the queue).
      estimated = new Date(Date.parse(data.requestedAt) + (ahead + queued) * averageMs).toISOString();
    }
    const message =
      queued > 0
        ? THUMBNAIL_MESSAGES.queued(queued)
        : data.via === 'user'
          ? THUMBNAIL_MESSAGES.nothingQueuedOwn
          : THUMBNAIL_MESSAGES.nothingQueued;
    return {
      queued,
      estimated,
      priority: data.priority,
      message,
      guidebookIds: data.guidebookIds,
      skipped: data.skipped,
      position,
    };
  }

  return {
    /**
     * POST thumbnails/generate (`via: 'user'`, own guidebooks, 5 a minute) and POST admin/thumbnails/generate
     * (`via: 'admin'`, any guidebook). Without a renderer nothing is written and the answer says so (queued 0).
     */
    async request(
      caller: ThumbnailCaller,
      input: { guidebookIds: readonly string[]; priority: ThumbnailPriority; via: ThumbnailRequestVia },
      metadata: CommandMetadata,
    ): Promise<ThumbnailRequestAnswer> {
      const renderer = await availability();
      if (!renderer.available) {
        return {
          queued: 0,
          estimated: null,
          priority: input.priority,
          message: THUMBNAIL_MESSAGES.unavailable,
          guidebookIds: [],
          skipped: [],
          position: 0,
        };
      }
      const requested = await Promise.all(input.guidebookIds.map(facts));
      const result = await handleRequest(
        thumbnailRequestsStream(caller.userId),
        {
          type: 'RequestThumbnails',
          data: {
            requestId: metadata.commandId,
            userId: caller.userId,
            isAdmin: caller.isAdmin,
            via: input.via,
            priority: input.priority,
            guidebooks: requested,
            now: clock.now(),
          },
        },
        // The decision depends only on the stream's own state, decided again after a lost race.
        { metadata, retryOnConflict: true },
      );
      const event = result.events.at(-1);
      if (!event) throw new Error('A thumbnail request always records an event');
      return answerOf(decodeThumbnailRequestEvent(event.type, event.data).data, result.position);
    },

    /** The worker's command after its attempts at a rendering failed: once per request answered. */
    recordFailure(
      input: { guidebookId: string; requestedAt: string; reason: string },
      causation: { eventId: string; correlationId?: string },
    ) {
      const metadata: CommandMetadata = {
        userId: 'system',
        role: 'system',
        commandId: deriveId(`thumbnail-failure:${input.guidebookId}:${input.requestedAt}`),
        causationId: causation.eventId,
        correlationId: causation.correlationId ?? causation.eventId,
      };
      return handleRender(
        thumbnailStream(input.guidebookId),
        { type: 'RecordThumbnailFailure', data: { ...input, now: clock.now() } },
        { metadata, retryOnConflict: true },
      );
    },
  };
}

export type Thumbnails = ReturnType<typeof createThumbnails>;
