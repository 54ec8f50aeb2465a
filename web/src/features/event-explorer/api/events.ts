import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { eventDetailSchema, eventListSchema, guidebookAsOfSchema } from '@pocketguide/contracts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** The explorer's filters as the URL keeps them; times are ISO instants. */
export type EventFilters = { type?: string; stream?: string; actor?: string; from?: string; to?: string };

export const EVENT_PAGE_SIZE = 100;

export const filterQuery = (filters: EventFilters): Record<string, string | undefined> => ({
  type: filters.type || undefined,
  stream: filters.stream || undefined,
  actor: filters.actor || undefined,
  from: filters.from || undefined,
  to: filters.to || undefined,
});

/** GET admin/events: newest first, a page at a time, each page after the last one's cursor. */
export function useEventPages(filters: EventFilters) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: ['event-explorer', 'events', filters],
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.request({
          path: '/admin/events',
          query: { ...filterQuery(filters), limit: EVENT_PAGE_SIZE, before: pageParam },
          schema: eventListSchema,
          signal,
        })
      ).data,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** GET admin/events/{position}: the event, secrets redacted, with its causation chain. */
export function useEventDetail(position: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['event-explorer', 'event', position],
    enabled: position !== null,
    queryFn: async ({ signal }) =>
      (await api.request({ path: `/admin/events/${position}`, schema: eventDetailSchema, signal })).data,
  });
}

/** GET admin/guidebooks/{id}/as-of?at: the guidebook replayed up to that instant. */
export function useGuidebookAsOf(request: { guidebookId: string; at: string } | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['event-explorer', 'as-of', request],
    enabled: request !== null,
    queryFn: async ({ signal }) =>
      (
        await api.request({
          path: `/admin/guidebooks/${encodeURIComponent(request?.guidebookId ?? '')}/as-of`,
          query: { at: request?.at },
          schema: guidebookAsOfSchema,
          signal,
        })
      ).data,
  });
}
