import {
  RICH_BLOCK_TYPES,
  richParagraph,
  richTextToPlain,
  type Activity,
  type Card,
  type CardType,
  type ContentPage,
  type Day,
  type Flight,
  type GuidebookDocument,
  type Meal,
  type RichNode,
  type Section,
  type SectionItem,
  type SectionItemOf,
  type SectionItemType,
  type SubActivity,
} from './guidebook-document.ts';
import {
  DEFAULT_COL_TITLES,
  DEFAULT_COL_WIDTHS,
  DEFAULT_CONTENT_ICONS,
  DEFAULT_GUIDEBOOK_TITLE,
  DEFAULT_IMAGE_HEIGHT,
  DEFAULT_MAP_CENTER,
  DEFAULT_MAP_LEVEL,
  DEFAULT_TABLE_COLS,
  DEFAULT_TABLE_ROWS,
  DEFAULT_TABLE_WIDTH,
  MIN_COL_WIDTH,
  NEW_COL_WIDTH,
  REPLACEMENT_SUB_ACTIVITY_TEXT,
  type ContentType,
} from './guidebook-limits.ts';

/**
 * The structural rules of guidebooks (spec 1 §4, §5) and the builders of new parts. Pure and shared: the editor
 * runs them after each edit and the server after applying a save's patches, so both hold the same document.
 * Ids come from the caller (`IdGenerator`): random in the editor, derived from the command id on the server.
 */

export type IdGenerator = { newId(): string };

// ---------------------------------------------------------------- builders

/**
 * A new, empty guidebook. Every text is empty: the editor shows its placeholders ('Header text', 'Title on the
 * cover', …) greyed in the author's language and never stores them, and readers see nothing for an empty part.
 * The cover title starts as an empty heading so what the author types reads as the title (the viewer's size and
 * weight) without choosing a style first. `title` defaults to 'Untitled Guidebook' for callers that store at once
 * (the server's create without a document: saving needs a title); the editor passes '' and asks for one.
 */
export function newGuidebookDocument(options: { title?: string } = {}): GuidebookDocument {
  return {
    title: options.title ?? DEFAULT_GUIDEBOOK_TITLE,
    header: { type: 'text', text: richParagraph() },
    subheader: {
      type: 'text',
      title: [{ type: 'heading-one', align: 'center', children: [{ text: '' }] }],
      text: richParagraph('', 'center'),
    },
    footer: { type: 'text', title: richParagraph(), text: richParagraph() },
    home: { cards: [] },
    contents: [],
  };
}

export const newSection = (ids: IdGenerator, items: SectionItem[] = []): Section => ({ _id: ids.newId(), items });

/**
 * A new page: empty title, subtitle and itinerary column titles (the editor shows the type's name, 'Subtitle' and
 * the columns' names as placeholders, the reader the columns' names in the reader's language).
 */
export function newContentPage(type: ContentType, ids: IdGenerator, options: { now?: string } = {}): ContentPage {
  return {
    _id: ids.newId(),
    title: '',
    subtitle: '',
    contentType: type,
    icon: DEFAULT_CONTENT_ICONS[type],
    sections: type === 'itinerary' ? [] : [newSection(ids)],
    days: [],
    colWidths: [...DEFAULT_COL_WIDTHS],
    // blank: the editor and the reader show the columns' names in their person's language (issue 22)
    colTitles: DEFAULT_COL_TITLES.map(() => ''),
    ...(options.now ? { createdAt: options.now, updatedAt: options.now } : {}),
  };
}

/** Column widths splitting `total` evenly (whole pixels, the remainder on the last column). */
export function evenColumnWidths(cols: number, total: number = DEFAULT_TABLE_WIDTH): number[] {
  const count = Math.max(1, cols);
  const each = Math.max(MIN_COL_WIDTH, Math.floor(total / count));
  const widths = new Array<number>(count).fill(each);
  if (each * count < total) widths[count - 1] = total - each * (count - 1);
  return widths;
}

