import {
  commandAcceptedSchema,
  documentChangeAcceptedSchema,
  type CommandAccepted,
  type DocumentChangeAccepted,
  type GuidebookDocument,
  type Patch,
} from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';

const ifMatch = (revision: number) => ({ 'If-Match': `"${revision}"` });

/** PATCH /api/guidebooks/{id}: only the patches since the last save, against the revision they were made on. */
export async function editGuidebook(
  api: ApiClient,
  guidebookId: string,
  patches: Patch[],
  revision: number,
): Promise<DocumentChangeAccepted> {
  const { data } = await api.request({
    method: 'PATCH',
    path: `/guidebooks/${encodeURIComponent(guidebookId)}`,
    body: { patches },
    headers: ifMatch(revision),
    schema: documentChangeAcceptedSchema,
  });
  return data;
}

/** PUT /api/guidebooks/{id}: the whole document (the conflict dialog's "keep mine"). */
export async function saveWholeGuidebook(
  api: ApiClient,
  guidebookId: string,
  doc: GuidebookDocument,
  revision?: number,
): Promise<DocumentChangeAccepted> {
  const { data } = await api.request({
    method: 'PUT',
    path: `/guidebooks/${encodeURIComponent(guidebookId)}`,
    body: doc,
    ...(revision === undefined ? {} : { headers: ifMatch(revision) }),
    schema: documentChangeAcceptedSchema,
  });
  return data;
}

/** POST /api/guidebooks: the first save of a NEW or sample guidebook. */
export async function insertGuidebook(
  api: ApiClient,
  doc: GuidebookDocument,
  source: 'new' | 'sample',
): Promise<CommandAccepted> {
  const { data } = await api.request({
    method: 'POST',
    path: '/guidebooks',
    body: { ...doc, source },
    schema: commandAcceptedSchema,
  });
  return data;
}
