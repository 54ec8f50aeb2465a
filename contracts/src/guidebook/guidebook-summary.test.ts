import { describe, expect, it } from 'vitest';
import type { GuidebookDocument } from './guidebook-document.ts';
import type { GuidebookEvent } from './guidebook-events.ts';
import { diffDocuments } from './guidebook-patches.ts';
import { newMeal, newSectionItem, type IdGenerator } from './guidebook-rules.ts';
import {
  renderSummaries,
  renderSummary,
  summariseEvent,
  summarisePatches,
  SUMMARY_KEYS,
  SUMMARY_MAX_ENTRIES,
  SUMMARY_TEMPLATES,
  uploadSummary,
} from './guidebook-summary.ts';
import { GUIDEBOOK_LIMITS } from './guidebook-limits.ts';
import { summaryEntrySchema } from './guidebook-summary-schema.ts';
import { sampleGuidebook } from './sample-guidebook.ts';

const ids: IdGenerator = (() => {
  let n = 0;
  return { newId: () => `t${++n}` };
})();
const doc = sampleGuidebook('en');
// page 0 is the itinerary, page 1 "Must-see places" (attractions)
const summarise = (patches: Parameters<typeof summarisePatches>[1]) =>
  summarisePatches(doc, patches).map((entry) => renderSummary(entry));

describe('summarisePatches', () => {
  it('names the day whose title changed', () => {
    const entries = summarisePatches(doc, [
      { op: 'replace', path: ['contents', 0, 'days', 1, 'title', 0, 'children', 0, 'text'], value: 'Seogwipo day' },
    ]);
    expect(entries).toEqual([{ key: 'changed-day-title', params: { page: 'Itinerary', day: 2 } }]);
    expect(renderSummary(entries[0]!)).toBe('changed the title of Day 2');
    expect(renderSummary(entries[0]!, 'kr')).toBe('2일차 제목 변경');
  });

  it('names the item added and the page it went to', () => {
    expect(
      summarise([{ op: 'add', path: ['contents', 1, 'sections', 0, 'items', 1], value: newSectionItem('table', ids) }]),
    ).toEqual(['added a table to Must-see places']);
    expect(summarise([{ op: 'remove', path: ['contents', 1, 'sections', 0, 'items', 1] }])).toEqual([
      'deleted an image from Must-see places',
    ]);
  });

  it('reads a remove and an add of the same part as a move', () => {
    const days = doc.contents[0]!.days;
    const activities = days[0]!.activities;
    const moved = [activities.at(-1)!, ...activities.slice(0, -1)];
    const after: GuidebookDocument = {
      ...doc,
      contents: [
        { ...doc.contents[0]!, days: [{ ...days[0]!, activities: moved }, ...days.slice(1)] },
        ...doc.contents.slice(1),
      ],
    };
    expect(summarise(diffDocuments(doc, after))).toEqual(['moved an activity']);
  });

  it('deleted meals, added days, important flags, page renames and the cover', () => {
    expect(summarise([{ op: 'remove', path: ['contents', 0, 'days', 0, 'meals', 1] }])).toEqual(['deleted a meal']);
    expect(summarise([{ op: 'add', path: ['contents', 0, 'days', 0, 'meals', 0], value: newMeal(ids) }])).toEqual([
      'added a meal to Day 1',
    ]);
    expect(
      summarise([{ op: 'replace', path: ['contents', 0, 'days', 2, 'activities', 0, 'isImportant'], value: false }]),
    ).toEqual(['unmarked an activity as important in Itinerary']);
    expect(
      summarise([{ op: 'replace', path: ['contents', 1, 'sections', 2, 'items', 1, 'isImportant'], value: true }]),
    ).toEqual(['marked a video as important in Must-see places']);
    expect(summarise([{ op: 'replace', path: ['contents', 2, 'title'], value: 'Eat!' }])).toEqual([
      'renamed the page "Jeju food" to "Eat!"',
    ]);
    expect(summarise([{ op: 'replace', path: ['title'], value: 'Jeju 2027' }])).toEqual([
      'renamed the guidebook to "Jeju 2027"',
    ]);
    expect(summarise([{ op: 'replace', path: ['subheader', 'text', 0, 'children', 0, 'text'], value: 'May' }])).toEqual(
      ['changed the cover title'],
    );
    expect(summarise([{ op: 'remove', path: ['contents', 4] }])).toEqual(['deleted the page "Flights"']);
  });

  it('typing in one item many times is one line with a count', () => {
    const path = ['contents', 1, 'sections', 0, 'items', 2, 'content', 0, 'children', 0, 'text'];
    const entries = summarisePatches(doc, [
      { op: 'replace', path, value: 'A' },
      { op: 'replace', path, value: 'AB' },
      { op: 'replace', path, value: 'ABC' },
    ]);
    expect(entries).toEqual([{ key: 'changed-item', params: { page: 'Must-see places', item: 'text', count: 3 } }]);
    expect(renderSummaries(entries)).toBe('changed a text in Must-see places (3 times)');
    expect(renderSummaries(entries, 'kr')).toBe('Must-see places의 텍스트 수정 (3건)');
  });
});

