import { z } from 'zod';
import { pageNumber } from '../list-query.ts';
import { guidebookDocumentSchema, type GuidebookDocument } from './guidebook-document.ts';
import { GUIDEBOOK_LIMITS as L, guidebookTitleSchema } from './guidebook-limits.ts';
import { patchListSchema } from './guidebook-patches-schema.ts';
import { guidebookViewSchema } from './guidebook-queries.ts';
import { summaryEntrySchema } from './guidebook-summary-schema.ts';

/**
 * Bodies and answers of the guidebook writes (spec 1 §7, write half) and of the history calls. Every write answers
 * with the stream `revision` (also the `ETag`) and the log `position` to pass as `?after=` when reading it back.
 */

const id = z.string({ error: 'Required Field' }).trim().min(1, 'Required Field').max(200);

/**
 * POST /api/guidebooks: the guidebook data of a NEW or sample guidebook, any part of the document (missing parts
 * get a new guidebook's defaults; `{ title }` alone is enough). The server validates it, gives every nested part a
 * fresh id and applies the structural rules. `source` says where it came from (default 'new').
 */
export const createGuidebookBodySchema = guidebookDocumentSchema.partial().extend({
  title: guidebookTitleSchema.optional(),
  source: z.enum(['new', 'sample']).optional(),
});
export type CreateGuidebookBody = z.input<typeof createGuidebookBodySchema>;

type GuidebookViewField = keyof typeof guidebookViewSchema.shape;
type DocumentField = keyof typeof guidebookDocumentSchema.shape;
export type GuidebookServerField = Exclude<GuidebookViewField, DocumentField>;

const documentFields: ReadonlySet<string> = new Set(Object.keys(guidebookDocumentSchema.shape));
/**
 * What GET /api/guidebooks/{id} answers besides the document: ids, owner, dates, settings, thumbnail, revision.
 * The server owns them (they change only through their own calls), so a save ignores them. Derived from the GET
 * answer's schema so that a field added to the answer is accepted back by the save from then on.
 */
export const GUIDEBOOK_SERVER_FIELDS = Object.keys(guidebookViewSchema.shape).filter(
  (key) => !documentFields.has(key),
) as GuidebookServerField[];

const ignoredServerFields = Object.fromEntries(
  GUIDEBOOK_SERVER_FIELDS.filter((key) => key !== '_id').map((key) => [key, z.unknown().optional()]),
) as Record<Exclude<GuidebookServerField, '_id'>, z.ZodOptional<z.ZodUnknown>>;

/**
 * PUT /api/guidebooks/{id} (the spec's save): the whole document; saving needs a title. The GET answer sent back
 * as it is saves: its server-owned fields are accepted and dropped (a save cannot publish, set a password or change
 * the owner), except `_id`, which is kept so the route can check it names the guidebook of the path. Any other
 * unknown field is refused, as everywhere in the document.
 */
export const saveGuidebookBodySchema = guidebookDocumentSchema
  .extend({ title: guidebookTitleSchema, _id: z.string().optional(), ...ignoredServerFields })
  .transform(({ _id, ...body }): { _id: string | undefined; document: GuidebookDocument } => ({
    _id,
    document: Object.fromEntries(Object.entries(body).filter(([key]) => documentFields.has(key))) as GuidebookDocument,
  }));
export type SaveGuidebookBody = z.input<typeof saveGuidebookBodySchema>;

/** PATCH /api/guidebooks/{id} with `If-Match: <revision>`: immer patches against that revision. */
export const editGuidebookBodySchema = z.strictObject({ patches: patchListSchema.min(1, 'Send at least one patch') });
export type EditGuidebookBody = z.infer<typeof editGuidebookBodySchema>;

export const copyGuidebookBodySchema = z.strictObject({ guidebookId: id });
export const copyContentBodySchema = z.strictObject({ guidebookId: id, contentId: id });
export const publicGalleryBodySchema = z.strictObject({
  isPublicGallery: z.boolean({ error: 'isPublicGallery must be true or false' }),
});
/** PUT /api/guidebooks/{id}/password: '' removes the password gate. */
export const guidebookPasswordBodySchema = z.strictObject({
  password: z.string({ error: 'password must be a string' }).trim().max(L.password, `At most ${L.password} characters`),
});
export const sampleFlagsBodySchema = z.strictObject({
  isSampleGuidebook: z.boolean({ error: 'isSampleGuidebook must be true or false' }),
  isSampleContent: z.boolean({ error: 'isSampleContent must be true or false' }),
});
export const restoreRevisionBodySchema = z.strictObject({
  revision: z
    .number({ error: 'revision must be a whole number' })
    .int('revision must be a whole number')
    .min(0, 'revision must be 0 or more'),
});

