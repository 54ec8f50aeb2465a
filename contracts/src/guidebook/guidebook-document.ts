import { z } from 'zod';
import { CONTENT_TYPES, GUIDEBOOK_LIMITS as L, GUIDEBOOK_TITLE_MAX } from './guidebook-limits.ts';

/**
 * The guidebook document: everything the editor changes, as ONE JSON document edited by patches (spec 1 §3).
 *
 * Settings that change only through their own commands are NOT part of it: password, published, isPublicGallery,
 * isSampleGuidebook / isSampleContent flags, thumbnailUrl / thumbnailGeneratedAt, views, deleted, uuid and owner.
 * A patch therefore can never publish a guidebook or change who owns it.
 *
 * Rich text or plain string, field by field:
 * - Rich text (Slate JSON, `RichText`): everything an author styles or writes at length: the cover's header text,
 *   subheader and footer title and text; the content of title, text and image+text items; titles and bodies of
 *   accordion, preparation and airticket items; day titles (the spec detects a blank day title as "blank, empty
 *   paragraph, whitespace", so it is rich single-line); meal titles and bodies; sub-activity bodies.
 * - Plain strings: anything used as a label, a key, a search term or a table cell: the guidebook title (lists and
 *   search), content page title and subtitle (menu tiles), button title, URLs, map address, table cells and
 *   itinerary column titles (the spec stores cells as strings), and the place / time / schedule cells of
 *   activities and sub-activities (the itinerary grid's columns).
 *
 * The menu tiles of the cover are the content pages themselves, in `contents` order, showing each page's title and
 * icon (spec §2: a tile's Icon and Text options edit them; moving a tile moves the page). One list keeps one
 * source of truth; `menuTiles(doc)` derives the tiles.
 *
 * Objects are strict: a patch cannot smuggle in an unknown key.
 */

// ---------------------------------------------------------------- primitives

const id = z.string().min(1).max(64);
const shortText = z.string().max(L.shortText);
const at = z.iso.datetime();

/** http(s) links, and for rich-text links also mailto: and tel: (what the link dialog makes). Never javascript:. */
const WEB_URL = /^https?:\/\/[^\s]+$/i;
const LINK_URL = /^(https?:\/\/|mailto:|tel:)[^\s]+$/i;
/** Images and icons: web URLs or root-relative paths (the sample and default icons ship with the web app). */
const ASSET_URL = /^(https?:\/\/[^\s]+|\/[^/\s][^\s]*)$/i;

/** A web URL or '' (not set yet: a new button or video has none). */
export const webUrlSchema = z.union([z.literal(''), z.string().max(L.url).regex(WEB_URL, 'Not a valid url')]);
export const linkHrefSchema = z.string().max(L.url).regex(LINK_URL, 'Not a valid link');
export const assetUrlSchema = z.string().max(L.url).regex(ASSET_URL, 'Not a valid image address');

/** An uploaded image in its three stored sizes. */
export const imageSetSchema = z.strictObject({
  large: assetUrlSchema,
  medium: assetUrlSchema,
  small: assetUrlSchema,
});
export type ImageSet = z.infer<typeof imageSetSchema>;

// ---------------------------------------------------------------- rich text (Slate JSON)

export const RICH_BLOCK_TYPES = [
  'paragraph',
  'heading-one',
  'heading-two',
  'block-quote',
  'numbered-list',
  'bulleted-list',
  'list-item',
] as const;
export const RICH_INLINE_TYPES = ['link', 'break'] as const;
export const RICH_ALIGNS = ['left', 'center', 'right', 'justify'] as const;
export const RICH_MARKS = [
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'color',
  'backgroundColor',
  'fontSize',
] as const;

export type RichBlockType = (typeof RICH_BLOCK_TYPES)[number];
export type RichAlign = (typeof RICH_ALIGNS)[number];

