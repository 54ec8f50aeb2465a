import { Router } from 'express';
import {
  AUDIT_SUBJECT_TYPES,
  AUDIT_TIMELINE,
  auditQuerySchema,
  auditSubjectKey,
  auditSubjectOf,
  type AuditPage,
  type AuditSubjectType,
} from '@pocketguide/contracts';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import { NotFoundError } from '@pocketguide/platform/http/errors';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import type { ReadYourWrites } from '../core/read-your-writes.ts';
import { pathParam } from '@pocketguide/platform/http/path-param';
import {
  actorsOf,
  allEntries,
  auditIndex,
  csvCell,
  entryFilter,
  toEntries,
  toEntry,
  writeChunk,
  type EntryFilter,
} from './audit-query.ts';

export type AuditRoutesDeps = { readStore: ReadStore; readYourWrites: ReadYourWrites; auth: Auth };

/** How many of a subject's newest entries the filter choices (actors, types) are gathered from. */
const FILTER_CHOICES_SCAN = 2000;

const CSV_COLUMNS = [
  'position',
  'at',
  'type',
  'streamId',
  'actorId',
  'actorName',
  'actorEmail',
  'command',
  'commandId',
  'correlationId',
  'causationId',
  'summary',
];

/**
 * GET admin/audit/{subjectType}/{id}?actor&type&page&limit&format=json|ndjson|csv (administrators): the audit
 * timeline of a user, guidebook, payment or message, newest first: who did what, when, through which command.
 * `format=ndjson|csv` exports every matching entry, oldest first, streamed.
 */
export function auditRoutes({ readStore, readYourWrites, auth }: AuditRoutesDeps): Router {
  const router = Router();
  const index = auditIndex(readStore);

  router.get('/admin/audit/:subjectType/:id', auth.admin, async (req, res) => {
    const subjectType = pathParam(req, 'subjectType');
    if (!(AUDIT_SUBJECT_TYPES as readonly string[]).includes(subjectType))
      throw new NotFoundError(`No audit timeline for ${subjectType}`);
    // A subject's key is its stream's id (`user-<id>` …), so its timeline walks the stream index.
    const subject = auditSubjectKey(subjectType as AuditSubjectType, pathParam(req, 'id'));
    if (auditSubjectOf(subject) === null) throw new NotFoundError(`No audit timeline for ${subject}`);
    const { after: _after, access_token: _a, token: _t, ...query } = req.query;
    const { actor, type, page, limit, format } = parseOrThrow(auditQuerySchema, query, 'query');
    await readYourWrites(req, res, [AUDIT_TIMELINE]);
    const filter: EntryFilter = { stream: subject, ...(actor ? { actor } : {}), ...(type ? { types: type } : {}) };

    if (format !== 'json') {
      const name = `audit-${subject}.${format}`.replaceAll(/[^\w.-]/g, '_');
      res.setHeader(
        'Content-Type',
        format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      );
      res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
      res.setHeader('Cache-Control', 'no-store');
      // A byte-order mark lets spreadsheet programs read the Korean names as UTF-8.
      if (format === 'csv' && !(await writeChunk(res, `\uFEFF${CSV_COLUMNS.join(',')}\r\n`))) return;
      for await (const docs of allEntries(index, filter)) {
        const entries = await toEntries(readStore, docs);
        const chunk =
          format === 'csv'
            ? entries
                .map(
                  (e) =>
                    [
                      e.position,
                      e.at,
                      e.type,
                      e.streamId,
                      e.actorId,
                      e.actor?.name,
                      e.actor?.email,
                      e.command,
                      e.commandId,
                      e.correlationId,
                      e.causationId,
                      e.summary,
                    ]
                      .map(csvCell)
                      .join(',') + '\r\n',
                )
                .join('')
            : entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
        if (!(await writeChunk(res, chunk))) return;
      }
      res.end();
      return;
    }

    const where = (await entryFilter(index, filter)) ?? { streamId: subject };
    const [totalCount, docs, recent] = await Promise.all([
      index.count(where),
      index.find(where, { sort: { id: -1 }, skip: (page - 1) * limit, limit }),
      index.find({ streamId: subject }, { sort: { id: -1 }, limit: FILTER_CHOICES_SCAN }),
    ]);
    const actors = await actorsOf(readStore, [...docs, ...recent]);
    const actorIds = [...new Set(recent.flatMap((doc) => (doc.actor ? [doc.actor] : [])))];
    const answer: AuditPage = {
      subject,
      results: docs.map((doc) => toEntry(doc, actors)),
      page,
      pageCount: Math.max(1, Math.ceil(totalCount / limit)),
      totalCount,
      actors: actorIds.map((id) => actors.get(id) ?? { id, name: null, email: null, isAdmin: false }),
      types: [...new Set(recent.map((doc) => doc.type))].sort(),
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  });

  return router;
}
