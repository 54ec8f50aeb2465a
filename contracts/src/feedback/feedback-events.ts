import { z } from 'zod';
import { eventDecoder, type EventDecoder } from '../event-decoding.ts';

/** One stream per piece of feedback, `feedback-<id>`, holding the one event that says it was sent. */
export const feedbackSubmittedSchema = z.object({
  feedbackId: z.string(),
  title: z.string().optional(),
  feedback: z.string(),
  url: z.string(),
  userAgent: z.string(),
  /** the sender's clock, as sent */
  clientTimestamp: z.string(),
  /** the server's clock */
  submittedAt: z.iso.datetime(),
  /** the signed-in sender, absent for an anonymous visitor */
  userId: z.string().optional(),
});
export type FeedbackSubmitted = { type: 'FeedbackSubmitted'; data: z.infer<typeof feedbackSubmittedSchema> };

export type FeedbackEvent = FeedbackSubmitted;

export const feedbackEventSchemas = {
  FeedbackSubmitted: feedbackSubmittedSchema,
} as const satisfies Record<FeedbackEvent['type'], z.ZodType>;

/** How feedback streams are read (see `event-decoding.ts`): version 1, no upcaster yet. */
export const feedbackEventDecoder: EventDecoder<FeedbackEvent> = eventDecoder({ schemas: feedbackEventSchemas });

export const FEEDBACK_STREAM_CATEGORY = 'feedback';
export const feedbackStream = (feedbackId: string): string => `${FEEDBACK_STREAM_CATEGORY}-${feedbackId}`;
