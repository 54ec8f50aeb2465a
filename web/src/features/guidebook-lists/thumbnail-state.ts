import { STALE_THUMBNAIL_MS, type GuidebookRow } from '@pocketguide/contracts';

/**
 * What a card's thumbnail area shows (spec 1 §4):
 * - `locked`: not published, so no thumbnail ('only published guidebooks can have thumbnails; please publish');
 * - `ready`: the thumbnail image;
 * - `generating`: published in the public gallery, whose thumbnail is on its way;
 * - `placeholder`: published without a thumbnail (none was asked for yet): a calm cover with the title.
 */
export type ThumbnailState = 'locked' | 'ready' | 'generating' | 'placeholder';

type ThumbnailFields = Pick<
  GuidebookRow,
  'published' | 'isPublicGallery' | 'thumbnailUrl' | 'thumbnailGeneratedAt' | 'updatedAt'
>;

/** What a card's picture and its regenerate control need: a list row or a public gallery guidebook. */
export type ThumbnailedGuidebook = ThumbnailFields & Pick<GuidebookRow, '_id'>;

export function thumbnailStateOf(
  row: Pick<ThumbnailFields, 'published' | 'isPublicGallery' | 'thumbnailUrl'>,
): ThumbnailState {
  if (!row.published) return 'locked';
  if (row.thumbnailUrl) return 'ready';
  return row.isPublicGallery ? 'generating' : 'placeholder';
}

/**
 * Spec 1 §4: a published card needs a new thumbnail when it has none, or no generation date, or was changed more
 * than a minute after its thumbnail was made.
 */
export function needsThumbnailRegeneration(row: ThumbnailFields): boolean {
  if (!row.published) return false;
  if (!row.thumbnailUrl || !row.thumbnailGeneratedAt) return true;
  const updated = Date.parse(row.updatedAt);
  const generated = Date.parse(row.thumbnailGeneratedAt);
  if (Number.isNaN(updated) || Number.isNaN(generated)) return true;
  return updated - generated > STALE_THUMBNAIL_MS;
}
