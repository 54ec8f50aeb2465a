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
  validateDocumentChange,
  type GuidebookDocument,
} from './guidebook-document.ts';
import {
  contentTypeLabel,
  FONT_SIZES,
  GUIDEBOOK_LIMITS,
  lineHeightForSize,
  normaliseFontSizeInput,
  PALETTE,
} from './guidebook-limits.ts';
import { applyPatches } from './guidebook-patches.ts';
import type { Patch } from './guidebook-patches-schema.ts';
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
    [
      'an unknown content type',
      (doc) => applyPatches(doc, [{ op: 'replace', path: ['contents', 1, 'contentType'], value: 'hotels' }]),
      'contents.1.contentType',
    ],
    [
      'an unknown item type',
      (doc) =>
        applyPatches(doc, [{ op: 'replace', path: ['contents', 1, 'sections', 0, 'items', 0, 'type'], value: 'poll' }]),
      'contents.1.sections.0.items.0.type',
    ],
    [
      'a key the model does not have',
      (doc) => applyPatches(doc, [{ op: 'add', path: ['published'], value: true }]),
      '',
    ],
    [
      'a table cell that is not a string',
      (doc) =>
        applyPatches(doc, [
          { op: 'replace', path: ['contents', 1, 'sections', 1, 'items', 3, 'content', 0, 0], value: 7 },
        ]),
      'contents.1.sections.1.items.3.content.0.0',
    ],
    [
      'a javascript: link in rich text',
      (doc) =>
        applyPatches(doc, [
          {
            op: 'replace',
            path: ['contents', 1, 'sections', 0, 'items', 2, 'content', 1, 'children', 1, 'href'],
            value: 'javascript:alert(1)',
          },
        ]),
      'contents.1.sections.0.items.2.content.1.children.1.href',
    ],
    [
      'a button URL that is not http',
      (doc) =>
        applyPatches(doc, [
          { op: 'replace', path: ['contents', 1, 'sections', 2, 'items', 2, 'url'], value: 'data:text/html,hi' },
        ]),
      'contents.1.sections.2.items.2.url',
    ],
    [
      'a latitude off the globe',
      (doc) =>
        applyPatches(doc, [
          { op: 'replace', path: ['contents', 1, 'sections', 0, 'items', 3, 'latitude'], value: 123 },
        ]),
      'contents.1.sections.0.items.3.latitude',
    ],
    [
      'a rich-text mark of the wrong kind',
      (doc) => applyPatches(doc, [{ op: 'add', path: ['footer', 'text', 0, 'children', 0, 'bold'], value: 'yes' }]),
      'footer.text.0.children.0.bold',
    ],
    [
      'a day without meals',
      (doc) => applyPatches(doc, [{ op: 'remove', path: ['contents', 0, 'days', 0, 'meals'] }]),
      'contents.0.days.0.meals',
    ],
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
    const huge = {
      ...sample,
      home: {
        cards: Array.from({ length: 5000 }, (_, i) => ({
          _id: `c${i}`,
          type: 'leftImageCard',
          heading: big,
          text: big,
        })),
      },
    };
    expect(issue(huge)?.message).toMatch(/larger than/);
  });

  it('parseDocument throws a DocumentValidationError carrying the issue', () => {
    expect(() => parseDocument({ ...sample, contents: 'none' })).toThrow(DocumentValidationError);
  });

  it('settings are not part of the patchable document', () => {
    for (const key of [
      'password',
      'published',
      'isPublicGallery',
      'isSampleGuidebook',
      'thumbnailUrl',
      'views',
      'deleted',
      'uuid',
      'user',
    ]) {
      expect(guidebookDocumentSchema.shape).not.toHaveProperty(key);
    }
  });
});

