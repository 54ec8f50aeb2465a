import { describe, expect, it } from 'vitest';
import {
  guidebookDocumentSchema,
  isRichTextBlank,
  menuTiles,
  parseDocument,
  DocumentValidationError,
  richParagraph,
  richTextSchema,
  richTextToPlain,
  validateDocument,
  type GuidebookDocument,
} from './guidebook-document.ts';
import { contentTypeLabel, FONT_SIZES, GUIDEBOOK_LIMITS, lineHeightForSize, normaliseFontSizeInput, PALETTE } from './guidebook-limits.ts';
import { applyPatches } from './guidebook-patches.ts';
import { newGuidebookDocument } from './guidebook-rules.ts';
import { sampleContent, sampleContents, sampleGuidebook } from './sample-guidebook.ts';
import { SAMPLE_IMAGE_NAMES } from './sample-guidebook-data.ts';

const sample = sampleGuidebook('en');
const issue = (doc: unknown) => validateDocument(doc);

describe('the document schema', () => {
  it('accepts both sample guidebooks and a new empty document', () => {
    expect(issue(sampleGuidebook('kr'))).toBeNull();
    expect(issue(sample)).toBeNull();
    expect(issue(newGuidebookDocument())).toBeNull();
    expect(parseDocument(sample)).toEqual(sample);
  });

  it.each<[string, (doc: GuidebookDocument) => unknown, string]>([
    ['a missing title', ({ title: _title, ...rest }) => rest, 'title'],
    ['an unknown content type', (doc) => applyPatches(doc, [{ op: 'replace', path: ['contents', 1, 'contentType'], value: 'hotels' }]), 'contents.1.contentType'],
    ['an unknown item type', (doc) => applyPatches(doc, [{ op: 'replace', path: ['contents', 1, 'sections', 0, 'items', 0, 'type'], value: 'poll' }]), 'contents.1.sections.0.items.0.type'],
    ['a key the model does not have', (doc) => applyPatches(doc, [{ op: 'add', path: ['published'], value: true }]), ''],
    ['a table cell that is not a string', (doc) => applyPatches(doc, [{ op: 'replace', path: ['contents', 1, 'sections', 1, 'items', 3, 'content', 0, 0], value: 7 }]), 'contents.1.sections.1.items.3.content.0.0'],
    ['a javascript: link in rich text', (doc) => applyPatches(doc, [{ op: 'replace', path: ['contents', 1, 'sections', 0, 'items', 2, 'content', 1, 'children', 1, 'href'], value: 'javascript:alert(1)' }]), 'contents.1.sections.0.items.2.content.1.children.1.href'],
    ['a button URL that is not http', (doc) => applyPatches(doc, [{ op: 'replace', path: ['contents', 1, 'sections', 2, 'items', 2, 'url'], value: 'data:text/html,hi' }]), 'contents.1.sections.2.items.2.url'],
    ['a latitude off the globe', (doc) => applyPatches(doc, [{ op: 'replace', path: ['contents', 1, 'sections', 0, 'items', 3, 'latitude'], value: 123 }]), 'contents.1.sections.0.items.3.latitude'],
    ['a rich-text mark of the wrong kind', (doc) => applyPatches(doc, [{ op: 'add', path: ['footer', 'text', 0, 'children', 0, 'bold'], value: 'yes' }]), 'footer.text.0.children.0.bold'],
    ['a day without meals', (doc) => applyPatches(doc, [{ op: 'remove', path: ['contents', 0, 'days', 0, 'meals'] }]), 'contents.0.days.0.meals'],
  ])('refuses %s, naming the path', (_, mutate, path) => {
    const found = issue(mutate(sample));
    expect(found).not.toBeNull();
    expect(found!.path).toBe(path);
  });

  it('refuses documents nested too deep or too large before parsing them', () => {
    let deep: unknown = [{ text: 'x' }];
    for (let i = 0; i < 200; i++) deep = [{ type: 'paragraph', children: deep }];
    expect(issue({ ...sample, header: { type: 'text', text: deep } })?.message).toMatch(/nested deeper/);
    const big = 'x'.repeat(GUIDEBOOK_LIMITS.shortText);
    const huge = { ...sample, home: { cards: Array.from({ length: 5000 }, (_, i) => ({ _id: `c${i}`, type: 'leftImageCard', heading: big, text: big })) } };
    expect(issue(huge)?.message).toMatch(/larger than/);
  });

  it('parseDocument throws a DocumentValidationError carrying the issue', () => {
    expect(() => parseDocument({ ...sample, contents: 'none' })).toThrow(DocumentValidationError);
  });

  it('settings are not part of the patchable document', () => {
    for (const key of ['password', 'published', 'isPublicGallery', 'isSampleGuidebook', 'thumbnailUrl', 'views', 'deleted', 'uuid', 'user']) {
      expect(guidebookDocumentSchema.shape).not.toHaveProperty(key);
    }
  });
});

