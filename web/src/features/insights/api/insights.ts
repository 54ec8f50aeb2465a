import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { insightsAnswerSchema } from '@pocketguide/contracts/insights/reading';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { downloadExport } from '../../../lib/download-export.ts';

export type InsightsTarget = { kind: 'guidebook'; guidebookId: string } | { kind: 'site'; company: string | null };
export type InsightsRange = { from: string; to: string };

const pathOf = (target: InsightsTarget): string =>
  target.kind === 'guidebook' ? `/guidebooks/${encodeURIComponent(target.guidebookId)}/insights` : '/admin/insights';

const queryOf = (target: InsightsTarget, range: InsightsRange) => ({
  from: range.from,
  to: range.to,
  company: target.kind === 'site' ? (target.company ?? undefined) : undefined,
});

export const insightsKeys = {
  all: ['insights'] as const,
  of: (target: InsightsTarget, range: InsightsRange) => ['insights', target, range] as const,
};

/** GET /api/guidebooks/{id}/insights or /api/admin/insights for a range of Korean days, with the period before. */
export function useInsights(target: InsightsTarget, range: InsightsRange) {
  const api = useApiClient();
  return useQuery({
    queryKey: insightsKeys.of(target, range),
    queryFn: async ({ signal }) =>
      (await api.request({ path: pathOf(target), query: queryOf(target, range), schema: insightsAnswerSchema, signal }))
        .data,
    placeholderData: keepPreviousData,
  });
}

/** The same figures as CSV, fetched with the session and handed to the browser as a file. */
export function insightsCsv(target: InsightsTarget, range: InsightsRange, token: string | undefined): Promise<void> {
  return downloadExport(
    pathOf(target),
    { ...queryOf(target, range), format: 'csv' },
    token,
    `insights-${range.from}-${range.to}.csv`,
  );
}

/** Today in Korea (YYYY-MM-DD): the product's day. */
export const koreanToday = (now = new Date()): string =>
  new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

export const shiftDay = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
