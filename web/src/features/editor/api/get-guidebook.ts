import { guidebookViewSchema, type GuidebookDocument, type GuidebookView } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import type { EditorSettings } from '../editor-store.ts';

/** GET /api/guidebooks/{id} (owner or administrator). `after` waits until the read model holds that write. */
export async function getGuidebook(
  api: ApiClient,
  guidebookId: string,
  options: { after?: number; signal?: AbortSignal } = {},
): Promise<GuidebookView> {
  const { data } = await api.request({
    path: `/guidebooks/${encodeURIComponent(guidebookId)}`,
    query: { after: options.after },
    schema: guidebookViewSchema,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return data;
}

export const guidebookQueryKey = (guidebookId: string) => ['guidebooks', 'editor', guidebookId] as const;

/** The document part of the answer: exactly the keys the document schema knows (the answer also has settings). */
export function documentOf(view: GuidebookView): GuidebookDocument {
  return {
    title: view.title,
    header: view.header,
    subheader: view.subheader,
    footer: view.footer,
    home: view.home,
    contents: view.contents,
  };
}

export function settingsOf(view: GuidebookView): EditorSettings {
  return {
    uuid: view.uuid,
    ownerId: view.user,
    company: view.company,
    published: view.published,
    isPublicGallery: view.isPublicGallery,
    hasPassword: view.hasPassword,
    password: view.password ?? '',
    isSampleGuidebook: view.isSampleGuidebook,
    isSampleContent: view.isSampleContent,
  };
}
