import { Router, type Request, type Response } from 'express';
import {
  copyContentBodySchema,
  copyGuidebookBodySchema,
  applyPatches,
  createGuidebookBodySchema,
  deepEqual,
  diffDocuments,
  editGuidebookBodySchema,
  guidebookPasswordBodySchema,
  historyQuerySchema,
  publicGalleryBodySchema,
  renderSummaries,
  restoreRevisionBodySchema,
  sampleFlagsBodySchema,
  saveGuidebookBodySchema,
  summariseEvent,
  type CommandAccepted,
  type ContentCopied,
  type DocumentChangeAccepted,
  type GuidebookHistory,
  type GuidebookRevision,
  type GuidebookSettingsAccepted,
  type Patch,
  type UnpublishedAll,
} from '@pocketguide/contracts';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import { NotFoundError, UnauthorizedError, ValidationError } from '@pocketguide/platform/http/errors';
import { pathParam } from '@pocketguide/platform/http/path-param';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import type { CommandResult } from '../core/command-handler.ts';
import type { IdSource } from '../core/ids.ts';
import { commandMetadata, ifMatchRevision } from '../core/request-context.ts';
import type { Actor, GuidebookState } from './guidebook-state.ts';
import { PreconditionRequiredError } from './guidebook-errors.ts';
import { documentFromParts, type Guidebooks } from './guidebooks.ts';

export type GuidebookRoutesDeps = { guidebooks: Guidebooks; auth: Auth; ids: IdSource };

/** The caller as an actor (the auth middleware on every route here has set it). */
export function actorOf(req: Request): Actor {
  if (!req.user) throw new UnauthorizedError('Please log in');
  return { userId: req.user.id, isAdmin: req.user.isAdmin };
}

/** Every answer about a guidebook's stream names its revision as the ETag, for the next `If-Match`. */
export function withRevision(res: Response, revision: number): Response {
  if (revision >= 0) res.setHeader('ETag', `"${revision}"`);
  return res;
}

type EditedData = { patches: Patch[] };
const storedPatches = (result: CommandResult<GuidebookState>): Patch[] =>
  result.events.flatMap((event) => (event.type === 'GuidebookEdited' ? (event.data as EditedData).patches : []));

export function documentChange(
  guidebookId: string,
  result: CommandResult<GuidebookState>,
  patches: Patch[],
): DocumentChangeAccepted {
  return {
    _id: guidebookId,
    revision: result.revision,
    position: result.position,
    patches,
    changed: result.events.length > 0,
  };
}

function settingsAnswer(guidebookId: string, result: CommandResult<GuidebookState>): GuidebookSettingsAccepted {
  if (result.state.status === 'none') throw new NotFoundError('Not Found');
  const { settings } = result.state.guidebook;
  return {
    _id: guidebookId,
    revision: result.revision,
    position: result.position,
    published: settings.published,
    isPublicGallery: settings.isPublicGallery,
    hasPassword: settings.password !== '',
    isSampleGuidebook: settings.isSampleGuidebook,
    isSampleContent: settings.isSampleContent,
  };
}

/**
 * The guidebook writes of spec 1 §7 and the history calls, all for signed-in people (401 otherwise); who may change
 * which guidebook is the deciders' rule (owner or administrator, 403 otherwise).
 *
 * Decisions the spec leaves open: the password of the settings panel is `PUT guidebooks/{id}/password`; restore,
 * undo and redo are `POST guidebooks/{id}/restore|undo|redo`; the history and past revisions are read from the
 * guidebook's stream by this (command) side, so the ingress routes those GETs here.
 */
