import {
  sampleContentsSchema,
  sampleGuidebookSchema,
  type SampleContents,
  type SampleGuidebook,
} from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';

export async function getSampleGuidebook(api: ApiClient, signal?: AbortSignal): Promise<SampleGuidebook> {
  const { data } = await api.request({
    path: '/sample/guidebook',
    schema: sampleGuidebookSchema,
    ...(signal ? { signal } : {}),
  });
  return data;
}

export const sampleContentsQueryKey = ['sample', 'guidebook-content'] as const;

export async function getSampleContents(api: ApiClient, signal?: AbortSignal): Promise<SampleContents> {
  const { data } = await api.request({
    path: '/sample/guidebook-content',
    schema: sampleContentsSchema,
    ...(signal ? { signal } : {}),
  });
  return data;
}
