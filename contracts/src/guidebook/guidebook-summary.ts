import { richTextToPlain, type ContentPage, type GuidebookDocument } from './guidebook-document.ts';
import type { GuidebookEvent, ImageUploadTarget } from './guidebook-events.ts';
import type { Language } from '../account/account-limits.ts';
import { applyPatchesWithInverse, locateItem } from './guidebook-patches.ts';
import type { Patch } from './guidebook-patches-schema.ts';
import { SUMMARY_PARAM_MAX, type SummaryEntry } from './guidebook-summary-schema.ts';

/**
 * Human summaries of changes, for the version history and the audit timeline. A change is summarised as entries
 * `{ key, params }`; the server answers with an English `text` rendered here, the web renders `key`/`params` in
 * the reader's language with the same templates (`SUMMARY_TEMPLATES`, English and Korean).
 *
 * Params: `page` is a content page's title, `day` a 1-based day number, `item` a kind of part (a section item's
 * type, or 'activity' / 'sub-activity' / 'meal'), `count` how many of the same change one save made.
 */

export const SUMMARY_KEYS = [
  'created-guidebook',
  'replaced-guidebook',
  'renamed-guidebook',
  'changed-header',
  'changed-subheader',
  'changed-footer',
  'changed-cover-image',
  'changed-cards',
  'added-content-page',
  'deleted-content-page',
  'moved-content-page',
  'copied-content-page',
  'renamed-content-page',
  'changed-content-page',
  'changed-itinerary-columns',
  'added-section',
  'deleted-section',
  'moved-section',
  'added-item',
  'deleted-item',
  'moved-item',
  'changed-item',
  'marked-important',
  'unmarked-important',
  'added-day',
  'deleted-day',
  'moved-day',
  'changed-day-title',
  'changed-day',
  'added-activity',
  'deleted-activity',
  'moved-activity',
  'changed-activity',
  'added-sub-activity',
  'deleted-sub-activity',
  'moved-sub-activity',
  'changed-sub-activity',
  'added-meal',
  'deleted-meal',
  'moved-meal',
  'changed-meal',
  'uploaded-image',
  'uploaded-item-image',
  'undid-change',
  'redid-change',
  'restored-version',
  'published',
  'unpublished',
  'joined-gallery',
  'left-gallery',
  'set-password',
  'removed-password',
  'set-sample-flags',
  'recorded-thumbnail',
  'deleted-guidebook',
  'changed-guidebook',
  'more-changes',
] as const;
export type SummaryKey = (typeof SUMMARY_KEYS)[number];

type Template = { en: string; ko: string };

