import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { guidebookListSchema, type GuidebookList } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

export type ReadConsistency = 'caught-up' | 'stale';

export type GuidebookListPage = GuidebookList & {
  /** `stale` when the server gave up waiting for its projection to reach `after`; the list may miss a new write. */
  consistency: ReadConsistency;
};

export type GetGuidebooksParams = {
  page?: number;
  /** A log position from a command answer: the read waits until the list includes that write (read-your-writes). */
  after?: number | undefined;
};

const STALE_RETRY_MS = 1500;

export async function getGuidebooks(
  api: ApiClient,
  { page = 1, after }: GetGuidebooksParams,
  signal?: AbortSignal,
): Promise<GuidebookListPage> {
  const { data, headers } = await api.request({
    path: '/guidebooks',
    query: { page: page > 1 ? page : undefined, after },
    schema: guidebookListSchema,
    signal,
  });
  const consistency: ReadConsistency = headers.get('X-Read-Consistency') === 'stale' ? 'stale' : 'caught-up';
  return { ...data, consistency };
}

export const guidebookListQueryKey = ['guidebooks', 'list'] as const;

export function getGuidebooksQueryOptions(api: ApiClient, { page = 1, after }: GetGuidebooksParams = {}) {
  return queryOptions({
    queryKey: [...guidebookListQueryKey, { page, after }],
    queryFn: ({ signal }) => getGuidebooks(api, { page, after }, signal),
  });
}

export function useGuidebooks(params: GetGuidebooksParams = {}) {
  const api = useApiClient();
  return useQuery({
    ...getGuidebooksQueryOptions(api, params),
    // Keep showing the current list while the next page or the read after a write loads, instead of a spinner.
    placeholderData: keepPreviousData,
    // A stale read may be missing the write just made: ask again shortly rather than show it as gone.
    refetchInterval: (query) => (query.state.data?.consistency === 'stale' ? STALE_RETRY_MS : false),
  });
}