export type NewItemOptions = { rows?: number; cols?: number };

export function newSectionItem<T extends SectionItemType>(
  type: T,
  ids: IdGenerator,
  options: NewItemOptions = {},
): SectionItemOf<T> {
  const base = { _id: ids.newId(), isImportant: false };
  const item = ((): SectionItem => {
    switch (type as SectionItemType) {
      case 'title':
        return { ...base, type: 'title', content: richParagraph() };
      case 'text':
        return { ...base, type: 'text', content: richParagraph() };
      case 'image':
        return { ...base, type: 'image', height: DEFAULT_IMAGE_HEIGHT };
      case 'imagetext':
        return { ...base, type: 'imagetext', height: DEFAULT_IMAGE_HEIGHT, content: richParagraph() };
      case 'table': {
        const rows = Math.max(1, Math.floor(options.rows ?? DEFAULT_TABLE_ROWS));
        const cols = Math.max(1, Math.floor(options.cols ?? DEFAULT_TABLE_COLS));
        const content = Array.from({ length: rows }, () => new Array<string>(cols).fill(''));
        return { ...base, type: 'table', content, rows, cols, colWidths: evenColumnWidths(cols) };
      }
      case 'video':
        return { ...base, type: 'video', url: '' };
      case 'button':
        return { ...base, type: 'button', title: '', url: '' };
      case 'map':
        return { ...base, type: 'map', address: '', ...DEFAULT_MAP_CENTER, level: DEFAULT_MAP_LEVEL };
      case 'preparation':
        return { ...base, type: 'preparation', title: richParagraph(), body: richParagraph() };
      case 'airticket':
        return { ...base, type: 'airticket', images: [], title: richParagraph(), flight: emptyFlight() };
      case 'accordion':
        return { ...base, type: 'accordion', images: [], title: richParagraph(), body: richParagraph() };
      case 'activity':
        return { ...base, type: 'activity', place: '', time: '', schedule: '', body: richParagraph() };
      case 'day':
        return { ...base, type: 'day', title: richParagraph() };
    }
  })();
  return item as SectionItemOf<T>;
}

export const newSubActivity = (ids: IdGenerator): SubActivity => ({
  _id: ids.newId(),
  place: '',
  time: '',
  schedule: '',
  body: richParagraph(),
  isImportant: false,
});

/**
 * The sub-activity left when an activity loses its last one (spec §4: "an empty replacement with text 'Enter
 * Activity'"): empty and marked, the text being the editor's placeholder (never stored content, issue 11).
 */
export const replacementSubActivity = (ids: IdGenerator): SubActivity => ({
  ...newSubActivity(ids),
  isReplacement: true,
});

/** A new activity starts with its replacement sub-activity: an activity always holds at least one. */
export const newActivity = (ids: IdGenerator): Activity => ({
  _id: ids.newId(),
  place: '',
  time: '',
  schedule: '',
  subActivities: [replacementSubActivity(ids)],
  isImportant: false,
});

/** A flight with nothing filled in: the editor shows each field's placeholder, readers see none of them. */
export const emptyFlight = (): Flight => ({
  airline: '',
  flightNumber: '',
  from: '',
  to: '',
  departs: '',
  arrives: '',
  seat: '',
  cabin: '',
});

/** A new meal: empty title and body ('Meal title' is the editor's placeholder, never stored). */
export const newMeal = (ids: IdGenerator): Meal => ({
  _id: ids.newId(),
  title: richParagraph(),
  body: richParagraph(),
  isImportant: false,
});

/** A new day: an empty title by default (the editor shows 'Day N' as its placeholder; readers see no heading). */
export const newDay = (ids: IdGenerator, title = ''): Day => ({
  _id: ids.newId(),
  title: richParagraph(title),
  activities: [],
  meals: [],
});