/** `{name}` is replaced by the param; `{item}` by the item's label in the language (with its article in English). */
export const SUMMARY_TEMPLATES: Readonly<Record<SummaryKey, Template>> = {
  'created-guidebook': { en: 'created the guidebook', ko: '가이드북 생성' },
  'replaced-guidebook': { en: 'replaced the whole guidebook', ko: '가이드북 전체 교체' },
  'renamed-guidebook': { en: 'renamed the guidebook to "{title}"', ko: '가이드북 제목을 "{title}"(으)로 변경' },
  'changed-header': { en: 'changed the header', ko: '헤더 변경' },
  'changed-subheader': { en: 'changed the cover title', ko: '표지 제목 변경' },
  'changed-footer': { en: 'changed the footer', ko: '푸터 변경' },
  'changed-cover-image': { en: 'changed the {part} image', ko: '{part} 이미지 변경' },
  'changed-cards': { en: 'changed the cover cards', ko: '표지 카드 변경' },
  'added-content-page': { en: 'added the page "{page}"', ko: '"{page}" 페이지 추가' },
  'deleted-content-page': { en: 'deleted the page "{page}"', ko: '"{page}" 페이지 삭제' },
  'moved-content-page': { en: 'moved the page "{page}"', ko: '"{page}" 페이지 이동' },
  'copied-content-page': { en: 'copied the page "{page}"', ko: '"{page}" 페이지 복사' },
  'renamed-content-page': {
    en: 'renamed the page "{from}" to "{page}"',
    ko: '"{from}" 페이지 이름을 "{page}"(으)로 변경',
  },
  'changed-content-page': { en: 'changed the page "{page}"', ko: '"{page}" 페이지 변경' },
  'changed-itinerary-columns': { en: 'changed the columns of {page}', ko: '{page} 열 변경' },
  'added-section': { en: 'added a section to {page}', ko: '{page}에 섹션 추가' },
  'deleted-section': { en: 'deleted a section of {page}', ko: '{page}의 섹션 삭제' },
  'moved-section': { en: 'moved a section of {page}', ko: '{page}의 섹션 이동' },
  'added-item': { en: 'added {item} to {page}', ko: '{page}에 {item} 추가' },
  'deleted-item': { en: 'deleted {item} from {page}', ko: '{page}에서 {item} 삭제' },
  'moved-item': { en: 'moved {item} in {page}', ko: '{page}의 {item} 이동' },
  'changed-item': { en: 'changed {item} in {page}', ko: '{page}의 {item} 수정' },
  'marked-important': { en: 'marked {item} as important in {page}', ko: '{page}의 {item} 중요 표시' },
  'unmarked-important': { en: 'unmarked {item} as important in {page}', ko: '{page}의 {item} 중요 표시 해제' },
  'added-day': { en: 'added Day {day} to {page}', ko: '{page}에 {day}일차 추가' },
  'deleted-day': { en: 'deleted Day {day} from {page}', ko: '{page}에서 {day}일차 삭제' },
  'moved-day': { en: 'moved a day in {page}', ko: '{page}의 일자 이동' },
  'changed-day-title': { en: 'changed the title of Day {day}', ko: '{day}일차 제목 변경' },
  'changed-day': { en: 'changed Day {day}', ko: '{day}일차 변경' },
  'added-activity': { en: 'added an activity to Day {day}', ko: '{day}일차에 일정 추가' },
  'deleted-activity': { en: 'deleted an activity from Day {day}', ko: '{day}일차의 일정 삭제' },
  'moved-activity': { en: 'moved an activity', ko: '일정 이동' },
  'changed-activity': { en: 'changed an activity of Day {day}', ko: '{day}일차의 일정 수정' },
  'added-sub-activity': { en: 'added a sub-activity to Day {day}', ko: '{day}일차에 세부 일정 추가' },
  'deleted-sub-activity': { en: 'deleted a sub-activity from Day {day}', ko: '{day}일차의 세부 일정 삭제' },
  'moved-sub-activity': { en: 'moved a sub-activity', ko: '세부 일정 이동' },
  'changed-sub-activity': { en: 'changed a sub-activity of Day {day}', ko: '{day}일차의 세부 일정 수정' },
  'added-meal': { en: 'added a meal to Day {day}', ko: '{day}일차에 식사 추가' },
  'deleted-meal': { en: 'deleted a meal', ko: '식사 삭제' },
  'moved-meal': { en: 'moved a meal', ko: '식사 이동' },
  'changed-meal': { en: 'changed a meal of Day {day}', ko: '{day}일차의 식사 수정' },
  'uploaded-image': { en: 'uploaded an image for the {part}', ko: '{part} 이미지 업로드' },
  'uploaded-item-image': { en: 'uploaded an image to {item} in {page}', ko: '{page}의 {item}에 이미지 업로드' },
  'undid-change': { en: 'undid a change', ko: '변경 취소' },
  'redid-change': { en: 'redid a change', ko: '변경 다시 실행' },
  'restored-version': { en: 'restored version {revision}', ko: '버전 {revision}(으)로 복원' },
  published: { en: 'published the guidebook', ko: '가이드북 게시' },
  unpublished: { en: 'unpublished the guidebook', ko: '가이드북 게시 취소' },
  'joined-gallery': { en: 'added the guidebook to the public gallery', ko: '공개 갤러리에 추가' },
  'left-gallery': { en: 'removed the guidebook from the public gallery', ko: '공개 갤러리에서 제거' },
  'set-password': { en: 'set a password', ko: '비밀번호 설정' },
  'removed-password': { en: 'removed the password', ko: '비밀번호 해제' },
  'set-sample-flags': { en: 'changed the sample settings', ko: '샘플 설정 변경' },
  'recorded-thumbnail': { en: 'generated a thumbnail', ko: '썸네일 생성' },
  'deleted-guidebook': { en: 'deleted the guidebook', ko: '가이드북 삭제' },
  'changed-guidebook': { en: 'changed the guidebook', ko: '가이드북 변경' },
  'more-changes': { en: 'and {more} more changes', ko: '외 {more}건 변경' },
};