export type RichLeaf = {
  type?: undefined;
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  color?: string;
  backgroundColor?: string;
  fontSize?: string;
};
export type RichBlock = { type: RichBlockType; align?: RichAlign; children: RichNode[] };
export type RichLink = { type: 'link'; href: string; children: RichNode[] };
/** A soft line break (Slate void inline); its single child is an empty leaf. */
export type RichBreak = { type: 'break'; children: RichNode[] };
export type RichElement = RichBlock | RichLink | RichBreak;
export type RichNode = RichElement | RichLeaf;
/** A Slate value: a list of top-level elements. */
export type RichText = RichElement[];

const cssColor = z
  .string()
  .max(64)
  .regex(/^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|transparent)$/i, 'Not a valid colour');
const cssFontSize = z
  .string()
  .max(16)
  .regex(/^\d{1,3}(\.\d{1,2})?px$/, 'Not a valid font size');

/** A text leaf. `type` is never set on a leaf; declaring it lets nodes be told apart by `type` (precise errors). */
export const richLeafSchema = z.strictObject({
  type: z.undefined().optional(),
  text: z.string().max(L.richTextLeaf),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
  strikethrough: z.boolean().optional(),
  color: cssColor.optional(),
  backgroundColor: cssColor.optional(),
  fontSize: cssFontSize.optional(),
});

const richChildren = z.array(z.lazy((): z.ZodType<RichNode> => richNodeSchema)).max(L.richTextChildren);

const richBlockObject = z.strictObject({
  type: z.enum(RICH_BLOCK_TYPES),
  align: z.enum(RICH_ALIGNS).optional(),
  children: richChildren,
});
const richLinkObject = z.strictObject({ type: z.literal('link'), href: linkHrefSchema, children: richChildren });
const richBreakObject = z.strictObject({ type: z.literal('break'), children: richChildren });

export const richBlockSchema: z.ZodType<RichBlock> = richBlockObject;
export const richLinkSchema: z.ZodType<RichLink> = richLinkObject;
export const richBreakSchema: z.ZodType<RichBreak> = richBreakObject;

// Discriminated by `type` (a leaf's is undefined) so an error names the exact field, not just "invalid union".
export const richElementSchema: z.ZodType<RichElement> = z.discriminatedUnion('type', [
  richBlockObject,
  richLinkObject,
  richBreakObject,
]);
export const richNodeSchema: z.ZodType<RichNode> = z.discriminatedUnion('type', [
  richLeafSchema,
  richBlockObject,
  richLinkObject,
  richBreakObject,
]);
export const richTextSchema: z.ZodType<RichText> = z.array(richElementSchema).max(L.richTextBlocks);

/** One paragraph holding `text` (or an empty paragraph): the usual initial value of a rich field. */
export function richParagraph(text = '', align?: RichAlign): RichText {
  return [{ type: 'paragraph', ...(align ? { align } : {}), children: [{ text }] }];
}

/** The text of a rich value, blocks separated by newlines. */
// Module level, not made afresh on every call: the viewer read model reads the plain text of every save.
const isRichBlock = (node: RichNode) =>
  node.type !== undefined && (RICH_BLOCK_TYPES as readonly string[]).includes(node.type);

export function richTextToPlain(value: readonly RichNode[]): string {
  const parts: string[] = [];
  for (const node of value) {
    if ('text' in node) parts.push(node.text);
    else if (node.type === 'break') parts.push('\n');
    else parts.push(richTextToPlain(node.children));
  }
  return value.some(isRichBlock) ? parts.join('\n') : parts.join('');
}

/** Blank: no nodes, empty paragraphs, or only whitespace (spec §5's rule for day titles). */
export const isRichTextBlank = (value: readonly RichNode[]): boolean => richTextToPlain(value).trim() === '';

// ---------------------------------------------------------------- cover

export const coverTypeSchema = z.enum(['text', 'image']);
export type CoverType = z.infer<typeof coverTypeSchema>;

export const headerSchema = z.strictObject({
  type: coverTypeSchema,
  text: richTextSchema,
  image: imageSetSchema.optional(),
});
export const subheaderSchema = z.strictObject({
  type: coverTypeSchema,
  title: richTextSchema,
  text: richTextSchema,
  image: imageSetSchema.optional(),
});
export const footerSchema = subheaderSchema;
export type Header = z.infer<typeof headerSchema>;
export type Subheader = z.infer<typeof subheaderSchema>;
export type Footer = z.infer<typeof footerSchema>;

