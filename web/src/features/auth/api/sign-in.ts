import { useMutation } from '@tanstack/react-query';
import { authResponseSchema, type AuthResponse } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

export type SignInCredentials = { email: string; password: string };

/** POST /api/auth with HTTP Basic credentials: 201 with a token and the session data. */
export async function signIn(api: ApiClient, credentials: SignInCredentials): Promise<AuthResponse> {
  const { data } = await api.request({
    method: 'POST',
    path: '/auth',
    auth: { basic: credentials },
    schema: authResponseSchema,
  });
  return data;
}

export function useSignIn() {
  const api = useApiClient();
  return useMutation({ mutationFn: (credentials: SignInCredentials) => signIn(api, credentials) });
}