/** At most this many lines per change; the rest are counted in a last 'more-changes' line. */
export const SUMMARY_MAX_ENTRIES = 30;

/** Labels of `{item}` (English with its article) and of `{part}`. */
export const SUMMARY_ITEM_LABELS: Readonly<Record<string, Template>> = {
  title: { en: 'a title', ko: '제목' },
  text: { en: 'a text', ko: '텍스트' },
  image: { en: 'an image', ko: '이미지' },
  imagetext: { en: 'an image with text', ko: '이미지+텍스트' },
  table: { en: 'a table', ko: '표' },
  video: { en: 'a video', ko: '동영상' },
  button: { en: 'a button', ko: '버튼' },
  map: { en: 'a map', ko: '지도' },
  preparation: { en: 'a preparation', ko: '준비물' },
  airticket: { en: 'an air ticket', ko: '항공권' },
  accordion: { en: 'an accordion', ko: '아코디언' },
  activity: { en: 'an activity', ko: '일정' },
  day: { en: 'a day', ko: '일자' },
  'sub-activity': { en: 'a sub-activity', ko: '세부 일정' },
  meal: { en: 'a meal', ko: '식사' },
};
export const SUMMARY_PART_LABELS: Readonly<Record<string, Template>> = {
  header: { en: 'header', ko: '헤더' },
  subheader: { en: 'cover title', ko: '표지 제목' },
  footer: { en: 'footer', ko: '푸터' },
  item: { en: 'item', ko: '항목' },
  card: { en: 'cover card', ko: '표지 카드' },
};

/**
 * A page without a title is stored as an empty name and named here, in the reader's language: a stored English
 * default would reach Korean readers. Summaries stored before that carry 'Untitled page' and read the same way.
 */
const UNTITLED_PAGE: Template = { en: 'Untitled page', ko: '제목 없는 페이지' };
const PAGE_PARAMS = new Set(['page', 'from']);

const isSummaryKey = (key: string): key is SummaryKey => (SUMMARY_KEYS as readonly string[]).includes(key);

/** One entry as text in `language` ('kr' Korean, 'en' English). Unknown keys read as "changed the guidebook". */
export function renderSummary(entry: SummaryEntry, language: Language = 'en'): string {
  const lang = language === 'kr' ? 'ko' : 'en';
  const template = SUMMARY_TEMPLATES[isSummaryKey(entry.key) ? entry.key : 'changed-guidebook'][lang];
  const text = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = entry.params[name];
    if (value === undefined) return '';
    if (name === 'item') return SUMMARY_ITEM_LABELS[String(value)]?.[lang] ?? String(value);
    if (name === 'part') return SUMMARY_PART_LABELS[String(value)]?.[lang] ?? String(value);
    if (PAGE_PARAMS.has(name) && (value === '' || value === UNTITLED_PAGE.en)) return UNTITLED_PAGE[lang];
    return String(value);
  });
  const count = entry.params.count;
  return typeof count === 'number' && count > 1 ? `${text} (${lang === 'ko' ? `${count}건` : `${count} times`})` : text;
}

/** A whole summary as one line ("changed the title of Day 2; added a table to Attractions"). */
export const renderSummaries = (entries: readonly SummaryEntry[], language: Language = 'en'): string =>
  entries.map((entry) => renderSummary(entry, language)).join(language === 'kr' ? ', ' : '; ');

// ---------------------------------------------------------------- from patches

