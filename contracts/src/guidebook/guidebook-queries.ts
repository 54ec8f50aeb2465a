import { z } from 'zod';
import { allOr, queryFlag as flag, pageNumber } from '../list-query.ts';
import { LANGUAGES } from '../account/account-limits.ts';
import { contentPageSchema, guidebookDocumentSchema } from './guidebook-document.ts';
import { guidebookListItemSchema, pagedSchema } from './guidebook-http.ts';
import { LIST_PAGE_SIZE, RECENT_LIMIT } from './guidebook-limits.ts';

/**
 * The read calls of guidebooks (spec 1 §7, spec 3 §7): their query strings and their answers. Query values come
 * as strings; the list screens send 'all' or '' for "no filter".
 */

/** The administrators' user-type filter, sent as `company` (spec 3 §2.6, §2.8: All Users, Admin, User). */
export const OWNER_TYPES = ['admin', 'user'] as const;
export type OwnerType = (typeof OWNER_TYPES)[number];

/** The status filter: Published, Unpublished, Public Gallery. */
export const GUIDEBOOK_STATUS_FILTERS = ['published', 'unpublished', 'public-gallery'] as const;
export type GuidebookStatusFilter = (typeof GUIDEBOOK_STATUS_FILTERS)[number];

/** The most rows one page may ask for. */
export const LIST_PAGE_SIZE_MAX = 100;

const page = pageNumber;
const size = z.coerce.number().int().min(1).max(LIST_PAGE_SIZE_MAX).optional();
const search = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/**
 * GET guidebooks/, admin/guidebooks and admin/users/{userId}/guidebooks. `limit` is the spec's other name for
 * `pageSize`. `company` is the owner type (admin or user); `today` keeps the ones created today in Korea.
 */
export const guidebookListQuerySchema = z
  .object({
    page,
    pageSize: size,
    limit: size,
    search,
    company: allOr(OWNER_TYPES),
    status: allOr(GUIDEBOOK_STATUS_FILTERS),
    today: flag,
  })
  .transform(({ limit, pageSize, ...rest }) => ({ ...rest, pageSize: pageSize ?? limit ?? LIST_PAGE_SIZE }));
export type GuidebookListQuery = z.output<typeof guidebookListQuerySchema>;

/** GET guidebooks/recent: the newest `limit` (3); with a search, pages of `limit` search results. */
export const recentGuidebooksQuerySchema = z
  .object({ page, limit: size, pageSize: size, search })
  .transform(({ limit, pageSize, ...rest }) => ({ ...rest, pageSize: limit ?? pageSize ?? RECENT_LIMIT }));
export type RecentGuidebooksQuery = z.output<typeof recentGuidebooksQuerySchema>;

/**
 * GET guidebooks/{id}: `mode=edit` (the default) is for the owner and administrators; `mode=preview` also lets any
 * signed-in person read a published guidebook, without its password.
 */
export const GUIDEBOOK_READ_MODES = ['edit', 'preview'] as const;
export const guidebookReadQuerySchema = z.object({ mode: z.enum(GUIDEBOOK_READ_MODES).default('edit') });
/** Where a preview reader sends the share password of a guidebook that has one. */
export const GUIDEBOOK_PASSWORD_HEADER = 'X-Guidebook-Password';

/** GET sample/guidebook and sample/guidebook-content: `lang` overrides the caller's profile language. */
export const sampleQuerySchema = z.object({ lang: z.enum(LANGUAGES).optional() });

// ---------------------------------------------------------------- answers

const settingsShape = {
  published: z.boolean(),
  isPublicGallery: z.boolean(),
  isSampleGuidebook: z.boolean(),
  isSampleContent: z.boolean(),
  thumbnailUrl: z.string().nullable(),
  thumbnailGeneratedAt: z.string().nullable(),
  views: z.object({ count: z.number().int() }),
};