export function newCard(type: CardType, ids: IdGenerator): Card {
  const _id = ids.newId();
  switch (type) {
    case 'title':
    case 'text':
      return { _id, type, content: richParagraph() };
    case 'image':
      return { _id, type };
    case 'table':
      return { _id, type, rows: [] };
    case 'schedule-table':
      return { _id, type, rows: [], mealHeading: '', mealDescription: '' };
    case 'leftImageCard':
    case 'preparation':
      return { _id, type, heading: '', text: '' };
  }
}

/**
 * A deep copy with a fresh id for every `_id` (and every `id` of card rows): copying a guidebook, copying a
 * content page (spec §4: "duplicates the whole tree with new ids"), creating from the sample.
 */
export function cloneWithFreshIds<T>(tree: T, ids: IdGenerator): T {
  const clone = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(clone);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] = (key === '_id' || key === 'id') && typeof value === 'string' ? ids.newId() : clone(value);
    }
    return out;
  };
  return clone(tree) as T;
}

// ---------------------------------------------------------------- tables and columns

/**
 * Column widths that fit the rules: one per column (missing ones get `NEW_COL_WIDTH`, none at all split the
 * default width), each at least `MIN_COL_WIDTH`, the total unchanged (widening narrow columns takes the width from
 * the widest ones). Returns the same array when it already fits.
 */
export function fitColumnWidths(
  widths: readonly number[],
  cols: number,
  defaults?: readonly number[],
): readonly number[] {
  const count = Math.max(1, cols);
  let next: number[];
  if (widths.length === 0) next = defaults && defaults.length === count ? [...defaults] : evenColumnWidths(count);
  else {
    next = widths.slice(0, count);
    while (next.length < count) next.push(defaults?.[next.length] ?? NEW_COL_WIDTH);
  }
  const total = next.reduce((sum, width) => sum + width, 0);
  if (total < MIN_COL_WIDTH * count) next = next.map(() => MIN_COL_WIDTH);
  else {
    let deficit = 0;
    next = next.map((width) => {
      if (width >= MIN_COL_WIDTH) return width;
      deficit += MIN_COL_WIDTH - width;
      return MIN_COL_WIDTH;
    });
    const widestFirst = next
      .map((width, index) => ({ width, index }))
      .sort((a, b) => b.width - a.width || a.index - b.index);
    for (const { index } of widestFirst) {
      if (deficit <= 0) break;
      const spare = Math.min(next[index]! - MIN_COL_WIDTH, deficit);
      next[index] = next[index]! - spare;
      deficit -= spare;
    }
  }
  return next.length === widths.length && next.every((width, index) => width === widths[index]) ? widths : next;
}

/**
 * Resizes column `index` to `width`, the neighbour on its right (the left one for the last column) giving or
 * taking the difference, so the total stays the same and both stay at least `MIN_COL_WIDTH` wide.
 */
export function resizeColumn(widths: readonly number[], index: number, width: number): number[] {
  const next = [...widths];
  const neighbour = index + 1 < widths.length ? index + 1 : index - 1;
  const current = widths[index];
  const other = widths[neighbour];
  if (current === undefined || other === undefined) return next;
  const pair = current + other;
  const clamped = Math.min(Math.max(width, MIN_COL_WIDTH), pair - MIN_COL_WIDTH);
  if (pair < 2 * MIN_COL_WIDTH) return next;
  next[index] = clamped;
  next[neighbour] = pair - clamped;
  return next;
}

/**
 * A table that fits the rules: at least one row and one column, `content` a rows x cols matrix (the cells are the
 * truth: `rows`/`cols` follow them; with no cells, `rows`/`cols` give a blank matrix), widths fitted.
 */
export function normaliseTable(item: SectionItemOf<'table'>): SectionItemOf<'table'> {
  const sourceRows =
    item.content.length > 0 ? item.content : Array.from({ length: Math.max(1, item.rows) }, () => [] as string[]);
  const cols = Math.max(1, item.content.length > 0 ? Math.max(...item.content.map((row) => row.length)) : item.cols);
  const rows = sourceRows.length;
  const sameContent = item.content.length === rows && item.content.every((row) => row.length === cols);
  const content = sameContent
    ? item.content
    : sourceRows.map((row) => [...row, ...new Array<string>(cols - row.length).fill('')]);
  const colWidths = fitColumnWidths(item.colWidths, cols);
  if (sameContent && item.rows === rows && item.cols === cols && colWidths === item.colWidths) return item;
  return { ...item, content, rows, cols, colWidths: [...colWidths] };
}

