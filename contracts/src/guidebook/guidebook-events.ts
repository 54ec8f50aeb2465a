import { z } from 'zod';
import { eventDecoder, type EventDecoder, type UpcastContext, type Upcaster } from '../event-decoding.ts';
import { contentPageSchema, guidebookDocumentSchema, imageSetSchema, sectionItemSchema, type GuidebookDocument } from './guidebook-document.ts';
import { GUIDEBOOK_LIMITS as L } from './guidebook-limits.ts';
import { patchListSchema } from './guidebook-patches-schema.ts';
import { summaryEntrySchema } from './guidebook-summary-schema.ts';

/**
 * Guidebook events. Two kinds of stream:
 * - `guidebook-<guidebookId>`: one guidebook, its document and its settings;
 * - `publisher-<userId>`: the owner's publishing slots, the consistency boundary of "at most 10 published at
 *   once" (ARCHITECTURE: cross-stream limits use a per-user stream). It is not called `guidebook-publisher-…`
 *   because the category of a stream is the text before the first '-', and the slots must not show up as
 *   guidebook streams to projectors filtering on the `guidebook` category.
 *
 * Versions: an event's data carries `v` only from version 2 on (a missing `v` is version 1). Reading an event
 * goes through `decodeGuidebookEvent`, which upcasts old versions and then validates against today's schema.
 *
 * The document changes through four events: `GuidebookCreated` (the whole first document), `GuidebookEdited`
 * (patches with their inverses, computed by the server) and the two structural calls the spec names separately
 * (`ContentPageCopied`, `SectionItemDeleted`). `documentPatchesOf` (guidebook-patches.ts) gives each of them as
 * patches and `applyDocumentEvent` applies them, so undo, redo, history and restore treat them alike.
 *
 * Image uploads are `GuidebookEdited` events of kind 'upload' carrying a replace patch of the target's `image`:
 * one way for the document to change means one evolve, one history and undo for uploads too. `upload` names
 * the target for the audit timeline and the thumbnail worker.
 */

const at = z.iso.datetime();
const guidebookId = z.string().min(1);
const revision = z.number().int().min(0);

// ---------------------------------------------------------------- the guidebook stream

export const GUIDEBOOK_SOURCES = ['new', 'sample', 'copy'] as const;
export type GuidebookSource = (typeof GUIDEBOOK_SOURCES)[number];

export const guidebookCreatedSchema = z.object({
  v: z.literal(2),
  guidebookId,
  /** the public id of `/m/{uuid}` */
  uuid: z.string().min(1),
  ownerId: z.string(),
  /** the owner's company name when created (the lists show it) */
  company: z.string(),
  document: guidebookDocumentSchema,
  source: z.enum(GUIDEBOOK_SOURCES),
  /** the guidebook copied (source 'copy') */
  copiedFrom: z.string().optional(),
  createdAt: at,
});

export const EDIT_KINDS = ['edit', 'undo', 'redo', 'restore', 'upload'] as const;
export type EditKind = (typeof EDIT_KINDS)[number];

export const imageUploadTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('header') }),
  z.object({ kind: z.literal('subheader') }),
  z.object({ kind: z.literal('footer') }),
  z.object({ kind: z.literal('item'), contentId: z.string(), sectionId: z.string(), itemId: z.string() }),
  /** a cover card that shows a picture (image, picture card, tip card) */
  z.object({ kind: z.literal('card'), cardId: z.string() }),
]);
export type ImageUploadTarget = z.infer<typeof imageUploadTargetSchema>;

export const guidebookEditedSchema = z.object({
  guidebookId,
  /** the stream revision the patches were computed against (the `If-Match` of the save) */
  baseRevision: revision,
  patches: patchListSchema,
  /** computed by the server from the document before the patches; never the client's */
  inversePatches: patchListSchema,
  summary: z.array(summaryEntrySchema).max(200),
  kind: z.enum(EDIT_KINDS),
  /** kind 'undo': the revision whose change this undoes */
  undoneRevision: revision.optional(),
  /** kind 'redo': the revision of the undo this reverts */
  redoneRevision: revision.optional(),
  /** kind 'restore': the revision whose document this brings back */
  restoredRevision: revision.optional(),
  /** kind 'upload': what received the image, and the image */
  upload: z.object({ target: imageUploadTargetSchema, image: imageSetSchema }).optional(),
  editedAt: at,
});

export const contentPageCopiedSchema = z.object({
  guidebookId,
  sourceContentId: z.string(),
  /** the whole copied tree with fresh ids */
  content: contentPageSchema,
  /** where it was inserted in `contents` (directly after the source) */
  index: z.number().int().min(0),
  copiedAt: at,
});

