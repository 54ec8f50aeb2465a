import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { DashboardSummary } from '@pocketguide/contracts/dashboard/dashboard-summary';
import { formatWon } from '../../payments/payment-text.ts';
import { CHART_HEIGHT, ChartFrame, TREND_TITLES, TRENDS_GRID } from './chart-frame.tsx';

type Point = { month: string; value: number };

function monthLabel(month: string, language: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'ko-KR', { month: 'short' }).format(
    new Date(Date.UTC(year, number - 1, 15)),
  );
}

function TrendChart({
  title,
  points,
  format,
  colour,
}: {
  title: string;
  points: Point[];
  format: (value: number) => string;
  colour: string;
}) {
  const { i18n } = useTranslation();
  const compact = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'ko-KR', {
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  return (
    <ChartFrame title={title}>
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e5e7eb" strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="month"
            tickFormatter={(month: string) => monthLabel(month, i18n.language)}
            tick={{ fontSize: 12, fill: '#6b7280' }}
            tickLine={false}
            axisLine={{ stroke: '#e5e7eb' }}
            interval="preserveStartEnd"
            minTickGap={8}
          />
          <YAxis
            tickFormatter={(value: number) => compact.format(value)}
            tick={{ fontSize: 12, fill: '#6b7280' }}
            tickLine={false}
            axisLine={false}
            width={48}
            allowDecimals={false}
          />
          <Tooltip
            formatter={(value) => [format(Number(value)), title]}
            labelFormatter={(month) => String(month).replace('-', '.')}
            contentStyle={{ borderRadius: 8, borderColor: '#e5e7eb', fontSize: 13 }}
          />
          <Line
            type="monotone"
            dataKey="value"
            stroke={colour}
            strokeWidth={2.5}
            dot={{ r: 3 }}
            activeDot={{ r: 5 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** The three 12-month trends (spec 3 §2.5). Loaded on its own, so recharts stays out of every other page. */
export default function DashboardCharts({ summary }: { summary: DashboardSummary }) {
  const { t, i18n } = useTranslation();
  const count = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'ko-KR');
  return (
    <div className={TRENDS_GRID}>
      <TrendChart
        title={t(TREND_TITLES[0])}
        points={summary.guidebooksTrend.map((point) => ({ month: point.month, value: point.total }))}
        format={(value) => t('dashboard.units.guidebooks', { count: value, formatted: count.format(value) })}
        colour="var(--color-primary-600)"
      />
      <TrendChart
        title={t(TREND_TITLES[1])}
        points={summary.usersTrend.map((point) => ({ month: point.month, value: point.paidUsers }))}
        format={(value) => t('dashboard.units.people', { count: value, formatted: count.format(value) })}
        colour="var(--color-info-700)"
      />
      <TrendChart
        title={t(TREND_TITLES[2])}
        points={summary.paymentsTrend.map((point) => ({ month: point.month, value: point.amount }))}
        format={(value) => formatWon(value, i18n.language)}
        colour="var(--color-accent-600)"
      />
    </div>
  );
}
