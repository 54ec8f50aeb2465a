import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { accountAckSchema, type AccountAck } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

// contracts has no schema for this answer yet; only "it answered 200" matters here (404 means not valid).
const resetLinkCheckSchema = z.object({ valid: z.boolean() });

/** GET /api/password-resets/check/{token}: 200 while the link is open, 404 once it is spent, expired or unknown. */
export async function checkResetLink(api: ApiClient, token: string, signal?: AbortSignal): Promise<boolean> {
  const { data } = await api.request({
    path: `/password-resets/check/${encodeURIComponent(token)}`,
    auth: 'none',
    schema: resetLinkCheckSchema,
    signal,
  });
  return data.valid;
}

export function checkResetLinkQueryOptions(api: ApiClient, token: string) {
  return queryOptions({
    queryKey: ['password-resets', 'check', token],
    queryFn: ({ signal }) => checkResetLink(api, token, signal),
    // A link does not come back to life: ask once per visit.
    staleTime: Infinity,
    retry: false,
  });
}

export function useResetLinkCheck(token: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({ ...checkResetLinkQueryOptions(api, token), enabled });
}

/** PUT /api/password-resets/{token}: sets the new password and spends the link. */
export async function resetPassword(api: ApiClient, token: string, password: string): Promise<AccountAck> {
  const { data } = await api.request({
    method: 'PUT',
    path: `/password-resets/${encodeURIComponent(token)}`,
    body: { password },
    auth: 'none',
    schema: accountAckSchema,
  });
  return data;
}

export function useResetPassword(token: string) {
  const api = useApiClient();
  return useMutation({ mutationFn: (password: string) => resetPassword(api, token, password) });
}