/** A row of the signed-in person's lists; `user` is the owner's id. */
export const guidebookRowSchema = guidebookListItemSchema.extend({
  user: z.string(),
  /** the owner's company name */
  company: z.string(),
  ...settingsShape,
  contentsCount: z.number().int(),
});
export type GuidebookRow = z.infer<typeof guidebookRowSchema>;
export const guidebookRowsSchema = pagedSchema(guidebookRowSchema);
export type GuidebookRows = z.infer<typeof guidebookRowsSchema>;

/** The owner as the administrators' lists show it; only `_id` once the account is deleted. */
export const guidebookOwnerSchema = z.object({
  _id: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
  companyName: z.string().optional(),
  role: z.string().optional(),
});
export type GuidebookOwner = z.infer<typeof guidebookOwnerSchema>;

/** A row of the administrators' lists: the owner populated, and whether the owner is an administrator. */
export const adminGuidebookRowSchema = guidebookRowSchema.extend({
  user: guidebookOwnerSchema,
  ownerType: z.enum(OWNER_TYPES),
});
export type AdminGuidebookRow = z.infer<typeof adminGuidebookRowSchema>;
export const adminGuidebookRowsSchema = pagedSchema(adminGuidebookRowSchema);
export type AdminGuidebookRows = z.infer<typeof adminGuidebookRowsSchema>;
/** admin/users/{userId}/guidebooks: the spec names the rows `response`; `results` carries the same rows. */
export const userGuidebookRowsSchema = adminGuidebookRowsSchema.extend({ response: z.array(adminGuidebookRowSchema) });
export type UserGuidebookRows = z.infer<typeof userGuidebookRowsSchema>;

// Answers are plain objects (not strict like the document schemas) so that a field added later does not break an
// older client parsing them.

/**
 * GET guidebooks/{id}: the document's parts at the top level (spec 1 §3) with the settings and the revision to
 * send as `If-Match`. `password` is there for the owner and administrators only.
 */
export const guidebookViewSchema = z.object({
  ...guidebookDocumentSchema.shape,
  _id: z.string(),
  uuid: z.string(),
  user: z.string(),
  company: z.string(),
  ...settingsShape,
  password: z.string().optional(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  revision: z.number().int(),
});
export type GuidebookView = z.infer<typeof guidebookViewSchema>;

/** A preview of someone else's guidebook that has a password, asked without it: enough to show the gate. */
export const lockedGuidebookViewSchema = z.object({
  _id: z.string(),
  uuid: z.string(),
  title: z.string(),
  hasPassword: z.literal(true),
  locked: z.literal(true),
});
export type LockedGuidebookView = z.infer<typeof lockedGuidebookViewSchema>;

/** GET guidebooks/uuid/{uuid}. */
export const guidebookIdByUuidSchema = z.object({ result: z.string() });
export type GuidebookIdByUuid = z.infer<typeof guidebookIdByUuidSchema>;

/**
 * Where a sample comes from: the one shipped with the product, or a guidebook an administrator marked as sample
 * (its id in `guidebookId`).
 */
export const SAMPLE_ORIGINS = ['built-in', 'marked'] as const;

/** GET sample/guidebook: a document to start a new guidebook from (the web gives every part fresh ids). */
export const sampleGuidebookSchema = z.object({
  ...guidebookDocumentSchema.shape,
  _id: z.literal('sample'),
  origin: z.enum(SAMPLE_ORIGINS),
  guidebookId: z.string().optional(),
});
export type SampleGuidebook = z.infer<typeof sampleGuidebookSchema>;

/** The choose-content popup lists at most this many entries. */
export const SAMPLE_CONTENTS_MAX = 9;
export const sampleContentSchema = z.object({
  ...contentPageSchema.shape,
  origin: z.enum(SAMPLE_ORIGINS),
  guidebookId: z.string().optional(),
});
export type SampleContent = z.infer<typeof sampleContentSchema>;
/** GET sample/guidebook-content: marked pages first (newest guidebook first), then the built-in ones; at most 9. */
export const sampleContentsSchema = z.object({ results: z.array(sampleContentSchema).max(SAMPLE_CONTENTS_MAX) });
export type SampleContents = z.infer<typeof sampleContentsSchema>;
