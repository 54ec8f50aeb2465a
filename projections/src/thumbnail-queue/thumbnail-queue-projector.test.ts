import { describe, expect, it } from 'vitest';
import { THUMBNAIL_STATS_ID, type ThumbnailQueueCollectionDoc, type ThumbnailQueueDoc } from '@pocketguide/contracts';
import { expectIdempotent, projectEvents, recordedEvents } from '../testing/project.ts';
import { at, guidebookEvents } from '../testing/guidebook-events.ts';
import { thumbnailQueueProjector } from './thumbnail-queue-projector.ts';

const g1 = guidebookEvents('g1');
const g2 = guidebookEvents('g2');

function requested(guidebookIds: string[], minute: number, priority: 'high' | 'low' = 'high', userId = 'u1') {
  return {
    streamId: `thumbnail_requests-${userId}`,
    type: 'ThumbnailsRequested',
    data: {
      requestId: `r-${minute}`,
      userId,
      via: 'user',
      priority,
      guidebookIds,
      skipped: [],
      requestedAt: at(minute),
    },
  };
}

function recorded(guidebookId: string, minute: number, renderMs?: number) {
  return {
    streamId: `guidebook-${guidebookId}`,
    type: 'GuidebookThumbnailRecorded',
    data: {
      guidebookId,
      thumbnailUrl: `/media/thumbnails/${guidebookId}/${minute}.webp`,
      generatedAt: at(minute),
      ...(renderMs === undefined ? {} : { renderMs }),
    },
  };
}

function failed(guidebookId: string, requestedMinute: number, minute: number) {
  return {
    streamId: `thumbnail-${guidebookId}`,
    type: 'ThumbnailRenderFailed',
    data: { guidebookId, requestedAt: at(requestedMinute), reason: 'timeout', failedAt: at(minute) },
  };
}

const guidebook = (docs: Map<string, ThumbnailQueueCollectionDoc>, id: string) =>
  docs.get(id) as ThumbnailQueueDoc | undefined;

