import { useMutation } from '@tanstack/react-query';
import { accountAckSchema, type AccountAck } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

export type PasswordResetRequest = {
  email: string;
  /** the reset page's address; the mail links to `{link}/{token}` */
  link: string;
};

/** POST /api/password-resets: the same answer whether or not the email has an account. */
export async function requestPasswordReset(api: ApiClient, body: PasswordResetRequest): Promise<AccountAck> {
  const { data } = await api.request({
    method: 'POST',
    path: '/password-resets',
    body,
    auth: 'none',
    schema: accountAckSchema,
  });
  return data;
}

export function useRequestPasswordReset() {
  const api = useApiClient();
  return useMutation({ mutationFn: (body: PasswordResetRequest) => requestPasswordReset(api, body) });
}
