import { guidebookEventTime, type GuidebookCreated, type GuidebookEvent, type GuidebookSettingsFields } from '@pocketguide/contracts';

/** The settings part of the guidebook read models: the same fields, evolved the same way in both. */

export function initialSettings({ data }: GuidebookCreated): GuidebookSettingsFields {
  return {
    id: data.guidebookId,
    uuid: data.uuid,
    ownerId: data.ownerId,
    company: data.company,
    published: false,
    isPublicGallery: false,
    isSampleGuidebook: false,
    isSampleContent: false,
    thumbnailUrl: null,
    thumbnailGeneratedAt: null,
    views: { count: 0 },
    createdAt: data.createdAt,
    updatedAt: data.createdAt,
  };
}

/**
 * When an event changed the guidebook in a way people see as an update: the document, publishing and the settings
 * a person saves. Thumbnails (a worker's) and the deletion itself do not count, so a new thumbnail never makes the
 * guidebook look changed after it (which would mark it stale at once).
 */
export function updatedAtOf(event: GuidebookEvent): string | null {
  return event.type === 'GuidebookThumbnailRecorded' || event.type === 'GuidebookDeleted' ? null : guidebookEventTime(event);
}

/** The settings after an event (the document part is each read model's own); `updatedAt` moves as above. */
export function evolveSettings<D extends GuidebookSettingsFields>(doc: D, event: GuidebookEvent): D {
  const updatedAt = updatedAtOf(event) ?? doc.updatedAt;
  switch (event.type) {
    case 'GuidebookPublished':
      return { ...doc, published: true, updatedAt };
    case 'GuidebookUnpublished':
      // Unpublishing also takes it out of the public gallery (the toggle only applies to published ones).
      return { ...doc, published: false, isPublicGallery: false, updatedAt };
    case 'GuidebookPublicGallerySet':
      return { ...doc, isPublicGallery: event.data.isPublicGallery, updatedAt };
    case 'GuidebookSampleFlagsSet':
      return { ...doc, isSampleGuidebook: event.data.isSampleGuidebook, isSampleContent: event.data.isSampleContent, updatedAt };
    case 'GuidebookThumbnailRecorded':
      return { ...doc, thumbnailUrl: event.data.thumbnailUrl, thumbnailGeneratedAt: event.data.generatedAt };
    default:
      return { ...doc, updatedAt };
  }
}