type Entity = 'content-page' | 'section' | 'item' | 'day' | 'activity' | 'sub-activity' | 'meal';
type Raw =
  | { kind: 'entry'; entry: SummaryEntry }
  | { kind: 'added' | 'deleted'; entity: Entity; id: string | null; params: SummaryEntry['params'] };

/** A text param as stored: at most `SUMMARY_PARAM_MAX` characters (an ellipsis ends a clipped one). */
function clipParam(text: string): string {
  if (text.length <= SUMMARY_PARAM_MAX) return text;
  let end = SUMMARY_PARAM_MAX - 1;
  // never keep half of a surrogate pair
  if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
  return `${text.slice(0, end)}…`;
}

// defensive: a summary must never fail on a value the schema has not checked yet
const pageName = (page: Partial<ContentPage> | undefined): string =>
  clipParam(typeof page?.title === 'string' ? page.title.trim() : '');
const textParam = (value: unknown): string => clipParam(typeof value === 'string' ? value : '');
const idOf = (value: unknown): string | null =>
  value !== null && typeof value === 'object' && '_id' in value && typeof value._id === 'string' ? value._id : null;
const typeOf = (value: unknown): string =>
  value !== null && typeof value === 'object' && 'type' in value && typeof value.type === 'string'
    ? value.type
    : 'item';

const MOVED: Record<Entity, SummaryKey> = {
  'content-page': 'moved-content-page',
  section: 'moved-section',
  item: 'moved-item',
  day: 'moved-day',
  activity: 'moved-activity',
  'sub-activity': 'moved-sub-activity',
  meal: 'moved-meal',
};
const ADDED: Record<Entity, SummaryKey> = {
  'content-page': 'added-content-page',
  section: 'added-section',
  item: 'added-item',
  day: 'added-day',
  activity: 'added-activity',
  'sub-activity': 'added-sub-activity',
  meal: 'added-meal',
};
const DELETED: Record<Entity, SummaryKey> = {
  'content-page': 'deleted-content-page',
  section: 'deleted-section',
  item: 'deleted-item',
  day: 'deleted-day',
  activity: 'deleted-activity',
  'sub-activity': 'deleted-sub-activity',
  meal: 'deleted-meal',
};

const entry = (key: SummaryKey, params: SummaryEntry['params'] = {}): Raw => ({
  kind: 'entry',
  entry: { key, params },
});

