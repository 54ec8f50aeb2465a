import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditPageSchema, type AuditSubjectType } from '@pocketguide/contracts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

export type AuditTimelineFilter = { actor?: string; type?: string; page: number };

/**
 * GET admin/audit/{subject}/{id}: one page of a subject's timeline, newest first. `after`: the log position of a
 * write the screen just made (a refund): the timeline is read again, at least up to it, so it shows at once.
 */
export function useAuditTimeline(subject: AuditSubjectType, id: string, filter: AuditTimelineFilter, after?: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['audit', subject, id, filter, after ?? null],
    queryFn: async ({ signal }) =>
      (
        await api.request({
          path: `/admin/audit/${subject}/${encodeURIComponent(id)}`,
          query: {
            page: filter.page,
            limit: 20,
            actor: filter.actor || undefined,
            type: filter.type || undefined,
            after,
          },
          schema: auditPageSchema,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}