/** Cover cards (spec §3 "card types seen on covers"). */
const cardBase = { _id: id };
export const cardSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...cardBase, type: z.literal('title'), content: richTextSchema }),
  z.strictObject({ ...cardBase, type: z.literal('text'), content: richTextSchema }),
  z.strictObject({ ...cardBase, type: z.literal('image'), image: imageSetSchema.optional() }),
  z.strictObject({
    ...cardBase,
    type: z.literal('table'),
    rows: z.array(z.strictObject({ id, title: shortText, description: z.string().max(L.cellText) })).max(L.tableRows),
  }),
  z.strictObject({
    ...cardBase,
    type: z.literal('schedule-table'),
    rows: z
      .array(z.strictObject({ id, place: shortText, time: shortText, schedule: z.string().max(L.cellText) }))
      .max(L.tableRows),
    mealHeading: shortText,
    mealDescription: z.string().max(L.cellText),
  }),
  z.strictObject({
    ...cardBase,
    type: z.literal('leftImageCard'),
    heading: shortText,
    text: z.string().max(L.cellText),
    image: imageSetSchema.optional(),
  }),
  z.strictObject({
    ...cardBase,
    type: z.literal('preparation'),
    heading: shortText,
    text: z.string().max(L.cellText),
    image: imageSetSchema.optional(),
  }),
]);
export type Card = z.infer<typeof cardSchema>;
export type CardType = Card['type'];

// ---------------------------------------------------------------- section items

export const tableContentSchema = z.array(z.array(z.string().max(L.cellText)).max(L.tableCols)).max(L.tableRows);
export const colWidthsSchema = z.array(z.number().finite().min(0).max(L.colWidth)).max(L.tableCols);

const itemBase = { _id: id, isImportant: z.boolean() };
const images = z.array(imageSetSchema).max(L.imagesPerItem);

export const titleItemSchema = z.strictObject({ ...itemBase, type: z.literal('title'), content: richTextSchema });
export const textItemSchema = z.strictObject({ ...itemBase, type: z.literal('text'), content: richTextSchema });
/** For images the important flag reads "Sticky": pinned to the top in view mode. */
export const imageItemSchema = z.strictObject({
  ...itemBase,
  type: z.literal('image'),
  image: imageSetSchema.optional(),
  /** px, the placeholder's height before an image is uploaded */
  height: z.number().finite().min(0).max(L.colWidth),
});
export const imageTextItemSchema = z.strictObject({
  ...itemBase,
  type: z.literal('imagetext'),
  image: imageSetSchema.optional(),
  height: z.number().finite().min(0).max(L.colWidth),
  content: richTextSchema,
});
export const tableItemSchema = z.strictObject({
  ...itemBase,
  type: z.literal('table'),
  content: tableContentSchema,
  rows: z.number().int().min(1).max(L.tableRows),
  cols: z.number().int().min(1).max(L.tableCols),
  colWidths: colWidthsSchema,
});
export const videoItemSchema = z.strictObject({ ...itemBase, type: z.literal('video'), url: webUrlSchema });
export const buttonItemSchema = z.strictObject({
  ...itemBase,
  type: z.literal('button'),
  title: shortText,
  url: webUrlSchema,
});
export const mapItemSchema = z.strictObject({
  ...itemBase,
  type: z.literal('map'),
  address: shortText,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  level: z.number().int().min(1).max(20),
});
export const preparationItemSchema = z.strictObject({
  ...itemBase,
  type: z.literal('preparation'),
  image: imageSetSchema.optional(),
  title: richTextSchema,
  body: richTextSchema,
});
/** A local date and time as a ticket prints it, at the airport it names ('2026-12-24T09:35'), or '' when not given. */
export const flightDateTimeSchema = z.string().regex(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})?$/, 'Use YYYY-MM-DDTHH:mm');
/**
 * A flight's details (issue 22): every field may stay blank, a blank one is not shown to readers. `from` and `to`
 * are the airports as the author writes them ('ICN', 'Incheon'); times are local to each airport, as printed.
 */
