import { useMutation } from '@tanstack/react-query';
import { signupAcceptedSchema, type Signup, type SignupAccepted } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** POST /api/users: 201 (a verification mail is on its way) or 409 when the email is taken. */
export async function signUp(api: ApiClient, body: Signup): Promise<SignupAccepted> {
  const { data } = await api.request({
    method: 'POST',
    path: '/users',
    body,
    auth: 'none',
    schema: signupAcceptedSchema,
  });
  return data;
}

export function useSignUp() {
  const api = useApiClient();
  return useMutation({ mutationFn: (body: Signup) => signUp(api, body) });
}