/** A table cannot lose its last row or column (spec §5); these return the table unchanged then. */
export function removeTableRow(item: SectionItemOf<'table'>, row: number): SectionItemOf<'table'> {
  if (item.rows <= 1 || row < 0 || row >= item.content.length) return item;
  const content = item.content.filter((_, index) => index !== row);
  return { ...item, content, rows: content.length };
}

export function removeTableColumn(item: SectionItemOf<'table'>, col: number): SectionItemOf<'table'> {
  if (item.cols <= 1 || col < 0 || col >= item.cols) return item;
  return {
    ...item,
    content: item.content.map((row) => row.filter((_, index) => index !== col)),
    cols: item.cols - 1,
    colWidths: item.colWidths.filter((_, index) => index !== col),
  };
}

export function insertTableRow(item: SectionItemOf<'table'>, at: number): SectionItemOf<'table'> {
  const index = Math.min(Math.max(0, at), item.content.length);
  const content = [
    ...item.content.slice(0, index),
    new Array<string>(item.cols).fill(''),
    ...item.content.slice(index),
  ];
  return { ...item, content, rows: content.length };
}

/** A new column is `NEW_COL_WIDTH` wide; the table grows by that much. */
export function insertTableColumn(item: SectionItemOf<'table'>, at: number): SectionItemOf<'table'> {
  const index = Math.min(Math.max(0, at), item.cols);
  const insert = <T>(list: readonly T[], value: T): T[] => [...list.slice(0, index), value, ...list.slice(index)];
  return {
    ...item,
    content: item.content.map((row) => insert(row, '')),
    cols: item.cols + 1,
    colWidths: insert(item.colWidths, NEW_COL_WIDTH),
  };
}

// ---------------------------------------------------------------- itinerary

const isReplacementText = (text: string): boolean => text.trim() === REPLACEMENT_SUB_ACTIVITY_TEXT;

/**
 * A replacement sub-activity: marked and still empty, not important. Documents saved before the mark held the
 * 'Enter Activity' text instead; that one counts too (and `normaliseActivity` turns it into the marked form).
 */
export function isReplacementSubActivity(sub: SubActivity): boolean {
  if (sub.isImportant || sub.place.trim() !== '' || sub.time.trim() !== '' || sub.schedule.trim() !== '') return false;
  const body = richTextToPlain(sub.body).trim();
  return sub.isReplacement === true ? body === '' || isReplacementText(body) : isReplacementText(body);
}

/** Has text: anything written in it other than the replacement's 'Enter Activity'. */
export function subActivityHasText(sub: SubActivity): boolean {
  if (sub.place.trim() !== '' || sub.time.trim() !== '' || sub.schedule.trim() !== '') return true;
  const body = richTextToPlain(sub.body).trim();
  return body !== '' && !isReplacementText(body);
}

/**
 * Spec §4 on sub-activities: an activity never ends up with none (an empty replacement takes the last one's
 * place), holds at most one replacement, and a replacement next to a sub-activity with text goes away (moving a
 * sub-activity into an activity that only had its replacement collapses to the moved one).
 */
export function normaliseActivity(activity: Activity, ids: IdGenerator): Activity {
  const subs = mapShared(activity.subActivities, markReplacement);
  if (subs.length === 0) return { ...activity, subActivities: [replacementSubActivity(ids)] };
  const replacements = subs.filter(isReplacementSubActivity);
  if (replacements.length === 0)
    return subs === activity.subActivities ? activity : { ...activity, subActivities: subs };
  const anyText = subs.some(subActivityHasText);
  let seenReplacement = false;
  const kept = subs.filter((sub) => {
    if (!isReplacementSubActivity(sub)) return true;
    if (anyText || seenReplacement) return false;
    seenReplacement = true;
    return true;
  });
  return kept.length === activity.subActivities.length && subs === activity.subActivities
    ? activity
    : { ...activity, subActivities: kept };
}

