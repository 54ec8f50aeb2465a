import { z } from 'zod';

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

export const feedbackStream = (feedbackId: string): string => `feedback-${feedbackId}`;
