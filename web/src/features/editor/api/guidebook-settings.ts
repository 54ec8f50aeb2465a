import {
  commandAcceptedSchema,
  contentCopiedSchema,
  guidebookSettingsAcceptedSchema,
  type CommandAccepted,
  type ContentCopied,
  type GuidebookSettingsAccepted,
} from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';

const at = (guidebookId: string) => `/guidebooks/${encodeURIComponent(guidebookId)}`;

/** PUT publish / unpublish. */
export async function setPublished(
  api: ApiClient,
  guidebookId: string,
  published: boolean,
): Promise<GuidebookSettingsAccepted> {
  const { data } = await api.request({
    method: 'PUT',
    path: `${at(guidebookId)}/${published ? 'publish' : 'unpublish'}`,
    schema: guidebookSettingsAcceptedSchema,
  });
  return data;
}

export async function setPublicGallery(
  api: ApiClient,
  guidebookId: string,
  isPublicGallery: boolean,
): Promise<GuidebookSettingsAccepted> {
  const { data } = await api.request({
    method: 'PATCH',
    path: `${at(guidebookId)}/public-gallery`,
    body: { isPublicGallery },
    schema: guidebookSettingsAcceptedSchema,
  });
  return data;
}

/** The settings panel's password; '' removes the gate. */
export async function setGuidebookPassword(
  api: ApiClient,
  guidebookId: string,
  password: string,
): Promise<GuidebookSettingsAccepted> {
  const { data } = await api.request({
    method: 'PUT',
    path: `${at(guidebookId)}/password`,
    body: { password },
    schema: guidebookSettingsAcceptedSchema,
  });
  return data;
}

export async function setSampleFlags(
  api: ApiClient,
  guidebookId: string,
  flags: { isSampleGuidebook: boolean; isSampleContent: boolean },
): Promise<GuidebookSettingsAccepted> {
  const { data } = await api.request({
    method: 'PUT',
    path: `${at(guidebookId)}/sample`,
    body: flags,
    schema: guidebookSettingsAcceptedSchema,
  });
  return data;
}

/** POST /api/guidebooks/copy: answers the copy's id. */
export async function copyGuidebook(api: ApiClient, guidebookId: string): Promise<CommandAccepted> {
  const { data } = await api.request({
    method: 'POST',
    path: '/guidebooks/copy',
    body: { guidebookId },
    schema: commandAcceptedSchema,
  });
  return data;
}

export async function deleteGuidebook(api: ApiClient, guidebookId: string): Promise<CommandAccepted> {
  const { data } = await api.request({ method: 'DELETE', path: at(guidebookId), schema: commandAcceptedSchema });
  return data;
}

/** POST /api/guidebooks/contents/copy: the copy goes right after the page on the server. */
export async function copyContentPage(api: ApiClient, guidebookId: string, contentId: string): Promise<ContentCopied> {
  const { data } = await api.request({
    method: 'POST',
    path: '/guidebooks/contents/copy',
    body: { guidebookId, contentId },
    schema: contentCopiedSchema,
  });
  return data;
}
