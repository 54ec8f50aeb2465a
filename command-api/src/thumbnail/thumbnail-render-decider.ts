import type { ThumbnailRenderEvent } from '@pocketguide/contracts';
import type { Decider } from '../core/decider.ts';

/**
 * What the thumbnail worker could not do for a guidebook (`thumbnail-<guidebookId>`). After its attempts at a
 * rendering failed, the worker records the failure, and the queue drops what that rendering answered (later requests
 * stay): one broken guidebook never holds up the others. A made thumbnail is `RecordThumbnail` on the guidebook.
 */

export type ThumbnailRenderState = {
  /** the requests (by their latest time) whose failure is recorded: recording one again changes nothing */
  failedRequests: string[];
};

export type RecordThumbnailFailure = {
  type: 'RecordThumbnailFailure';
  data: { guidebookId: string; requestedAt: string; reason: string; now: Date };
};

export type ThumbnailRenderCommand = RecordThumbnailFailure;

/** Only the latest few are needed to absorb a retried command. */
const REMEMBERED = 20;
export const FAILURE_REASON_MAX = 500;

export const thumbnailRenderDecider: Decider<ThumbnailRenderState, ThumbnailRenderCommand, ThumbnailRenderEvent> = {
  initialState: () => ({ failedRequests: [] }),

  evolve(state, event) {
    switch (event.type) {
      case 'ThumbnailRenderFailed':
        return { failedRequests: [...state.failedRequests, event.data.requestedAt].slice(-REMEMBERED) };
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RecordThumbnailFailure': {
        const { guidebookId, requestedAt, reason, now } = command.data;
        if (state.failedRequests.includes(requestedAt)) return [];
        return [
          {
            type: 'ThumbnailRenderFailed',
            data: {
              guidebookId,
              requestedAt,
              reason: reason.slice(0, FAILURE_REASON_MAX),
              failedAt: now.toISOString(),
            },
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
