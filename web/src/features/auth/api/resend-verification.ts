import { useMutation } from '@tanstack/react-query';
import { accountAckSchema, type AccountAck } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** POST /api/users/verify/{email}: sends a new verification mail (409 when already verified, 404 when unknown). */
export async function resendVerification(api: ApiClient, email: string): Promise<AccountAck> {
  const { data } = await api.request({
    method: 'POST',
    path: `/users/verify/${encodeURIComponent(email)}`,
    auth: 'none',
    schema: accountAckSchema,
  });
  return data;
}

export function useResendVerification() {
  const api = useApiClient();
  return useMutation({ mutationFn: (email: string) => resendVerification(api, email) });
}
