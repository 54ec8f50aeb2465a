import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardSummarySchema } from '@pocketguide/contracts/dashboard/dashboard-summary';
import { useApiClient } from '../../../lib/api-client-context.tsx';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: (asOf: string | null) => ['dashboard', asOf ?? 'live'] as const,
};

/** GET /api/admin/dashboard, or with `?asOf=YYYY-MM-DD` the figures as they were at the end of that day. */
export function useDashboard(asOf: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: dashboardKeys.summary(asOf),
    queryFn: async ({ signal }) =>
      (
        await api.request({
          path: '/admin/dashboard',
          query: { asOf: asOf ?? undefined },
          schema: dashboardSummarySchema,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** Today's date in Korea (YYYY-MM-DD): the last day the server replays. */
export const reportingToday = (now = new Date()): string =>
  new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

/** YYYY-MM-DD → YYYY.MM.DD, as dates are shown. */
export const dottedDay = (day: string): string => day.replaceAll('-', '.');
