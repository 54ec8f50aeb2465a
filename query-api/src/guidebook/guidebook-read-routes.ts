import { Router, type Request } from 'express';
import {
  GUIDEBOOK_EDITOR,
  GUIDEBOOK_LIST,
  GUIDEBOOK_MESSAGES,
  GUIDEBOOK_PASSWORD_HEADER,
  USERS,
  guidebookReadQuerySchema,
  type GuidebookEditorDoc,
  type GuidebookIdByUuid,
  type GuidebookListDoc,
  type GuidebookView,
  type LockedGuidebookView,
} from '@pocketguide/contracts';
import type { Auth, AuthUser } from '@pocketguide/platform/auth/authenticate';
import { safeEqual, sha256Hex } from '@pocketguide/platform/auth/secret-tokens';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '@pocketguide/platform/http/errors';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import { clientAddress } from '@pocketguide/platform/auth/basic-credentials';
import type { LoginRateLimiter } from '@pocketguide/platform/auth/login-rate-limiter';
import { createUnlockLimiter } from '../viewer/viewer-routes.ts';
import type { ReadYourWrites } from '../core/read-your-writes.ts';
import { pathParam } from '@pocketguide/platform/http/path-param';
import { guidebookOwners } from './guidebook-owners.ts';
import { settingsView } from './guidebook-settings-view.ts';

export type GuidebookReadRoutesDeps = {
  readStore: ReadStore;
  readYourWrites: ReadYourWrites;
  auth: Auth;
  /** share-password guesses: the viewer's limiter, so every path that checks a share password shares one limit */
  unlockLimiter?: LoginRateLimiter;
};

const mayEdit = (caller: AuthUser | undefined, ownerId: string): boolean =>
  caller !== undefined && (caller.isAdmin || caller.id === ownerId);

function toView(doc: GuidebookEditorDoc, withPassword: boolean): GuidebookView {
  return {
    ...doc.document,
    _id: doc.id,
    uuid: doc.uuid,
    user: doc.ownerId,
    company: doc.company,
    ...settingsView(doc),
    ...(withPassword ? { password: doc.password } : {}),
    hasPassword: doc.password !== '',
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    revision: doc.revision,
  };
}

/** The share password a preview reader sent: percent-encoded, since header values are ASCII and passwords need not be. */
function sentPassword(req: Request): string | null {
  const raw = req.get(GUIDEBOOK_PASSWORD_HEADER);
  if (raw === undefined || raw === '') return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Compared as digests so the comparison takes the same time whatever the lengths. */
const samePassword = (sent: string, password: string): boolean => safeEqual(sha256Hex(sent), sha256Hex(password));

/**
 * GET guidebooks/{id} and GET guidebooks/uuid/{uuid} (spec 1 §6, §7).
 *
 * - `guidebooks/{id}` (signed in) answers the editor's document: the whole document, the settings, the password
 *   and the `revision` (also the ETag, for `If-Match`) to its owner and to administrators. Anyone else gets 403
 *   (the web then goes to the preview) unless they ask `?mode=preview`: then a published guidebook is answered
 *   without its password, and one with a password only once the reader sends it in `X-Guidebook-Password`
 *   (without it: a locked answer that shows the gate; a wrong one: 403 'Incorrect password'). An unpublished
 *   guidebook is 'Not Found' to them, as the viewer shows, and so is one whose owner's account is hidden or deleted.
 * - `guidebooks/uuid/{uuid}` (public) answers `{ result: id }` for a published guidebook (its owner and
 *   administrators also for an unpublished one): the viewer's first step from /m/{uuid}; to others, 404 while the
 *   owner's account is hidden or deleted.
 */
export function guidebookReadRoutes({
  readStore,
  readYourWrites,
  auth,
  unlockLimiter = createUnlockLimiter(),
}: GuidebookReadRoutesDeps): Router {
  const router = Router();
  const editor = readStore.collection<GuidebookEditorDoc>(GUIDEBOOK_EDITOR);
  const list = readStore.collection<GuidebookListDoc>(GUIDEBOOK_LIST);
  const owners = guidebookOwners(readStore);

  router.get('/guidebooks/uuid/:uuid', auth.optional, async (req, res) => {
    await readYourWrites(req, res, [GUIDEBOOK_LIST, USERS]);
    const [doc] = await list.find(
      { uuid: pathParam(req, 'uuid', GUIDEBOOK_MESSAGES.notFound), deleted: false },
      { limit: 1 },
    );
    const readable =
      doc !== undefined && (mayEdit(req.user, doc.ownerId) || (doc.published && (await owners.isPublic(doc.ownerId))));
    if (!doc || !readable) throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
    const answer: GuidebookIdByUuid = { result: doc.id };
    res.json(answer);
  });

  router.get('/guidebooks/:id', auth.required, async (req, res) => {
    const { mode } = parseOrThrow(guidebookReadQuerySchema, req.query, 'query');
    if (!req.user) throw new UnauthorizedError('Please log in');
    await readYourWrites(req, res, [GUIDEBOOK_EDITOR, USERS]);
    const doc = await editor.get(pathParam(req, 'id', GUIDEBOOK_MESSAGES.notFound));
    if (!doc) throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
    // The answer may hold the share password: never stored by a shared cache.
    res.setHeader('Cache-Control', 'private, no-store');
    if (mayEdit(req.user, doc.ownerId)) {
      res.setHeader('ETag', `"${doc.revision}"`);
      res.json(toView(doc, true));
      return;
    }
    if (mode !== 'preview') throw new ForbiddenError('Only its owner or an administrator may edit this guidebook');
    if (!doc.published || !(await owners.isPublic(doc.ownerId))) throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
    if (doc.password !== '') {
      const sent = sentPassword(req);
      if (sent === null) {
        const locked: LockedGuidebookView = {
          _id: doc.id,
          uuid: doc.uuid,
          title: doc.document.title,
          hasPassword: true,
          locked: true,
        };
        res.json(locked);
        return;
      }
      // The viewer's limit, by the same key (uuid and address): a guess counts the same on either path.
      const reservation = unlockLimiter.attempt(doc.uuid, clientAddress(req));
      if (!samePassword(sent, doc.password)) throw new ForbiddenError(GUIDEBOOK_MESSAGES.incorrectPassword);
      reservation.succeeded();
    }
    res.json(toView(doc, false));
  });

  return router;
}
