import { z } from 'zod';
import { pageNumber } from '../list-query.ts';

/**
 * The audit trail (issue 14): one `audit-timeline` entry per event of the log, indexed by subject, actor, type,
 * time and correlation. Administrators read it as the timeline of a user, guidebook, payment or message
 * (GET /api/admin/audit/{subjectType}/{id}) and analysts through the event explorer (GET /api/admin/events).
 * Secrets never reach it: every field whose name looks like a password, a hash, a token or a secret is redacted
 * before anything is stored, served or exported.
 */
export const AUDIT_TIMELINE = 'audit-timeline';

export const AUDIT_SUBJECT_TYPES = ['user', 'guidebook', 'payment', 'message'] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

/**
 * The subject an event is about, from its stream id: `user-<id>`, `guidebook-<id>`, `payment-<merchantUid>`,
 * `message-<id>`. The lookup streams (`user-email-…`, `user-kakao-…`) are about no one.
 */
export function auditSubjectOf(streamId: string): { type: AuditSubjectType; id: string } | null {
  const dash = streamId.indexOf('-');
  if (dash <= 0) return null;
  const type = streamId.slice(0, dash);
  const id = streamId.slice(dash + 1);
  if (id === '' || !(AUDIT_SUBJECT_TYPES as readonly string[]).includes(type)) return null;
  if (type === 'user' && (id.startsWith('email-') || id.startsWith('kakao-'))) return null;
  return { type: type as AuditSubjectType, id };
}

export const auditSubjectKey = (type: AuditSubjectType, id: string): string => `${type}-${id}`;

export const REDACTED = '[redacted]';

/** password*, *Hash(es), token*, *Token*, secret*, and the card billing key the payment provider holds. */
const SECRET_KEY =
  /^(password|token|secret)|(hash|hashes|token|tokens|secret|password)$|^(customerUid|customer_uid|billingKey|billing_key|cardNumber|card_number)$/i;

export const isSecretKey = (key: string): boolean => SECRET_KEY.test(key);

/** A deep copy with every secret-looking field's value replaced by `[redacted]`. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) out[key] = isSecretKey(key) ? REDACTED : redactSecrets(child);
    return out;
  }
  return value;
}

/** The audit entry id: the global position, zero-padded so that the id's order is the log's order. */
export const auditEntryId = (position: number): string => String(position).padStart(16, '0');

export type AuditScalar = string | number | boolean | null;

/** The stored entry (read model document). */
export type AuditEntryDoc = {
  id: string;
  position: number;
  eventId: string;
  at: string;
  type: string;
  streamId: string;
  revision: number;
  /** `user-<id>` … or null when the stream is about none of the four subjects */
  subject: string | null;
  /** metadata.userId: a user id, `system` or `anonymous`; null when the event says nothing */
  actor: string | null;
  actorRole: string | null;
  /** the command's name when the command side recorded it (metadata.command) */
  command: string | null;
  commandId: string | null;
  correlationId: string | null;
  causationId: string | null;
  /** the event's top-level scalar fields (secrets redacted, long texts cut) and a few counts, for readable text */
  summary: Record<string, AuditScalar>;
};

const actorSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type AuditActor = z.infer<typeof actorSchema>;

export const auditEntrySchema = z.object({
  position: z.number(),
  eventId: z.string(),
  at: z.string(),
  type: z.string(),
  streamId: z.string(),
  revision: z.number(),
  subject: z.string().nullable(),
  actor: actorSchema.nullable(),
  /** the raw metadata.userId (`system`, `anonymous` or a user id) */
  actorId: z.string().nullable(),
  command: z.string().nullable(),
  commandId: z.string().nullable(),
  correlationId: z.string().nullable(),
  causationId: z.string().nullable(),
  summary: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const csvList = z
  .string()
  .max(2000)
  .optional()
  .transform((value) =>
    value === undefined || value.trim() === ''
      ? undefined
      : value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== ''),
  );

/** GET /api/admin/audit/{subjectType}/{id}?actor&type&page&limit&format */
export const auditQuerySchema = z.object({
  actor: z.string().max(200).optional(),
  type: csvList,
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(100).default(20),
  format: z.enum(['json', 'ndjson', 'csv']).default('json'),
});

export const auditPageSchema = z.object({
  subject: z.string(),
  results: z.array(auditEntrySchema),
  page: z.number(),
  pageCount: z.number(),
  totalCount: z.number(),
  /** the actors and types of the whole timeline, for the filters */
  actors: z.array(actorSchema.extend({ id: z.string() })),
  types: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

const isoInstant = z.iso.datetime({ offset: true });
const position = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** GET /api/admin/events?type&stream&actor&from&to&after|before&limit (and /export with format=ndjson) */
export const eventQuerySchema = z.object({
  type: csvList,
  stream: z.string().max(300).optional(),
  actor: z.string().max(200).optional(),
  correlation: z.string().max(200).optional(),
  from: isoInstant.optional(),
  to: isoInstant.optional(),
  /** exclusive cursors: `after` reads forwards (oldest first), `before` backwards; neither: newest first */
  after: position.optional(),
  before: position.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  format: z.enum(['ndjson']).default('ndjson'),
});
export type EventQuery = z.infer<typeof eventQuerySchema>;

export const eventListSchema = z.object({
  events: z.array(auditEntrySchema),
  /** the cursor of the next page in the same direction, or null at the end */
  next: z.number().nullable(),
  direction: z.enum(['forwards', 'backwards']),
  /** how far the index is built, and the log's head: the index may lag behind a few events */
  indexedUpTo: z.number(),
  head: z.number(),
});
export type EventList = z.infer<typeof eventListSchema>;

export const recordedEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  streamId: z.string(),
  revision: z.number(),
  position: z.number(),
  recordedAt: z.string(),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
});

/** GET /api/admin/events/{position}: the event (secrets redacted) and the events of its correlation, in order. */
export const eventDetailSchema = z.object({
  event: recordedEventSchema,
  entry: auditEntrySchema,
  chain: z.array(auditEntrySchema),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

/** GET /api/admin/guidebooks/{id}/as-of?at=<ISO>: the guidebook replayed up to that instant. */
export const guidebookAsOfQuerySchema = z.object({ at: isoInstant });
export const guidebookAsOfSchema = z.object({
  guidebookId: z.string(),
  at: z.string(),
  state: z.enum(['present', 'deleted']),
  /** revision and time of the last event applied */
  revision: z.number(),
  lastChangedAt: z.string(),
  eventsApplied: z.number(),
  title: z.string(),
  ownerId: z.string().nullable(),
  isPublished: z.boolean().nullable(),
  document: z.unknown(),
});
export type GuidebookAsOf = z.infer<typeof guidebookAsOfSchema>;
