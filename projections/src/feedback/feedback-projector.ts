import { FEEDBACK, feedbackSubmittedSchema, type FeedbackDoc } from '@pocketguide/contracts';
import type { Projector } from '../projector.ts';

/** `feedback` (spec 3 §2.12): what people sent through the feedback form, for the administrators to read. */
export const feedbackProjector: Projector<FeedbackDoc> = {
  name: FEEDBACK,
  collection: FEEDBACK,
  indexes: [{ fields: { submittedAt: -1 } }],
  filter: { eventTypes: ['FeedbackSubmitted'] },
  documentIds: (event) => (event.type === 'FeedbackSubmitted' ? [String((event.data as { feedbackId?: unknown }).feedbackId)] : []),
  evolve(doc, recorded) {
    if (recorded.type !== 'FeedbackSubmitted') return doc;
    const data = feedbackSubmittedSchema.parse(recorded.data);
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
