import { describe, expect, it } from 'vitest';
import { THUMBNAIL_MESSAGES, type ThumbnailRequestEvent } from '@pocketguide/contracts';
import { ForbiddenError, TooManyRequestsError } from '@pocketguide/platform/http/errors';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  thumbnailRequestDecider,
  type RequestThumbnails,
  type RequestedGuidebook,
} from './thumbnail-request-decider.ts';

const spec = deciderSpec(thumbnailRequestDecider);
const now = new Date('2026-05-01T09:00:30.000Z');
const secondsBefore = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

const mine = (guidebookId: string, published = true): RequestedGuidebook => ({
  guidebookId,
  found: { ownerId: 'u1', published },
});
const theirs = (guidebookId: string, published = true): RequestedGuidebook => ({
  guidebookId,
  found: { ownerId: 'u2', published },
});
const missing = (guidebookId: string): RequestedGuidebook => ({ guidebookId, found: null });

function request(
  guidebooks: RequestedGuidebook[],
  options: Partial<RequestThumbnails['data']> = {},
): RequestThumbnails {
  return {
    type: 'RequestThumbnails',
    data: { requestId: 'r1', userId: 'u1', isAdmin: false, via: 'user', priority: 'high', guidebooks, now, ...options },
  };
}

function requested(
  requestedAt: string,
  options: Partial<Extract<ThumbnailRequestEvent, { type: 'ThumbnailsRequested' }>['data']> = {},
): ThumbnailRequestEvent {
  return {
    type: 'ThumbnailsRequested',
    data: {
      requestId: `r-${requestedAt}`,
      userId: 'u1',
      via: 'user',
      priority: 'high',
      guidebookIds: ['g1'],
      skipped: [],
      requestedAt,
      ...options,
    },
  };
}

describe('thumbnail requests', () => {
  it('given no requests, when a person asks for their own published guidebooks, then they are queued', () => {
    spec
      .given([])
      .when(request([mine('g1'), mine('g2')]))
      .then([
        {
          type: 'ThumbnailsRequested',
          data: {
            requestId: 'r1',
            userId: 'u1',
            via: 'user',
            priority: 'high',
            guidebookIds: ['g1', 'g2'],
            skipped: [],
            requestedAt: now.toISOString(),
          },
        },
      ]);
  });

  it("skips others' guidebooks (whatever their state), unpublished and unknown ones; queued counts only the accepted", () => {
    spec
      .given([])
      .when(request([mine('g1'), theirs('g2'), theirs('g3', false), mine('g4', false), missing('g5')]))
      .then([
        {
          type: 'ThumbnailsRequested',
          data: {
            requestId: 'r1',
            userId: 'u1',
            via: 'user',
            priority: 'high',
            guidebookIds: ['g1'],
            skipped: [
              { guidebookId: 'g2', reason: 'not-yours' },
              { guidebookId: 'g3', reason: 'not-yours' },
              { guidebookId: 'g4', reason: 'unpublished' },
              { guidebookId: 'g5', reason: 'not-found' },
            ],
            requestedAt: now.toISOString(),
          },
        },
      ]);
  });

  it('a request that queues nothing is still recorded: it counts toward the limit', () => {
    const [event] = thumbnailRequestDecider.decide(request([theirs('g2')]), thumbnailRequestDecider.initialState());
    expect(event?.data).toMatchObject({ guidebookIds: [], skipped: [{ guidebookId: 'g2', reason: 'not-yours' }] });
  });

  it('given 5 requests in the last minute, when a sixth comes, then 429 with the time until a place frees up', () => {
    const five = [50, 40, 30, 20, 10].map((seconds) => requested(secondsBefore(seconds)));
    spec
      .given(five)
      .when(request([mine('g1')]))
      .thenThrows(TooManyRequestsError, THUMBNAIL_MESSAGES.tooMany);
    let thrown: unknown;
    try {
      thumbnailRequestDecider.decide(
        request([mine('g1')]),
        five.reduce(thumbnailRequestDecider.evolve, thumbnailRequestDecider.initialState()),
      );
    } catch (error) {
      thrown = error;
    }
    // The oldest (50 s ago) leaves the window in 10 s.
    expect((thrown as TooManyRequestsError).extra.headers).toEqual({ 'Retry-After': '10' });
  });

  it('given 5 requests of which one is older than a minute, when another comes, then it is accepted', () => {
    const five = [61, 40, 30, 20, 10].map((seconds) => requested(secondsBefore(seconds)));
    expect(
      thumbnailRequestDecider.decide(
        request([mine('g1')]),
        five.reduce(thumbnailRequestDecider.evolve, thumbnailRequestDecider.initialState()),
      ),
    ).toHaveLength(1);
  });

  it('administrators: any published guidebook through their endpoint, at low priority, without a limit', () => {
    const admin = { userId: 'admin', isAdmin: true, via: 'admin' as const, priority: 'low' as const };
    const many = [1, 2, 3, 4, 5, 6].map((seconds) =>
      requested(secondsBefore(seconds), { userId: 'admin', via: 'admin' }),
    );
    spec
      .given(many)
      .when(request([theirs('g2'), theirs('g3', false)], admin))
      .then([
        {
          type: 'ThumbnailsRequested',
          data: {
            requestId: 'r1',
            userId: 'admin',
            via: 'admin',
            priority: 'low',
            guidebookIds: ['g2'],
            skipped: [{ guidebookId: 'g3', reason: 'unpublished' }],
            requestedAt: now.toISOString(),
          },
        },
      ]);
    // Their requests through the administrators' endpoint do not count toward the user endpoint's limit.
    const adminsOwn: RequestedGuidebook = { guidebookId: 'g9', found: { ownerId: 'admin', published: true } };
    spec
      .given(many)
      .when(request([adminsOwn], { userId: 'admin', isAdmin: true }))
      .then([requested(now.toISOString(), { requestId: 'r1', userId: 'admin', guidebookIds: ['g9'] })]);
  });

  it('the administrators’ endpoint refuses anyone else (403)', () => {
    spec
      .given([])
      .when(request([theirs('g2')], { via: 'admin' }))
      .thenThrows(ForbiddenError, THUMBNAIL_MESSAGES.adminOnly);
  });

  it('evolve keeps the latest five user-endpoint request times only', () => {
    const times = [70, 60, 50, 40, 30, 20].map(secondsBefore);
    const state = times
      .map((time) => requested(time))
      .reduce(thumbnailRequestDecider.evolve, thumbnailRequestDecider.initialState());
    expect(state.recentUserRequests).toEqual(times.slice(1));
  });
});
