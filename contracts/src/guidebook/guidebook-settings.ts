import { guidebookEventTime, type GuidebookEvent } from './guidebook-events.ts';

/**
 * The settings rules of a guidebook, in one place for every reader of its stream: the command side's state
 * (`command-api/src/guidebook/guidebook-state.ts`) and the guidebook read models (`projections/src/guidebook-settings.ts`).
 */

/** The settings a guidebook's events set, as every reader of its stream keeps them. */
export type GuidebookSettingFlags = {
  published: boolean;
  isPublicGallery: boolean;
  isSampleGuidebook: boolean;
  isSampleContent: boolean;
  thumbnailUrl: string | null;
  thumbnailGeneratedAt: string | null;
};

/** A new guidebook's: unpublished, out of the gallery, no sample, no thumbnail yet. */
export const initialSettingFlags = (): GuidebookSettingFlags => ({
  published: false,
  isPublicGallery: false,
  isSampleGuidebook: false,
  isSampleContent: false,
  thumbnailUrl: null,
  thumbnailGeneratedAt: null,
});

/**
 * When an event changed the guidebook in a way people see as an update: the document, publishing and the settings
 * a person saves. Thumbnails (a worker's) and the deletion itself do not count, so a new thumbnail never makes the
 * guidebook look changed after it (which would mark it stale at once).
 */
export function updatedAtOf(event: GuidebookEvent): string | null {
  return event.type === 'GuidebookThumbnailRecorded' || event.type === 'GuidebookDeleted'
    ? null
    : guidebookEventTime(event);
}

/** The settings after an event; the events that do not set one leave them as they are (the same object). */
export function evolveSettingFlags<S extends GuidebookSettingFlags>(settings: S, event: GuidebookEvent): S {
  switch (event.type) {
    case 'GuidebookPublished':
      return { ...settings, published: true };
    case 'GuidebookUnpublished':
      // Unpublishing also takes it out of the public gallery (the toggle only applies to published ones).
      return { ...settings, published: false, isPublicGallery: false };
    case 'GuidebookPublicGallerySet':
      return { ...settings, isPublicGallery: event.data.isPublicGallery };
    case 'GuidebookSampleFlagsSet':
      return {
        ...settings,
        isSampleGuidebook: event.data.isSampleGuidebook,
        isSampleContent: event.data.isSampleContent,
      };
    case 'GuidebookThumbnailRecorded':
      return { ...settings, thumbnailUrl: event.data.thumbnailUrl, thumbnailGeneratedAt: event.data.generatedAt };
    default:
      return settings;
  }
}
