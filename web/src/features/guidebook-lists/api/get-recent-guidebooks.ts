import { queryOptions, useQuery } from '@tanstack/react-query';
import { guidebookRowsSchema, RECENT_LIMIT } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { guidebookListsQueryKey, listQueryBehaviour, withConsistency, type GuidebookListPage } from './list-page.ts';
import { useThumbnailPolling } from './thumbnail-polling.ts';

export type RecentGuidebooksParams = {
  /** with a search, pages of search results of the same size (spec: "search request also limit 3") */
  search: string;
  page: number;
  after?: number | undefined;
};

/** GET /api/guidebooks/recent?limit=3: the person's newest three; with `search`, pages of three matches. */
export async function getRecentGuidebooks(
  api: ApiClient,
  { search, page, after }: RecentGuidebooksParams,
  signal?: AbortSignal,
): Promise<GuidebookListPage> {
  const { data, headers } = await api.request({
    path: '/guidebooks/recent',
    query: { limit: RECENT_LIMIT, search: search || undefined, page: search && page > 1 ? page : undefined, after },
    schema: guidebookRowsSchema,
    signal,
  });
  return withConsistency(data, headers);
}

export function getRecentGuidebooksQueryOptions(api: ApiClient, params: RecentGuidebooksParams) {
  return queryOptions({
    queryKey: [...guidebookListsQueryKey, 'recent', params],
    queryFn: ({ signal }) => getRecentGuidebooks(api, params, signal),
  });
}

/** The cards poll while a thumbnail is being generated (spec 1 §4); the search results table does not. */
export function useRecentGuidebooks(params: RecentGuidebooksParams, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const pollThumbnails = useThumbnailPolling();
  return useQuery({
    ...getRecentGuidebooksQueryOptions(api, params),
    ...listQueryBehaviour,
    refetchInterval: (query) =>
      listQueryBehaviour.refetchInterval(query) || (params.search ? false : pollThumbnails(query.state.data)),
    enabled,
  });
}
