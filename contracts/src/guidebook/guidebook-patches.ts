import type { GuidebookDocument, ImageSet } from './guidebook-document.ts';
import type { GuidebookDocumentEvent, ImageUploadTarget } from './guidebook-events.ts';
import type { Patch } from './guidebook-patches-schema.ts';

/**
 * The patch algebra of guidebook documents. Patches have immer's shape (`{ op, path, value? }`) so the editor can
 * send what immer gives it; this module does not depend on immer. Everything here is pure and immutable: a patched
 * document shares every untouched branch with the original.
 *
 * Semantics (immer's, which are JSON Patch's on arrays):
 * - add: arrays insert at the index (0..length); objects set the key;
 * - remove: arrays splice the index out; objects delete the key (it must exist);
 * - replace: the target must exist; the empty path replaces the whole document; `[..., 'length']` on an array
 *   may only shorten it (older immer versions express trailing removals so).
 */

export type PatchPath = Patch['path'];

export class PatchError extends Error {
  override readonly name = 'PatchError';
  constructor(
    /** the offending patch's path, dotted (`contents.3.title`) */
    readonly path: string,
    message: string,
    /** index of the offending patch in its list */
    readonly patchIndex: number = 0,
  ) {
    super(`${path || '(document)'}: ${message}`);
  }
}

type Json = unknown;
type JsonObject = Record<string, Json>;

const isObject = (value: Json): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const dotted = (path: PatchPath): string => path.map(String).join('.');

/** An array index from a path segment: a non-negative integer, or a string of digits. */
function arrayIndex(segment: string | number): number | null {
  if (typeof segment === 'number') return Number.isInteger(segment) && segment >= 0 ? segment : null;
  return /^(0|[1-9]\d{0,8})$/.test(segment) ? Number(segment) : null;
}

function objectKey(segment: string | number, fail: (message: string) => never): string {
  const key = String(segment);
  if (FORBIDDEN_KEYS.has(key)) fail(`key '${key}' is not allowed`);
  return key;
}

const hasOwn = (object: JsonObject, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);

/**
 * Applies one patch and returns the new document together with the patches that undo it (in the order to apply
 * them). Throws `PatchError` when the path does not exist or does not fit.
 */
function applyOne(root: Json, patch: Patch, patchIndex: number): { next: Json; inverse: Patch[] } {
  const { op, path } = patch;
  const fail = (message: string): never => {
    throw new PatchError(dotted(path), message, patchIndex);
  };
  if (op !== 'remove' && !('value' in patch)) fail(`'${op}' needs a value`);
  // JSON values only: functions, undefined and the like cannot come over the wire, and must not come from the editor
  const value = op === 'remove' ? undefined : structuredJson(patch.value, fail);

  if (path.length === 0) {
    if (op !== 'replace') fail(`only 'replace' may target the whole document`);
    return { next: value, inverse: [{ op: 'replace', path: [], value: root }] };
  }

  let inverse: Patch[] = [];
  const update = (node: Json, depth: number): Json => {
    const segment = path[depth]!;
    const last = depth === path.length - 1;
    if (Array.isArray(node)) {
      if (last && segment === 'length' && op === 'replace') {
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > node.length) {
          return fail('an array length may only be shortened');
        }
        inverse = node
          .slice(value)
          .map((removed, offset) => ({ op: 'add', path: [...path.slice(0, -1), value + offset], value: removed }));
        return node.slice(0, value);
      }
      const index = arrayIndex(segment);
      if (index === null) return fail(`'${String(segment)}' is not an array index`);
      if (!last) {
        if (index >= node.length) return fail(`index ${index} is out of range (length ${node.length})`);
        const copy = node.slice();
        copy[index] = update(node[index], depth + 1);
        return copy;
      }
      const here = [...path.slice(0, -1), index];
      switch (op) {
        case 'add': {
          if (index > node.length) return fail(`index ${index} is out of range (length ${node.length})`);
          inverse = [{ op: 'remove', path: here }];
          return [...node.slice(0, index), value, ...node.slice(index)];
        }
        case 'remove': {
          if (index >= node.length) return fail(`index ${index} is out of range (length ${node.length})`);
          inverse = [{ op: 'add', path: here, value: node[index] }];
          return [...node.slice(0, index), ...node.slice(index + 1)];
        }
        case 'replace': {
          if (index >= node.length) return fail(`index ${index} is out of range (length ${node.length})`);
          inverse = [{ op: 'replace', path: here, value: node[index] }];
          const copy = node.slice();
          copy[index] = value;
          return copy;
        }
      }
    }
    if (isObject(node)) {
      const key = objectKey(segment, fail);
      const exists = hasOwn(node, key);
      if (!last) {
        if (!exists) return fail(`'${key}' does not exist`);
        return { ...node, [key]: update(node[key], depth + 1) };
      }
      switch (op) {
        case 'add':
        case 'replace': {
          if (op === 'replace' && !exists) return fail(`'${key}' does not exist`);
          inverse = [exists ? { op: 'replace', path, value: node[key] } : { op: 'remove', path }];
          return { ...node, [key]: value };
        }
        case 'remove': {
          if (!exists) return fail(`'${key}' does not exist`);
          inverse = [{ op: 'add', path, value: node[key] }];
          const { [key]: _removed, ...rest } = node;
          return rest;
        }
      }
    }
    return fail(`cannot go into a ${node === null ? 'null' : typeof node} at '${dotted(path.slice(0, depth))}'`);
  };

  const next = update(root, 0);
  return { next, inverse };
}