describe('the thumbnail-queue read model', () => {
  it('given a published guidebook, when a thumbnail is requested, then it waits at that priority from the request’s position', () => {
    const events = recordedEvents([g1.created(), g1.published(1), requested(['g1'], 2)]);
    const docs = expectIdempotent(thumbnailQueueProjector, events);
    expect(guidebook(docs, 'g1')).toEqual({
      kind: 'guidebook',
      id: 'g1',
      uuid: 'uuid-g1',
      ownerId: 'u1',
      published: true,
      isPublicGallery: false,
      hasPassword: false,
      pending: { priority: 'high', since: at(2), lastRequestedAt: at(2), position: 3 },
      pendingRank: 0,
      thumbnailUrl: null,
      thumbnailGeneratedAt: null,
      lastFailure: null,
    });
  });

  it('a second request keeps the first time (queue order), the latest time and position, and the higher priority', () => {
    const docs = expectIdempotent(
      thumbnailQueueProjector,
      recordedEvents([g1.created(), g1.published(1), requested(['g1'], 2, 'low'), requested(['g1'], 4, 'high')]),
    );
    expect(guidebook(docs, 'g1')?.pending).toEqual({
      priority: 'high',
      since: at(2),
      lastRequestedAt: at(4),
      position: 4,
    });
    expect(guidebook(docs, 'g1')?.pendingRank).toBe(0);
  });

  it('a thumbnail made after the request ends the wait; one begun before a later request does not', () => {
    const base = [g1.created(), g1.published(1), requested(['g1'], 2)];
    const done = expectIdempotent(thumbnailQueueProjector, recordedEvents([...base, recorded('g1', 3)]));
    expect(guidebook(done, 'g1')).toMatchObject({
      pending: null,
      pendingRank: null,
      thumbnailUrl: '/media/thumbnails/g1/3.webp',
      thumbnailGeneratedAt: at(3),
    });

    const overtaken = expectIdempotent(
      thumbnailQueueProjector,
      recordedEvents([...base, requested(['g1'], 5), recorded('g1', 4)]),
    );
    expect(guidebook(overtaken, 'g1')?.pending).toMatchObject({ lastRequestedAt: at(5) });
  });

  it('enabling the public gallery queues it at high priority; disabling does not', () => {
    const docs = expectIdempotent(
      thumbnailQueueProjector,
      recordedEvents([
        g1.created(),
        g1.published(1),
        g1.gallery(true, 2),
        g2.created(),
        g2.published(3),
        g2.gallery(false, 4),
      ]),
    );
    expect(guidebook(docs, 'g1')).toMatchObject({
      isPublicGallery: true,
      pending: { priority: 'high', since: at(2) },
      pendingRank: 0,
    });
    expect(guidebook(docs, 'g2')?.pending).toBeNull();
  });

  it('a password gate appearing on a guidebook with a thumbnail queues a new one (and going again); an unseen one does not', () => {
    const shown = expectIdempotent(
      thumbnailQueueProjector,
      recordedEvents([g1.created(), g1.published(1), recorded('g1', 2), g1.password('jeju', 3)]),
    );
    expect(guidebook(shown, 'g1')).toMatchObject({
      hasPassword: true,
      pending: { priority: 'high', lastRequestedAt: at(3) },
    });
    const removed = expectIdempotent(
      thumbnailQueueProjector,
      recordedEvents([
        g1.created(),
        g1.published(1),
        recorded('g1', 2),
        g1.password('jeju', 3),
        recorded('g1', 4),
        g1.password('', 5),
      ]),
    );
    expect(guidebook(removed, 'g1')).toMatchObject({ hasPassword: false, pending: { lastRequestedAt: at(5) } });
    const unseen = expectIdempotent(
      thumbnailQueueProjector,
      recordedEvents([g1.created(), g1.published(1), g1.password('jeju', 3)]),
    );
    expect(guidebook(unseen, 'g1')).toMatchObject({ hasPassword: true, pending: null });
  });

  it('unpublished guidebooks never wait: a request before publishing, or unpublishing, ends it; deleting removes the document', () => {
    const before = expectIdempotent(thumbnailQueueProjector, recordedEvents([g1.created(), requested(['g1'], 1)]));
    expect(guidebook(before, 'g1')?.pending).toBeNull();
    const unpublished = expectIdempotent(
      thumbnailQueueProjector,
      recordedEvents([g1.created(), g1.published(1), requested(['g1'], 2), g1.unpublished(3)]),
    );
    expect(guidebook(unpublished, 'g1')).toMatchObject({ published: false, pending: null, pendingRank: null });
    const deleted = expectIdempotent(
      thumbnailQueueProjector,
      recordedEvents([g1.created(), g1.published(1), requested(['g1'], 2), g1.deleted(3), requested(['g1'], 4)]),
    );
    expect(deleted.has('g1')).toBe(false);
  });

  it('a recorded failure ends the wait it answered and is kept; a later request waits again', () => {
    const docs = expectIdempotent(
      thumbnailQueueProjector,
      recordedEvents([g1.created(), g1.published(1), requested(['g1'], 2), failed('g1', 2, 3)]),
    );
    expect(guidebook(docs, 'g1')).toMatchObject({ pending: null, lastFailure: { reason: 'timeout', failedAt: at(3) } });
    const again = projectEvents(
      thumbnailQueueProjector,
      recordedEvents([g1.created(), g1.published(1), requested(['g1'], 2), requested(['g1'], 4), failed('g1', 2, 3)]),
    );
    expect(guidebook(again, 'g1')?.pending).toMatchObject({ lastRequestedAt: at(4) });
  });

  it('one request names several guidebooks; unknown ones are left alone', () => {
    const docs = expectIdempotent(
      thumbnailQueueProjector,
      recordedEvents([
        g1.created(),
        g1.published(1),
        g2.created(),
        g2.published(2),
        requested(['g1', 'g2', 'g404'], 3, 'low'),
      ]),
    );
    expect([...docs.keys()].sort()).toEqual(['g1', 'g2']);
    expect(guidebook(docs, 'g2')?.pending).toMatchObject({ priority: 'low' });
    expect(guidebook(docs, 'g2')?.pendingRank).toBe(1);
  });

  it('the measured render times make a moving average (the newest counts a fifth); unmeasured ones are left out', () => {
    const docs = expectIdempotent(
      thumbnailQueueProjector,
      recordedEvents([
        g1.created(),
        g1.published(1),
        recorded('g1', 2, 2000),
        recorded('g1', 3),
        recorded('g1', 4, 3000),
        recorded('g1', 5, 1000),
      ]),
    );
    // 2000 → 2000 + 0.2 × (3000 − 2000) = 2200 → 2200 + 0.2 × (1000 − 2200) = 1960
    expect(docs.get(THUMBNAIL_STATS_ID)).toEqual({
      kind: 'stats',
      id: THUMBNAIL_STATS_ID,
      renders: 3,
      averageRenderMs: 1960,
      lastRenderMs: 1000,
    });
  });
});
