import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { feedbackPageSchema } from '@pocketguide/contracts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** GET admin/feedback: ten a page, newest first. */
export function useAdminFeedback(page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['feedback', 'admin', page],
    queryFn: async ({ signal }) =>
      (await api.request({ path: '/admin/feedback', query: { page, limit: 10 }, schema: feedbackPageSchema, signal }))
        .data,
    placeholderData: keepPreviousData,
  });
}
