import { Router } from 'express';
import {
  AUDIT_TIMELINE,
  auditEntryId,
  eventQuerySchema,
  redactSecrets,
  type AuditEntryDoc,
  type EventDetail,
  type EventList,
  type EventQuery,
} from '@pocketguide/contracts';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import type { EventStore, RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import { NotFoundError } from '@pocketguide/platform/http/errors';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import { pathParam } from '@pocketguide/platform/http/path-param';
import {
  actorsOf,
  allEntries,
  auditIndex,
  findPage,
  toEntries,
  toEntry,
  writeChunk,
  type EntryFilter,
} from './audit-query.ts';

export type EventExplorerRoutesDeps = {
  readStore: ReadStore;
  eventStore: EventStore;
  auth: Auth;
  /** the audit entry of an event, for one the index has not reached yet (the audit projector's own function) */
  entryOf: (event: RecordedEvent) => AuditEntryDoc;
};

/** How many events of one correlation the inspector shows. */
const CHAIN_LIMIT = 200;

function filterOf(query: EventQuery): EntryFilter {
  return {
    ...(query.type ? { types: query.type } : {}),
    ...(query.stream ? { stream: query.stream } : {}),
    ...(query.actor ? { actor: query.actor } : {}),
    ...(query.correlation ? { correlation: query.correlation } : {}),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
  };
}

/** The event as served: recorded as it is, but with every secret-looking field redacted. */
function redacted(event: RecordedEvent) {
  return {
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    revision: event.revision,
    position: event.position,
    recordedAt: event.recordedAt,
    data: redactSecrets(event.data),
    metadata: redactSecrets(event.metadata) as Record<string, unknown>,
  };
}

async function eventAt(eventStore: EventStore, position: number): Promise<RecordedEvent | null> {
  // `from` is inclusive: positions are opaque (byte offsets on EventStoreDB), so `position - 1` cannot be read from.
  for await (const event of eventStore.readAll({ from: position, maxCount: 1 }))
    return event.position === position ? event : null;
  return null;
}

/**
 * The event explorer (issue 14, administrators): the global log filtered by type, stream, actor, correlation and
 * time, read through the `audit-timeline` index so that a filtered page is one index walk on a log of millions.
 * - GET admin/events?type&stream&actor&correlation&from&to&after|before&limit: a page of entries (newest first, or
 *   oldest first after a cursor), with the cursor of the next page.
 * - GET admin/events/export?…: every matching event in log order as NDJSON, streamed, secrets redacted.
 * - GET admin/events/{position}: one event with its causation chain (the events of its correlation, in order).
 */
export function eventExplorerRoutes({ readStore, eventStore, auth, entryOf }: EventExplorerRoutesDeps): Router {
  const router = Router();
  const index = auditIndex(readStore);

  const parse = (raw: Record<string, unknown>): EventQuery => {
    const { access_token: _a, token: _t, ...query } = raw;
    return parseOrThrow(eventQuerySchema, query, 'query');
  };

  router.get('/admin/events', auth.admin, async (req, res) => {
    const query = parse(req.query);
    const [page, indexedUpTo, head] = await Promise.all([
      findPage(index, filterOf(query), {
        ...(query.after !== undefined ? { after: query.after } : {}),
        ...(query.before !== undefined ? { before: query.before } : {}),
        limit: query.limit,
      }),
      readStore.getCheckpoint(AUDIT_TIMELINE),
      eventStore.headPosition(),
    ]);
    const answer: EventList = {
      events: await toEntries(readStore, page.docs),
      next: page.next,
      direction: query.after !== undefined ? 'forwards' : 'backwards',
      indexedUpTo: indexedUpTo ?? 0,
      head,
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  });

  router.get('/admin/events/export', auth.admin, async (req, res) => {
    const query = parse(req.query);
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="events.ndjson"');
    res.setHeader('Cache-Control', 'no-store');
    for await (const docs of allEntries(index, filterOf(query))) {
      const lines: string[] = [];
      for (const doc of docs) {
        const event = await eventAt(eventStore, doc.position);
        if (event) lines.push(`${JSON.stringify(redacted(event))}\n`);
      }
      if (!(await writeChunk(res, lines.join('')))) return;
    }
    res.end();
  });

  router.get('/admin/events/:position', auth.admin, async (req, res) => {
    const raw = pathParam(req, 'position');
    if (!/^\d{1,16}$/.test(raw) || !Number.isSafeInteger(Number(raw)) || Number(raw) < 1)
      throw new NotFoundError('No event at this position');
    const event = await eventAt(eventStore, Number(raw));
    if (!event) throw new NotFoundError('No event at this position');
    const doc = (await index.get(auditEntryId(event.position))) ?? entryOf(event);
    const chainDocs = doc.correlationId
      ? await index.find({ correlationId: doc.correlationId }, { sort: { id: 1 }, limit: CHAIN_LIMIT })
      : [doc];
    if (!chainDocs.some((entry) => entry.position === doc.position)) chainDocs.push(doc);
    chainDocs.sort((a, b) => a.position - b.position);
    const actors = await actorsOf(readStore, chainDocs);
    const answer: EventDetail = {
      event: redacted(event),
      entry: toEntry(doc, actors),
      chain: chainDocs.map((entry) => toEntry(entry, actors)),
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  });

  return router;
}
