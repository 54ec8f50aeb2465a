import {
  GUIDEBOOK_STREAM_CATEGORY,
  THUMBNAIL_PRIORITY_RANK,
  THUMBNAIL_QUEUE,
  THUMBNAIL_REQUESTS_STREAM_CATEGORY,
  THUMBNAIL_STATS_ID,
  THUMBNAIL_STREAM_CATEGORY,
  higherPriority,
  type GuidebookEvent,
  type ThumbnailPriority,
  type ThumbnailQueueCollectionDoc,
  type ThumbnailQueueDoc,
  type ThumbnailRenderEvent,
  type ThumbnailRequestEvent,
  type ThumbnailStatsDoc,
} from '@pocketguide/contracts';
import { guidebookEvents, thumbnailRenderEvents, thumbnailRequestEvents, type Logged } from '../event-readers.ts';
import type { Projector } from '../projector.ts';
import { guidebookIdOf } from '../guidebook-stream.ts';

/** How much the newest measured render time counts in the moving average. */
const AVERAGE_WEIGHT = 0.2;

const GUIDEBOOK_EVENTS = [
  'GuidebookCreated',
  'GuidebookPublished',
  'GuidebookUnpublished',
  'GuidebookDeleted',
  'GuidebookPublicGallerySet',
  'GuidebookPasswordSet',
  'GuidebookThumbnailRecorded',
];

function withPending(doc: ThumbnailQueueDoc, priority: ThumbnailPriority, requestedAt: string, position: number): ThumbnailQueueDoc {
  // Only a published guidebook has a reader's cover to draw.
  if (!doc.published) return doc;
  const current = doc.pending;
  const pending = current
    ? {
        priority: higherPriority(current.priority, priority),
        since: current.since < requestedAt ? current.since : requestedAt,
        lastRequestedAt: current.lastRequestedAt > requestedAt ? current.lastRequestedAt : requestedAt,
        position: Math.max(current.position, position),
      }
    : { priority, since: requestedAt, lastRequestedAt: requestedAt, position };
  return { ...doc, pending, pendingRank: THUMBNAIL_PRIORITY_RANK[pending.priority] };
}

const withoutPending = (doc: ThumbnailQueueDoc): ThumbnailQueueDoc => ({ ...doc, pending: null, pendingRank: null });

/** Drops what a rendering (or its failure) answered: requests made after the rendering began stay. */
function answered(doc: ThumbnailQueueDoc, upTo: string): ThumbnailQueueDoc {
  return doc.pending && doc.pending.lastRequestedAt <= upTo ? withoutPending(doc) : doc;
}

function evolveStats(doc: ThumbnailStatsDoc | null, renderMs: number): ThumbnailStatsDoc {
  if (!doc) return { kind: 'stats', id: THUMBNAIL_STATS_ID, renders: 1, averageRenderMs: renderMs, lastRenderMs: renderMs };
  return {
    ...doc,
    renders: doc.renders + 1,
    averageRenderMs: Math.round(doc.averageRenderMs + AVERAGE_WEIGHT * (renderMs - doc.averageRenderMs)),
    lastRenderMs: renderMs,
  };
}

/** What the queue reads: the guidebooks' own events, the requests, and the renderings that failed. */
type ThumbnailQueueEvent = GuidebookEvent | ThumbnailRequestEvent | ThumbnailRenderEvent;

