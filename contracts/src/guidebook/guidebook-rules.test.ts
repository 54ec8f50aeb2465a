import { describe, expect, it } from 'vitest';
import {
  richParagraph,
  richTextToPlain,
  validateDocument,
  type Activity,
  type ContentPage,
  type Day,
  type GuidebookDocument,
  type SubActivity,
} from './guidebook-document.ts';
import {
  DEFAULT_BUTTON_TITLE,
  DEFAULT_CONTENT_ICONS,
  DEFAULT_CONTENT_SUBTITLE,
  DEFAULT_DAY_TITLE,
  DEFAULT_MAP_LEVEL,
  DEFAULT_MEAL_TITLE,
  INSERT_DAY_TITLE,
  VIDEO_PLACEHOLDER,
} from './guidebook-limits.ts';
import { applyPatches, diffDocuments } from './guidebook-patches.ts';
import type { Patch } from './guidebook-patches-schema.ts';
import {
  cloneWithFreshIds,
  copyBelow,
  deleteSubActivity,
  fitColumnWidths,
  insertSectionItem,
  insertTableColumn,
  insertTableRow,
  isReplacementSubActivity,
  moveSubActivity,
  newActivity,
  newCard,
  newContentPage,
  newDay,
  newGuidebookDocument,
  newMeal,
  newSectionItem,
  newSubActivity,
  normaliseDocument,
  normaliseDocumentChange,
  normaliseTable,
  removeTableColumn,
  removeTableRow,
  replacementSubActivity,
  resizeColumn,
  type IdGenerator,
} from './guidebook-rules.ts';
import { sampleGuidebook } from './sample-guidebook.ts';

const counter = (prefix = 'n'): IdGenerator => {
  let n = 0;
  return { newId: () => `${prefix}${++n}` };
};

const sub = (ids: IdGenerator, schedule: string): SubActivity => ({ ...newSubActivity(ids), schedule });
const withActivities = (ids: IdGenerator, activities: Activity[]): GuidebookDocument => {
  const page = newContentPage('itinerary', ids);
  return { ...newGuidebookDocument(), contents: [{ ...page, days: [{ ...newDay(ids), activities }] }] };
};
const firstDay = (doc: GuidebookDocument): Day => doc.contents[0]!.days[0]!;

