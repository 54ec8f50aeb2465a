import { queryOptions, useQuery } from '@tanstack/react-query';
import { guidebookRowsSchema } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import {
  guidebookListsQueryKey,
  listQuery,
  listQueryBehaviour,
  withConsistency,
  type GuidebookListFilters,
  type GuidebookListPage,
} from './list-page.ts';

/** GET /api/guidebooks/: the signed-in person's own guidebooks, a page of 10, newest update first. */
export async function getGuidebooks(
  api: ApiClient,
  filters: GuidebookListFilters,
  signal?: AbortSignal,
): Promise<GuidebookListPage> {
  const { data, headers } = await api.request({
    path: '/guidebooks/',
    query: listQuery(filters),
    schema: guidebookRowsSchema,
    signal,
  });
  return withConsistency(data, headers);
}

export function getGuidebooksQueryOptions(api: ApiClient, filters: GuidebookListFilters) {
  return queryOptions({
    queryKey: [...guidebookListsQueryKey, 'own', filters],
    queryFn: ({ signal }) => getGuidebooks(api, filters, signal),
  });
}

export function useGuidebooks(filters: GuidebookListFilters, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useQuery({ ...getGuidebooksQueryOptions(api, filters), ...listQueryBehaviour, enabled });
}
