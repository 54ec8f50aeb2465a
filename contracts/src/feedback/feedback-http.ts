import { z } from 'zod';
import {
  FEEDBACK_MAX_LENGTH,
  FEEDBACK_MESSAGES as M,
  FEEDBACK_TITLE_MAX_LENGTH,
  FEEDBACK_URL_MAX_LENGTH,
  FEEDBACK_USER_AGENT_MAX_LENGTH,
} from './feedback-limits.ts';

/**
 * POST /api/feedback: `{title?, feedback, url, userAgent, timestamp}` (spec 1 §7, spec 3 §7). Signed-in people and
 * anonymous visitors may send it. `timestamp` is the sender's clock (ISO 8601), kept beside the server's own.
 */
export const submitFeedbackBodySchema = z.strictObject({
  title: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string({ error: M.invalid }).trim().max(FEEDBACK_TITLE_MAX_LENGTH, M.titleTooLong).optional(),
  ),
  feedback: z
    .string({ error: M.empty })
    .trim()
    .min(1, M.empty)
    .max(FEEDBACK_MAX_LENGTH, M.tooLong),
  url: z.string({ error: M.invalid }).trim().max(FEEDBACK_URL_MAX_LENGTH, M.invalid),
  userAgent: z.string({ error: M.invalid }).max(FEEDBACK_USER_AGENT_MAX_LENGTH, M.invalid),
  timestamp: z.iso.datetime({ offset: true, error: M.invalid }),
});
export type SubmitFeedbackBody = z.input<typeof submitFeedbackBodySchema>;

/** 201: the feedback's id and the log position of its event. */
export const feedbackAcceptedSchema = z.object({
  _id: z.string(),
  position: z.number().int(),
  message: z.string(),
  /** Spec: an answer may carry an error field, which clients treat as a failure. This server refuses with problem
   *  details instead and never sets it. */
  error: z.string().optional(),
});
export type FeedbackAccepted = z.infer<typeof feedbackAcceptedSchema>;
