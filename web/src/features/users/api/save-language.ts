import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WireLanguage } from '../../../lib/i18n.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { userUpdatedSchema } from '@pocketguide/contracts';
import { userQueryKey } from './get-user.ts';

/**
 * Keeps the reader's language on their account: `PUT /api/users/{id}` with `{ language }` alone changes only the
 * language. Best effort and quiet: the switch has already happened on screen and in the session; a failure here
 * only means the next sign-in elsewhere starts in the old language.
 */
export async function saveLanguage(api: ApiClient, userId: string, language: WireLanguage) {
  const { data } = await api.request({
    method: 'PUT',
    path: `/users/${encodeURIComponent(userId)}`,
    body: { language },
    schema: userUpdatedSchema,
  });
  return data;
}

export function useSaveLanguage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(
    (userId: string, language: WireLanguage) => {
      saveLanguage(api, userId, language).then(
        (updated) => queryClient.setQueryData(userQueryKey(userId), updated),
        () => {
          // Quiet by design (see above).
        },
      );
    },
    [api, queryClient],
  );
}