/**
 * A replacement keeps its mark only while it is one: written in (or made important) it is an ordinary
 * sub-activity. An old document's stored 'Enter Activity' text becomes the empty, marked form.
 */
function markReplacement(sub: SubActivity): SubActivity {
  const replacement = isReplacementSubActivity(sub);
  if (replacement && (sub.isReplacement !== true || richTextToPlain(sub.body).trim() !== ''))
    return { ...sub, isReplacement: true, body: richParagraph() };
  if (!replacement && sub.isReplacement !== undefined) {
    const { isReplacement: _dropped, ...ordinary } = sub;
    return ordinary;
  }
  return sub;
}

/**
 * A day's activities follow the sub-activity rules. A blank day title stays blank (issue 11: 'New Day' / 'Day N'
 * are the editor's placeholders in the author's language, never stored; readers see no heading for it), but an
 * emptied title always keeps one paragraph to type in.
 */
export function normaliseDay(day: Day, ids: IdGenerator): Day {
  const title = day.title.length === 0 ? richParagraph() : day.title;
  const activities = mapShared(day.activities, (activity) => normaliseActivity(activity, ids));
  return title === day.title && activities === day.activities ? day : { ...day, title, activities };
}

// ---------------------------------------------------------------- pages and the document

/** `map` that returns the same array when no element changed (so unchanged branches stay shared). */
function mapShared<T>(list: readonly T[], fn: (item: T, index: number) => T): T[] {
  let changed = false;
  const next = list.map((item, index) => {
    const mapped = fn(item, index);
    if (mapped !== item) changed = true;
    return mapped;
  });
  return changed ? next : (list as T[]);
}

const normaliseItem = (item: SectionItem): SectionItem => (item.type === 'table' ? normaliseTable(item) : item);

/**
 * Content page rules: a missing icon becomes the type's default; the itinerary columns are three, each at least 40
 * wide; a page of sections always has one to put items in. A blank title stays blank (issue 11: 'Type N' is the
 * editor's placeholder, shown as the type's name in the author's language, never stored).
 */
export function normaliseContentPage(page: ContentPage, ids: IdGenerator): ContentPage {
  const title = page.title;
  const icon = page.icon === '' ? DEFAULT_CONTENT_ICONS[page.contentType] : page.icon;
  const colWidths = fitColumnWidths(page.colWidths, DEFAULT_COL_WIDTHS.length, DEFAULT_COL_WIDTHS);
  const colTitles =
    page.colTitles.length === DEFAULT_COL_TITLES.length
      ? page.colTitles
      : DEFAULT_COL_TITLES.map((_, index) => page.colTitles[index] ?? '');
  let sections = mapShared(page.sections, (section) => {
    const items = mapShared(section.items, normaliseItem);
    return items === section.items ? section : { ...section, items };
  });
  if (page.contentType !== 'itinerary' && sections.length === 0) sections = [newSection(ids)];
  const days = mapShared(page.days, (day) => normaliseDay(day, ids));
  const unchanged =
    title === page.title &&
    icon === page.icon &&
    colWidths === page.colWidths &&
    colTitles === page.colTitles &&
    sections === page.sections &&
    days === page.days;
  return unchanged
    ? page
    : { ...page, title, icon, colWidths: [...colWidths], colTitles: [...colTitles], sections, days };
}