describe('builders', () => {
  it('a new document is valid and titled "Untitled Guidebook"', () => {
    const doc = newGuidebookDocument();
    expect(doc.title).toBe('Untitled Guidebook');
    expect(validateDocument(doc)).toBeNull();
  });

  it.each(['attractions', 'itinerary', 'preparations', 'airtickets'] as const)(
    "a new %s page gets an empty title and subtitle (placeholders are the editor's) and its icon",
    (type) => {
      const page = newContentPage(type, counter());
      expect(page).toMatchObject({
        title: '',
        subtitle: '',
        icon: DEFAULT_CONTENT_ICONS[type],
        colWidths: [96, 96, 192],
        colTitles: ['', '', ''],
      });
      expect(page.sections).toHaveLength(type === 'itinerary' ? 0 : 1);
      expect(validateDocument({ ...newGuidebookDocument(), contents: [page] })).toBeNull();
    },
  );

  it("gives every item type the spec's defaults, each valid in a document", () => {
    const ids = counter();
    expect(newSectionItem('button', ids)).toMatchObject({ title: '', url: '' });
    expect(newSectionItem('image', ids)).toMatchObject({ height: 70 });
    expect(newSectionItem('map', ids)).toMatchObject({ level: DEFAULT_MAP_LEVEL });
    expect(newSectionItem('video', ids)).toMatchObject({ url: '' });
    expect(VIDEO_PLACEHOLDER).toBe('Please add YouTube video source');
    expect(newSectionItem('table', ids)).toMatchObject({
      rows: 2,
      cols: 2,
      colWidths: [216, 216],
      content: [
        ['', ''],
        ['', ''],
      ],
    });
    expect(newSectionItem('table', ids, { rows: 3, cols: 5 })).toMatchObject({
      rows: 3,
      cols: 5,
      colWidths: [86, 86, 86, 86, 88],
    });
    expect(richTextToPlain(newMeal(ids).title)).toBe('');
    expect(richTextToPlain(newDay(ids).title)).toBe('');
    expect(richTextToPlain(newSectionItem('day', ids).title)).toBe('');
    expect(richTextToPlain(newDay(ids, 'Arrival').title)).toBe('Arrival');
    expect(isReplacementSubActivity(newActivity(ids).subActivities[0]!)).toBe(true);

    const page = newContentPage('attractions', ids);
    const types = [
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
    ] as const;
    const items = types.map((type) => newSectionItem(type, ids));
    const cards = (['title', 'text', 'image', 'table', 'schedule-table', 'leftImageCard', 'preparation'] as const).map(
      (type) => newCard(type, ids),
    );
    const doc = {
      ...newGuidebookDocument(),
      home: { cards },
      contents: [{ ...page, sections: [{ ...page.sections[0]!, items }] }],
    };
    expect(validateDocument(doc)).toBeNull();
  });

  it('new documents, pages, items, days, meals and cards hold no placeholder text (issue 11)', () => {
    const ids = counter();
    const placeholders = [
      DEFAULT_BUTTON_TITLE,
      DEFAULT_CONTENT_SUBTITLE,
      DEFAULT_DAY_TITLE,
      INSERT_DAY_TITLE,
      DEFAULT_MEAL_TITLE,
      'Type 1',
      'Type 2',
      'Type 3',
      'Type 4',
      'Subtitle',
    ];
    const types = [
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
    ] as const;
    const pages = (['attractions', 'itinerary', 'preparations', 'airtickets'] as const).map((type) =>
      newContentPage(type, ids),
    );
    const parts = [
      newGuidebookDocument({ title: '' }),
      ...pages,
      ...types.map((type) => newSectionItem(type, ids)),
      newDay(ids),
      newMeal(ids),
      newActivity(ids),
      ...(['title', 'text', 'image', 'table', 'schedule-table', 'leftImageCard', 'preparation'] as const).map((type) =>
        newCard(type, ids),
      ),
    ];
    const strings: string[] = [];
    const collect = (node: unknown, key: string): void => {
      if (typeof node === 'string') {
        if (!['_id', 'id', 'type', 'icon', 'align', 'contentType'].includes(key)) strings.push(node);
      } else if (Array.isArray(node)) node.forEach((child) => collect(child, key));
      else if (node && typeof node === 'object')
        Object.entries(node).forEach(([childKey, value]) => collect(value, childKey));
    };
    for (const part of parts) collect(part, '');
    // Nothing English is stored, not even the itinerary's column titles (issue 22): they are drawn in each person's language.
    const written = strings.filter((text) => text !== '');
    expect(written.filter((text) => placeholders.includes(text))).toEqual([]);
    expect(written).toEqual([]); // the replacement sub-activity is marked, not written ('Enter Activity' is its placeholder)
    // the new document's cover title is an empty heading, so typed text reads as the title at once
    expect(newGuidebookDocument({ title: '' }).subheader.title[0]).toMatchObject({
      type: 'heading-one',
      children: [{ text: '' }],
    });
  });

  it('cloneWithFreshIds copies a whole tree with new ids and leaves the original alone', () => {
    const sample = sampleGuidebook('en');
    const copy = cloneWithFreshIds(sample, counter('fresh-'));
    const idsOf = (doc: GuidebookDocument) => JSON.stringify(doc).match(/"_?id":"[^"]+"/g)!;
    expect(idsOf(copy).every((entry) => entry.includes('fresh-'))).toBe(true);
    expect(new Set(idsOf(copy)).size).toBe(idsOf(copy).length);
    expect(validateDocument(copy)).toBeNull();
    expect(sampleGuidebook('en')).toEqual(sample);
    const strip = (doc: GuidebookDocument) => JSON.stringify(doc).replace(/"_?id":"[^"]+"/g, '');
    expect(strip(copy)).toBe(strip(sample));
  });

  it('copyBelow places a copy with new ids directly below the original', () => {
    const ids = counter();
    const meals = [newMeal(ids), newMeal(ids)];
    const copied = copyBelow(meals, meals[0]!._id, counter('c'));
    expect(copied.map((meal) => meal._id)).toEqual([meals[0]!._id, 'c1', meals[1]!._id]);
  });
});