/** Checks a patch value is plain JSON (objects, arrays, strings, finite numbers, booleans, null). */
function structuredJson(value: Json, fail: (message: string) => never): Json {
  const stack: Json[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node === 'string' || typeof node === 'boolean') continue;
    if (typeof node === 'number') {
      if (!Number.isFinite(node)) fail('numbers must be finite');
      continue;
    }
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    if (isObject(node) && (Object.getPrototypeOf(node) === Object.prototype || Object.getPrototypeOf(node) === null)) {
      for (const key of Object.keys(node)) if (FORBIDDEN_KEYS.has(key)) fail(`key '${key}' is not allowed`);
      stack.push(...Object.values(node));
      continue;
    }
    fail(`a ${typeof node} is not a JSON value`);
  }
  return value;
}

/** Applies patches and returns the new document with the inverse patches (computed from the document, never trusted). */
export function applyPatchesWithInverse<T>(doc: T, patches: readonly Patch[]): { doc: T; inversePatches: Patch[] } {
  let current: Json = doc;
  const inverses: Patch[][] = [];
  patches.forEach((patch, index) => {
    const { next, inverse } = applyOne(current, patch, index);
    current = next;
    inverses.push(inverse);
  });
  return { doc: current as T, inversePatches: inverses.reverse().flat() };
}

/**
 * Applies patches to a document, immutably. The result has the type of the input as a convenience: call
 * `validateDocument` on it before trusting it.
 */
export function applyPatches<T>(doc: T, patches: readonly Patch[]): T {
  return applyPatchesWithInverse(doc, patches).doc;
}

/** The patches that undo `patches` when applied after them; computed from the document BEFORE the patches. */
export function invertPatches<T>(doc: T, patches: readonly Patch[]): Patch[] {
  return applyPatchesWithInverse(doc, patches).inversePatches;
}

// ---------------------------------------------------------------- diff

export function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => deepEqual(item, b[index]));
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => hasOwn(b, key) && deepEqual(a[key], b[key]));
  }
  return false;
}

/** The `_id`s of an array whose elements all are objects with a distinct string `_id`, else null. */
function idsOf(array: readonly Json[]): string[] | null {
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const item of array) {
    if (!isObject(item) || typeof item._id !== 'string' || seen.has(item._id)) return null;
    seen.add(item._id);
    ids.push(item._id);
  }
  return ids;
}

/** Indexes (into `sequence`) of one longest strictly increasing subsequence. O(n log n). */
function longestIncreasing(sequence: readonly number[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = new Array<number>(sequence.length).fill(-1);
  sequence.forEach((value, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sequence[tails[middle]!]! < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1]!;
    tails[low] = index;
  });
  const kept = new Set<number>();
  for (let index = tails.length > 0 ? tails[tails.length - 1]! : -1; index !== -1; index = previous[index]!)
    kept.add(index);
  return kept;
}

