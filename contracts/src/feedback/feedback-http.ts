import { z } from 'zod';
import { pageNumber } from '../list-query.ts';
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
  feedback: z.string({ error: M.empty }).trim().min(1, M.empty).max(FEEDBACK_MAX_LENGTH, M.tooLong),
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

/** `feedback`: one document per piece of feedback, for the administrators (spec 3 §2.12). */
export const FEEDBACK = 'feedback';
export type FeedbackDoc = {
  id: string;
  title: string | null;
  feedback: string;
  url: string;
  userAgent: string;
  clientTimestamp: string;
  submittedAt: string;
  userId: string | null;
};

/** GET admin/feedback: newest first; each with its sender's name and email when they were signed in. */
export const feedbackItemSchema = z.object({
  _id: z.string(),
  title: z.string().nullable(),
  feedback: z.string(),
  url: z.string(),
  userAgent: z.string(),
  timestamp: z.string(),
  createdAt: z.string(),
  user: z.object({ _id: z.string(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;
export const feedbackPageSchema = z.object({
  results: z.array(feedbackItemSchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  totalCount: z.number().int(),
});
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;
export const feedbackListQuerySchema = z.object({
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