describe('normaliseDocument', () => {
  it('given a document that follows every rule (the sample), when normalised, then it is the same object', () => {
    const sample = sampleGuidebook('kr');
    expect(normaliseDocument(sample, counter())).toBe(sample);
  });

  it('given an activity whose last sub-activity was deleted, when normalised, then one empty, marked replacement takes its place (no stored "Enter Activity")', () => {
    const ids = counter();
    const doc = withActivities(ids, [{ ...newActivity(ids), subActivities: [] }]);
    const subs = firstDay(normaliseDocument(doc, ids)).activities[0]!.subActivities;
    expect(subs).toHaveLength(1);
    expect(richTextToPlain(subs[0]!.body)).toBe('');
    expect(subs[0]).toMatchObject({ place: '', time: '', schedule: '', isImportant: false, isReplacement: true });
  });

  it('given a document saved with the old stored "Enter Activity" text, when normalised, then it becomes the empty marked replacement', () => {
    const ids = counter();
    const legacy = { ...replacementSubActivity(ids), body: richParagraph('Enter Activity') };
    delete (legacy as { isReplacement?: boolean }).isReplacement;
    const doc = withActivities(ids, [{ ...newActivity(ids), subActivities: [legacy] }]);
    const [sub] = firstDay(normaliseDocument(doc, ids)).activities[0]!.subActivities;
    expect(richTextToPlain(sub!.body)).toBe('');
    expect(sub!.isReplacement).toBe(true);
  });

  it('given a replacement the author wrote in, when normalised, then it is an ordinary sub-activity (the mark goes)', () => {
    const ids = counter();
    const written = { ...replacementSubActivity(ids), body: richParagraph('Night market') };
    const doc = withActivities(ids, [{ ...newActivity(ids), subActivities: [written] }]);
    const [sub] = firstDay(normaliseDocument(doc, ids)).activities[0]!.subActivities;
    expect(richTextToPlain(sub!.body)).toBe('Night market');
    expect(sub).not.toHaveProperty('isReplacement');
  });

  it('given an empty sub-activity the author added (not a replacement), when normalised beside one with text, then it stays', () => {
    const ids = counter();
    const withText = { ...newSubActivity(ids), body: richParagraph('Palace tour') };
    const doc = withActivities(ids, [{ ...newActivity(ids), subActivities: [withText, newSubActivity(ids)] }]);
    expect(firstDay(normaliseDocument(doc, ids)).activities[0]!.subActivities).toHaveLength(2);
  });

  it('given an activity holding its replacement and a sub-activity with text, when normalised, then it collapses to the one with text', () => {
    const ids = counter();
    const kept = sub(ids, 'Ferry to Udo');
    const doc = withActivities(ids, [{ ...newActivity(ids), subActivities: [replacementSubActivity(ids), kept] }]);
    expect(firstDay(normaliseDocument(doc, ids)).activities[0]!.subActivities).toEqual([kept]);
  });

  it('given two replacements and nothing written, when normalised, then at most one replacement stays', () => {
    const ids = counter();
    const doc = withActivities(ids, [
      { ...newActivity(ids), subActivities: [replacementSubActivity(ids), replacementSubActivity(ids)] },
    ]);
    expect(firstDay(normaliseDocument(doc, ids)).activities[0]!.subActivities).toHaveLength(1);
  });

  it('given an empty sub-activity the author added (not a replacement), when normalised, then it stays', () => {
    const ids = counter();
    const subs = [sub(ids, 'Lunch'), newSubActivity(ids)];
    const doc = withActivities(ids, [{ ...newActivity(ids), subActivities: subs }]);
    expect(normaliseDocument(doc, ids)).toBe(doc);
  });

  it.each([
    ['blank', richParagraph('')],
    ['whitespace', richParagraph('   ')],
    ['no paragraph at all', []],
    [
      'an empty paragraph next to an empty heading',
      [...richParagraph(''), { type: 'heading-one' as const, children: [{ text: '' }] }],
    ],
  ])(
    'given a day title that is %s, when normalised, then it stays blank (no stored "New Day": issue 11)',
    (_, title) => {
      const ids = counter();
      const doc = withActivities(ids, []);
      const blank = applyPatches(doc, [{ op: 'replace', path: ['contents', 0, 'days', 0, 'title'], value: title }]);
      const normalised = firstDay(normaliseDocument(blank, ids)).title;
      expect(richTextToPlain(normalised).trim()).toBe('');
      expect(normalised.length).toBeGreaterThan(0);
    },
  );

  it('given a table that lost its cells, rows or widths, when normalised, then it keeps one row and column and widths of at least 40 with the same total', () => {
    const ids = counter();
    const table = newSectionItem('table', ids, { rows: 2, cols: 3 });
    expect(normaliseTable({ ...table, content: [], rows: 0, cols: 0 })).toMatchObject({
      rows: 1,
      cols: 1,
      content: [['']],
    });
    expect(normaliseTable({ ...table, content: [['a', 'b', 'c'], ['d']] })).toMatchObject({
      rows: 2,
      cols: 3,
      content: [
        ['a', 'b', 'c'],
        ['d', '', ''],
      ],
    });
    const narrow = normaliseTable({ ...table, colWidths: [10, 200, 222] });
    expect(narrow.colWidths).toEqual([40, 200, 192]);
    expect(narrow.colWidths.reduce((a, b) => a + b)).toBe(432);
    expect(normaliseTable(table)).toBe(table);
  });

  it('given an attractions page without sections, when normalised, then it gets one to put items in', () => {
    const ids = counter();
    const page: ContentPage = { ...newContentPage('attractions', ids), sections: [] };
    const doc = normaliseDocument({ ...newGuidebookDocument(), contents: [page] }, ids);
    expect(doc.contents[0]!.sections).toHaveLength(1);
  });

  it('given a page with a blank title, no icon and broken itinerary columns, when normalised, then it gets the new-page defaults (the title stays blank)', () => {
    const ids = counter();
    const page: ContentPage = {
      ...newContentPage('airtickets', ids),
      title: ' ',
      icon: '',
      colWidths: [20],
      colTitles: ['Where'],
    };
    const normalised = normaliseDocument({ ...newGuidebookDocument(), contents: [page] }, ids).contents[0]!;
    expect(normalised).toMatchObject({
      title: ' ',
      icon: DEFAULT_CONTENT_ICONS.airtickets,
      colTitles: ['Where', '', ''],
    });
    expect(normalised.colWidths).toEqual([40, 96, 172]); // the narrow column's 20 px come from the widest: the total (308) stays
  });

  it('given two parts sharing an id (a copy made by hand), when normalised, then the second gets a fresh one', () => {
    const ids = counter();
    const page = newContentPage('attractions', ids);
    const doc = { ...newGuidebookDocument(), contents: [page, { ...page, title: 'Copy' }] };
    const normalised = normaliseDocument(doc, counter('fresh'));
    expect(normalised.contents[0]!._id).toBe(page._id);
    expect(normalised.contents[1]!._id).toMatch(/^fresh/);
  });

  it('given rich text with an empty link and an emptied paragraph, when normalised, then the link goes and the paragraph keeps an empty leaf', () => {
    const ids = counter();
    const doc = newGuidebookDocument();
    const broken = applyPatches(doc, [
      {
        op: 'replace',
        path: ['header', 'text'],
        value: [
          {
            type: 'paragraph',
            children: [{ text: 'See ' }, { type: 'link', href: 'https://visitjeju.net', children: [{ text: ' ' }] }],
          },
        ],
      },
      { op: 'replace', path: ['footer', 'text'], value: [{ type: 'paragraph', children: [] }] },
    ]);
    const normalised = normaliseDocument(broken, ids);
    expect(normalised.header.text).toEqual([{ type: 'paragraph', children: [{ text: 'See ' }] }]);
    expect(normalised.footer.text).toEqual(richParagraph());
    expect(normalised.subheader).toBe(broken.subheader);
  });

  it('the fixes can be recorded as patches', () => {
    const ids = counter();
    const doc = withActivities(ids, [{ ...newActivity(ids), subActivities: [] }]);
    const normalised = normaliseDocument(doc, ids);
    expect(applyPatches(doc, diffDocuments(doc, normalised))).toEqual(normalised);
  });
});

