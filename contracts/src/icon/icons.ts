import { z } from 'zod';
import { eventDecoder, type EventDecoder } from '../event-decoding.ts';

/**
 * The icon library (spec 3 §2.3, §5, §8): each person's custom menu icons, PNG, exactly 100×100, under 10 KB, at
 * most 100, uploaded one at a time. One stream per person, `icon-library-<userId>`, is the consistency boundary
 * of the limit: an upload is decided against the library as it stands and appended at that revision, so parallel
 * uploads cannot pass 100.
 */

export const ICON_SIZE_PX = 100;
/** "under 10KB": at most 10,239 bytes */
export const ICON_MAX_BYTES = 10 * 1024 - 1;
export const ICONS_PER_USER = 100;
/** Spec 3 §8: a deleted icon is hidden at once and comes back after this long if the deletion failed. */
export const ICON_DELETE_RESTORE_MS = 1000;
/** Spec 3 §8: how long one upload may take. */
export const ICON_UPLOAD_TIMEOUT_MS = 600_000;

export const ICON_MESSAGES = {
  pngOnly: 'Only PNG format is allowed',
  dimensions: 'Icon dimensions must be 100x100 pixels',
  tooBig: 'File size must be less than 10KB',
  oneAtATime: 'Please wait for the current upload to complete',
  limit: 'Maximum number of icons (100) reached',
  uploadFailed: 'Icon upload failed',
  notFound: 'Icon not found',
} as const;

export const iconLibraryStream = (userId: string): string => `icon-library-${userId}`;
/** A stream's category is what comes before its first dash: `icon-library-<userId>` is in `icon`. */
export const ICON_LIBRARY_STREAM_CATEGORY = 'icon';

export const iconUploadedSchema = z.object({
  iconId: z.string(),
  userId: z.string(),
  /** `/media/icons/<userId>/<sha256>.png`: kept after a deletion, so guidebooks that use it keep showing it */
  url: z.string(),
  bytes: z.number().int().nonnegative(),
  uploadedAt: z.iso.datetime(),
});
export const iconDeletedSchema = z.object({
  iconId: z.string(),
  userId: z.string(),
  deletedAt: z.iso.datetime(),
});

export type IconUploaded = { type: 'IconUploaded'; data: z.infer<typeof iconUploadedSchema> };
export type IconDeleted = { type: 'IconDeleted'; data: z.infer<typeof iconDeletedSchema> };
export type IconEvent = IconUploaded | IconDeleted;

export const iconEventSchemas = {
  IconUploaded: iconUploadedSchema,
  IconDeleted: iconDeletedSchema,
} as const satisfies Record<IconEvent['type'], z.ZodType>;

/** How an icon library's stream is read (see `event-decoding.ts`): version 1, no upcaster yet. */
export const iconEventDecoder: EventDecoder<IconEvent> = eventDecoder({ schemas: iconEventSchemas });

export function isIconEventType(type: string): type is IconEvent['type'] {
  return iconEventDecoder.knows(type);
}

export function decodeIconEvent(type: IconEvent['type'], data: unknown): IconEvent {
  return iconEventDecoder.decode(type, data);
}

/** `icons`: one document per icon ever uploaded; a deleted one stays, flagged, so its owner can be found. */
export const ICONS = 'icons';
export type IconDoc = { id: string; userId: string; url: string; createdAt: string; deleted: boolean };

/** Spec 3 §7: an icon as the calls answer it. */
export const iconSchema = z.object({
  _id: z.string(),
  url: z.string(),
  user: z.string(),
  createdAt: z.string(),
});
export type Icon = z.infer<typeof iconSchema>;

/** GET icons and admin/icons: the icons, newest first, with their count. */
export const iconListSchema = z.object({ icons: z.array(iconSchema), totalCount: z.number().int() });
export type IconList = z.infer<typeof iconListSchema>;

/** POST icons (spec 3 §7: success, error, data). */
export const iconUploadAnswerSchema = z.object({ success: z.literal(true), error: z.null(), data: iconSchema, position: z.number() });
export type IconUploadAnswer = z.infer<typeof iconUploadAnswerSchema>;

/** DELETE icons/{iconId}. */
export const iconDeleteAnswerSchema = z.object({ success: z.literal(true), _id: z.string(), position: z.number() });
export type IconDeleteAnswer = z.infer<typeof iconDeleteAnswerSchema>;
