import type { ReactNode } from 'react';

/** The chart height the spec gives (§2.5, §10). */
export const CHART_HEIGHT = 300;

/**
 * A trend chart's card: its title and a box of the chart's height. The charts (recharts, in their own chunk) and the
 * room kept for them before they load share it, so the page below does not move when they arrive.
 */
export function ChartFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <figure
      className="flex min-w-0 flex-col gap-3 rounded-card border border-neutral-200 bg-white p-5 shadow-raised"
      data-chart={title}
    >
      <figcaption className="text-base font-semibold text-neutral-900">{title}</figcaption>
      <div style={{ height: CHART_HEIGHT }} className="w-full">
        {children}
      </div>
    </figure>
  );
}

/** The three trends' titles, in the order they are drawn, and the grid they sit in. */
export const TREND_TITLES = [
  'dashboard.charts.guidebooks',
  'dashboard.charts.paidUsers',
  'dashboard.charts.payments',
] as const;
export const TRENDS_GRID = 'grid gap-4 lg:grid-cols-3';
