import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { userViewSchema, type UserView } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** What the cache holds for a user: the view, and the log position of the last write this browser made to it. */
export type CachedUser = UserView & { position?: number };

export const userQueryKey = (userId: string) => ['users', 'detail', userId] as const;

/** GET /api/users/{id}; `after` makes the server wait until the read model shows that write. */
export async function getUser(
  api: ApiClient,
  userId: string,
  after: number | undefined,
  signal?: AbortSignal,
): Promise<UserView> {
  const { data } = await api.request({
    path: `/users/${encodeURIComponent(userId)}`,
    query: { after },
    schema: userViewSchema,
    signal,
  });
  return data;
}

export function getUserQueryOptions(api: ApiClient, queryClient: QueryClient, userId: string) {
  return queryOptions({
    queryKey: userQueryKey(userId),
    queryFn: ({ signal }): Promise<CachedUser> => {
      // A refetch after this browser saved the profile reads its own write, not an older copy.
      const after = queryClient.getQueryData<CachedUser>(userQueryKey(userId))?.position;
      return getUser(api, userId, after, signal);
    },
  });
}

export function useUser(userId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useQuery(getUserQueryOptions(api, queryClient, userId));
}
