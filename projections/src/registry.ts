import type { Projector } from './projector.ts';
import { guidebookListProjector } from './guidebook-list/guidebook-list-projector.ts';
import { guidebookEditorProjector } from './guidebook-editor/guidebook-editor-projector.ts';
import { usersProjector } from './users/users-projector.ts';
import { passwordResetsProjector } from './password-resets/password-resets-projector.ts';
import { guidebookViewerProjector } from './guidebook-viewer/guidebook-viewer-projector.ts';
import { thumbnailQueueProjector } from './thumbnail-queue/thumbnail-queue-projector.ts';
import { publicGalleryProjector } from './public-gallery/public-gallery-projector.ts';
import { iconsProjector } from './icons/icons-projector.ts';
import { inboxProjector, messagesProjector } from './messages/messages-projectors.ts';
import { feedbackProjector } from './feedback/feedback-projector.ts';
import { auditTimelineProjector } from './audit/audit-timeline-projector.ts';
import { paymentsProjector } from './payments/payments-projector.ts';
import { dashboardProjector } from './dashboard/dashboard-projector.ts';
import { readingInsightsProjector } from './reading-insights/reading-insights-projector.ts';

/** Every read model the product has; the runner, the rebuild CLI and /api/health read this list. */
export const allProjectors: readonly Projector[] = [
  guidebookListProjector,
  guidebookEditorProjector,
  usersProjector,
  passwordResetsProjector,
  guidebookViewerProjector,
  thumbnailQueueProjector,
  publicGalleryProjector,
  iconsProjector,
  messagesProjector,
  inboxProjector,
  feedbackProjector,
  auditTimelineProjector,
  paymentsProjector,
  dashboardProjector,
  readingInsightsProjector,
];