/** What one patch does, read against the document before it. */
function classify(doc: GuidebookDocument, patch: Patch): Raw {
  // `[..., 'length']` (older immer) shortens an array: read it as removing its first dropped element
  const path = patch.path.at(-1) === 'length' ? [...patch.path.slice(0, -1), Number(patch.value)] : patch.path;
  const op = patch.path.at(-1) === 'length' ? 'remove' : patch.op;
  const [root, a, b, c, d, e, f, g, h] = path;
  const at = (index: number) => path.length === index;
  const structural = (entity: Entity, index: number, current: unknown, params: SummaryEntry['params']): Raw | null => {
    if (!at(index) || op === 'replace') return null;
    const value = op === 'add' ? patch.value : current;
    return { kind: op === 'add' ? 'added' : 'deleted', entity, id: idOf(value), params };
  };

  if (path.length === 0) return entry('replaced-guidebook');
  if (root === 'title') return entry('renamed-guidebook', { title: textParam(patch.value) });
  if (root === 'header' || root === 'subheader' || root === 'footer') {
    if (a === 'image') return entry('changed-cover-image', { part: root });
    return entry(`changed-${root}`);
  }
  if (root === 'home') return entry('changed-cards');
  if (root !== 'contents' || typeof a !== 'number') return entry('changed-guidebook');

  const page = doc.contents[a];
  const pageParams = { page: pageName(op === 'add' && at(2) ? (patch.value as Partial<ContentPage>) : page) };
  const pageChange = structural('content-page', 2, page, pageParams);
  if (pageChange) return pageChange;
  if (at(2)) return entry('changed-content-page', pageParams);
  if (b === 'title' && at(3))
    return entry('renamed-content-page', { page: textParam(patch.value), from: pageName(page) });
  if (b === 'colWidths' || b === 'colTitles') return entry('changed-itinerary-columns', pageParams);

  if (b === 'sections' && typeof c === 'number') {
    const section = page?.sections[c];
    const sectionChange = structural('section', 4, section, pageParams);
    if (sectionChange) return sectionChange;
    if (d === 'items' && typeof e === 'number') {
      const item = section?.items[e];
      const itemType = op === 'add' && at(6) ? typeOf(patch.value) : typeOf(item);
      const params = { ...pageParams, item: itemType };
      const itemChange = structural('item', 6, item, params);
      if (itemChange) return itemChange;
      if (f === 'isImportant' && at(7))
        return entry(patch.value === true ? 'marked-important' : 'unmarked-important', params);
      return entry('changed-item', params);
    }
    return entry('changed-content-page', pageParams);
  }

  if (b === 'days' && typeof c === 'number') {
    const day = page?.days[c];
    const dayParams = { ...pageParams, day: c + 1 };
    const dayChange = structural('day', 4, day, dayParams);
    if (dayChange) return dayChange;
    if (d === 'title') return entry('changed-day-title', dayParams);
    if (d === 'activities' && typeof e === 'number') {
      const activity = day?.activities[e];
      const activityChange = structural('activity', 6, activity, dayParams);
      if (activityChange) return activityChange;
      if (f === 'subActivities' && typeof g === 'number') {
        const sub = activity?.subActivities[g];
        const subChange = structural('sub-activity', 8, sub, dayParams);
        if (subChange) return subChange;
        if (h === 'isImportant' && at(9))
          return entry(patch.value === true ? 'marked-important' : 'unmarked-important', {
            ...dayParams,
            item: 'sub-activity',
          });
        return entry('changed-sub-activity', dayParams);
      }
      if (f === 'isImportant' && at(7))
        return entry(patch.value === true ? 'marked-important' : 'unmarked-important', {
          ...dayParams,
          item: 'activity',
        });
      return entry('changed-activity', dayParams);
    }
    if (d === 'meals' && typeof e === 'number') {
      const meal = day?.meals[e];
      const mealChange = structural('meal', 6, meal, dayParams);
      if (mealChange) return mealChange;
      if (f === 'isImportant' && at(7))
        return entry(patch.value === true ? 'marked-important' : 'unmarked-important', { ...dayParams, item: 'meal' });
      return entry('changed-meal', dayParams);
    }
    return entry('changed-day', dayParams);
  }
  return entry('changed-content-page', pageParams);
}

/**
 * Summarises patches applied to `before`: one entry per distinct change (repeated ones carry `count`), and a part
 * removed and added again in the same save (by `_id`) reads as moved. Throws `PatchError` if a patch does not fit.
 */
export function summarisePatches(before: GuidebookDocument, patches: readonly Patch[]): SummaryEntry[] {
  const raws: Raw[] = [];
  let doc = before;
  patches.forEach((patch) => {
    raws.push(classify(doc, patch));
    doc = applyPatchesWithInverse(doc, [patch]).doc;
  });

  const addedIds = new Set(raws.flatMap((raw) => (raw.kind === 'added' && raw.id ? [`${raw.entity}:${raw.id}`] : [])));
  const deletedIds = new Set(
    raws.flatMap((raw) => (raw.kind === 'deleted' && raw.id ? [`${raw.entity}:${raw.id}`] : [])),
  );
  const movedDone = new Set<string>();
  const entries: SummaryEntry[] = [];
  for (const raw of raws) {
    if (raw.kind === 'entry') {
      entries.push(raw.entry);
      continue;
    }
    const key = raw.id ? `${raw.entity}:${raw.id}` : null;
    if (key && addedIds.has(key) && deletedIds.has(key)) {
      if (!movedDone.has(key))
        entries.push({
          key: MOVED[raw.entity],
          params: raw.entity === 'item' || raw.entity === 'content-page' ? raw.params : {},
        });
      movedDone.add(key);
      continue;
    }
    entries.push({ key: raw.kind === 'added' ? ADDED[raw.entity] : DELETED[raw.entity], params: raw.params });
  }

  // one line per distinct change, counting repeats
  const merged = new Map<string, SummaryEntry>();
  for (const summary of entries) {
    const id = JSON.stringify([summary.key, summary.params]);
    const seen = merged.get(id);
    if (seen)
      seen.params = { ...seen.params, count: (typeof seen.params.count === 'number' ? seen.params.count : 1) + 1 };
    else merged.set(id, { key: summary.key, params: { ...summary.params } });
  }
  const lines = [...merged.values()];
  if (lines.length <= SUMMARY_MAX_ENTRIES) return lines;
  return [
    ...lines.slice(0, SUMMARY_MAX_ENTRIES - 1),
    { key: 'more-changes', params: { more: lines.length - (SUMMARY_MAX_ENTRIES - 1) } },
  ];
}