describe('structural operations', () => {
  it('inserting an item into a page with no section creates the section', () => {
    const ids = counter();
    const page: ContentPage = { ...newContentPage('attractions', ids), sections: [] };
    const next = insertSectionItem(page, newSectionItem('text', ids), ids);
    expect(next.sections).toHaveLength(1);
    expect(next.sections[0]!.items.map((item) => item.type)).toEqual(['text']);
    const again = insertSectionItem(next, newSectionItem('map', ids), ids, {
      sectionId: next.sections[0]!._id,
      index: 0,
    });
    expect(again.sections[0]!.items.map((item) => item.type)).toEqual(['map', 'text']);
  });

  it('deleting the last sub-activity leaves a replacement', () => {
    const ids = counter();
    const activity = { ...newActivity(ids), subActivities: [sub(ids, 'Only')] };
    const next = deleteSubActivity(activity, activity.subActivities[0]!._id, ids);
    expect(next.subActivities).toHaveLength(1);
    expect(isReplacementSubActivity(next.subActivities[0]!)).toBe(true);
  });

  it('moving the last sub-activity out leaves a replacement; the target holding only its replacement collapses to the moved one', () => {
    const ids = counter();
    const moved = sub(ids, 'Udo ferry');
    const source = { ...newActivity(ids), subActivities: [moved] };
    const target = newActivity(ids);
    const day = { ...newDay(ids), activities: [source, target] };
    const next = moveSubActivity(
      day,
      { activityId: source._id, subActivityId: moved._id },
      { activityId: target._id, index: 1 },
      ids,
    );
    expect(isReplacementSubActivity(next.activities[0]!.subActivities[0]!)).toBe(true);
    expect(next.activities[1]!.subActivities).toEqual([moved]);
  });

  it('a table cannot lose its last row or column; a new column is 100 wide; resizing keeps the total and the 40 minimum', () => {
    const ids = counter();
    const one = newSectionItem('table', ids, { rows: 1, cols: 1 });
    expect(removeTableRow(one, 0)).toBe(one);
    expect(removeTableColumn(one, 0)).toBe(one);
    const wider = insertTableColumn(one, 1);
    expect(wider).toMatchObject({ cols: 2, colWidths: [432, 100], content: [['', '']] });
    expect(insertTableRow(wider, 0)).toMatchObject({
      rows: 2,
      content: [
        ['', ''],
        ['', ''],
      ],
    });
    expect(resizeColumn([96, 96, 192], 0, 10)).toEqual([40, 152, 192]);
    expect(resizeColumn([96, 96, 192], 2, 400)).toEqual([96, 40, 248]);
    expect(fitColumnWidths([96, 96, 192], 3)).toEqual([96, 96, 192]);
    expect(fitColumnWidths([], 2)).toEqual([216, 216]);
  });
});