function diffArrays(before: readonly Json[], after: readonly Json[], path: PatchPath, out: Patch[]): void {
  const beforeIds = idsOf(before);
  const afterIds = idsOf(after);
  if (beforeIds && afterIds) {
    // By id: elements that stayed in order are diffed in place; the rest are removed and added where they now
    // are, so moving one item costs two patches whatever the array's length.
    const target = new Map(afterIds.map((id, index) => [id, index]));
    const survivors: number[] = [];
    beforeIds.forEach((id, index) => {
      if (target.has(id)) survivors.push(index);
    });
    const keptPositions = longestIncreasing(survivors.map((index) => target.get(beforeIds[index]!)!));
    const kept = new Set([...keptPositions].map((position) => beforeIds[survivors[position]!]!));
    for (let index = before.length - 1; index >= 0; index--) {
      if (!kept.has(beforeIds[index]!)) out.push({ op: 'remove', path: [...path, index] });
    }
    const beforeById = new Map(beforeIds.map((id, index) => [id, before[index]]));
    after.forEach((item, index) => {
      const id = afterIds[index]!;
      if (kept.has(id)) diffValues(beforeById.get(id), item, [...path, index], out);
      else out.push({ op: 'add', path: [...path, index], value: item });
    });
    return;
  }
  const common = Math.min(before.length, after.length);
  for (let index = 0; index < common; index++) diffValues(before[index], after[index], [...path, index], out);
  for (let index = before.length - 1; index >= after.length; index--)
    out.push({ op: 'remove', path: [...path, index] });
  for (let index = before.length; index < after.length; index++)
    out.push({ op: 'add', path: [...path, index], value: after[index] });
}

function diffValues(before: Json, after: Json, path: PatchPath, out: Patch[]): void {
  if (before === after) return;
  if (Array.isArray(before) && Array.isArray(after)) return diffArrays(before, after, path, out);
  if (isObject(before) && isObject(after)) {
    // a key holding undefined is absent in JSON: editor state may carry `image: undefined`
    const present = (object: JsonObject, key: string) => hasOwn(object, key) && object[key] !== undefined;
    for (const key of Object.keys(before))
      if (present(before, key) && !present(after, key)) out.push({ op: 'remove', path: [...path, key] });
    for (const key of Object.keys(after)) {
      if (!present(after, key)) continue;
      if (!present(before, key)) out.push({ op: 'add', path: [...path, key], value: after[key] });
      else diffValues(before[key], after[key], [...path, key], out);
    }
    return;
  }
  if (!deepEqual(before, after)) out.push({ op: 'replace', path, value: after });
}

/**
 * The patches that turn `before` into `after` (for a save that sends the whole document). Arrays of objects with
 * distinct `_id`s are matched by id, so a move is a remove and an add; other arrays by index; primitives are
 * replaced.
 */
export function diffDocuments<T>(before: T, after: T): Patch[] {
  const out: Patch[] = [];
  diffValues(before, after, [], out);
  return out;
}

// ---------------------------------------------------------------- events as patches

/** Where an item lives: indexes of its content page, section and itself. */
export type ItemLocation = { contentIndex: number; sectionIndex: number; itemIndex: number };

export function locateItem(
  doc: GuidebookDocument,
  contentId: string,
  sectionId: string,
  itemId: string,
): ItemLocation | null {
  const contentIndex = doc.contents.findIndex((page) => page._id === contentId);
  const page = doc.contents[contentIndex];
  if (!page) return null;
  const sectionIndex = page.sections.findIndex((section) => section._id === sectionId);
  const section = page.sections[sectionIndex];
  if (!section) return null;
  const itemIndex = section.items.findIndex((item) => item._id === itemId);
  return itemIndex === -1 ? null : { contentIndex, sectionIndex, itemIndex };
}

export const itemPath = ({ contentIndex, sectionIndex, itemIndex }: ItemLocation): PatchPath => [
  'contents',
  contentIndex,
  'sections',
  sectionIndex,
  'items',
  itemIndex,
];

