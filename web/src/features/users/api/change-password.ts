import { useMutation } from '@tanstack/react-query';
import { accountAckSchema, type AccountAck } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

export type PasswordChange = { email: string; oldPassword: string; newPassword: string };

/** PUT /api/users/{id}/password: the email and the OLD password as HTTP Basic credentials, the new one in the body. */
export async function changePassword(api: ApiClient, userId: string, change: PasswordChange): Promise<AccountAck> {
  const { data } = await api.request({
    method: 'PUT',
    path: `/users/${encodeURIComponent(userId)}/password`,
    auth: { basic: { email: change.email, password: change.oldPassword } },
    body: { password: change.newPassword },
    schema: accountAckSchema,
  });
  return data;
}

export function useChangePassword(userId: string) {
  const api = useApiClient();
  return useMutation({ mutationFn: (change: PasswordChange) => changePassword(api, userId, change) });
}