it('a page title as long as the document allows fits the stored summary whole; anything longer is clipped', () => {
  const longest = '가'.repeat(GUIDEBOOK_LIMITS.shortText);
  const titled: GuidebookDocument = {
    ...doc,
    contents: [{ ...doc.contents[0]!, title: longest }, ...doc.contents.slice(1)],
  };
  const entries = [
    ...summarisePatches(titled, [
      { op: 'replace', path: ['contents', 0, 'days', 0, 'title', 0, 'children', 0, 'text'], value: 'x' },
    ]),
    ...summarisePatches(titled, [{ op: 'replace', path: ['contents', 0, 'title'], value: `${longest}!` }]),
  ];
  expect(entries.map((entry) => entry.params.page)).toEqual([
    longest,
    `${'가'.repeat(GUIDEBOOK_LIMITS.shortText - 1)}…`,
  ]);
  expect(entries[1]!.params.from).toBe(longest);
  for (const entry of entries) expect(summaryEntrySchema.safeParse(entry).success).toBe(true);
  // never half of a surrogate pair
  const emoji = '😀'.repeat(GUIDEBOOK_LIMITS.shortText);
  const [renamed] = summarisePatches(doc, [{ op: 'replace', path: ['contents', 0, 'title'], value: emoji }]);
  expect(String(renamed!.params.page)).toMatch(/^(😀)+…$/u);
  expect(summaryEntrySchema.safeParse(renamed).success).toBe(true);
});

it('a save changing very many parts is capped, counting the rest', () => {
  const patches = Array.from({ length: 45 }, (_, index) => ({
    op: 'replace' as const,
    path: ['title'],
    value: `Title ${index}`,
  }));
  const entries = summarisePatches(doc, patches);
  expect(entries).toHaveLength(SUMMARY_MAX_ENTRIES);
  expect(renderSummary(entries.at(-1)!)).toBe('and 16 more changes');
});

it("an untitled page is stored without an English default and named in the reader's language", () => {
  const untitled = {
    ...doc,
    contents: doc.contents.map((page, index) => (index === 1 ? { ...page, title: '' } : page)),
  };
  const entries = summarisePatches(untitled, [{ op: 'remove', path: ['contents', 1, 'sections', 0, 'items', 1] }]);
  expect(entries).toEqual([{ key: 'deleted-item', params: { page: '', item: 'image' } }]);
  expect(renderSummary(entries[0]!)).toBe('deleted an image from Untitled page');
  expect(renderSummary(entries[0]!, 'kr')).toBe('제목 없는 페이지에서 이미지 삭제');
  // summaries stored before carry the English default: they read in Korean too
  expect(renderSummary({ key: 'deleted-item', params: { page: 'Untitled page', item: 'image' } }, 'kr')).toBe(
    '제목 없는 페이지에서 이미지 삭제',
  );
});

describe('summariseEvent and templates', () => {
  it('every key has an English and a Korean template', () => {
    for (const key of SUMMARY_KEYS) {
      expect(SUMMARY_TEMPLATES[key].en).not.toBe('');
      expect(SUMMARY_TEMPLATES[key].ko).not.toBe('');
    }
    expect(renderSummary({ key: 'a-key-from-the-future', params: {} })).toBe('changed the guidebook');
  });

  it('summarises settings events and undo for the audit timeline', () => {
    const at = '2026-11-22T09:00:00.000Z';
    const events: GuidebookEvent[] = [
      { type: 'GuidebookPublished', data: { guidebookId: 'g', publishedAt: at } },
      { type: 'GuidebookPasswordSet', data: { v: 2, guidebookId: 'g', password: '', passwordHash: null, setAt: at } },
      { type: 'GuidebookPublicGallerySet', data: { guidebookId: 'g', isPublicGallery: true, setAt: at } },
      {
        type: 'GuidebookEdited',
        data: {
          guidebookId: 'g',
          baseRevision: 3,
          patches: [],
          inversePatches: [],
          summary: [{ key: 'deleted-meal', params: {} }],
          kind: 'undo',
          undoneRevision: 2,
          editedAt: at,
        },
      },
    ];
    expect(events.map((event) => renderSummaries(summariseEvent(event, doc)))).toEqual([
      'published the guidebook',
      'removed the password',
      'added the guidebook to the public gallery',
      'undid a change; deleted a meal',
    ]);
  });

  it('names an upload target', () => {
    const page = doc.contents[1]!;
    const image = page.sections[0]!.items[1]!;
    expect(renderSummaries(uploadSummary(doc, { kind: 'header' }))).toBe('uploaded an image for the header');
    expect(
      renderSummaries(
        uploadSummary(doc, { kind: 'item', contentId: page._id, sectionId: page.sections[0]!._id, itemId: image._id }),
      ),
    ).toBe('uploaded an image to an image in Must-see places');
  });
});
