import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  iconDeleteAnswerSchema,
  iconListSchema,
  iconUploadAnswerSchema,
  ICON_UPLOAD_TIMEOUT_MS,
} from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** Whose icons: the signed-in person's own (GET icons) or everyone's (GET admin/icons, administrators). */
export type IconScope = 'own' | 'all';

export const iconsQueryKey = ['icons'] as const;

export function getIconsQueryOptions(api: ApiClient, scope: IconScope) {
  return queryOptions({
    queryKey: [...iconsQueryKey, scope],
    queryFn: async ({ signal }) =>
      (await api.request({ path: scope === 'all' ? '/admin/icons' : '/icons', schema: iconListSchema, signal })).data,
  });
}

export function useIcons(scope: IconScope, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getIconsQueryOptions(useApiClient(), scope), enabled });
}

/** POST icons: one PNG; the lists are read again once it is stored. */
export function useUploadIcon() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) =>
      (
        await api.upload({
          method: 'POST',
          path: '/icons',
          file,
          schema: iconUploadAnswerSchema,
          timeoutMs: ICON_UPLOAD_TIMEOUT_MS,
          ...(onProgress ? { onProgress } : {}),
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: iconsQueryKey }),
  });
}

/** DELETE icons/{iconId}: the owner's, or anyone's for an administrator. */
export function useDeleteIcon() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (iconId: string) =>
      (
        await api.request({
          method: 'DELETE',
          path: `/icons/${encodeURIComponent(iconId)}`,
          schema: iconDeleteAnswerSchema,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: iconsQueryKey }),
  });
}
