import { GUIDEBOOK_MESSAGES, type GuidebookEvent } from '@pocketguide/contracts';
import { ConflictError, ForbiddenError } from '@pocketguide/platform/http/errors';
import type { DeleteGuidebook, PublishGuidebook, SetPublicGallery, UnpublishGuidebook } from './guidebook-commands.ts';
import { checked } from './guidebook-document-change.ts';
import { SubscriptionRequiredError } from './guidebook-errors.ts';
import { NOT_YOURS, changeableGuidebook, mayChange, type GuidebookState } from './guidebook-state.ts';

/**
 * The commands that decide who sees a guidebook: deleting, publishing, the public gallery. One decide function each;
 * the owner's publishing slots are taken and given back around them by `publish-slots.ts`.
 */

export function deleteGuidebook(command: DeleteGuidebook, state: GuidebookState): GuidebookEvent[] {
  // Deleting twice is the same as once: a retried click must not fail.
  if (state.status === 'deleted') {
    if (!mayChange(state.guidebook, command.data.actor)) throw new ForbiddenError(NOT_YOURS);
    return [];
  }
  const guidebook = changeableGuidebook(state, command.data.actor);
  const now = command.data.now.toISOString();
  const { guidebookId } = guidebook;
  const deleted = checked({ type: 'GuidebookDeleted', data: { guidebookId, deletedAt: now } });
  if (!guidebook.settings.published) return [deleted];
  return [
    checked({ type: 'GuidebookUnpublished', data: { guidebookId, reason: 'deleted', unpublishedAt: now } }),
    deleted,
  ];
}

export function publishGuidebook(command: PublishGuidebook, state: GuidebookState): GuidebookEvent[] {
  const guidebook = changeableGuidebook(state, command.data.actor);
  if (guidebook.settings.published) return [];
  if (!command.data.mayPublish) throw new SubscriptionRequiredError();
  return [
    checked({
      type: 'GuidebookPublished',
      data: { guidebookId: guidebook.guidebookId, publishedAt: command.data.now.toISOString() },
    }),
  ];
}

export function unpublishGuidebook(command: UnpublishGuidebook, state: GuidebookState): GuidebookEvent[] {
  const guidebook = changeableGuidebook(state, command.data.actor);
  if (!guidebook.settings.published) return [];
  const { reason, now } = command.data;
  return [
    checked({
      type: 'GuidebookUnpublished',
      data: { guidebookId: guidebook.guidebookId, reason, unpublishedAt: now.toISOString() },
    }),
  ];
}

export function setPublicGallery(command: SetPublicGallery, state: GuidebookState): GuidebookEvent[] {
  const guidebook = changeableGuidebook(state, command.data.actor);
  const { isPublicGallery, now } = command.data;
  if (guidebook.settings.isPublicGallery === isPublicGallery) return [];
  if (isPublicGallery && !guidebook.settings.published)
    throw new ConflictError(GUIDEBOOK_MESSAGES.galleryNeedsPublished);
  return [
    checked({
      type: 'GuidebookPublicGallerySet',
      data: { guidebookId: guidebook.guidebookId, isPublicGallery, setAt: now.toISOString() },
    }),
  ];
}
