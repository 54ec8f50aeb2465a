import { queryOptions, useQuery } from '@tanstack/react-query';
import { userGuidebookRowsSchema } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import {
  guidebookListsQueryKey,
  listQuery,
  listQueryBehaviour,
  withConsistency,
  type AdminGuidebookListPage,
  type GuidebookListFilters,
} from './list-page.ts';

/** GET /api/admin/users/{userId}/guidebooks: one person's guidebooks, for administrators (spec 3 §2.6). */
export async function getUserGuidebooks(
  api: ApiClient,
  userId: string,
  filters: GuidebookListFilters,
  signal?: AbortSignal,
): Promise<AdminGuidebookListPage> {
  const { data, headers } = await api.request({
    path: `/admin/users/${encodeURIComponent(userId)}/guidebooks`,
    query: listQuery(filters),
    schema: userGuidebookRowsSchema,
    signal,
  });
  // The same rows come twice (`response` is the spec's name); the screens read `results`.
  const { response: _response, ...page } = data;
  return withConsistency(page, headers);
}

export function getUserGuidebooksQueryOptions(api: ApiClient, userId: string, filters: GuidebookListFilters) {
  return queryOptions({
    queryKey: [...guidebookListsQueryKey, 'user', userId, filters],
    queryFn: ({ signal }) => getUserGuidebooks(api, userId, filters, signal),
  });
}

export function useUserGuidebooks(
  userId: string,
  filters: GuidebookListFilters,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const api = useApiClient();
  return useQuery({ ...getUserGuidebooksQueryOptions(api, userId, filters), ...listQueryBehaviour, enabled });
}
