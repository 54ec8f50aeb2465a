import {
  documentChangeAcceptedSchema,
  guidebookHistorySchema,
  guidebookRevisionSchema,
  type DocumentChangeAccepted,
  type GuidebookHistory,
  type GuidebookRevision,
} from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';

const at = (guidebookId: string) => `/guidebooks/${encodeURIComponent(guidebookId)}`;

export const historyQueryKey = (guidebookId: string, page: number) =>
  ['guidebooks', 'history', guidebookId, page] as const;
export const revisionQueryKey = (guidebookId: string, revision: number) =>
  ['guidebooks', 'revision', guidebookId, revision] as const;

export async function getHistory(
  api: ApiClient,
  guidebookId: string,
  page: number,
  signal?: AbortSignal,
): Promise<GuidebookHistory> {
  const { data } = await api.request({
    path: `${at(guidebookId)}/history`,
    query: { page },
    schema: guidebookHistorySchema,
    ...(signal ? { signal } : {}),
  });
  return data;
}

export async function getRevision(
  api: ApiClient,
  guidebookId: string,
  revision: number,
  signal?: AbortSignal,
): Promise<GuidebookRevision> {
  const { data } = await api.request({
    path: `${at(guidebookId)}/revisions/${revision}`,
    schema: guidebookRevisionSchema,
    ...(signal ? { signal } : {}),
  });
  return data;
}

export async function restoreRevision(
  api: ApiClient,
  guidebookId: string,
  revision: number,
): Promise<DocumentChangeAccepted> {
  const { data } = await api.request({
    method: 'POST',
    path: `${at(guidebookId)}/restore`,
    body: { revision },
    schema: documentChangeAcceptedSchema,
  });
  return data;
}

/** Server-side undo / redo of saved changes (they work across sessions). */
export async function travelHistory(
  api: ApiClient,
  guidebookId: string,
  direction: 'undo' | 'redo',
): Promise<DocumentChangeAccepted> {
  const { data } = await api.request({
    method: 'POST',
    path: `${at(guidebookId)}/${direction}`,
    schema: documentChangeAcceptedSchema,
  });
  return data;
}