export const sectionItemDeletedSchema = z.object({
  guidebookId,
  contentId: z.string(),
  sectionId: z.string(),
  itemId: z.string(),
  /** the deleted item, so an undo can put it back */
  item: sectionItemSchema,
  /** its index in the section */
  index: z.number().int().min(0),
  deletedAt: at,
});

export const guidebookDeletedSchema = z.object({ guidebookId, deletedAt: at });
export const guidebookPublishedSchema = z.object({ guidebookId, publishedAt: at });
export const UNPUBLISH_REASONS = ['single', 'all', 'deleted'] as const;
export const guidebookUnpublishedSchema = z.object({ guidebookId, reason: z.enum(UNPUBLISH_REASONS), unpublishedAt: at });
export const guidebookPublicGallerySetSchema = z.object({ guidebookId, isPublicGallery: z.boolean(), setAt: at });
/**
 * The share password is stored as a plain string, as the spec does: it is a share code the owner hands to
 * readers (and sees again in the settings panel), not an account secret. '' removes the gate.
 */
/**
 * v2: `passwordHash` is the share password's salted scrypt hash, made by the command off the event loop (null when
 * the password is removed). A v1 event carried the text only; it upcasts to `passwordHash: null` with its text, and
 * readers check it against that text (see the viewer's unlock).
 */
export const guidebookPasswordSetSchema = z.object({
  v: z.literal(2),
  guidebookId,
  password: z.string().max(L.password),
  passwordHash: z.string().max(200).nullable(),
  setAt: at,
});
export const guidebookSampleFlagsSetSchema = z.object({
  guidebookId,
  isSampleGuidebook: z.boolean(),
  isSampleContent: z.boolean(),
  setAt: at,
});
/**
 * `generatedAt` is when the page was loaded for the picture (what it shows); `renderMs`, when present, how long
 * drawing and storing it took (the queue's estimates are made from it). Optional, so older events still read.
 */
export const guidebookThumbnailRecordedSchema = z.object({
  guidebookId,
  thumbnailUrl: z.string().max(L.url),
  generatedAt: at,
  renderMs: z.number().int().min(0).max(3_600_000).optional(),
});

type E<T extends string, S extends z.ZodType> = { type: T; data: z.infer<S> };

export type GuidebookCreated = E<'GuidebookCreated', typeof guidebookCreatedSchema>;
export type GuidebookEdited = E<'GuidebookEdited', typeof guidebookEditedSchema>;
export type ContentPageCopied = E<'ContentPageCopied', typeof contentPageCopiedSchema>;
export type SectionItemDeleted = E<'SectionItemDeleted', typeof sectionItemDeletedSchema>;
export type GuidebookDeleted = E<'GuidebookDeleted', typeof guidebookDeletedSchema>;
export type GuidebookPublished = E<'GuidebookPublished', typeof guidebookPublishedSchema>;
export type GuidebookUnpublished = E<'GuidebookUnpublished', typeof guidebookUnpublishedSchema>;
export type GuidebookPublicGallerySet = E<'GuidebookPublicGallerySet', typeof guidebookPublicGallerySetSchema>;
export type GuidebookPasswordSet = E<'GuidebookPasswordSet', typeof guidebookPasswordSetSchema>;
export type GuidebookSampleFlagsSet = E<'GuidebookSampleFlagsSet', typeof guidebookSampleFlagsSetSchema>;
export type GuidebookThumbnailRecorded = E<'GuidebookThumbnailRecorded', typeof guidebookThumbnailRecordedSchema>;

export type GuidebookEvent =
  | GuidebookCreated
  | GuidebookEdited
  | ContentPageCopied
  | SectionItemDeleted
  | GuidebookDeleted
  | GuidebookPublished
  | GuidebookUnpublished
  | GuidebookPublicGallerySet
  | GuidebookPasswordSet
  | GuidebookSampleFlagsSet
  | GuidebookThumbnailRecorded;
export type GuidebookEventType = GuidebookEvent['type'];

export const guidebookEventSchemas = {
  GuidebookCreated: guidebookCreatedSchema,
  GuidebookEdited: guidebookEditedSchema,
  ContentPageCopied: contentPageCopiedSchema,
  SectionItemDeleted: sectionItemDeletedSchema,
  GuidebookDeleted: guidebookDeletedSchema,
  GuidebookPublished: guidebookPublishedSchema,
  GuidebookUnpublished: guidebookUnpublishedSchema,
  GuidebookPublicGallerySet: guidebookPublicGallerySetSchema,
  GuidebookPasswordSet: guidebookPasswordSetSchema,
  GuidebookSampleFlagsSet: guidebookSampleFlagsSetSchema,
  GuidebookThumbnailRecorded: guidebookThumbnailRecordedSchema,
} as const satisfies Record<GuidebookEventType, z.ZodType>;

