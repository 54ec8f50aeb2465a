import {
  THUMBNAIL_MESSAGES,
  THUMBNAIL_REQUEST_LIMIT,
  type ThumbnailPriority,
  type ThumbnailRequestEvent,
  type ThumbnailRequestVia,
  type ThumbnailsRequested,
} from '@pocketguide/contracts';
import { ForbiddenError, TooManyRequestsError } from '@pocketguide/platform/http/errors';
import type { Decider } from '../core/decider.ts';

/**
 * A person's thumbnail requests (`thumbnail_requests-<userId>`): one `ThumbnailsRequested` per request, with the
 * guidebooks queued and those skipped. The stream is where "5 a minute" holds: the times of the latest requests
 * through the user endpoint are its state, and an append at the expected revision serialises concurrent ones.
 *
 * What the request may queue is decided from facts the use case read from each guidebook's own stream (owner,
 * published, deleted), passed in the command: the decider stays pure.
 */

export type ThumbnailRequestsState = {
  /** when the latest requests through the user endpoint were made (ISO, oldest first, at most the limit's count) */
  recentUserRequests: string[];
};

/** What a guidebook's stream says, or null when there is no such guidebook (or it was deleted). */
export type RequestedGuidebook = { guidebookId: string; found: { ownerId: string; published: boolean } | null };

export type RequestThumbnails = {
  type: 'RequestThumbnails';
  data: {
    requestId: string;
    userId: string;
    isAdmin: boolean;
    via: ThumbnailRequestVia;
    priority: ThumbnailPriority;
    guidebooks: readonly RequestedGuidebook[];
    now: Date;
  };
};

export type ThumbnailRequestCommand = RequestThumbnails;

function checkRate(state: ThumbnailRequestsState, now: Date): void {
  const { limit, windowMs } = THUMBNAIL_REQUEST_LIMIT;
  const inWindow = state.recentUserRequests.filter((at) => now.getTime() - Date.parse(at) < windowMs);
  if (inWindow.length < limit) return;
  // A place frees up when the oldest request that fills the window leaves it.
  const oldest = Date.parse(inWindow[inWindow.length - limit] ?? now.toISOString());
  throw new TooManyRequestsError(THUMBNAIL_MESSAGES.tooMany, Math.max(1, (oldest + windowMs - now.getTime()) / 1000));
}

export const thumbnailRequestDecider: Decider<ThumbnailRequestsState, ThumbnailRequestCommand, ThumbnailRequestEvent> =
  {
    initialState: () => ({ recentUserRequests: [] }),

    evolve(state, event) {
      switch (event.type) {
        case 'ThumbnailsRequested':
          if (event.data.via !== 'user') return state;
          return {
            recentUserRequests: [...state.recentUserRequests, event.data.requestedAt].slice(
              -THUMBNAIL_REQUEST_LIMIT.limit,
            ),
          };
        default: {
          const unknown: never = event.type;
          return unknown;
        }
      }
    },

    decide(command, state) {
      switch (command.type) {
        case 'RequestThumbnails': {
          const { requestId, userId, isAdmin, via, priority, guidebooks, now } = command.data;
          if (via === 'admin' && !isAdmin) throw new ForbiddenError(THUMBNAIL_MESSAGES.adminOnly);
          if (via === 'user') checkRate(state, now);
          const queued: string[] = [];
          const skipped: ThumbnailsRequested['data']['skipped'] = [];
          for (const { guidebookId, found } of guidebooks) {
            // Someone else's guidebook is "not yours" whatever its state: its publishing is not the caller's business.
            if (found === null) skipped.push({ guidebookId, reason: 'not-found' });
            else if (via === 'user' && found.ownerId !== userId) skipped.push({ guidebookId, reason: 'not-yours' });
            else if (!found.published) skipped.push({ guidebookId, reason: 'unpublished' });
            else queued.push(guidebookId);
          }
          return [
            {
              type: 'ThumbnailsRequested',
              data: { requestId, userId, via, priority, guidebookIds: queued, skipped, requestedAt: now.toISOString() },
            },
          ];
        }
        default: {
          const unknown: never = command.type;
          return unknown;
        }
      }
    },
  };
