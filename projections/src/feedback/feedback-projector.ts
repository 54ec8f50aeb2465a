import { FEEDBACK, type FeedbackDoc, type FeedbackEvent } from '@pocketguide/contracts';
import { feedbackEvents } from '../event-readers.ts';
import type { Projector } from '../projector.ts';

/** `feedback` (spec 3 §2.12): what people sent through the feedback form, for the administrators to read. */
export const feedbackProjector: Projector<FeedbackDoc, FeedbackEvent> = {
  name: FEEDBACK,
  collection: FEEDBACK,
  indexes: [{ fields: { submittedAt: -1 } }],
  filter: { streamCategories: [feedbackEvents.category], eventTypes: ['FeedbackSubmitted'] },
  decode: feedbackEvents.read,
  documentIds: (event) => [event.data.feedbackId],
  evolve(_doc, { data }) {
    return {
      id: data.feedbackId,
      title: data.title ?? null,
      feedback: data.feedback,
      url: data.url,
      userAgent: data.userAgent,
      clientTimestamp: data.clientTimestamp,
      submittedAt: data.submittedAt,
      userId: data.userId ?? null,
    };
  },
};