function evolveGuidebook(doc: ThumbnailQueueDoc | null, event: Logged<ThumbnailQueueEvent>): ThumbnailQueueDoc | null {
  if (event.type === 'ThumbnailsRequested') {
    if (!doc) return null;
    const { data } = event;
    return withPending(doc, data.priority, data.requestedAt, event.position);
  }
  if (event.type === 'ThumbnailRenderFailed') {
    if (!doc) return null;
    const { data } = event;
    return { ...answered(doc, data.requestedAt), lastFailure: { reason: data.reason, failedAt: data.failedAt } };
  }
  if (event.type === 'GuidebookCreated') {
    const { guidebookId, uuid, ownerId } = event.data;
    return {
      kind: 'guidebook',
      id: guidebookId,
      uuid,
      ownerId,
      published: false,
      isPublicGallery: false,
      hasPassword: false,
      pending: null,
      pendingRank: null,
      thumbnailUrl: null,
      thumbnailGeneratedAt: null,
      lastFailure: null,
    };
  }
  if (doc === null) return null;
  switch (event.type) {
    case 'GuidebookPublished':
      return { ...doc, published: true };
    case 'GuidebookUnpublished':
      return withoutPending({ ...doc, published: false, isPublicGallery: false });
    case 'GuidebookDeleted':
      return null;
    case 'GuidebookPublicGallerySet': {
      const next = { ...doc, isPublicGallery: event.data.isPublicGallery };
      // Spec 1 §4: enabling the gallery triggers a thumbnail; the gallery shows it at once, so it goes first.
      return event.data.isPublicGallery ? withPending(next, 'high', event.data.setAt, event.position) : next;
    }
    case 'GuidebookPasswordSet': {
      const hasPassword = event.data.password !== '';
      const next = { ...doc, hasPassword };
      // A thumbnail shows what an anonymous reader sees: the cover, or the gate once a password is set. When that
      // changes, a public thumbnail must follow (a cover must not stay on view once its content is protected).
      const shown = doc.thumbnailUrl !== null || doc.isPublicGallery;
      return hasPassword !== doc.hasPassword && shown ? withPending(next, 'high', event.data.setAt, event.position) : next;
    }
    case 'GuidebookThumbnailRecorded':
      return answered({ ...doc, thumbnailUrl: event.data.thumbnailUrl, thumbnailGeneratedAt: event.data.generatedAt }, event.data.generatedAt);
    default:
      return doc;
  }
}

/**
 * `thumbnail-queue`: what is waiting for a thumbnail (see contracts' `thumbnail-read-model.ts`). A guidebook waits
 * from a request (or the gallery being enabled, or its password gate appearing or going) until a thumbnail made
 * after that request is recorded, or the worker records that it failed; unpublishing or deleting it ends the wait.
 * The measured render times of recorded thumbnails make a moving average for the estimates.
 */
export const thumbnailQueueProjector: Projector<ThumbnailQueueCollectionDoc, ThumbnailQueueEvent> = {
  name: THUMBNAIL_QUEUE,
  collection: THUMBNAIL_QUEUE,
  indexes: [{ fields: { kind: 1, pendingRank: 1 } }, { fields: { ownerId: 1, pendingRank: 1 } }],
  filter: {
    streamCategories: [GUIDEBOOK_STREAM_CATEGORY, THUMBNAIL_REQUESTS_STREAM_CATEGORY, THUMBNAIL_STREAM_CATEGORY],
    eventTypes: [...GUIDEBOOK_EVENTS, 'ThumbnailsRequested', 'ThumbnailRenderFailed'],
  },
  decode: (recorded) => guidebookEvents.read(recorded) ?? thumbnailRequestEvents.read(recorded) ?? thumbnailRenderEvents.read(recorded),
  documentIds(event) {
    if (event.type === 'ThumbnailsRequested') return event.data.guidebookIds;
    if (event.type === 'ThumbnailRenderFailed') return [event.data.guidebookId];
    const ids = guidebookIdOf(event);
    return event.type === 'GuidebookThumbnailRecorded' ? [...ids, THUMBNAIL_STATS_ID] : ids;
  },
  evolve(doc, event, id) {
    if (id === THUMBNAIL_STATS_ID) {
      if (event.type !== 'GuidebookThumbnailRecorded' || event.data.renderMs === undefined) return doc;
      return evolveStats(doc?.kind === 'stats' ? doc : null, event.data.renderMs);
    }
    return evolveGuidebook(doc?.kind === 'guidebook' ? doc : null, event);
  },
};
