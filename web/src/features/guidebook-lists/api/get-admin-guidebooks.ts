import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminGuidebookRowsSchema } from '@pocketguide/contracts';
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
import { useThumbnailPolling } from './thumbnail-polling.ts';

export type AdminGuidebooksParams = GuidebookListFilters & {
  /** rows per page; the recent screen asks for 3 (README: `admin/guidebooks?limit=3`) */
  limit?: number | undefined;
};

/** GET /api/admin/guidebooks: everyone's guidebooks with their owners, for administrators (spec 3 §2.8). */
export async function getAdminGuidebooks(
  api: ApiClient,
  params: AdminGuidebooksParams,
  signal?: AbortSignal,
): Promise<AdminGuidebookListPage> {
  const { data, headers } = await api.request({
    path: '/admin/guidebooks',
    query: { ...listQuery(params), limit: params.limit },
    schema: adminGuidebookRowsSchema,
    signal,
  });
  return withConsistency(data, headers);
}

export function getAdminGuidebooksQueryOptions(api: ApiClient, params: AdminGuidebooksParams) {
  return queryOptions({
    queryKey: [...guidebookListsQueryKey, 'admin', params],
    queryFn: ({ signal }) => getAdminGuidebooks(api, params, signal),
  });
}

type UseAdminGuidebooksOptions = {
  enabled?: boolean;
  /** the recent screen's cards: poll while a thumbnail is being generated (spec 1 §4) */
  pollThumbnails?: boolean;
};

export function useAdminGuidebooks(
  params: AdminGuidebooksParams,
  { enabled = true, pollThumbnails = false }: UseAdminGuidebooksOptions = {},
) {
  const api = useApiClient();
  const thumbnailPolling = useThumbnailPolling();
  return useQuery({
    ...getAdminGuidebooksQueryOptions(api, params),
    ...listQueryBehaviour,
    refetchInterval: (query) =>
      listQueryBehaviour.refetchInterval(query) || (pollThumbnails ? thumbnailPolling(query.state.data) : false),
    enabled,
  });
}