export const flightSchema = z.strictObject({
  airline: shortText,
  flightNumber: shortText,
  from: shortText,
  to: shortText,
  departs: flightDateTimeSchema,
  arrives: flightDateTimeSchema,
  seat: shortText,
  cabin: shortText,
});
export type Flight = z.infer<typeof flightSchema>;
export const FLIGHT_FIELDS = [
  'airline',
  'flightNumber',
  'from',
  'to',
  'departs',
  'arrives',
  'seat',
  'cabin',
] as const satisfies readonly (keyof Flight)[];
/** An air ticket: a title, the flight's details and pictures (a boarding pass). Tickets saved before issue 22 have no `flight`. */
export const airticketItemSchema = z.strictObject({
  ...itemBase,
  type: z.literal('airticket'),
  images,
  title: richTextSchema,
  flight: flightSchema.optional(),
});
/** Collapsed in view mode until tapped; always open in the editor. */
export const accordionItemSchema = z.strictObject({
  ...itemBase,
  type: z.literal('accordion'),
  images,
  title: richTextSchema,
  body: richTextSchema,
});
/** A single schedule row inside a section (itinerary pages keep theirs in `days`). */
export const activityItemSchema = z.strictObject({
  ...itemBase,
  type: z.literal('activity'),
  place: shortText,
  time: shortText,
  schedule: shortText,
  body: richTextSchema,
});
/** A day heading inside a section (itinerary pages keep their days in `days`). */
export const dayItemSchema = z.strictObject({ ...itemBase, type: z.literal('day'), title: richTextSchema });

export const sectionItemSchema = z.discriminatedUnion('type', [
  titleItemSchema,
  textItemSchema,
  imageItemSchema,
  imageTextItemSchema,
  tableItemSchema,
  videoItemSchema,
  buttonItemSchema,
  mapItemSchema,
  preparationItemSchema,
  airticketItemSchema,
  accordionItemSchema,
  activityItemSchema,
  dayItemSchema,
]);
export type SectionItem = z.infer<typeof sectionItemSchema>;
export type SectionItemType = SectionItem['type'];
export type SectionItemOf<T extends SectionItemType> = Extract<SectionItem, { type: T }>;
export const SECTION_ITEM_TYPES = [
  'title',
  'text',
  'image',
  'imagetext',
  'table',
  'video',
  'button',
  'map',
  'preparation',
  'airticket',
  'accordion',
  'activity',
  'day',
] as const satisfies readonly SectionItemType[];

export const sectionSchema = z.strictObject({ _id: id, items: z.array(sectionItemSchema).max(L.itemsPerSection) });
export type Section = z.infer<typeof sectionSchema>;

// ---------------------------------------------------------------- itinerary

export const subActivitySchema = z.strictObject({
  _id: id,
  place: shortText,
  time: shortText,
  schedule: shortText,
  body: richTextSchema,
  isImportant: z.boolean(),
  /**
   * The empty sub-activity an activity keeps when it loses its last one (spec §4). Marked rather than written:
   * 'Enter Activity' is the editor's placeholder in the author's language, never stored text (issue 11).
   */
  isReplacement: z.boolean().optional(),
});
export const activitySchema = z.strictObject({
  _id: id,
  place: shortText,
  time: shortText,
  schedule: shortText,
  subActivities: z.array(subActivitySchema).max(L.subActivitiesPerActivity),
  isImportant: z.boolean(),
});
export const mealSchema = z.strictObject({
  _id: id,
  title: richTextSchema,
  body: richTextSchema,
  isImportant: z.boolean(),
});
export const daySchema = z.strictObject({
  _id: id,
  title: richTextSchema,
  activities: z.array(activitySchema).max(L.activitiesPerDay),
  meals: z.array(mealSchema).max(L.mealsPerDay),
});
export type SubActivity = z.infer<typeof subActivitySchema>;
export type Activity = z.infer<typeof activitySchema>;
export type Meal = z.infer<typeof mealSchema>;
export type Day = z.infer<typeof daySchema>;

