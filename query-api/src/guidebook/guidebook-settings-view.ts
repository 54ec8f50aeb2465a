import type { GuidebookRow, GuidebookSettingsFields } from '@pocketguide/contracts';

type SettingsView = Pick<
  GuidebookRow,
  | 'published'
  | 'isPublicGallery'
  | 'isSampleGuidebook'
  | 'isSampleContent'
  | 'thumbnailUrl'
  | 'thumbnailGeneratedAt'
  | 'views'
>;

/** The settings every guidebook answer carries, from either guidebook read model. */
export function settingsView(doc: GuidebookSettingsFields): SettingsView {
  return {
    published: doc.published,
    isPublicGallery: doc.isPublicGallery,
    isSampleGuidebook: doc.isSampleGuidebook,
    isSampleContent: doc.isSampleContent,
    thumbnailUrl: doc.thumbnailUrl,
    thumbnailGeneratedAt: doc.thumbnailGeneratedAt,
    views: doc.views,
  };
}