export const GUIDEBOOK_EVENT_TYPES = Object.keys(guidebookEventSchemas) as GuidebookEventType[];

/** The events that change the document (the rest change settings). */
export const DOCUMENT_EVENT_TYPES = ['GuidebookCreated', 'GuidebookEdited', 'ContentPageCopied', 'SectionItemDeleted'] as const;
export type GuidebookDocumentEvent = Extract<GuidebookEvent, { type: (typeof DOCUMENT_EVENT_TYPES)[number] }>;
export const isDocumentEvent = (event: GuidebookEvent): event is GuidebookDocumentEvent =>
  (DOCUMENT_EVENT_TYPES as readonly string[]).includes(event.type);

// ---------------------------------------------------------------- the publisher stream

export const SLOT_TAKEN_REASONS = ['publish', 'gallery-off'] as const;
export const SLOT_RELEASED_REASONS = ['unpublish', 'gallery-on', 'deleted'] as const;

/**
 * Slots and the public gallery: a published guidebook holds a slot unless it is in the public gallery.
 * Enabling the gallery releases the slot ('gallery-on'); disabling it while published takes one again
 * ('gallery-off'), refused with `GUIDEBOOK_MESSAGES.publishLimit` when all 10 are taken. Unpublishing releases
 * the slot (if held) and takes the guidebook out of the gallery, so the toggle only ever applies to published ones.
 */
export const publishSlotTakenSchema = z.object({ userId: z.string(), guidebookId, reason: z.enum(SLOT_TAKEN_REASONS), at });
export const publishSlotReleasedSchema = z.object({ userId: z.string(), guidebookId, reason: z.enum(SLOT_RELEASED_REASONS), at });

export type PublishSlotTaken = E<'PublishSlotTaken', typeof publishSlotTakenSchema>;
export type PublishSlotReleased = E<'PublishSlotReleased', typeof publishSlotReleasedSchema>;
export type PublisherEvent = PublishSlotTaken | PublishSlotReleased;
export type PublisherEventType = PublisherEvent['type'];

export const publisherEventSchemas = {
  PublishSlotTaken: publishSlotTakenSchema,
  PublishSlotReleased: publishSlotReleasedSchema,
} as const satisfies Record<PublisherEventType, z.ZodType>;

// ---------------------------------------------------------------- the views stream

/**
 * Reader views of a published guidebook (`views-<guidebookId>`, spec §3 `views.count`). Kept out of the guidebook
 * stream on purpose: a reader opening the page must not move the revision an author's editor saves against.
 *
 * Views are counted in memory by the viewer route and flushed as one event per guidebook every few seconds, so
 * `count` is the number of views since the previous flush and `viewedAt` the flush time. An event without a
 * count (none were written before counts existed) stands for one view.
 */
export const guidebookViewedSchema = z.object({ guidebookId, count: z.number().int().min(1).max(1_000_000_000).default(1), viewedAt: at });
export type GuidebookViewed = E<'GuidebookViewed', typeof guidebookViewedSchema>;
export type GuidebookViewsEvent = GuidebookViewed;
export const guidebookViewsEventSchemas = { GuidebookViewed: guidebookViewedSchema } as const satisfies Record<GuidebookViewsEvent['type'], z.ZodType>;

// ---------------------------------------------------------------- streams

export const GUIDEBOOK_STREAM_CATEGORY = 'guidebook';
export const PUBLISHER_STREAM_CATEGORY = 'publisher';
export const VIEWS_STREAM_CATEGORY = 'views';
export const guidebookStream = (guidebookId: string): string => `${GUIDEBOOK_STREAM_CATEGORY}-${guidebookId}`;
export const publisherStream = (userId: string): string => `${PUBLISHER_STREAM_CATEGORY}-${userId}`;
export const viewsStream = (guidebookId: string): string => `${VIEWS_STREAM_CATEGORY}-${guidebookId}`;

// ---------------------------------------------------------------- versions and upcasting

/** Today's version of each event's data. */
export const GUIDEBOOK_EVENT_VERSIONS: Readonly<Record<GuidebookEventType | PublisherEventType | GuidebookViewsEvent['type'], number>> = {
  GuidebookCreated: 2,
  GuidebookEdited: 1,
  ContentPageCopied: 1,
  SectionItemDeleted: 1,
  GuidebookDeleted: 1,
  GuidebookPublished: 1,
  GuidebookUnpublished: 1,
  GuidebookPublicGallerySet: 1,
  GuidebookPasswordSet: 2,
  GuidebookSampleFlagsSet: 1,
  GuidebookThumbnailRecorded: 1,
  PublishSlotTaken: 1,
  PublishSlotReleased: 1,
  GuidebookViewed: 1,
};

