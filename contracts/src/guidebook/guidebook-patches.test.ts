import { describe, expect, it } from 'vitest';
import type { GuidebookDocument } from './guidebook-document.ts';
import type { ContentPageCopied, SectionItemDeleted } from './guidebook-events.ts';
import {
  applyDocumentEvent,
  applyPatches,
  applyPatchesWithInverse,
  deepEqual,
  diffDocuments,
  documentPatchesOf,
  imageUploadPatches,
  invertPatches,
  PatchError,
  type PatchPath,
} from './guidebook-patches.ts';
import type { Patch } from './guidebook-patches-schema.ts';
import { newContentPage, newGuidebookDocument, newSectionItem, type IdGenerator } from './guidebook-rules.ts';

/** A small seeded generator (mulberry32): the "random" edits are the same on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof random>;

const counter = (prefix = 'id'): IdGenerator => {
  let n = 0;
  return { newId: () => `${prefix}${++n}` };
};

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** A random JSON value, sometimes an object with an `_id` so arrays of them are diffed by id. */
function randomValue(rng: Random, depth = 0): unknown {
  const kind = depth > 2 ? rng.int(3) : rng.int(6);
  switch (kind) {
    case 0:
      return rng.pick(['', 'Jeju', '제주', 'Hallasan', 'x']);
    case 1:
      return rng.int(500);
    case 2:
      return rng.next() < 0.5;
    case 3:
      return Array.from({ length: rng.int(4) }, () => randomValue(rng, depth + 1));
    case 4:
      return { _id: `r${rng.int(1_000_000)}`, text: randomValue(rng, depth + 1) };
    default:
      return { a: randomValue(rng, depth + 1), b: randomValue(rng, depth + 1) };
  }
}

/** Containers of a JSON tree with their paths. */
function containers(value: unknown, path: PatchPath = [], out: { path: PatchPath; node: unknown }[] = []) {
  if (value !== null && typeof value === 'object') {
    out.push({ path, node: value });
    for (const [key, child] of Object.entries(value))
      containers(child, [...path, Array.isArray(value) ? Number(key) : key], out);
  }
  return out;
}

/** A patch that is valid on `doc`. */
function randomPatch(rng: Random, doc: unknown): Patch {
  const { path, node } = rng.pick(containers(doc));
  if (Array.isArray(node)) {
    const op = node.length === 0 ? 'add' : rng.pick(['add', 'remove', 'replace'] as const);
    if (op === 'add') return { op, path: [...path, rng.int(node.length + 1)], value: randomValue(rng) };
    if (op === 'remove') return { op, path: [...path, rng.int(node.length)] };
    return { op, path: [...path, rng.int(node.length)], value: randomValue(rng) };
  }
  const keys = Object.keys(node as object);
  const op = keys.length === 0 ? 'add' : rng.pick(['add', 'remove', 'replace'] as const);
  if (op === 'add') return { op, path: [...path, rng.pick(['k1', 'k2', 'k3', ...keys])], value: randomValue(rng) };
  return op === 'remove'
    ? { op, path: [...path, rng.pick(keys)] }
    : { op, path: [...path, rng.pick(keys)], value: randomValue(rng) };
}

function randomEdits(rng: Random, doc: unknown, count: number): Patch[] {
  const patches: Patch[] = [];
  let current = doc;
  for (let i = 0; i < count; i++) {
    const patch = randomPatch(rng, current);
    patches.push(patch);
    current = applyPatches(current, [patch]);
  }
  return patches;
}

const ids = counter();
const page = newContentPage('attractions', ids);
const table = newSectionItem('table', ids);
const text = newSectionItem('text', ids);
const base: GuidebookDocument = deepFreeze({
  ...newGuidebookDocument({ title: '제주 여행' }),
  contents: [
    {
      ...page,
      sections: [
        { ...page.sections[0]!, items: [text, table, newSectionItem('button', ids), newSectionItem('image', ids)] },
      ],
    },
    newContentPage('itinerary', ids),
  ],
});

