import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WireLanguage } from '../../../lib/i18n.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { getUser, userQueryKey } from './get-user.ts';
import { updateProfile } from './update-profile.ts';

/**
 * Keeps the reader's language on their account. PUT /api/users/{id} takes the whole profile, so the current one
 * is read first. Best effort and quiet: the switch has already happened on screen and in the session; a failure
 * here only means the next sign-in elsewhere starts in the old language.
 */
export async function saveLanguage(api: ApiClient, userId: string, language: WireLanguage) {
  const user = await getUser(api, userId, undefined);
  const { name, companyName, companyAddress, companyPhone, companyWebsite, mobile, email } = user;
  return updateProfile(api, userId, { name, companyName, companyAddress, companyPhone, companyWebsite, mobile, email, language });
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