describe('rich text', () => {
  it('reads plain text and blankness (blank, empty paragraph, whitespace)', () => {
    expect(isRichTextBlank([])).toBe(true);
    expect(isRichTextBlank(richParagraph())).toBe(true);
    expect(isRichTextBlank(richParagraph('   '))).toBe(true);
    expect(isRichTextBlank([{ type: 'paragraph', children: [{ text: ' ' }, { type: 'break', children: [{ text: '' }] }] }])).toBe(true);
    expect(isRichTextBlank(richParagraph('Day 1'))).toBe(false);
    expect(richTextToPlain([...richParagraph('a'), { type: 'paragraph', children: [{ text: 'b', bold: true }, { type: 'link', href: 'https://x.kr', children: [{ text: 'c' }] }] }])).toBe('a\nbc');
  });

  it('accepts every node type, alignment and mark of the spec', () => {
    const value = [
      { type: 'heading-one', align: 'center', children: [{ text: 'H', bold: true, italic: true, underline: true, strikethrough: true }] },
      { type: 'heading-two', align: 'right', children: [{ text: 'h', color: '#ff0000', backgroundColor: 'rgb(0, 0, 0)', fontSize: '24px' }] },
      { type: 'block-quote', align: 'justify', children: [{ text: 'q' }] },
      { type: 'numbered-list', children: [{ type: 'list-item', children: [{ text: '1' }] }] },
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: '•' }] }] },
      { type: 'paragraph', align: 'left', children: [{ type: 'link', href: 'mailto:a@b.kr', children: [{ text: 'm' }] }, { type: 'break', children: [{ text: '' }] }, { type: 'link', href: 'tel:+821012345678', children: [{ text: 't' }] }] },
    ];
    expect(richTextSchema.safeParse(value).success).toBe(true);
    expect(richTextSchema.safeParse([{ type: 'paragraph', children: [{ text: 'x', fontSize: '12pt' }] }]).success).toBe(false);
    expect(richTextSchema.safeParse([{ type: 'image', children: [] }]).success).toBe(false);
  });
});

describe('constants', () => {
  it('has the 80-colour palette, the preset sizes and the spec line heights', () => {
    expect(PALETTE).toHaveLength(80);
    expect(new Set(PALETTE).size).toBe(80);
    expect(FONT_SIZES).toEqual([12, 13, 14, 15, 16, 18, 24, 30, 38, 48]);
    expect([12, 16, 18, 20, 24, 30].map(lineHeightForSize)).toEqual([1.5, 1.5, 1.4, 1.4, 1.3, 1.2]);
    expect([normaliseFontSizeInput('18'), normaliseFontSizeInput(' 1.5em '), normaliseFontSizeInput('  ')]).toEqual(['18px', '1.5em', null]);
    expect([contentTypeLabel('itinerary'), contentTypeLabel('hotels')]).toEqual(['Type 2', 'Unknown content type']);
  });
});

describe('the sample guidebook', () => {
  const itemTypes = (doc: GuidebookDocument) => new Set(doc.contents.flatMap((page) => page.sections.flatMap((section) => section.items.map((item) => item.type))));

  it('uses every item type, all four content types, and several days with activities, sub-activities and meals', () => {
    for (const language of ['kr', 'en'] as const) {
      const doc = sampleGuidebook(language);
      expect([...itemTypes(doc)].sort()).toEqual(['accordion', 'activity', 'airticket', 'button', 'day', 'image', 'imagetext', 'map', 'preparation', 'table', 'text', 'title', 'video']);
      expect(new Set(doc.contents.map((page) => page.contentType))).toEqual(new Set(['attractions', 'itinerary', 'preparations', 'airtickets']));
      const days = doc.contents.find((page) => page.contentType === 'itinerary')!.days;
      expect(days.length).toBeGreaterThanOrEqual(3);
      expect(days.every((day) => day.activities.length > 0 && day.meals.length > 0)).toBe(true);
      expect(days.some((day) => day.activities.some((activity) => activity.isImportant && activity.subActivities.some((sub) => sub.isImportant)))).toBe(true);
      expect(doc.header.image).toBeDefined();
    }
  });

  it('is in Korean and in English with the same structure', () => {
    const kr = sampleGuidebook('kr');
    expect(kr.title).toBe('제주 3박 4일 가족 여행');
    expect(sample.title).toBe('Jeju: 4 days with family');
    const shape = (doc: GuidebookDocument) => JSON.stringify(doc, (key, value: unknown) => (typeof value === 'string' && key !== 'type' && key !== '_id' ? '' : value));
    expect(shape(kr)).toBe(shape(sample));
  });

  it('has unique stable ids, and only pictures that ship with the web app', () => {
    const ids = JSON.stringify(sample).match(/"_id":"[^"]+"/g)!;
    expect(new Set(ids).size).toBe(ids.length);
    expect(sampleGuidebook('en')).toEqual(sample);
    const images = JSON.stringify(sample).match(/\/sample\/[a-z-]+\.jpg/g)!;
    const shipped = new Set(SAMPLE_IMAGE_NAMES.flatMap((name) => ['large', 'medium', 'small'].map((size) => `/sample/${name}-${size}.jpg`)));
    expect(images.every((image) => shipped.has(image))).toBe(true);
  });

  it('offers its pages as sample contents, one per type', () => {
    expect(sampleContents('kr').every((page) => page.isSampleContent)).toBe(true);
    expect(sampleContent('airtickets', 'en').title).toBe('Flights');
    expect(sampleContent('itinerary', 'kr').colTitles).toEqual(['장소', '시간', '일정']);
  });

  it('its menu tiles are its pages, in order', () => {
    expect(menuTiles(sample).map((tile) => tile.title)).toEqual(['Itinerary', 'Must-see places', 'Jeju food', 'Packing list', 'Flights']);
  });
});