// ---------------------------------------------------------------- content pages and the document

export const contentTypeSchema = z.enum(CONTENT_TYPES);

export const contentPageSchema = z.strictObject({
  _id: id,
  title: shortText,
  subtitle: shortText,
  contentType: contentTypeSchema,
  /** URL or root-relative path of the menu-tile icon */
  icon: z.union([z.literal(''), assetUrlSchema]),
  /** attractions, preparations, airtickets: sections of items (itinerary pages keep this empty) */
  sections: z.array(sectionSchema).max(L.sectionsPerContent),
  /** itinerary: days (other types keep this empty) */
  days: z.array(daySchema).max(L.days),
  /** the itinerary grid's three columns: widths in px and titles */
  colWidths: colWidthsSchema,
  colTitles: z.array(shortText).max(L.tableCols),
  createdAt: at.optional(),
  updatedAt: at.optional(),
  /** set on pages that came from the built-in sample contents; informational, never used for access */
  isSampleContent: z.boolean().optional(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

export const guidebookDocumentSchema = z.strictObject({
  /** may be blank while editing; saving requires a title (`guidebookTitleSchema`) */
  title: z.string().max(GUIDEBOOK_TITLE_MAX),
  header: headerSchema,
  subheader: subheaderSchema,
  footer: footerSchema,
  home: z.strictObject({ cards: z.array(cardSchema).max(L.cards) }),
  /** ordered: this is also the order of the cover's menu tiles */
  contents: z.array(contentPageSchema).max(L.contents),
});
export type GuidebookDocument = z.infer<typeof guidebookDocumentSchema>;

/** A cover menu tile, derived from a content page (see the note at the top). */
export type MenuTile = { contentId: string; title: string; icon: string; contentType: ContentPage['contentType'] };

export const menuTiles = (doc: Pick<GuidebookDocument, 'contents'>): MenuTile[] =>
  doc.contents.map((page) => ({
    contentId: page._id,
    title: page.title,
    icon: page.icon,
    contentType: page.contentType,
  }));

// ---------------------------------------------------------------- validation with a path

export type DocumentIssue = { path: string; message: string };

/** UTF-8 length of a string without TextEncoder (not every test runtime's globals are typed the same). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Depth of nested arrays and objects, counted without recursion so a hostile document cannot overflow the stack. */
export function jsonDepth(value: unknown): number {
  let max = 0;
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const next = depth + 1;
    if (next > max) max = next;
    if (max > L.documentDepth) return max;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push({ node: child, depth: next });
  }
  return max;
}

/** Dotted path as in problem details (`contents.2.sections.0.items.1.title`). */
export const formatPath = (path: readonly PropertyKey[]): string => path.map((key) => String(key)).join('.');

type Checked = { ok: true; doc: GuidebookDocument } | { ok: false; issue: DocumentIssue };

/** Whether JSON text is within the document's byte limit; counted only when its length alone cannot tell. */
function withinDocumentBytes(json: string): boolean {
  // a UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair, two units, is 4)
  return json.length * 3 <= L.documentBytes || utf8Length(json) <= L.documentBytes;
}

function checkDocument(doc: unknown): Checked {
  if (jsonDepth(doc) > L.documentDepth)
    return { ok: false, issue: { path: '', message: `The document is nested deeper than ${L.documentDepth} levels` } };
  const json = JSON.stringify(doc) ?? '';
  if (!withinDocumentBytes(json))
    return { ok: false, issue: { path: '', message: `The document is larger than ${L.documentBytes} bytes` } };
  const result = guidebookDocumentSchema.safeParse(doc);
  if (result.success) return { ok: true, doc: result.data };
  const issue = result.error.issues[0];
  return {
    ok: false,
    issue: issue ? { path: formatPath(issue.path), message: issue.message } : { path: '', message: 'Invalid document' },
  };
}

/**
 * The first problem of a candidate document, or null when it is a valid guidebook document. Depth and size are
 * checked before the schema so a hostile document costs little.
 */
export function validateDocument(doc: unknown): DocumentIssue | null {
  const checked = checkDocument(doc);
  return checked.ok ? null : checked.issue;
}

/** Thrown by `parseDocument` with the first issue. */
export class DocumentValidationError extends Error {
  override readonly name = 'DocumentValidationError';
  constructor(readonly issue: DocumentIssue) {
    super(issue.path ? `${issue.path}: ${issue.message}` : issue.message);
  }
}

/** A valid guidebook document, or a `DocumentValidationError` naming the first problem. */
export function parseDocument(doc: unknown): GuidebookDocument {
  const checked = checkDocument(doc);
  if (!checked.ok) throw new DocumentValidationError(checked.issue);
  return checked.doc;
}

// ---------------------------------------------------------------- validating what a change touched

type AnySchema = z.core.$ZodType;
type Def = { type: string; [key: string]: unknown };
const defOf = (schema: AnySchema): Def => schema._zod.def as unknown as Def;
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** An array's `max(n)`, when that is its only check (anything else is left to the whole schema). */
function arrayMaximum(def: Def): number | undefined {
  const checks = (def.checks ?? []) as Array<{ _zod: { def: { check: string; maximum?: number } } }>;
  let maximum: number | undefined = Number.POSITIVE_INFINITY;
  for (const check of checks) {
    if (check._zod.def.check === 'max_length' && typeof check._zod.def.maximum === 'number')
      maximum = Math.min(maximum, check._zod.def.maximum);
    else maximum = undefined;
    if (maximum === undefined) break;
  }
  return maximum;
}

/**
 * True when `after` is surely valid under `schema`, knowing that `before` (the node at the same place in a valid
 * document, or undefined) is. Walks only what differs: a node identical to `before`, or to any element of the
 * array `before` was (same place, same schema), is valid as it stands. Strict objects, arrays with only a
 * maximum, optional, lazy and discriminated unions are walked; any other schema parses its (changed) value. False
 * means "not sure": the caller then validates the whole document, which names the problem.
 */
function changeIsValid(schema: AnySchema, before: unknown, after: unknown, depth: number): boolean {
  if (after === before) return true;
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
      return after === undefined || changeIsValid(def.innerType as AnySchema, before, after, depth);
    case 'lazy':
      return changeIsValid((def.getter as () => AnySchema)(), before, after, depth);
    case 'object': {
      const checks = def.checks as unknown[] | undefined;
      if (!isPlainObject(after) || depth + 1 > L.documentDepth || (checks && checks.length > 0)) return false;
      // strict objects only: an unknown key is refused by the schema, here it sends the change to the full check
      if (defOf(def.catchall as AnySchema)?.type !== 'never') return false;
      const shape = def.shape as Record<string, AnySchema>;
      for (const key of Object.keys(after)) if (!Object.prototype.hasOwnProperty.call(shape, key)) return false;
      const was = isPlainObject(before) ? before : undefined;
      for (const key of Object.keys(shape)) {
        const field = shape[key]!;
        if (!Object.prototype.hasOwnProperty.call(after, key)) {
          if (field._zod.optin !== 'optional') return false;
          continue;
        }
        if (!changeIsValid(field, was?.[key], after[key], depth + 1)) return false;
      }
      return true;
    }
    case 'array': {
      if (!Array.isArray(after) || depth + 1 > L.documentDepth) return false;
      const maximum = arrayMaximum(def);
      if (maximum === undefined || after.length > maximum) return false;
      const was = Array.isArray(before) ? before : [];
      let earlier: Set<unknown> | undefined;
      for (let index = 0; index < after.length; index++) {
        const element = after[index];
        if (element === was[index]) continue;
        // moved or shifted by an insert or a removal: still one of this array's valid elements
        earlier ??= new Set(was);
        if (earlier.has(element)) continue;
        if (!(index in after) || !changeIsValid(def.element as AnySchema, undefined, element, depth + 1)) return false;
      }
      return true;
    }
    case 'union': {
      const discriminator = def.discriminator;
      if (typeof discriminator !== 'string' || !isPlainObject(after)) return parsesAt(schema, after, depth);
      const value = after[discriminator];
      const option = (def.options as AnySchema[]).find((candidate) =>
        candidate._zod.propValues?.[discriminator]?.has(value as never),
      );
      if (!option) return false;
      // the node before counts only if it was of the same kind (a changed `type` re-checks the whole node)
      const sameKind = isPlainObject(before) && before[discriminator] === value;
      return changeIsValid(option, sameKind ? before : undefined, after, depth);
    }
    default:
      return parsesAt(schema, after, depth);
  }
}

function parsesAt(schema: AnySchema, value: unknown, depth: number): boolean {
  return depth + jsonDepth(value) <= L.documentDepth && z.safeParse(schema, value).success;
}

/** UTF-8 bytes of a value as JSON (undefined: none, as JSON.stringify leaves such a key out). */
const jsonBytes = (value: unknown): number => (value === undefined ? 0 : utf8Length(JSON.stringify(value) ?? ''));

/**
 * The JSON size of `after` minus that of `before`, in UTF-8 bytes, walking only where they differ: objects key by
 * key, arrays of one length element by element; anything else (a leaf, an array that grew or shrank) is measured
 * on both sides. Both are valid documents' nodes, so the walk is as shallow as they are.
 */
function jsonBytesDelta(before: unknown, after: unknown): number {
  if (after === before) return 0;
  if (isPlainObject(before) && isPlainObject(after)) {
    let delta = 0;
    let countBefore = 0;
    let countAfter = 0;
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const was = before[key];
      const now = after[key];
      if (was !== undefined) countBefore++;
      if (now !== undefined) countAfter++;
      if (was === undefined && now === undefined) continue;
      if (was === undefined) delta += jsonBytes(key) + 1 + jsonBytes(now);
      else if (now === undefined) delta -= jsonBytes(key) + 1 + jsonBytes(was);
      else delta += jsonBytesDelta(was, now);
    }
    // the commas between members
    return delta + Math.max(0, countAfter - 1) - Math.max(0, countBefore - 1);
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    let delta = 0;
    for (let index = 0; index < after.length; index++) delta += jsonBytesDelta(before[index], after[index]);
    return delta;
  }
  return jsonBytes(after) - jsonBytes(before);
}

