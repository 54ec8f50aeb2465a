import { Router } from 'express';
import { guidebookAsOfQuerySchema, guidebookStream, redactSecrets, type GuidebookAsOf, type GuidebookEditorDoc } from '@pocketguide/contracts';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import type { EventStore, RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import { NotFoundError } from '@pocketguide/platform/http/errors';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import { pathParam } from '@pocketguide/platform/http/path-param';

export type GuidebookAsOfRoutesDeps = {
  eventStore: EventStore;
  auth: Auth;
  /** the editor read model's fold (`recordedFold(guidebookEditorProjector)`): the document exactly as the editor had it */
  evolve: (doc: GuidebookEditorDoc | null, event: RecordedEvent, id: string) => GuidebookEditorDoc | null;
};

/**
 * GET admin/guidebooks/{id}/as-of?at=<ISO> (administrators): the guidebook as it was at that instant, computed by
 * replaying `guidebook-<id>` up to it through the editor projector's fold. 404 when it did not exist yet; a
 * guidebook deleted by then answers `state: 'deleted'` with its last document.
 */
export function guidebookAsOfRoutes({ eventStore, auth, evolve }: GuidebookAsOfRoutesDeps): Router {
  const router = Router();

  router.get('/admin/guidebooks/:guidebookId/as-of', auth.admin, async (req, res) => {
    const guidebookId = pathParam(req, 'guidebookId');
    const { access_token: _a, token: _t, ...query } = req.query;
    const { at } = parseOrThrow(guidebookAsOfQuerySchema, query, 'query');
    const cutoff = new Date(at).toISOString();
    let doc: GuidebookEditorDoc | null = null;
    let last: GuidebookEditorDoc | null = null;
    let lastEvent: RecordedEvent | null = null;
    let applied = 0;
    for await (const event of eventStore.readStream(guidebookStream(guidebookId))) {
      if (event.recordedAt > cutoff) break;
      doc = evolve(doc, event, guidebookId);
      if (doc) last = doc;
      lastEvent = event;
      applied += 1;
    }
    if (!last || !lastEvent) throw new NotFoundError('This guidebook did not exist at that time');
    const document = last.document as { title?: unknown };
    const answer: GuidebookAsOf = {
      guidebookId,
      at: cutoff,
      state: doc ? 'present' : 'deleted',
      revision: lastEvent.revision,
      lastChangedAt: lastEvent.recordedAt,
      eventsApplied: applied,
      title: typeof document.title === 'string' ? document.title : '',
      ownerId: last.ownerId,
      isPublished: last.published,
      document: redactSecrets(last.document),
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  });

  return router;
}