describe('applyPatches', () => {
  it('adds, replaces and removes without touching the original, sharing untouched branches', () => {
    const next = applyPatches(base, [
      { op: 'replace', path: ['title'], value: 'Jeju' },
      { op: 'add', path: ['contents', 0, 'sections', 0, 'items', 0], value: newSectionItem('video', counter('v')) },
      { op: 'remove', path: ['contents', 0, 'sections', 0, 'items', 4] },
    ]);
    expect(next.title).toBe('Jeju');
    expect(next.contents[0]!.sections[0]!.items.map((item) => item.type)).toEqual(['video', 'text', 'table', 'button']);
    expect(base.title).toBe('제주 여행');
    expect(next.contents[1]).toBe(base.contents[1]);
    expect(next.header).toBe(base.header);
  });

  it.each<[string, Patch, string]>([
    ['a missing key', { op: 'replace', path: ['contents', 0, 'nope', 1], value: 1 }, 'contents.0.nope.1'],
    ['an index out of range', { op: 'remove', path: ['contents', 7] }, 'contents.7'],
    ['an add past the end', { op: 'add', path: ['contents', 3], value: {} }, 'contents.3'],
    ['a key on an array', { op: 'replace', path: ['contents', 'first'], value: 1 }, 'contents.first'],
    ['going into a string', { op: 'replace', path: ['title', 'x'], value: 1 }, 'title.x'],
    ['a prototype key', { op: 'add', path: ['__proto__'], value: {} }, '__proto__'],
    ['a missing value', { op: 'replace', path: ['title'] }, 'title'],
    ['removing the document', { op: 'remove', path: [] }, ''],
  ])('refuses %s with a PatchError naming the path', (_, patch, path) => {
    const attempt = () => applyPatches(base, [{ op: 'replace', path: ['title'], value: 'ok' }, patch]);
    expect(attempt).toThrow(PatchError);
    try {
      attempt();
    } catch (error) {
      expect(error).toMatchObject({ path, patchIndex: 1 });
    }
  });

  it('refuses values that are not JSON', () => {
    expect(() => applyPatches(base, [{ op: 'replace', path: ['title'], value: Number.NaN }])).toThrow(PatchError);
    expect(() => applyPatches(base, [{ op: 'replace', path: ['title'], value: { nested: new Date() } }])).toThrow(
      PatchError,
    );
  });

  it("accepts immer's array length form for trailing removals, and inverts it", () => {
    const patches: Patch[] = [{ op: 'replace', path: ['contents', 0, 'sections', 0, 'items', 'length'], value: 2 }];
    const { doc, inversePatches } = applyPatchesWithInverse(base, patches);
    expect(doc.contents[0]!.sections[0]!.items).toHaveLength(2);
    expect(applyPatches(doc, inversePatches)).toEqual(base);
    expect(() => applyPatches(base, [{ op: 'replace', path: ['contents', 'length'], value: 5 }])).toThrow(
      'only be shortened',
    );
  });

  it('replaces the whole document with the empty path', () => {
    const other = newGuidebookDocument({ title: 'other' });
    expect(applyPatches(base, [{ op: 'replace', path: [], value: other }])).toEqual(other);
  });
});

describe('invertPatches', () => {
  it('for 300 random edit sequences, applying the inverse after the patches gives back the document', () => {
    const rng = random(20261122);
    for (let run = 0; run < 300; run++) {
      const patches = randomEdits(rng, base, 1 + rng.int(12));
      const after = applyPatches(base, patches);
      const inverse = invertPatches(base, patches);
      expect(applyPatches(after, inverse)).toEqual(base);
    }
  });

  it('the inverse of the inverse redoes the change', () => {
    const rng = random(7);
    for (let run = 0; run < 100; run++) {
      const patches = randomEdits(rng, base, 1 + rng.int(8));
      const after = applyPatches(base, patches);
      const inverse = invertPatches(base, patches);
      const redo = invertPatches(after, inverse);
      expect(applyPatches(base, redo)).toEqual(after);
    }
  });
});

