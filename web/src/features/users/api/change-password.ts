import { useMutation } from '@tanstack/react-query';
import { passwordChangeAckSchema, type PasswordChangeAck } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useSessionStore } from '../../../lib/session-context.tsx';

export type PasswordChange = { email: string; oldPassword: string; newPassword: string };

/**
 * PUT /api/users/{id}/password: the email and the OLD password as HTTP Basic credentials, the new one in the body.
 * Every session signed in before ends; the answer's token keeps this device signed in.
 */
export async function changePassword(
  api: ApiClient,
  userId: string,
  change: PasswordChange,
): Promise<PasswordChangeAck> {
  const { data } = await api.request({
    method: 'PUT',
    path: `/users/${encodeURIComponent(userId)}/password`,
    auth: { basic: { email: change.email, password: change.oldPassword } },
    body: { password: change.newPassword },
    schema: passwordChangeAckSchema,
  });
  return data;
}

export function useChangePassword(userId: string) {
  const api = useApiClient();
  const store = useSessionStore();
  return useMutation({
    mutationFn: (change: PasswordChange) => changePassword(api, userId, change),
    onSuccess: ({ token }) => store.update({ token }),
  });
}
