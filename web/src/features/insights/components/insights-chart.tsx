import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { InsightsDay } from '@pocketguide/contracts/insights/reading';

export const INSIGHTS_CHART_HEIGHT = 260;

/** Readers and visits per day. Loaded on its own, so recharts stays out of every other page. */
export default function InsightsChart({ days }: { days: readonly InsightsDay[] }) {
  const { t } = useTranslation();
  const label = (day: string) => day.slice(5).replace('-', '.');
  return (
    <div style={{ height: INSIGHTS_CHART_HEIGHT }} className="w-full" data-chart="insights-days">
      <ResponsiveContainer width="100%" height={INSIGHTS_CHART_HEIGHT}>
        <LineChart data={days} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e5e7eb" strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="day"
            tickFormatter={label}
            tick={{ fontSize: 12, fill: '#6b7280' }}
            tickLine={false}
            axisLine={{ stroke: '#e5e7eb' }}
            interval="preserveStartEnd"
            minTickGap={16}
          />
          <YAxis
            tick={{ fontSize: 12, fill: '#6b7280' }}
            tickLine={false}
            axisLine={false}
            width={40}
            allowDecimals={false}
          />
          <Tooltip
            labelFormatter={(day) => String(day).replaceAll('-', '.')}
            contentStyle={{ borderRadius: 8, borderColor: '#e5e7eb', fontSize: 13 }}
          />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Line
            name={t('insights.chart.readers')}
            type="monotone"
            dataKey="readers"
            stroke="var(--color-primary-600)"
            strokeWidth={2.5}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            name={t('insights.chart.sessions')}
            type="monotone"
            dataKey="sessions"
            stroke="var(--color-accent-600)"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