/** Any accepted guidebook write. */
export const commandAcceptedSchema = z.object({
  _id: z.string(),
  /** global log position of the command's last event; pass it as `?after=` to read your own write */
  position: z.number().int(),
  /** the guidebook stream's revision after the command (also sent as the ETag) */
  revision: z.number().int().optional(),
  /** POST /guidebooks and POST /guidebooks/copy: the public id of `/m/{uuid}` */
  uuid: z.string().optional(),
});
export type CommandAccepted = z.infer<typeof commandAcceptedSchema>;

/**
 * An accepted change of the document. `patches` are what the client must apply to its copy to hold the stored
 * document: for PATCH the fixes the structural rules added after the sent patches, for PUT the difference between
 * the sent document and the stored one, for undo, redo, restore and uploads the whole change.
 */
export const documentChangeAcceptedSchema = commandAcceptedSchema.extend({
  revision: z.number().int(),
  patches: patchListSchema,
  /** false when the change changed nothing (nothing was appended) */
  changed: z.boolean(),
});
export type DocumentChangeAccepted = z.infer<typeof documentChangeAcceptedSchema>;

/** POST /api/guidebooks/contents/copy. */
export const contentCopiedSchema = commandAcceptedSchema.extend({ contentId: z.string() });
export type ContentCopied = z.infer<typeof contentCopiedSchema>;

/** PUT publish / unpublish, PATCH public-gallery, PUT password and sample: the settings after the command. */
export const guidebookSettingsAcceptedSchema = commandAcceptedSchema.extend({
  published: z.boolean(),
  isPublicGallery: z.boolean(),
  hasPassword: z.boolean(),
  isSampleGuidebook: z.boolean(),
  isSampleContent: z.boolean(),
});
export type GuidebookSettingsAccepted = z.infer<typeof guidebookSettingsAcceptedSchema>;

/** PUT /api/guidebooks/unpublishall: the guidebooks it unpublished. */
export const unpublishedAllSchema = z.object({ unpublished: z.array(z.string()), position: z.number().int() });
export type UnpublishedAll = z.infer<typeof unpublishedAllSchema>;

/** The image upload calls: the stored sizes, and the document change that put the image in place. */
export const imageUploadedSchema = documentChangeAcceptedSchema.extend({
  image: z.object({ large: z.string(), medium: z.string(), small: z.string() }),
});
export type ImageUploaded = z.infer<typeof imageUploadedSchema>;

// ---------------------------------------------------------------- history

export const HISTORY_PAGE_SIZE = 20;

export const historyQuerySchema = z.object({
  page: pageNumber,
  pageSize: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
});

/** One change of a guidebook, newest first. */
export const historyEntrySchema = z.object({
  revision: z.number().int(),
  /** when it was recorded (ISO 8601) */
  time: z.string(),
  who: z.object({ userId: z.string(), name: z.string().nullable(), role: z.string().nullable() }),
  /** the event type (`GuidebookEdited`, `GuidebookPublished`, …) and, for edits, their kind */
  type: z.string(),
  kind: z.string().nullable(),
  summary: z.array(summaryEntrySchema),
  /** the summary in English ("changed the title of Day 2"); the web renders `summary` in the reader's language */
  text: z.string(),
  /** whether the document changed (restore targets): edits, copies, deletions of items */
  changesDocument: z.boolean(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/**
 * GET /api/guidebooks/{id}/history: every change after the creation (revisions 1 to `revision`), newest first;
 * the creation itself is `created`.
 */
export const guidebookHistorySchema = z.object({
  _id: z.string(),
  revision: z.number().int(),
  created: z.object({ time: z.string(), who: historyEntrySchema.shape.who }),
  results: z.array(historyEntrySchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type GuidebookHistory = z.infer<typeof guidebookHistorySchema>;

/** GET /api/guidebooks/{id}/revisions/{n}: the document as it was at revision n. */
export const guidebookRevisionSchema = z.object({
  _id: z.string(),
  revision: z.number().int(),
  /** the guidebook's current revision */
  currentRevision: z.number().int(),
  time: z.string(),
  document: guidebookDocumentSchema,
});
export type GuidebookRevision = z.infer<typeof guidebookRevisionSchema>;
