import type { Response } from 'express';
import {
  AUDIT_TIMELINE,
  USERS,
  auditEntryId,
  type AuditActor,
  type AuditEntry,
  type AuditEntryDoc,
  type UserDoc,
} from '@pocketguide/contracts';
import type { Collection, FieldCondition, Filter, ReadStore } from '@pocketguide/platform/read-store/read-store';

/** What the audit timeline and the event explorer share: the index, who the actors are, streaming exports. */

export type EntryFilter = {
  subject?: string;
  types?: readonly string[];
  stream?: string;
  actor?: string;
  correlation?: string;
  from?: string;
  to?: string;
};

export type Page = { docs: AuditEntryDoc[]; next: number | null };

export function auditIndex(readStore: ReadStore): Collection<AuditEntryDoc> {
  return readStore.collection<AuditEntryDoc>(AUDIT_TIMELINE);
}

/**
 * The position bounds a time range stands for. Positions follow the log and `recordedAt` is taken when the
 * append commits, so a time range is a position range: one seek on the `at` index for each end turns it into
 * `id` bounds, and the filtered walk that follows stays on one index whatever else is filtered.
 * Null: nothing in the range.
 */
async function timeBounds(
  index: Collection<AuditEntryDoc>,
  from?: string,
  to?: string,
): Promise<{ gte?: string; lte?: string } | null> {
  const bounds: { gte?: string; lte?: string } = {};
  if (from !== undefined) {
    const [first] = await index.find(
      { at: { $gte: new Date(from).toISOString() } },
      { sort: { at: 1, id: 1 }, limit: 1 },
    );
    if (!first) return null;
    bounds.gte = first.id;
  }
  if (to !== undefined) {
    const [last] = await index.find(
      { at: { $lte: new Date(to).toISOString() } },
      { sort: { at: -1, id: -1 }, limit: 1 },
    );
    if (!last) return null;
    bounds.lte = last.id;
  }
  if (bounds.gte !== undefined && bounds.lte !== undefined && bounds.gte > bounds.lte) return null;
  return bounds;
}

/** The read-store filter of an entry filter, or null when the time range holds nothing. */
export async function entryFilter(
  index: Collection<AuditEntryDoc>,
  filter: EntryFilter,
  cursor?: { after?: number; before?: number },
): Promise<Filter | null> {
  const where: Filter = {};
  if (filter.subject !== undefined) where.subject = filter.subject;
  if (filter.types !== undefined && filter.types.length > 0)
    where.type = filter.types.length === 1 ? (filter.types[0] ?? null) : { $in: filter.types };
  if (filter.stream !== undefined) where.streamId = filter.stream;
  if (filter.actor !== undefined) where.actor = filter.actor;
  if (filter.correlation !== undefined) where.correlationId = filter.correlation;
  const id: FieldCondition = {};
  if (filter.from !== undefined || filter.to !== undefined) {
    const bounds = await timeBounds(index, filter.from, filter.to);
    if (bounds === null) return null;
    if (bounds.gte !== undefined) id.$gte = bounds.gte;
    if (bounds.lte !== undefined) id.$lte = bounds.lte;
  }
  if (cursor?.after !== undefined) id.$gt = auditEntryId(cursor.after);
  if (cursor?.before !== undefined) id.$lt = auditEntryId(cursor.before);
  if (Object.keys(id).length > 0) where.id = id;
  return where;
}

/** One page by position: forwards after a cursor, or backwards (newest first) before one. */
export async function findPage(
  index: Collection<AuditEntryDoc>,
  filter: EntryFilter,
  options: { after?: number; before?: number; limit: number },
): Promise<Page> {
  const forwards = options.after !== undefined;
  const where = await entryFilter(index, filter, options);
  if (where === null) return { docs: [], next: null };
  const docs = await index.find(where, { sort: { id: forwards ? 1 : -1 }, limit: options.limit + 1 });
  const more = docs.length > options.limit;
  const page = more ? docs.slice(0, options.limit) : docs;
  return { docs: page, next: more ? (page[page.length - 1]?.position ?? null) : null };
}

/** Every entry matching, page by page (for exports), in log order. */
export async function* allEntries(
  index: Collection<AuditEntryDoc>,
  filter: EntryFilter,
  pageSize = 500,
): AsyncGenerator<AuditEntryDoc[]> {
  let after = 0;
  for (;;) {
    const { docs, next } = await findPage(index, filter, { after, limit: pageSize });
    if (docs.length > 0) yield docs;
    if (next === null) return;
    after = next;
  }
}

const SPECIAL_ACTORS = new Set(['system', 'anonymous']);

/** The people behind the entries, by id (a deleted or unknown id simply has no name). */
export async function actorsOf(
  readStore: ReadStore,
  docs: readonly Pick<AuditEntryDoc, 'actor'>[],
): Promise<Map<string, AuditActor>> {
  const ids = [...new Set(docs.flatMap((doc) => (doc.actor && !SPECIAL_ACTORS.has(doc.actor) ? [doc.actor] : [])))];
  const users = ids.length === 0 ? [] : await readStore.collection<UserDoc>(USERS).getMany(ids);
  return new Map(
    users.map((user) => [
      user.id,
      { id: user.id, name: user.name || null, email: user.email || null, isAdmin: user.role === 'admin' },
    ]),
  );
}

export function toEntry(doc: AuditEntryDoc, actors: ReadonlyMap<string, AuditActor>): AuditEntry {
  return {
    position: doc.position,
    eventId: doc.eventId,
    at: doc.at,
    type: doc.type,
    streamId: doc.streamId,
    revision: doc.revision,
    subject: doc.subject,
    actor: doc.actor ? (actors.get(doc.actor) ?? null) : null,
    actorId: doc.actor,
    command: doc.command,
    commandId: doc.commandId,
    correlationId: doc.correlationId,
    causationId: doc.causationId,
    summary: doc.summary,
  };
}

export async function toEntries(readStore: ReadStore, docs: readonly AuditEntryDoc[]): Promise<AuditEntry[]> {
  const actors = await actorsOf(readStore, docs);
  return docs.map((doc) => toEntry(doc, actors));
}

/** Writes a chunk, waiting for the socket to drain when its buffer is full. False once the client has gone. */
export async function writeChunk(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return false;
  if (!res.write(chunk)) {
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
  }
  return !res.destroyed;
}

/** A CSV cell: quoted when needed, and a leading = + - @ neutralised so spreadsheets never run it as a formula. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