/**
 * A document-changing event as patches on the document before it, with their inverses: the one form undo, redo,
 * restore and history work on. `GuidebookCreated` replaces the whole document and has no inverse (a creation is
 * not undone). Throws `PatchError` when the event does not fit the document.
 */
export function documentPatchesOf(
  before: GuidebookDocument | null,
  event: GuidebookDocumentEvent,
): { patches: Patch[]; inversePatches: Patch[] } {
  switch (event.type) {
    case 'GuidebookCreated':
      return { patches: [{ op: 'replace', path: [], value: event.data.document }], inversePatches: [] };
    case 'GuidebookEdited':
      return { patches: event.data.patches, inversePatches: event.data.inversePatches };
    case 'ContentPageCopied': {
      const path = ['contents', event.data.index];
      return { patches: [{ op: 'add', path, value: event.data.content }], inversePatches: [{ op: 'remove', path }] };
    }
    case 'SectionItemDeleted': {
      const { contentId, sectionId, itemId } = event.data;
      const location = before ? locateItem(before, contentId, sectionId, itemId) : null;
      if (!before || !location)
        throw new PatchError(`contents.${contentId}.sections.${sectionId}.items.${itemId}`, 'the item does not exist');
      const path = itemPath(location);
      const item = before.contents[location.contentIndex]!.sections[location.sectionIndex]!.items[location.itemIndex];
      return { patches: [{ op: 'remove', path }], inversePatches: [{ op: 'add', path, value: item }] };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The document after a document-changing event (the evolve of the document part of a guidebook). */
export function applyDocumentEvent(before: GuidebookDocument | null, event: GuidebookDocumentEvent): GuidebookDocument {
  if (event.type === 'GuidebookCreated') return event.data.document;
  if (!before) throw new PatchError('', `${event.type} before GuidebookCreated`);
  return applyPatches(before, documentPatchesOf(before, event).patches);
}

// ---------------------------------------------------------------- uploads

const IMAGE_ITEM_TYPES = new Set(['image', 'imagetext', 'preparation']);
const IMAGES_ITEM_TYPES = new Set(['airticket', 'accordion']);
/** The cover cards that show a picture. */
export const CARD_IMAGE_TYPES: ReadonlySet<string> = new Set(['image', 'leftImageCard', 'preparation']);

/**
 * The patch that puts an uploaded image where it was uploaded: the cover part's `image`, an item's `image`
 * (image, image+text, preparation) or the end of an item's `images` (airticket, accordion). Throws `PatchError`
 * when the target does not exist or takes no image.
 */
export function imageUploadPatches(doc: GuidebookDocument, target: ImageUploadTarget, image: ImageSet): Patch[] {
  if (target.kind === 'card') {
    const index = doc.home.cards.findIndex((card) => card._id === target.cardId);
    const card = doc.home.cards[index];
    if (!card) throw new PatchError(`home.cards.${target.cardId}`, 'the card does not exist');
    if (!CARD_IMAGE_TYPES.has(card.type))
      throw new PatchError(`home.cards.${index}`, `a ${card.type} card takes no image`);
    return [
      { op: 'image' in card && card.image ? 'replace' : 'add', path: ['home', 'cards', index, 'image'], value: image },
    ];
  }
  if (target.kind !== 'item') {
    const part = doc[target.kind];
    return [{ op: part.image ? 'replace' : 'add', path: [target.kind, 'image'], value: image }];
  }
  const location = locateItem(doc, target.contentId, target.sectionId, target.itemId);
  if (!location)
    throw new PatchError(
      `contents.${target.contentId}.sections.${target.sectionId}.items.${target.itemId}`,
      'the item does not exist',
    );
  const item = doc.contents[location.contentIndex]!.sections[location.sectionIndex]!.items[location.itemIndex]!;
  const path = itemPath(location);
  if (IMAGE_ITEM_TYPES.has(item.type))
    return [{ op: 'image' in item && item.image ? 'replace' : 'add', path: [...path, 'image'], value: image }];
  if (IMAGES_ITEM_TYPES.has(item.type) && 'images' in item)
    return [{ op: 'add', path: [...path, 'images', item.images.length], value: image }];
  throw new PatchError(dotted(path), `a ${item.type} item takes no image`);
}
