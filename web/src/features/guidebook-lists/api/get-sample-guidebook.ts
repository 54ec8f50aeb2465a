import { queryOptions, useQuery } from '@tanstack/react-query';
import { sampleGuidebookSchema, type Language as WireLanguage, type SampleGuidebook } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/**
 * GET /api/sample/guidebook: what a person without guidebooks is offered to start from (spec 1 §2). The language is
 * sent rather than left to the profile, which a language switch saves a moment later.
 */
export async function getSampleGuidebook(
  api: ApiClient,
  lang: WireLanguage,
  signal?: AbortSignal,
): Promise<SampleGuidebook> {
  const { data } = await api.request({
    path: '/sample/guidebook',
    query: { lang },
    schema: sampleGuidebookSchema,
    signal,
  });
  return data;
}

export function getSampleGuidebookQueryOptions(api: ApiClient, lang: WireLanguage) {
  return queryOptions({
    queryKey: ['guidebooks', 'sample', lang],
    queryFn: ({ signal }) => getSampleGuidebook(api, lang, signal),
    staleTime: 5 * 60_000,
  });
}

export function useSampleGuidebook(lang: WireLanguage, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useQuery({ ...getSampleGuidebookQueryOptions(api, lang), enabled });
}
