import { FEEDBACK_MESSAGES, type FeedbackEvent } from '@pocketguide/contracts';
import { ConflictError, ValidationError } from '@pocketguide/platform/http/errors';
import type { Decider } from '../core/decider.ts';

export type FeedbackState = { status: 'none' } | { status: 'submitted'; feedbackId: string };

export type SubmitFeedback = {
  type: 'SubmitFeedback';
  data: {
    feedbackId: string;
    title: string | undefined;
    feedback: string;
    url: string;
    userAgent: string;
    clientTimestamp: string;
    userId: string | undefined;
    now: Date;
  };
};

export type FeedbackCommand = SubmitFeedback;

export const feedbackDecider: Decider<FeedbackState, FeedbackCommand, FeedbackEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve(_state, event) {
    switch (event.type) {
      case 'FeedbackSubmitted':
        return { status: 'submitted', feedbackId: event.data.feedbackId };
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'SubmitFeedback': {
        if (state.status !== 'none') throw new ConflictError('This feedback has already been sent');
        const { feedbackId, title, feedback, url, userAgent, clientTimestamp, userId, now } = command.data;
        // The route parses the body first; this guards the one rule that makes feedback feedback.
        if (feedback.trim() === '') {
          throw new ValidationError(FEEDBACK_MESSAGES.empty, [{ path: 'feedback', message: FEEDBACK_MESSAGES.empty }]);
        }
        return [
          {
            type: 'FeedbackSubmitted',
            data: {
              feedbackId,
              ...(title === undefined ? {} : { title }),
              feedback,
              url,
              userAgent,
              clientTimestamp,
              submittedAt: now.toISOString(),
              ...(userId === undefined ? {} : { userId }),
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
