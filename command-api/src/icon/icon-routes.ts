import { createHash } from 'node:crypto';
import { Router, type Request } from 'express';
import {
  ICON_MAX_BYTES,
  ICON_MESSAGES,
  ICONS,
  iconLibraryStream,
  iconEventDecoder,
  type IconDeleteAnswer,
  type IconDoc,
  type IconUploadAnswer,
} from '@pocketguide/contracts';
import type { Auth, AuthUser } from '@pocketguide/platform/auth/authenticate';
import type { BlobStore } from '@pocketguide/platform/blob/blob-store';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import { AppError, NotFoundError, UnauthorizedError } from '@pocketguide/platform/http/errors';
import { receiveSingleFile } from '@pocketguide/platform/http/file-upload';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import { createCommandHandler, decodedWith } from '../core/command-handler.ts';
import { deriveId, type Clock, type IdSource } from '../core/ids.ts';
import { commandMetadata } from '../core/request-context.ts';
import { iconLibraryDecider } from './icon-decider.ts';
import { checkIconFile } from '@pocketguide/platform/images/icon-file';

export type IconRoutesDeps = { eventStore: EventStore; readStore: ReadStore; auth: Auth; blobs: BlobStore; clock: Clock; ids: IdSource };

function caller(req: Request): AuthUser {
  if (!req.user) throw new UnauthorizedError('Please log in');
  return req.user;
}

/**
 * POST icons and DELETE icons/{iconId} (spec 3 §2.3, §7). An upload is judged by its bytes (PNG, 100×100, under
 * 10 KB), one at a time per person, and counted against the 100 in the library's stream. The picture is stored
 * under a content address and never removed: a guidebook that uses a deleted icon keeps showing it. Owners
 * delete their own icons, administrators anyone's (the owner found from the `icons` read model).
 */
export function iconRoutes({ eventStore, readStore, auth, blobs, clock, ids }: IconRoutesDeps): Router {
  const handle = createCommandHandler(eventStore, iconLibraryDecider, { toEvent: decodedWith(iconEventDecoder) });
  const icons = readStore.collection<IconDoc>(ICONS);
  /** people with an upload under way in this process: the spec's "one at a time" */
  const uploading = new Set<string>();
  const router = Router();

  router.post('/icons', auth.required, async (req, res) => {
    const user = caller(req);
    if (uploading.has(user.id)) throw new AppError(409, 'upload_in_progress', ICON_MESSAGES.oneAtATime);
    uploading.add(user.id);
    try {
      const file = await receiveSingleFile(req, res, { maxBytes: ICON_MAX_BYTES, tooBig: () => ICON_MESSAGES.tooBig, oneFileMessage: ICON_MESSAGES.oneAtATime });
      await checkIconFile(file.bytes);
      const digest = createHash('sha256').update(file.bytes).digest('hex');
      const { url } = await blobs.put(`icons/${user.id}/${digest}.png`, file.bytes, 'image/png');
      const metadata = commandMetadata(req, ids, user);
      // Derived from the command id, so a retried upload (same Idempotency-Key) is the same icon.
      const iconId = deriveId(`icon:${user.id}:${metadata.commandId}`);
      const result = await handle(
        iconLibraryStream(user.id),
        { type: 'UploadIcon', data: { iconId, userId: user.id, url, bytes: file.size, now: clock.now() } },
        { metadata, retryOnConflict: true },
      );
      const uploaded = result.events[0]?.data as { uploadedAt?: string } | undefined;
      const answer: IconUploadAnswer = {
        success: true,
        error: null,
        data: { _id: iconId, url, user: user.id, createdAt: uploaded?.uploadedAt ?? clock.now().toISOString() },
        position: result.position,
      };
      res.status(201).json(answer);
    } finally {
      uploading.delete(user.id);
    }
  });

  router.delete('/icons/:iconId', auth.required, async (req, res) => {
    const user = caller(req);
    const iconId = req.params.iconId;
    if (typeof iconId !== 'string' || iconId === '') throw new NotFoundError(ICON_MESSAGES.notFound);
    // Someone else's icon is only an administrator's to delete; for anyone else it does not exist.
    const listed = user.isAdmin ? await icons.get(iconId) : null;
    const ownerId = listed?.userId ?? user.id;
    const result = await handle(
      iconLibraryStream(ownerId),
      { type: 'DeleteIcon', data: { iconId, userId: ownerId, now: clock.now() } },
      { metadata: commandMetadata(req, ids, user), retryOnConflict: true },
    );
    const answer: IconDeleteAnswer = { success: true, _id: iconId, position: result.position };
    res.json(answer);
  });

  return router;
}