describe('rich text', () => {
  it('reads plain text and blankness (blank, empty paragraph, whitespace)', () => {
    expect(isRichTextBlank([])).toBe(true);
    expect(isRichTextBlank(richParagraph())).toBe(true);
    expect(isRichTextBlank(richParagraph('   '))).toBe(true);
    expect(
      isRichTextBlank([{ type: 'paragraph', children: [{ text: ' ' }, { type: 'break', children: [{ text: '' }] }] }]),
    ).toBe(true);
    expect(isRichTextBlank(richParagraph('Day 1'))).toBe(false);
    expect(
      richTextToPlain([
        ...richParagraph('a'),
        {
          type: 'paragraph',
          children: [
            { text: 'b', bold: true },
            { type: 'link', href: 'https://x.kr', children: [{ text: 'c' }] },
          ],
        },
      ]),
    ).toBe('a\nbc');
  });

  it('accepts every node type, alignment and mark of the spec', () => {
    const value = [
      {
        type: 'heading-one',
        align: 'center',
        children: [{ text: 'H', bold: true, italic: true, underline: true, strikethrough: true }],
      },
      {
        type: 'heading-two',
        align: 'right',
        children: [{ text: 'h', color: '#ff0000', backgroundColor: 'rgb(0, 0, 0)', fontSize: '24px' }],
      },
      { type: 'block-quote', align: 'justify', children: [{ text: 'q' }] },
      { type: 'numbered-list', children: [{ type: 'list-item', children: [{ text: '1' }] }] },
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: '•' }] }] },
      {
        type: 'paragraph',
        align: 'left',
        children: [
          { type: 'link', href: 'mailto:a@b.kr', children: [{ text: 'm' }] },
          { type: 'break', children: [{ text: '' }] },
          { type: 'link', href: 'tel:+821012345678', children: [{ text: 't' }] },
        ],
      },
    ];
    expect(richTextSchema.safeParse(value).success).toBe(true);
    expect(richTextSchema.safeParse([{ type: 'paragraph', children: [{ text: 'x', fontSize: '12pt' }] }]).success).toBe(
      false,
    );
    expect(richTextSchema.safeParse([{ type: 'image', children: [] }]).success).toBe(false);
  });
});

describe('constants', () => {
  it('has the 80-colour palette, the preset sizes and the spec line heights', () => {
    expect(PALETTE).toHaveLength(80);
    expect(new Set(PALETTE).size).toBe(80);
    expect(FONT_SIZES).toEqual([12, 13, 14, 15, 16, 18, 24, 30, 38, 48]);
    expect([12, 16, 18, 20, 24, 30].map(lineHeightForSize)).toEqual([1.5, 1.5, 1.4, 1.4, 1.3, 1.2]);
    expect([normaliseFontSizeInput('18'), normaliseFontSizeInput(' 1.5em '), normaliseFontSizeInput('  ')]).toEqual([
      '18px',
      '1.5em',
      null,
    ]);
    expect([contentTypeLabel('itinerary'), contentTypeLabel('hotels')]).toEqual(['Type 2', 'Unknown content type']);
  });
});