// ---------------------------------------------------------------- from events

/** The summary of an image upload, naming where it went. */
export function uploadSummary(doc: GuidebookDocument, target: ImageUploadTarget): SummaryEntry[] {
  if (target.kind === 'card') return [{ key: 'uploaded-image', params: { part: 'card' } }];
  if (target.kind !== 'item') return [{ key: 'uploaded-image', params: { part: target.kind } }];
  const location = locateItem(doc, target.contentId, target.sectionId, target.itemId);
  const page = location ? doc.contents[location.contentIndex] : undefined;
  const item = location ? page?.sections[location.sectionIndex]?.items[location.itemIndex] : undefined;
  return [{ key: 'uploaded-item-image', params: { page: pageName(page), item: item?.type ?? 'image' } }];
}

/**
 * The summary of any guidebook event (the audit timeline). `before` is the document before the event, needed
 * for edits recorded without a summary; GuidebookEdited normally carries its own.
 */
export function summariseEvent(event: GuidebookEvent, before: GuidebookDocument | null = null): SummaryEntry[] {
  switch (event.type) {
    case 'GuidebookCreated':
      return [{ key: 'created-guidebook', params: { source: event.data.source } }];
    case 'GuidebookEdited': {
      const { kind, summary } = event.data;
      if (kind === 'undo') return [{ key: 'undid-change', params: {} }, ...summary];
      if (kind === 'redo') return [{ key: 'redid-change', params: {} }, ...summary];
      if (kind === 'restore')
        return [{ key: 'restored-version', params: { revision: event.data.restoredRevision ?? 0 } }];
      if (summary.length > 0) return summary;
      return before ? summarisePatches(before, event.data.patches) : [{ key: 'changed-guidebook', params: {} }];
    }
    case 'ContentPageCopied':
      return [{ key: 'copied-content-page', params: { page: pageName(event.data.content) } }];
    case 'SectionItemDeleted': {
      const page = before?.contents.find((content) => content._id === event.data.contentId);
      return [{ key: 'deleted-item', params: { page: pageName(page), item: event.data.item.type } }];
    }
    case 'GuidebookDeleted':
      return [{ key: 'deleted-guidebook', params: {} }];
    case 'GuidebookPublished':
      return [{ key: 'published', params: {} }];
    case 'GuidebookUnpublished':
      return [{ key: 'unpublished', params: { reason: event.data.reason } }];
    case 'GuidebookPublicGallerySet':
      return [{ key: event.data.isPublicGallery ? 'joined-gallery' : 'left-gallery', params: {} }];
    case 'GuidebookPasswordSet':
      return [{ key: event.data.password === '' ? 'removed-password' : 'set-password', params: {} }];
    case 'GuidebookSampleFlagsSet':
      return [{ key: 'set-sample-flags', params: {} }];
    case 'GuidebookThumbnailRecorded':
      return [{ key: 'recorded-thumbnail', params: {} }];
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** A day title or other rich value as a short plain string for params. */
export const plainParam = (value: Parameters<typeof richTextToPlain>[0]): string => richTextToPlain(value).slice(0, 80);
