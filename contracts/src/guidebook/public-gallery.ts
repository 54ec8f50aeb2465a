import { z } from 'zod';
import { pageNumber } from '../list-query.ts';
import type { GuidebookListDoc } from './guidebook-read-models.ts';

/**
 * The public gallery (spec 3 §2.2, §7): published guidebooks their owners chose to show, readable by anyone.
 * `GET guidebooks/public-gallery?page&limit=20` answers `items` with `page`, `pageSize`, `pageCount`, `totalCount`.
 */
export const PUBLIC_GALLERY = 'public-gallery';

/** Spec 3 §8: the gallery's page size. */
export const PUBLIC_GALLERY_PAGE_SIZE = 20;
export const PUBLIC_GALLERY_PAGE_SIZE_MAX = 50;
/** Spec 3 §8: the next page loads when the bottom is this close. */
export const PUBLIC_GALLERY_SCROLL_THRESHOLD_PX = 300;

/**
 * `public-gallery`: one document per guidebook, the list's fields (a guidebook can leave and join again, so the
 * projector keeps what it needs to list it later); `listed` says whether it is shown now: published, in the gallery, not deleted.
 * `joinedAt` is when it last joined: the gallery shows the newest arrivals first.
 */
export type PublicGalleryDoc = GuidebookListDoc & { listed: boolean; joinedAt: string | null };

/** Spec 3 §7: a public guidebook; nothing about its owner or its password. */
export const publicGuidebookSchema = z.object({
  _id: z.string(),
  uuid: z.string(),
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  thumbnailGeneratedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isPublicGallery: z.boolean(),
  published: z.boolean(),
});
export type PublicGuidebook = z.infer<typeof publicGuidebookSchema>;

export const publicGalleryPageSchema = z.object({
  items: z.array(publicGuidebookSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  totalCount: z.number().int(),
});
export type PublicGalleryPage = z.infer<typeof publicGalleryPageSchema>;

export const publicGalleryQuerySchema = z.object({
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(PUBLIC_GALLERY_PAGE_SIZE_MAX).default(PUBLIC_GALLERY_PAGE_SIZE),
});
export type PublicGalleryQuery = z.output<typeof publicGalleryQuerySchema>;
