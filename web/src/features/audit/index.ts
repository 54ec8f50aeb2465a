export { AuditTimeline, type AuditTimelineProps } from './components/audit-timeline.tsx';
export { actorLabel, describeEvent } from './describe-event.ts';