/** Gives a fresh id to every `_id` already seen earlier in the document (a copy made without `cloneWithFreshIds`). */
function dedupeIds(doc: GuidebookDocument, ids: IdGenerator): GuidebookDocument {
  const seen = new Set<string>();
  let changed = false;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return mapShared(node, visit);
    if (node === null || typeof node !== 'object') return node;
    const record = node as Record<string, unknown>;
    let out = record;
    for (const [key, value] of Object.entries(record)) {
      let nextValue = value;
      if (key === '_id' && typeof value === 'string') {
        if (seen.has(value)) nextValue = ids.newId();
        seen.add(nextValue as string);
      } else nextValue = visit(value);
      if (nextValue !== value) {
        if (out === record) out = { ...record };
        out[key] = nextValue;
        changed = true;
      }
    }
    return out;
  };
  const next = visit(doc) as GuidebookDocument;
  return changed ? next : doc;
}

const RICH_ELEMENT_TYPES = new Set<string>([...RICH_BLOCK_TYPES, 'link', 'break']);
const isRichElement = (node: Record<string, unknown>): boolean =>
  typeof node.type === 'string' && RICH_ELEMENT_TYPES.has(node.type) && Array.isArray(node.children);

/**
 * Spec §5 on rich text, as the Slate editor normalises it: a link without text is removed, and an element never
 * has no children (Slate cannot render it), so an emptied one gets an empty text leaf.
 */
function normaliseRichNodes<T>(tree: T, before?: unknown): T {
  // `was`: the node at this place in `before`, a normalised tree: a node that is `was` (or one of the elements of
  // the array `was` is) is already as the rules want it, so its branch is not walked again
  const visit = (node: unknown, was?: unknown): unknown => {
    if (node === was) return node;
    if (Array.isArray(node)) {
      const earlier = Array.isArray(was) ? new Set<unknown>(was) : undefined;
      return mapShared(node, (child, index) =>
        earlier?.has(child) ? child : visit(child, Array.isArray(was) ? was[index] : undefined),
      );
    }
    if (node === null || typeof node !== 'object') return node;
    const record = node as Record<string, unknown>;
    const previous =
      was !== null && typeof was === 'object' && !Array.isArray(was) ? (was as Record<string, unknown>) : undefined;
    let out = record;
    for (const [key, value] of Object.entries(record)) {
      const next = visit(value, previous?.[key]);
      if (next !== value) {
        if (out === record) out = { ...record };
        out[key] = next;
      }
    }
    if (!isRichElement(out)) return out;
    const children = out.children as RichNode[];
    const kept = children.filter((child) => child.type !== 'link' || richTextToPlain(child.children).trim() !== '');
    if (kept.length === children.length && kept.length > 0) return out;
    return { ...out, children: kept.length > 0 ? kept : [{ text: '' }] };
  };
  return visit(tree, before === undefined ? {} : before) as T;
}

/**
 * Whether `after` holds an `_id` that `before` did not hold at the same place: a node added, copied or moved, or
 * an id changed. Without one, every id of `after` is one of `before`'s at its own place, so ids are as unique as
 * they were. Walks only the nodes that are not `before`'s own.
 */
function holdsNewIds(after: unknown, before: unknown): boolean {
  const stack: Array<[unknown, unknown]> = [[after, before]];
  while (stack.length > 0) {
    const [node, was] = stack.pop()!;
    if (node === was || node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      node.forEach((child, index) => stack.push([child, Array.isArray(was) ? was[index] : undefined]));
      continue;
    }
    const previous =
      was !== null && typeof was === 'object' && !Array.isArray(was) ? (was as Record<string, unknown>) : undefined;
    const record = node as Record<string, unknown>;
    if ('_id' in record && record._id !== previous?._id) return true;
    for (const key of Object.keys(record)) stack.push([record[key], previous?.[key]]);
  }
  return false;
}

/**
 * Applies every structural rule to a document. Returns the same object when nothing needed fixing, so a caller
 * can tell (`normalised !== doc`) and record the fixes as patches (`diffDocuments(doc, normalised)`).
 */
export function normaliseDocument(doc: GuidebookDocument, ids: IdGenerator): GuidebookDocument {
  const unique = normaliseRichNodes(dedupeIds(doc, ids));
  const contents = mapShared(unique.contents, (page) => normaliseContentPage(page, ids));
  return contents === unique.contents ? unique : { ...unique, contents };
}

