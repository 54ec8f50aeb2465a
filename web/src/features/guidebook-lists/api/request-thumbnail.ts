import { useMutation } from '@tanstack/react-query';
import { thumbnailRequestAnswerSchema, type ThumbnailRequestAnswer } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** Who asks: an owner through the user endpoint (own guidebooks, 5 a minute), an administrator through theirs. */
export type ThumbnailRequester = 'owner' | 'admin';

/**
 * POST /api/thumbnails/generate `{guidebookIds: [id], priority: 'high'}` for an owner; POST
 * /api/admin/thumbnails/generate `{guidebookId}` (high by default) for an administrator (spec 1 §7).
 */
export async function requestThumbnail(
  api: ApiClient,
  guidebookId: string,
  as: ThumbnailRequester,
): Promise<ThumbnailRequestAnswer> {
  const { data } =
    as === 'admin'
      ? await api.request({
          method: 'POST',
          path: '/admin/thumbnails/generate',
          body: { guidebookId },
          schema: thumbnailRequestAnswerSchema,
        })
      : await api.request({
          method: 'POST',
          path: '/thumbnails/generate',
          body: { guidebookIds: [guidebookId], priority: 'high' },
          schema: thumbnailRequestAnswerSchema,
        });
  return data;
}

export function useRequestThumbnail() {
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ guidebookId, as }: { guidebookId: string; as: ThumbnailRequester }) =>
      requestThumbnail(api, guidebookId, as),
    // Spec 1 §8: any other failure says "try later" on the card; it is not the server-down page.
    meta: { handlesNetworkError: true },
  });
}