describe('normalising only what a change touched (normaliseDocumentChange)', () => {
  const counter = (prefix: string): IdGenerator => {
    let next = 0;
    return { newId: () => `${prefix}-${next++}` };
  };
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

  it('gives what normaliseDocument gives, ids included, for a thousand random changes', async () => {
    const { sampleGuidebook } = await import('./sample-guidebook.ts');
    let seed = 12345;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    let fixed = 0;
    for (const raw of [sampleGuidebook('en'), sampleGuidebook('kr'), newGuidebookDocument()]) {
      const base = normaliseDocument(raw, counter('base'));
      expect(normaliseDocument(base, counter('again'))).toBe(base);
      const all = places(base);
      const byPath = new Map(all.map((place) => [place.path.join('.'), place.value]));
      const emptied = [
        { type: 'paragraph', children: [] },
        { type: 'link', href: 'https://a.example', children: [{ text: ' ' }] },
        [],
      ];
      for (let round = 0; round < 350; round++) {
        const { path, value } = pick(all);
        if (path.length === 0) continue;
        const parent = byPath.get(path.slice(0, -1).join('.'));
        const choice = next();
        const replacement = pick([...emptied, pick(all).value, pick(all).value, 'text', '', 0]);
        const patches: Patch[] =
          choice < 0.4
            ? [{ op: 'replace', path, value: replacement }]
            : choice < 0.6 && Array.isArray(parent)
              ? [{ op: 'add', path, value: next() < 0.5 ? value : structuredClone(value) }]
              : choice < 0.8 && Array.isArray(parent)
                ? [{ op: 'remove', path }]
                : [
                    {
                      op: 'replace',
                      path: [...path.slice(0, -1), '_id'],
                      value: pick(['dup', String(pick(all).value)]),
                    },
                  ];
        let after: GuidebookDocument;
        try {
          after = applyPatches(base, patches);
        } catch {
          continue;
        }
        let expected: unknown;
        let actual: unknown;
        try {
          expected = normaliseDocument(after, counter('n'));
        } catch (error) {
          expected = String(error);
        }
        try {
          actual = normaliseDocumentChange(base, after, counter('n'));
        } catch (error) {
          actual = String(error);
        }
        if (expected !== after) fixed++;
        expect({ patches, normalised: actual }).toEqual({ patches, normalised: expected });
      }
    }
    // the generator also makes changes the rules fix
    expect(fixed).toBeGreaterThan(20);
  }, 60_000);

  it('keeps the untouched branches and fixes the touched one', () => {
    const doc = normaliseDocument(newGuidebookDocument(), counter('x'));
    const after = applyPatches(doc, [
      { op: 'replace', path: ['footer', 'text'], value: [{ type: 'paragraph', children: [] }] },
    ]);
    const normalised = normaliseDocumentChange(doc, after, counter('y'));
    expect(normalised.footer.text).toEqual([{ type: 'paragraph', children: [{ text: '' }] }]);
    expect(normalised.header).toBe(doc.header);
    expect(normalised.contents).toBe(doc.contents);
    const titled = applyPatches(doc, [{ op: 'replace', path: ['title'], value: 'T' }]);
    expect(normaliseDocumentChange(doc, titled, counter('z'))).toBe(titled);
  });
});
