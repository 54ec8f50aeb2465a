export { InsightsView } from './components/insights-view.tsx';
export { koreanToday, shiftDay, type InsightsRange, type InsightsTarget } from './api/insights.ts';