describe('the sample guidebook', () => {
  const itemTypes = (doc: GuidebookDocument) =>
    new Set(doc.contents.flatMap((page) => page.sections.flatMap((section) => section.items.map((item) => item.type))));

  it('uses every item type, all four content types, and several days with activities, sub-activities and meals', () => {
    for (const language of ['kr', 'en'] as const) {
      const doc = sampleGuidebook(language);
      expect([...itemTypes(doc)].sort()).toEqual([
        'accordion',
        'activity',
        'airticket',
        'button',
        'day',
        'image',
        'imagetext',
        'map',
        'preparation',
        'table',
        'text',
        'title',
        'video',
      ]);
      expect(new Set(doc.contents.map((page) => page.contentType))).toEqual(
        new Set(['attractions', 'itinerary', 'preparations', 'airtickets']),
      );
      const days = doc.contents.find((page) => page.contentType === 'itinerary')!.days;
      expect(days.length).toBeGreaterThanOrEqual(3);
      expect(days.every((day) => day.activities.length > 0 && day.meals.length > 0)).toBe(true);
      expect(
        days.some((day) =>
          day.activities.some(
            (activity) => activity.isImportant && activity.subActivities.some((sub) => sub.isImportant),
          ),
        ),
      ).toBe(true);
      expect(doc.header.image).toBeDefined();
    }
  });

  it('is in Korean and in English with the same structure', () => {
    const kr = sampleGuidebook('kr');
    expect(kr.title).toBe('제주 3박 4일 가족 여행');
    expect(sample.title).toBe('Jeju: 4 days with family');
    const shape = (doc: GuidebookDocument) =>
      JSON.stringify(doc, (key, value: unknown) =>
        typeof value === 'string' && key !== 'type' && key !== '_id' ? '' : value,
      );
    expect(shape(kr)).toBe(shape(sample));
  });

  it('has unique stable ids, and only pictures that ship with the web app', () => {
    const ids = JSON.stringify(sample).match(/"_id":"[^"]+"/g)!;
    expect(new Set(ids).size).toBe(ids.length);
    expect(sampleGuidebook('en')).toEqual(sample);
    const images = JSON.stringify(sample).match(/\/sample\/[a-z-]+\.jpg/g)!;
    const shipped = new Set(
      SAMPLE_IMAGE_NAMES.flatMap((name) => ['large', 'medium', 'small'].map((size) => `/sample/${name}-${size}.jpg`)),
    );
    expect(images.every((image) => shipped.has(image))).toBe(true);
  });

  it('offers its pages as sample contents, one per type', () => {
    expect(sampleContents('kr').every((page) => page.isSampleContent)).toBe(true);
    expect(sampleContent('airtickets', 'en').title).toBe('Flights');
    expect(sampleContent('itinerary', 'kr').colTitles).toEqual(['장소', '시간', '일정']);
  });

  it('its menu tiles are its pages, in order', () => {
    expect(menuTiles(sample).map((tile) => tile.title)).toEqual([
      'Itinerary',
      'Must-see places',
      'Jeju food',
      'Packing list',
      'Flights',
    ]);
  });
});