export function guidebookCommandRoutes({ guidebooks, auth, ids }: GuidebookRoutesDeps): Router {
  const router = Router();
  // Per route, not `router.use('/guidebooks', …)`: public guidebook reads under /guidebooks pass through here too.
  const signedIn = auth.required;
  const metadataOf = (req: Request) => commandMetadata(req, ids, req.user);

  // ---- lifecycle (fixed paths before the `:id` ones) ----

  router.post('/guidebooks', signedIn, async (req, res) => {
    const { source, ...parts } = parseOrThrow(createGuidebookBodySchema, req.body);
    // `{ source: 'sample' }` alone asks for the built-in sample; any posted part makes the document from the parts.
    const posted = Object.values(parts).some((value) => value !== undefined) ? documentFromParts(parts) : null;
    const { guidebookId, uuid, result } = await guidebooks.create(
      actorOf(req),
      posted,
      source ?? 'new',
      metadataOf(req),
    );
    const answer: CommandAccepted = { _id: guidebookId, uuid, revision: result.revision, position: result.position };
    withRevision(res, result.revision).status(201).location(`/api/guidebooks/${guidebookId}`).json(answer);
  });

  router.post('/guidebooks/copy', signedIn, async (req, res) => {
    const { guidebookId: sourceId } = parseOrThrow(copyGuidebookBodySchema, req.body);
    const { guidebookId, uuid, result } = await guidebooks.copy(actorOf(req), sourceId, metadataOf(req));
    const answer: CommandAccepted = { _id: guidebookId, uuid, revision: result.revision, position: result.position };
    withRevision(res, result.revision).status(201).location(`/api/guidebooks/${guidebookId}`).json(answer);
  });

  router.post('/guidebooks/contents/copy', signedIn, async (req, res) => {
    const { guidebookId, contentId } = parseOrThrow(copyContentBodySchema, req.body);
    const result = await guidebooks.copyContent(guidebookId, contentId, actorOf(req), metadataOf(req));
    const copied = result.events.find((event) => event.type === 'ContentPageCopied')?.data as
      { content: { _id: string } } | undefined;
    const answer: ContentCopied = {
      _id: guidebookId,
      contentId: copied?.content._id ?? '',
      revision: result.revision,
      position: result.position,
    };
    withRevision(res, result.revision).status(201).json(answer);
  });

  router.put('/guidebooks/unpublishall', signedIn, async (req, res) => {
    const answer: UnpublishedAll = await guidebooks.unpublishAll(actorOf(req), metadataOf(req));
    res.json(answer);
  });

  // ---- the document ----

  router.put('/guidebooks/:id', signedIn, async (req, res) => {
    const guidebookId = pathParam(req, 'id');
    // The GET answer sent back whole saves: its server-owned fields are dropped by the schema; its `_id` must be
    // this guidebook's (another guidebook's body sent here is a mistake, not a save).
    const { _id: sentId, document } = parseOrThrow(saveGuidebookBodySchema, req.body);
    if (sentId !== undefined && sentId !== guidebookId) {
      const message = "Not this guidebook's id: leave it out, or send the id of the guidebook saved";
      throw new ValidationError(`_id: ${message}`, [{ path: '_id', message }]);
    }
    const result = await guidebooks.save(guidebookId, actorOf(req), document, metadataOf(req), ifMatchRevision(req));
    const stored = result.state.status === 'none' ? document : result.state.guidebook.document;
    withRevision(res, result.revision).json(documentChange(guidebookId, result, diffDocuments(document, stored)));
  });

  router.patch('/guidebooks/:id', signedIn, async (req, res) => {
    const guidebookId = pathParam(req, 'id');
    const expected = ifMatchRevision(req);
    if (expected === undefined) throw new PreconditionRequiredError();
    const { patches } = parseOrThrow(editGuidebookBodySchema, req.body);
    const result = await guidebooks.edit(guidebookId, actorOf(req), patches, expected, metadataOf(req));
    if (result.events.length === 0 && result.state.status !== 'none') {
      // Nothing changed once the rules were applied (a blanked day title put back): tell the client how to undo
      // what it did locally.
      const stored = result.state.guidebook.document;
      withRevision(res, result.revision).json(
        documentChange(guidebookId, result, diffDocuments(applyPatches(stored, patches), stored)),
      );
      return;
    }
    const stored = storedPatches(result);
    // What is stored is the sent patches, then the structural rules' fixes; a change too large for one event is
    // stored as one whole-document replacement instead, which the client then applies as it is.
    const startsWithSent =
      stored.length >= patches.length && patches.every((patch, index) => deepEqual(patch, stored[index]));
    withRevision(res, result.revision).json(
      documentChange(guidebookId, result, startsWithSent ? stored.slice(patches.length) : stored),
    );
  });

  router.post('/guidebooks/:id/restore', signedIn, async (req, res) => {
    const guidebookId = pathParam(req, 'id');
    const { revision } = parseOrThrow(restoreRevisionBodySchema, req.body);
    const result = await guidebooks.restore(guidebookId, actorOf(req), revision, metadataOf(req), ifMatchRevision(req));
    withRevision(res, result.revision).json(documentChange(guidebookId, result, storedPatches(result)));
  });

  router.post('/guidebooks/:id/undo', signedIn, async (req, res) => {
    const guidebookId = pathParam(req, 'id');
    const result = await guidebooks.undo(guidebookId, actorOf(req), metadataOf(req), ifMatchRevision(req));
    withRevision(res, result.revision).json(documentChange(guidebookId, result, storedPatches(result)));
  });

  router.post('/guidebooks/:id/redo', signedIn, async (req, res) => {
    const guidebookId = pathParam(req, 'id');
    const result = await guidebooks.redo(guidebookId, actorOf(req), metadataOf(req), ifMatchRevision(req));
    withRevision(res, result.revision).json(documentChange(guidebookId, result, storedPatches(result)));
  });

  router.delete('/guidebooks/:guidebookId/contents/:contentId/items/:itemId', signedIn, async (req, res) => {
    const guidebookId = pathParam(req, 'guidebookId');
    const result = await guidebooks.deleteItem(
      guidebookId,
      pathParam(req, 'contentId'),
      pathParam(req, 'itemId'),
      actorOf(req),
      metadataOf(req),
    );
    const answer: CommandAccepted = { _id: guidebookId, revision: result.revision, position: result.position };
    withRevision(res, result.revision).json(answer);
  });

  router.delete('/guidebooks/:id', signedIn, async (req, res) => {
    const guidebookId = pathParam(req, 'id');
    const result = await guidebooks.remove(guidebookId, actorOf(req), metadataOf(req));
    const answer: CommandAccepted = { _id: guidebookId, revision: result.revision, position: result.position };
    withRevision(res, result.revision).json(answer);
  });

  // ---- settings ----

  router.put('/guidebooks/:id/publish', signedIn, async (req, res) => {
    const guidebookId = pathParam(req, 'id');
    const result = await guidebooks.publish(guidebookId, actorOf(req), metadataOf(req));
    withRevision(res, result.revision).json(settingsAnswer(guidebookId, result));
  });

  router.put('/guidebooks/:id/unpublish', signedIn, async (req, res) => {
    const guidebookId = pathParam(req, 'id');
    const result = await guidebooks.unpublish(guidebookId, actorOf(req), metadataOf(req));
    withRevision(res, result.revision).json(settingsAnswer(guidebookId, result));
  });

  router.patch('/guidebooks/:id/public-gallery', signedIn, async (req, res) => {
    const guidebookId = pathParam(req, 'id');
    const { isPublicGallery } = parseOrThrow(publicGalleryBodySchema, req.body);
    const result = await guidebooks.setPublicGallery(guidebookId, actorOf(req), isPublicGallery, metadataOf(req));
    withRevision(res, result.revision).json(settingsAnswer(guidebookId, result));
  });

  router.put('/guidebooks/:id/password', signedIn, async (req, res) => {
    const guidebookId = pathParam(req, 'id');
    const { password } = parseOrThrow(guidebookPasswordBodySchema, req.body);
    const result = await guidebooks.setPassword(guidebookId, actorOf(req), password, metadataOf(req));
    withRevision(res, result.revision).json(settingsAnswer(guidebookId, result));
  });

  router.put('/guidebooks/:id/sample', signedIn, async (req, res) => {
    const guidebookId = pathParam(req, 'id');
    const flags = parseOrThrow(sampleFlagsBodySchema, req.body);
    const result = await guidebooks.setSampleFlags(guidebookId, actorOf(req), flags, metadataOf(req));
    withRevision(res, result.revision).json(settingsAnswer(guidebookId, result));
  });

  // ---- the past (read from the guidebook's own stream) ----

  router.get('/guidebooks/:id/history', signedIn, async (req, res) => {
    const guidebookId = pathParam(req, 'id');
    const { page, pageSize } = parseOrThrow(historyQuerySchema, req.query, 'query');
    const history = await guidebooks.history(guidebookId, actorOf(req), page, pageSize);
    const answer: GuidebookHistory = {
      _id: guidebookId,
      revision: history.revision,
      created: history.created,
      results: history.entries.map(({ recorded, event, who }) => {
        const summary = summariseEvent(event);
        return {
          revision: recorded.revision,
          time: recorded.recordedAt,
          who,
          type: event.type,
          kind: event.type === 'GuidebookEdited' ? event.data.kind : null,
          summary,
          text: renderSummaries(summary),
          changesDocument: ['GuidebookEdited', 'ContentPageCopied', 'SectionItemDeleted'].includes(event.type),
        };
      }),
      page,
      pageSize,
      pageCount: Math.max(1, Math.ceil(history.totalCount / pageSize)),
      totalCount: history.totalCount,
    };
    res.setHeader('Cache-Control', 'no-store');
    withRevision(res, history.revision).json(answer);
  });

  router.get('/guidebooks/:id/revisions/:revision', signedIn, async (req, res) => {
    const guidebookId = pathParam(req, 'id');
    const raw = pathParam(req, 'revision');
    if (!/^\d{1,15}$/.test(raw)) throw new NotFoundError(`There is no revision ${raw}`);
    const revision = Number(raw);
    const { document, time, currentRevision } = await guidebooks.documentAt(guidebookId, actorOf(req), revision);
    const answer: GuidebookRevision = { _id: guidebookId, revision, currentRevision, time, document };
    // a past revision never changes
    res.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
    res.json(answer);
  });

  return router;
}
