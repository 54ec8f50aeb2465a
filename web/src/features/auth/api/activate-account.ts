import { useQuery } from '@tanstack/react-query';
import { accountAckSchema, type AccountAck } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** GET /api/users/activate/{email}/{hash}: verifies the email (a second click is answered 200 as well). */
export async function activateAccount(
  api: ApiClient,
  email: string,
  hash: string,
  signal?: AbortSignal,
): Promise<AccountAck> {
  const { data } = await api.request({
    path: `/users/activate/${encodeURIComponent(email)}/${encodeURIComponent(hash)}`,
    auth: 'none',
    schema: accountAckSchema,
    signal,
  });
  return data;
}

/** A query rather than a mutation: the call is safe to repeat, and one request serves a double render. */
export function useActivateAccount(email: string, hash: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['users', 'activate', email, hash],
    queryFn: ({ signal }) => activateAccount(api, email, hash, signal),
    staleTime: Infinity,
    retry: false,
  });
}