/**
 * `normaliseDocument(after, ids)` for a document made from `before` by patches (which share every untouched branch
 * with it), where `before` is itself normalised (`normaliseDocument(before)` is `before`): the same result, ids
 * included, looking only at what the patches touched (issue 20). Untouched branches are fixed points of every rule;
 * the one rule that looks across the document, unique ids, can only be broken by an `_id` `before` did not hold at
 * that place, and then the whole document is normalised as before.
 */
export function normaliseDocumentChange(
  before: GuidebookDocument,
  after: GuidebookDocument,
  ids: IdGenerator,
): GuidebookDocument {
  if (after === before) return after;
  if (holdsNewIds(after, before)) return normaliseDocument(after, ids);
  const rich = normaliseRichNodes(after, before);
  const kept = new Set<ContentPage>(before.contents);
  const contents = mapShared(rich.contents, (page) => (kept.has(page) ? page : normaliseContentPage(page, ids)));
  return contents === rich.contents ? rich : { ...rich, contents };
}

// ---------------------------------------------------------------- structural operations the spec names

/**
 * Inserts an item into a page's section (by default the last section, at its end). A page without a section gets
 * one first (spec §4: "inserting an item with no section creates a section").
 */
export function insertSectionItem(
  page: ContentPage,
  item: SectionItem,
  ids: IdGenerator,
  where: { sectionId?: string; index?: number } = {},
): ContentPage {
  const sections = page.sections.length > 0 ? page.sections : [newSection(ids)];
  const sectionIndex = where.sectionId
    ? sections.findIndex((section) => section._id === where.sectionId)
    : sections.length - 1;
  const target = sectionIndex === -1 ? sections.length - 1 : sectionIndex;
  return {
    ...page,
    sections: sections.map((section, index) => {
      if (index !== target) return section;
      const at = Math.min(Math.max(0, where.index ?? section.items.length), section.items.length);
      return { ...section, items: [...section.items.slice(0, at), item, ...section.items.slice(at)] };
    }),
  };
}

/** Deletes a sub-activity; the last one leaves a replacement behind. */
export function deleteSubActivity(activity: Activity, subActivityId: string, ids: IdGenerator): Activity {
  return normaliseActivity(
    { ...activity, subActivities: activity.subActivities.filter((sub) => sub._id !== subActivityId) },
    ids,
  );
}

/**
 * Moves a sub-activity within a day, from one activity to another (or within the same one): the source keeps a
 * replacement when it loses its last one, the target drops its replacement when the moved one has text.
 */
export function moveSubActivity(
  day: Day,
  from: { activityId: string; subActivityId: string },
  to: { activityId: string; index: number },
  ids: IdGenerator,
): Day {
  const source = day.activities.find((activity) => activity._id === from.activityId);
  const moved = source?.subActivities.find((sub) => sub._id === from.subActivityId);
  if (!source || !moved || !day.activities.some((activity) => activity._id === to.activityId)) return day;
  const activities = day.activities.map((activity) => {
    let subs = activity.subActivities;
    if (activity._id === from.activityId) subs = subs.filter((sub) => sub._id !== from.subActivityId);
    if (activity._id === to.activityId) {
      const at = Math.min(Math.max(0, to.index), subs.length);
      subs = [...subs.slice(0, at), moved, ...subs.slice(at)];
    }
    return subs === activity.subActivities ? activity : normaliseActivity({ ...activity, subActivities: subs }, ids);
  });
  return { ...day, activities };
}

/** Copies a sub-activity, activity, meal or day with fresh ids directly below the original (spec §4). */
export function copyBelow<T extends { _id: string }>(list: readonly T[], id: string, ids: IdGenerator): T[] {
  const index = list.findIndex((entry) => entry._id === id);
  if (index === -1) return [...list];
  return [...list.slice(0, index + 1), cloneWithFreshIds(list[index]!, ids), ...list.slice(index + 1)];
}
