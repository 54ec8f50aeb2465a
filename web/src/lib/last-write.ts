import { useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * The log position of this browser's last write of something, kept in the query cache under `queryKey`. Screens
 * that show the write's effects (a change history, a list) read after it, so a save shows at once rather than on the
 * next reload. Only `noteLastWrite` sets it: nothing is ever fetched for the key.
 */
export function noteLastWrite(queryClient: QueryClient, queryKey: QueryKey, position: number): void {
  queryClient.setQueryData<number>(queryKey, position);
}

/** The position `noteLastWrite` last set under `queryKey`, if any. */
export function lastWriteOf(queryClient: QueryClient, queryKey: QueryKey): number | undefined {
  return queryClient.getQueryData<number>(queryKey);
}

/** The same, watched: the screen renders again when `noteLastWrite` sets it. */
export function useLastWrite(queryKey: QueryKey): number | undefined {
  // never fetched (enabled: false); useQuery only subscribes the screen to the key
  return useQuery<number | null>({ queryKey, queryFn: () => null, enabled: false }).data ?? undefined;
}
