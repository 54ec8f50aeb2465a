import { imageUploadedSchema, UPLOAD_TIMEOUT_MS, type ImageUploaded } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';

/** Where an image goes: a cover part, or a section item. */
export type UploadTarget =
  | { kind: 'header' | 'subheader' | 'footer' }
  | { kind: 'item'; contentId: string; sectionId: string; itemId: string }
  | { kind: 'card'; cardId: string };

function uploadPath(guidebookId: string, target: UploadTarget): string {
  const id = encodeURIComponent(guidebookId);
  switch (target.kind) {
    case 'header':
      return `/guidebooks/${id}/header/image`;
    case 'footer':
      return `/guidebooks/${id}/footer/image`;
    case 'subheader':
      return `/guidebooks/${id}/subtitle/image`;
    case 'card':
      return `/guidebooks/${id}/cards/${encodeURIComponent(target.cardId)}/image`;
    case 'item':
      return `/guidebooks/${id}/contents/${encodeURIComponent(target.contentId)}/sections/${encodeURIComponent(target.sectionId)}/items/${encodeURIComponent(target.itemId)}/upload`;
  }
}

/** Multipart upload; the server puts the image in place and answers the change with the new revision. */
export async function uploadGuidebookImage(
  api: ApiClient,
  guidebookId: string,
  target: UploadTarget,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<ImageUploaded> {
  const { data } = await api.upload({
    method: 'POST',
    path: uploadPath(guidebookId, target),
    file,
    schema: imageUploadedSchema,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    ...(onProgress ? { onProgress } : {}),
  });
  return data;
}