/** The JSON size of documents checked here, so the next change measures only what it changed. */
const documentBytes = new WeakMap<object, number>();

function bytesOfDocument(doc: GuidebookDocument): number {
  let bytes = documentBytes.get(doc);
  if (bytes === undefined) {
    bytes = jsonBytes(doc);
    documentBytes.set(doc, bytes);
  }
  return bytes;
}

/**
 * `validateDocument(after)` for a document made from `before` by patches (guidebook-patches.ts), which share every
 * untouched branch with it: the same answer, at the cost of the branches the patches touched (issue 20: a one-field
 * save no longer parses and measures the whole 20 KB document).
 *
 * `before` must be a valid document (the caller knows it checked it). The walk looks only at nodes that are not
 * `before`'s own (the same object at the same place); depth is counted along the walk, and the size is `before`'s
 * (measured once, then kept per document) plus what the change added or took away. Whenever the walk is not sure,
 * and always when the document is not valid, the whole document is checked, so the issue reported is the one
 * `validateDocument` names.
 */
export function validateDocumentChange(before: GuidebookDocument, after: unknown): DocumentIssue | null {
  if (after === before) return null;
  if (changeIsValid(guidebookDocumentSchema, before, after, 0)) {
    const bytes = bytesOfDocument(before) + jsonBytesDelta(before, after);
    if (bytes <= L.documentBytes) {
      documentBytes.set(after as GuidebookDocument, bytes);
      return null;
    }
  }
  return validateDocument(after);
}
