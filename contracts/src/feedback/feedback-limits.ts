/** Feedback (spec 1 §5/§7, spec 3 §2.12): limits shared by the server and the form. */
export const FEEDBACK_TITLE_MAX_LENGTH = 200;
/** The text plus the system-info block the form appends; a page of writing, not a document. */
export const FEEDBACK_MAX_LENGTH = 10_000;
export const FEEDBACK_URL_MAX_LENGTH = 2048;
export const FEEDBACK_USER_AGENT_MAX_LENGTH = 1000;

/** The spec's defaults when the first line is a title marker (`제목:`) with nothing after it, or nothing below it. */
export const FEEDBACK_DEFAULT_TITLE = 'Feedback';
export const FEEDBACK_DEFAULT_BODY = 'no content';

/** Light limits: a person sends a few; a script posting in a loop is stopped. */
export const FEEDBACK_RATE_LIMITS = {
  /** per signed-in account, or per address for anonymous visitors */
  perSender: { limit: 10, windowMs: 10 * 60_000 },
  /** per address whoever is signed in (many accounts from one place) */
  perAddress: { limit: 30, windowMs: 60 * 60_000 },
} as const;

export const FEEDBACK_MESSAGES = {
  empty: 'Please enter your feedback.',
  tooLong: `Feedback can be at most ${FEEDBACK_MAX_LENGTH} characters`,
  titleTooLong: `The title can be at most ${FEEDBACK_TITLE_MAX_LENGTH} characters`,
  invalid: 'Not a valid value',
  thanks: 'Thank you! Your feedback has been sent.',
  tooMany: 'You have sent a lot of feedback. Please try again later.',
} as const;