/**
 * An empty guidebook document holding a title: what a version-1 GuidebookCreated (title only) meant. Written out
 * here rather than calling `newGuidebookDocument`, so the meaning of old events stays fixed if new defaults change.
 */
const documentWithTitle = (title: string): GuidebookDocument => ({
  title,
  header: { type: 'text', text: [{ type: 'paragraph', children: [{ text: '' }] }] },
  subheader: { type: 'text', title: [{ type: 'paragraph', children: [{ text: title }] }], text: [{ type: 'paragraph', children: [{ text: '' }] }] },
  footer: { type: 'text', title: [{ type: 'paragraph', children: [{ text: '' }] }], text: [{ type: 'paragraph', children: [{ text: '' }] }] },
  home: { cards: [] },
  contents: [],
});

/** `upcasters[type][from]` upgrades data of version `from` by one version. */
export const guidebookEventUpcasters: Partial<Record<GuidebookEventType | PublisherEventType | GuidebookViewsEvent['type'], Record<number, Upcaster>>> = {
  GuidebookPasswordSet: {
    // v1 carried the text only: no hash was made when it was set, and none can be made here (pure, synchronous).
    1: (data) => ({ ...data, v: 2, passwordHash: null }),
  },
  GuidebookCreated: {
    // v1 (the first thread) carried only { guidebookId, uuid, title, createdAt }; the owner was in the metadata.
    1: (data, { metadata }) => ({
      v: 2,
      guidebookId: data.guidebookId,
      uuid: data.uuid,
      ownerId: typeof metadata?.userId === 'string' ? metadata.userId : '',
      company: '',
      document: documentWithTitle(typeof data.title === 'string' ? data.title : ''),
      source: 'new',
      createdAt: data.createdAt,
    }),
  },
};

/** The decoders of the three guidebook categories (`decodeGuidebookEvent` and its siblings below use them). */
export const guidebookEventDecoder: EventDecoder<GuidebookEvent> = eventDecoder({ schemas: guidebookEventSchemas, versions: GUIDEBOOK_EVENT_VERSIONS, upcasters: guidebookEventUpcasters });
export const publisherEventDecoder: EventDecoder<PublisherEvent> = eventDecoder({ schemas: publisherEventSchemas, versions: GUIDEBOOK_EVENT_VERSIONS, upcasters: guidebookEventUpcasters });
export const guidebookViewsEventDecoder: EventDecoder<GuidebookViewsEvent> = eventDecoder({ schemas: guidebookViewsEventSchemas, versions: GUIDEBOOK_EVENT_VERSIONS });

/**
 * A guidebook event as stored (any version) → today's typed event. Throws `EventDecodeError` naming the path when
 * the data does not fit. Use it when reading (deciders, projectors) and to validate before appending.
 */
export function decodeGuidebookEvent(type: string, data: unknown, context: UpcastContext = {}): GuidebookEvent {
  return guidebookEventDecoder.decode(type, data, context);
}

export function decodePublisherEvent(type: string, data: unknown, context: UpcastContext = {}): PublisherEvent {
  return publisherEventDecoder.decode(type, data, context);
}

export function decodeGuidebookViewsEvent(type: string, data: unknown): GuidebookViewsEvent {
  return guidebookViewsEventDecoder.decode(type, data);
}

export const isGuidebookEventType = (type: string): type is GuidebookEventType => guidebookEventDecoder.knows(type);
export const isPublisherEventType = (type: string): type is PublisherEventType => publisherEventDecoder.knows(type);

/** When a guidebook event happened, from its own data (each event type names its time field). */
export function guidebookEventTime(event: GuidebookEvent): string {
  switch (event.type) {
    case 'GuidebookCreated':
      return event.data.createdAt;
    case 'GuidebookEdited':
      return event.data.editedAt;
    case 'ContentPageCopied':
      return event.data.copiedAt;
    case 'SectionItemDeleted':
    case 'GuidebookDeleted':
      return event.data.deletedAt;
    case 'GuidebookPublished':
      return event.data.publishedAt;
    case 'GuidebookUnpublished':
      return event.data.unpublishedAt;
    case 'GuidebookPublicGallerySet':
    case 'GuidebookPasswordSet':
    case 'GuidebookSampleFlagsSet':
      return event.data.setAt;
    case 'GuidebookThumbnailRecorded':
      return event.data.generatedAt;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
