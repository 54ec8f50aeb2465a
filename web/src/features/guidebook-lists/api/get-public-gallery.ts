import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PUBLIC_GALLERY_PAGE_SIZE, publicGalleryPageSchema, type PublicGalleryPage } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { guidebookListsQueryKey } from './list-page.ts';
import { useThumbnailPolling } from './thumbnail-polling.ts';

/** GET /api/guidebooks/public-gallery?page&limit=20: public, no session needed. */
export async function getPublicGalleryPage(
  api: ApiClient,
  page: number,
  signal?: AbortSignal,
): Promise<PublicGalleryPage> {
  const { data } = await api.request({
    path: '/guidebooks/public-gallery',
    query: { page, limit: PUBLIC_GALLERY_PAGE_SIZE },
    schema: publicGalleryPageSchema,
    auth: 'none',
    signal,
  });
  return data;
}

/**
 * Spec 3 §8: starts at page 1; later pages append; no more pages once the last read page is at or past
 * `pageCount`. Under the lists' key, so a thumbnail regeneration re-reads the gallery as it does the lists.
 */
export function getPublicGalleryQueryOptions(api: ApiClient) {
  return infiniteQueryOptions({
    queryKey: [...guidebookListsQueryKey, 'public-gallery'],
    queryFn: ({ pageParam, signal }) => getPublicGalleryPage(api, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: PublicGalleryPage) => (last.page < last.pageCount ? last.page + 1 : undefined),
  });
}

/** Cards whose thumbnail is being generated are read again every 5 s for at most 2 minutes (spec 3 §8). */
export function usePublicGallery() {
  const pollThumbnails = useThumbnailPolling();
  return useInfiniteQuery({
    ...getPublicGalleryQueryOptions(useApiClient()),
    refetchInterval: (query) =>
      pollThumbnails(query.state.data ? { results: query.state.data.pages.flatMap((page) => page.items) } : undefined),
  });
}
