import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userUpdatedSchema, type UserUpdated } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useSessionStore } from '../../../lib/session-context.tsx';
import { userQueryKey } from './get-user.ts';

export type PortraitUpload = { file: File; onProgress: (fraction: number) => void };

/** PUT /api/users/{id}/image, multipart: the server resizes the portrait and answers the updated user. */
export async function uploadPortrait(
  api: ApiClient,
  userId: string,
  { file, onProgress }: PortraitUpload,
): Promise<UserUpdated> {
  const { data } = await api.upload({
    path: `/users/${encodeURIComponent(userId)}/image`,
    file,
    field: 'image',
    schema: userUpdatedSchema,
    onProgress,
  });
  return data;
}

export function useUploadPortrait(userId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSessionStore();
  return useMutation({
    mutationFn: (upload: PortraitUpload) => uploadPortrait(api, userId, upload),
    onSuccess: (updated) => {
      queryClient.setQueryData(userQueryKey(userId), updated);
      session.update({ image: updated.image });
    },
  });
}
