import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userUpdatedSchema, type ProfileUpdate, type UserUpdated } from '@pocketguide/contracts';
import type { WireLanguage } from '../../../lib/i18n.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useSessionStore } from '../../../lib/session-context.tsx';
import { userQueryKey } from './get-user.ts';

export type ProfileSave = ProfileUpdate & { email: string; language: WireLanguage };

/** PUT /api/users/{id} with the whole profile (the spec's client sends the user object back). */
export async function updateProfile(api: ApiClient, userId: string, body: ProfileSave): Promise<UserUpdated> {
  const { data } = await api.request({
    method: 'PUT',
    path: `/users/${encodeURIComponent(userId)}`,
    body,
    schema: userUpdatedSchema,
  });
  return data;
}

/** The answer replaces the cached user and the session's profile fields (name and company show in the header). */
export function useUpdateProfile(userId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSessionStore();
  return useMutation({
    mutationFn: (body: ProfileSave) => updateProfile(api, userId, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(userQueryKey(userId), updated);
      session.update(updated);
    },
  });
}