describe('validating only what a change touched (validateDocumentChange)', () => {
  /** Every place in the document: its path and value. */
  function places(doc: unknown): Array<{ path: Array<string | number>; value: unknown }> {
    const found: Array<{ path: Array<string | number>; value: unknown }> = [];
    const walk = (value: unknown, path: Array<string | number>) => {
      found.push({ path, value });
      if (Array.isArray(value)) value.forEach((child, index) => walk(child, [...path, index]));
      else if (value !== null && typeof value === 'object')
        for (const [key, child] of Object.entries(value)) walk(child, [...path, key]);
    };
    walk(doc, []);
    return found;
  }
  /** A small seeded generator, so a failure can be replayed. */
  function random(seed: number) {
    let state = seed;
    const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
    return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
  }
  const deep = (levels: number): unknown => (levels === 0 ? 'x' : [deep(levels - 1)]);
  const values = (all: ReturnType<typeof places>, rnd: ReturnType<typeof random>): unknown[] => [
    'plain',
    '',
    'x'.repeat(600),
    'javascript:alert(1)',
    'https://example.com/a.jpg',
    '#ff0000',
    '14px',
    7,
    -1,
    2.5,
    true,
    null,
    {},
    [],
    { text: 'leaf' },
    { type: 'paragraph', children: [{ text: 'p' }] },
    deep(60),
    rnd.pick(all).value,
    rnd.pick(all).value,
  ];

  it('names the same issue as validateDocument for a thousand random changes, valid and not', () => {
    for (const base of [sampleGuidebook('en'), sampleGuidebook('kr'), newGuidebookDocument()]) {
      const all = places(base);
      const byPath = new Map(all.map((place) => [place.path.join('.'), place.value]));
      const rnd = random(base.title.length * 7919 + 1);
      let valid = 0;
      for (let round = 0; round < 400; round++) {
        const patches: Patch[] = [];
        for (let n = 1 + Math.floor(rnd.next() * 3); n > 0; n--) {
          const { path, value } = rnd.pick(all);
          const parent = byPath.get(path.slice(0, -1).join('.'));
          const choice = rnd.next();
          if (path.length === 0) continue;
          if (choice < 0.5) patches.push({ op: 'replace', path, value: rnd.pick(values(all, rnd)) });
          else if (choice < 0.65 && Array.isArray(parent))
            patches.push({ op: 'add', path, value: rnd.next() < 0.6 ? value : rnd.pick(values(all, rnd)) });
          else if (choice < 0.8) patches.push({ op: 'remove', path });
          else if (choice < 0.9)
            patches.push({
              op: 'add',
              path: [...path.slice(0, -1), rnd.pick(['bold', 'published', 'align', 'image', 'type', 'isReplacement'])],
              value: rnd.pick(values(all, rnd)),
            });
          else
            patches.push({
              op: 'replace',
              path: [...path.slice(0, -1), 'type'],
              value: rnd.pick(['text', 'title', 'paragraph', 'link', 'image', 'poll']),
            });
        }
        let after: unknown;
        try {
          after = applyPatches(base, patches);
        } catch {
          continue; // a patch that does not apply never reaches validation
        }
        const expected = validateDocument(after);
        if (expected === null) valid++;
        expect({ patches, issue: validateDocumentChange(base, after) }).toEqual({ patches, issue: expected });
      }
      // the generator makes both kinds
      expect(valid).toBeGreaterThan(20);
    }
  }, 60_000);

  it('accepts a title change without parsing the rest, and refuses what the whole check refuses', () => {
    const after = applyPatches(sample, [{ op: 'replace', path: ['title'], value: 'New title' }]);
    expect(validateDocumentChange(sample, after)).toBeNull();
    expect(validateDocumentChange(sample, sample)).toBeNull();
    const tooLong = applyPatches(sample, [{ op: 'replace', path: ['title'], value: 't'.repeat(201) }]);
    expect(validateDocumentChange(sample, tooLong)).toEqual(validateDocument(tooLong));
    expect(validateDocumentChange(sample, tooLong)?.path).toBe('title');
  });

  it('checks the whole size and depth', () => {
    const big = applyPatches(sample, [
      {
        op: 'add',
        path: ['footer', 'text', 0],
        value: { type: 'paragraph', children: [{ text: '가'.repeat(19_999) }] },
      },
    ]);
    expect(validateDocumentChange(sample, big)).toBeNull();
    const many = applyPatches(big, [
      {
        op: 'add',
        path: ['footer', 'text', 1],
        value: { type: 'paragraph', children: Array.from({ length: 40 }, () => ({ text: '가'.repeat(19_999) })) },
      },
    ]);
    expect(validateDocumentChange(big, many)).toEqual(validateDocument(many));
    expect(validateDocumentChange(big, many)?.message).toMatch(/larger than/);
    // to the byte: a document at the limit is valid, one byte more is not, however the change is measured
    const bytes = (doc: unknown) => Buffer.byteLength(JSON.stringify(doc));
    const leaves = (count: number, last: string) => [
      ...Array.from({ length: count }, () => ({ text: '가'.repeat(19_999) })),
      { text: last },
    ];
    const filler = applyPatches(sample, [
      { op: 'add', path: ['footer', 'text', 0], value: { type: 'paragraph', children: leaves(33, '') } },
    ]);
    const room = GUIDEBOOK_LIMITS.documentBytes - bytes(filler);
    expect(room).toBeGreaterThan(10);
    const near = applyPatches(filler, [
      { op: 'replace', path: ['footer', 'text', 0, 'children', 33, 'text'], value: 'a'.repeat(room - 10) },
    ]);
    expect(validateDocumentChange(filler, near)).toBeNull();
    const atLimit = applyPatches(near, [
      {
        op: 'replace',
        path: ['footer', 'text', 0, 'children', 33, 'text'],
        value: `${'a'.repeat(room - 10)}${'é'.repeat(5)}`,
      },
    ]);
    expect(bytes(atLimit)).toBe(GUIDEBOOK_LIMITS.documentBytes);
    expect(validateDocumentChange(near, atLimit)).toBeNull();
    const over = applyPatches(atLimit, [{ op: 'add', path: ['title'], value: `${sample.title}!` }]);
    expect(validateDocumentChange(atLimit, over)?.message).toMatch(/larger than/);
    const shorter = applyPatches(atLimit, [{ op: 'remove', path: ['footer', 'text', 0, 'children', 0] }]);
    expect(validateDocumentChange(atLimit, shorter)).toBeNull();
    const nested = applyPatches(sample, [{ op: 'replace', path: ['footer', 'text'], value: [deep(60)] }]);
    expect(validateDocumentChange(sample, nested)?.message).toMatch(/nested deeper/);
  });
});
