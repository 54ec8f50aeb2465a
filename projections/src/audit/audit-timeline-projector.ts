import { AUDIT_TIMELINE, auditEntryId, auditSubjectKey, auditSubjectOf, isSecretKey, REDACTED, type AuditEntryDoc, type AuditScalar } from '@pocketguide/contracts';
import { streamCategory, type RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import { asStored } from '../event-readers.ts';
import type { Projector } from '../projector.ts';

/** Texts longer than this are cut in the summary: the entry is an index, the event itself stays in the log. */
const SUMMARY_TEXT_LIMIT = 200;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * What the readable sentence of an entry needs: the event's top-level scalar fields (secrets redacted, long texts
 * cut), the length of its arrays (`patches` → `patchesCount`) and a nested document's title. Never the whole data:
 * a GuidebookCreated carries a whole guidebook.
 */
export function summarize(data: unknown): Record<string, AuditScalar> {
  const summary: Record<string, AuditScalar> = {};
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return summary;
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (isSecretKey(key)) {
      summary[key] = REDACTED;
    } else if (typeof value === 'string') {
      summary[key] = value.length > SUMMARY_TEXT_LIMIT ? `${value.slice(0, SUMMARY_TEXT_LIMIT)}…` : value;
    } else if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
      summary[key] = value;
    } else if (Array.isArray(value)) {
      summary[`${key}Count`] = value.length;
    } else if (typeof value === 'object' && typeof (value as { title?: unknown }).title === 'string') {
      const title = (value as { title: string }).title;
      summary[`${key}Title`] = title.length > SUMMARY_TEXT_LIMIT ? `${title.slice(0, SUMMARY_TEXT_LIMIT)}…` : title;
    }
  }
  return summary;
}

/** The entry of one recorded event: a pure function of the event, so replaying it writes the same entry. */
export function auditEntryOf(event: RecordedEvent): AuditEntryDoc {
  const subject = auditSubjectOf(event.streamId);
  const metadata = event.metadata;
  return {
    id: auditEntryId(event.position),
    position: event.position,
    eventId: event.id,
    at: event.recordedAt,
    type: event.type,
    streamId: event.streamId,
    revision: event.revision,
    subject: subject ? auditSubjectKey(subject.type, subject.id) : null,
    actor: text(metadata.userId),
    actorRole: text(metadata.role),
    command: text(metadata.command),
    commandId: text(metadata.commandId),
    correlationId: text(metadata.correlationId),
    causationId: text(metadata.causationId),
    summary: summarize(event.data),
  };
}

/**
 * `audit-timeline` (issue 14): one entry per event of the whole log, keyed by its zero-padded position, so that
 * ordering by id is ordering by position. Each index ends in `id`, so a filtered page (`type = ? AND id < ?
 * ORDER BY id DESC LIMIT n`) is one index range walk however long the log is: the admin timelines (by subject)
 * and the event explorer (by type, stream, actor, correlation, time) read from it. A subject's key is its stream id, so
 * the timelines walk the stream index.
 */
export const auditTimelineProjector: Projector<AuditEntryDoc> = {
  name: AUDIT_TIMELINE,
  collection: AUDIT_TIMELINE,
  indexes: [
    { fields: { type: 1, id: -1 } },
    { fields: { streamId: 1, id: -1 } },
    { fields: { actor: 1, id: -1 } },
    { fields: { actor: 1, type: 1, id: -1 } },
    { fields: { correlationId: 1, id: 1 } },
    { fields: { at: 1, id: 1 } },
  ],
  // Every event as it is stored, undecoded: the timeline indexes the log whatever an event's type or version, and
  // summarises its data generically. Snapshots (`guidebook_snapshot-<id>`) are the command side's cache, not events
  // anyone caused: left out.
  decode: asStored,
  documentIds: (event) => (streamCategory(event.streamId).endsWith('_snapshot') ? [] : [auditEntryId(event.position)]),
  evolve: (_doc, event) => auditEntryOf(event),
};