describe('diffDocuments', () => {
  it('for 300 random edit sequences, applying the diff gives the edited document', () => {
    const rng = random(42);
    for (let run = 0; run < 300; run++) {
      const after = applyPatches(base, randomEdits(rng, base, 1 + rng.int(15)));
      const diff = diffDocuments(base, after);
      expect(applyPatches(base, diff)).toEqual(after);
    }
  });

  it('for 200 random shuffles of id arrays, applying the diff gives the shuffled array', () => {
    const rng = random(99);
    for (let run = 0; run < 200; run++) {
      const before = Array.from({ length: rng.int(12) }, (_, i) => ({ _id: `e${i}`, n: i }));
      const after = before
        .filter(() => rng.next() > 0.2)
        .map((entry) => (rng.next() < 0.2 ? { ...entry, n: entry.n + 100 } : entry))
        .concat(Array.from({ length: rng.int(3) }, (_, i) => ({ _id: `new${i}`, n: -i })))
        .sort(() => rng.next() - 0.5);
      expect(applyPatches(before, diffDocuments(before, after))).toEqual(after);
    }
  });

  it('moving one item is a remove and an add, whatever the section holds', () => {
    const items = base.contents[0]!.sections[0]!.items;
    const moved = [items[1]!, items[2]!, items[3]!, items[0]!];
    const after = applyPatches(base, [{ op: 'replace', path: ['contents', 0, 'sections', 0, 'items'], value: moved }]);
    expect(diffDocuments(base, after)).toEqual([
      { op: 'remove', path: ['contents', 0, 'sections', 0, 'items', 0] },
      { op: 'add', path: ['contents', 0, 'sections', 0, 'items', 3], value: items[0] },
    ]);
  });

  it('changing one cell is one replace; equal documents give no patches', () => {
    const after = applyPatches(base, [
      { op: 'replace', path: ['contents', 0, 'sections', 0, 'items', 1, 'content', 0, 1], value: 'B' },
    ]);
    expect(diffDocuments(base, after)).toEqual([
      { op: 'replace', path: ['contents', 0, 'sections', 0, 'items', 1, 'content', 0, 1], value: 'B' },
    ]);
    expect(diffDocuments(base, structuredClone(base))).toEqual([]);
  });
});

describe('events as patches', () => {
  const item = base.contents[0]!.sections[0]!.items[1]!;
  const deleted: SectionItemDeleted = {
    type: 'SectionItemDeleted',
    data: {
      guidebookId: 'g',
      contentId: base.contents[0]!._id,
      sectionId: base.contents[0]!.sections[0]!._id,
      itemId: item._id,
      item,
      index: 1,
      deletedAt: '2026-11-22T09:00:00.000Z',
    },
  };

  it('a deleted item is removed, and its inverse puts it back', () => {
    const after = applyDocumentEvent(base, deleted);
    expect(after.contents[0]!.sections[0]!.items.map((entry) => entry._id)).not.toContain(item._id);
    expect(applyPatches(after, documentPatchesOf(base, deleted).inversePatches)).toEqual(base);
  });

  it('a copied page is inserted at its index', () => {
    const copy = { ...base.contents[0]!, _id: 'copy' };
    const copied: ContentPageCopied = {
      type: 'ContentPageCopied',
      data: {
        guidebookId: 'g',
        sourceContentId: base.contents[0]!._id,
        content: copy,
        index: 1,
        copiedAt: '2026-11-22T09:00:00.000Z',
      },
    };
    expect(applyDocumentEvent(base, copied).contents.map((entry) => entry._id)).toEqual([
      base.contents[0]!._id,
      'copy',
      base.contents[1]!._id,
    ]);
  });

  it('an upload sets the header image, an image item, or appends to an accordion; a missing item is refused', () => {
    const image = { large: '/sample/a-large.jpg', medium: '/sample/a-medium.jpg', small: '/sample/a-small.jpg' };
    expect(applyPatches(base, imageUploadPatches(base, { kind: 'header' }, image)).header.image).toEqual(image);
    const imageItem = base.contents[0]!.sections[0]!.items[3]!;
    const target = {
      kind: 'item' as const,
      contentId: base.contents[0]!._id,
      sectionId: base.contents[0]!.sections[0]!._id,
      itemId: imageItem._id,
    };
    const next = applyPatches(base, imageUploadPatches(base, target, image));
    expect(next.contents[0]!.sections[0]!.items[3]).toMatchObject({ type: 'image', image });
    expect(() => imageUploadPatches(base, { ...target, itemId: 'missing' }, image)).toThrow(PatchError);
    expect(() => imageUploadPatches(base, { ...target, itemId: table._id }, image)).toThrow('takes no image');
  });
});

it('deepEqual compares JSON structurally', () => {
  expect(deepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
  expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  expect(deepEqual([1], { 0: 1 })).toBe(false);
});
