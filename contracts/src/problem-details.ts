import { z } from 'zod';

/**
 * Stable error codes. The server answers every failure as RFC 7807 problem details carrying one of these; the web
 * maps each code to a localised text. Adding a code is fine; renaming one breaks clients.
 */
export const errorCodes = [
  'validation_failed',
  'malformed_json',
  'unsupported_media_type',
  'payload_too_large',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'revision_mismatch',
  /** a write that must say which revision it saw (`If-Match`) did not */
  'precondition_required',
  /** publishing needs a subscription (spec 1 §5): the web offers to subscribe */
  'subscription_required',
  /** at most 10 published guidebooks at once (spec 1 §5) */
  'publish_limit_reached',
  'too_many_requests',
  /** at most 100 custom icons per person (spec 3 §5) */
  'icon_limit_reached',
  /** one upload at a time (spec 3 §5): the next waits for the current one */
  'upload_in_progress',
  /** a purchase option that is not sold (yearly billing, spec 2 §5) */
  'option_unavailable',
  /** the provider says the payment was not paid (nothing granted) */
  'payment_not_completed',
  /** the payment's amount or merchant_uid is not this purchase's (nothing granted) */
  'payment_mismatch',
  /** a DEBUG payment sent to a server whose provider is not the debug one */
  'debug_payment_refused',
  /** the card was declined (card check, refund) */
  'payment_declined',
  /** a purchase's merchant_uid outside the purchases' namespace (pg_purchase_…, pg_onemonth_…) */
  'merchant_uid_refused',
  /** the payment provider did not answer: try again later */
  'payment_provider_unavailable',
  'internal_error',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const fieldErrorSchema = z.object({
  /** dotted path of the offending field, e.g. `title` or `contents.2.sections.0.items.1.title` */
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const problemDetailsSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.string(),
  /** English text, the spec's message where the spec gives one */
  message: z.string(),
  detail: z.string().optional(),
  errors: z.array(fieldErrorSchema).optional(),
  /** for revision_mismatch: the revision the stream is at now */
  currentRevision: z.number().int().optional(),
});
export type ProblemDetails = z.infer<typeof problemDetailsSchema>;
