import { Router, type Request, type Response } from 'express';
import {
  ACCOUNT_MESSAGES,
  GUIDEBOOK_MESSAGES,
  IMAGE_VARIANT_WIDTHS,
  NEW_GUIDEBOOK_ID,
  SAMPLE_GUIDEBOOK_ID,
  UPLOAD_MAX_BYTES,
  fileTooBigMessage,
  type ImageSet,
  type ImageUploadTarget,
  type ImageUploaded,
  type Patch,
} from '@pocketguide/contracts';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import type { BlobStore } from '@pocketguide/platform/blob/blob-store';
import { ValidationError } from '@pocketguide/platform/http/errors';
import { receiveSingleFile } from '@pocketguide/platform/http/file-upload';
import { prepareImageVariants } from '@pocketguide/platform/images/image-variants';
import type { IdSource } from '../core/ids.ts';
import { commandMetadata } from '../core/request-context.ts';
import { pathParam } from '@pocketguide/platform/http/path-param';
import { actorOf, withRevision } from './guidebook-routes.ts';
import type { Guidebooks } from './guidebooks.ts';

export type GuidebookImageRoutesDeps = { guidebooks: Guidebooks; auth: Auth; ids: IdSource; blobs: BlobStore };

const BOXES = {
  large: { width: IMAGE_VARIANT_WIDTHS.large },
  medium: { width: IMAGE_VARIANT_WIDTHS.medium },
  small: { width: IMAGE_VARIANT_WIDTHS.small },
} as const;

/**
 * The image uploads of spec 1 §7: cover header, footer and subheader ("subtitle"), and a section item. One file,
 * a JPEG, PNG or GIF by its bytes (415 otherwise), at most 5 MB (413 with the spec's text), only on a saved
 * guidebook. The image is stored in three widths through the blob port (content-addressed names, served with a
 * year of caching from /media) and put into the document as a change of kind 'upload'.
 */
export function guidebookImageRoutes({ guidebooks, auth, ids, blobs }: GuidebookImageRoutesDeps): Router {
  const router = Router();

  async function upload(req: Request, res: Response, guidebookId: string, target: ImageUploadTarget) {
    if (guidebookId === NEW_GUIDEBOOK_ID || guidebookId === SAMPLE_GUIDEBOOK_ID) {
      throw new ValidationError(GUIDEBOOK_MESSAGES.uploadNeedsSave, [
        { path: 'guidebookId', message: GUIDEBOOK_MESSAGES.uploadNeedsSave },
      ]);
    }
    const actor = actorOf(req);
    // Refused before the file is read: nothing is stored for a guidebook the caller may not change.
    await guidebooks.checkUploadTarget(guidebookId, actor, target);
    const file = await receiveSingleFile(req, res, {
      maxBytes: UPLOAD_MAX_BYTES,
      tooBig: (size) => fileTooBigMessage(size, UPLOAD_MAX_BYTES),
      oneFileMessage: ACCOUNT_MESSAGES.oneFile,
    });
    const variants = await prepareImageVariants(file.bytes, {
      boxes: BOXES,
      unsupportedMessage: ACCOUNT_MESSAGES.imageTypeInvalid,
    });
    const stored = async (name: keyof typeof BOXES) => {
      const variant = variants[name];
      return (await blobs.put(`guidebooks/${guidebookId}/${variant.name}`, variant.bytes, variant.contentType)).url;
    };
    const [large, medium, small] = await Promise.all([stored('large'), stored('medium'), stored('small')]);
    const image: ImageSet = { large, medium, small };
    const result = await guidebooks.uploadImage(guidebookId, actor, target, image, commandMetadata(req, ids, req.user));
    const patches = result.events.flatMap((event) =>
      event.type === 'GuidebookEdited' ? (event.data as { patches: Patch[] }).patches : [],
    );
    const answer: ImageUploaded = {
      _id: guidebookId,
      revision: result.revision,
      position: result.position,
      patches,
      changed: result.events.length > 0,
      image,
    };
    withRevision(res, result.revision).status(201).json(answer);
  }

  router.post('/guidebooks/:id/header/image', auth.required, (req, res) =>
    upload(req, res, pathParam(req, 'id'), { kind: 'header' }),
  );
  router.post('/guidebooks/:id/footer/image', auth.required, (req, res) =>
    upload(req, res, pathParam(req, 'id'), { kind: 'footer' }),
  );
  // the spec's "subtitle" is the cover's subheader
  router.post('/guidebooks/:id/subtitle/image', auth.required, (req, res) =>
    upload(req, res, pathParam(req, 'id'), { kind: 'subheader' }),
  );
  router.post('/guidebooks/:id/cards/:cardId/image', auth.required, (req, res) =>
    upload(req, res, pathParam(req, 'id'), { kind: 'card', cardId: pathParam(req, 'cardId') }),
  );
  router.post(
    '/guidebooks/:guidebookId/contents/:contentId/sections/:sectionId/items/:itemId/upload',
    auth.required,
    (req, res) =>
      upload(req, res, pathParam(req, 'guidebookId'), {
        kind: 'item',
        contentId: pathParam(req, 'contentId'),
        sectionId: pathParam(req, 'sectionId'),
        itemId: pathParam(req, 'itemId'),
      }),
  );

  return router;
}
