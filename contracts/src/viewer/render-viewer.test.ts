import { describe, expect, it } from 'vitest';
import {
  richTextToPlain,
  type GuidebookDocument,
  type RichText,
  type SectionItem,
  type SectionItemOf,
} from '../guidebook/guidebook-document.ts';
import { sampleGuidebook } from '../guidebook/sample-guidebook.ts';
import { escapeHtml } from './html.ts';
import { flightTimeText, imageSetsOf, openStreetMapUrl, sectionItemHtml, youTubeId } from './render-items.ts';
import { plainText, richTextHtml, richTextInlineHtml, textWithPhoneLinks } from './render-rich-text.ts';
import { renderScreen, screenKey, viewerLinks, type RenderContext } from './render-viewer.ts';
import { parseViewerPath, type ViewerGuidebook } from './viewer-shapes.ts';
import { VIEWER_TEXTS, acceptLanguageTags, textLanguage, viewerLanguage } from './viewer-texts.ts';
import { guidebookLanguage } from './guidebook-language.ts';
import { VIEWER_MAP_START } from './map-zoom.ts';
import { DEFAULT_MAP_CENTER, isUnplacedMap } from '../guidebook/guidebook-limits.ts';
import {
  newActivity,
  newCard,
  newContentPage,
  newDay,
  newGuidebookDocument,
  newMeal,
  newSectionItem,
} from '../guidebook/guidebook-rules.ts';

const ko = VIEWER_TEXTS.ko;
const book = (document: GuidebookDocument, overrides: Partial<ViewerGuidebook> = {}): ViewerGuidebook => ({
  locked: false,
  id: 'g1',
  uuid: 'u1',
  title: document.title,
  description: '',
  image: null,
  shareUrl: 'https://guide.example.com/m/u1',
  document,
  credit: { kind: 'powered' },
  hasPassword: false,
  published: true,
  updatedAt: '2026-05-01T00:00:00.000Z',
  ...overrides,
});
const context = (guidebook: ViewerGuidebook): RenderContext => ({
  lang: 'ko',
  texts: ko,
  links: viewerLinks({ mode: 'mobile' }, guidebook),
});

describe('rich text in view mode', () => {
  it('renders blocks, marks and links, escaping text and refusing unsafe links and styles', () => {
    const value = [
      { type: 'heading-one', align: 'center', children: [{ text: 'Jeju <3' }] },
      {
        type: 'paragraph',
        children: [
          { text: 'bold', bold: true, italic: true },
          { text: ' red', color: '#cc0000', fontSize: '24px' },
          { type: 'link', href: 'https://visitjeju.net', children: [{ text: 'link' }] },
          { type: 'link', href: 'javascript:alert(1)', children: [{ text: 'bad' }] },
          { text: 'x', color: 'red;background:url(x)' },
          { type: 'break', children: [{ text: '' }] },
          { type: 'link', href: 'tel:0101234', children: [{ text: 'call' }] },
        ],
      },
      { type: 'paragraph', children: [{ text: '' }] },
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'one' }] }] },
      { type: 'block-quote', children: [{ text: '"quoted"' }] },
    ] as RichText;
    expect(richTextHtml(value)).toBe(
      '<h2 style="text-align:center">Jeju &lt;3</h2>' +
        '<p><em><strong>bold</strong></em><span style="color:#cc0000;font-size:24px;line-height:1.3"> red</span>' +
        '<a href="https://visitjeju.net" target="_blank" rel="noopener noreferrer">link</a>badx<br><a href="tel:0101234">call</a></p>' +
        '<p><br></p><ul><li>one</li></ul><blockquote>&quot;quoted&quot;</blockquote>',
    );
    expect(richTextHtml(value, { headingLevel: 1 })).toMatch(/^<h1/);
    expect(richTextInlineHtml(value)).not.toMatch(/<(p|h\d|ul|li)[ >]/);
  });

  it('plain text is the contracts’ richTextToPlain (the viewer repeats it to stay free of schemas)', () => {
    const doc = sampleGuidebook('kr');
    const values: RichText[] = [doc.subheader.title, doc.subheader.text, doc.footer.text];
    for (const page of doc.contents)
      for (const section of page.sections)
        for (const item of section.items)
          if (item.type === 'text' || item.type === 'title' || item.type === 'imagetext') values.push(item.content);
    for (const value of values) expect(plainText(value)).toBe(richTextToPlain(value));
  });
});

describe('section items in view mode', () => {
  const item = (fields: Record<string, unknown>): SectionItem =>
    ({ _id: 'i1', isImportant: false, ...fields }) as SectionItem;

  it('every item type of the sample renders, and none of them requests anything outside the site', () => {
    const doc = sampleGuidebook('en');
    const html = doc.contents
      .map((page) => renderScreen({ kind: 'content', guidebook: book(doc), contentId: page._id }, context(book(doc))))
      .join('');
    for (const type of [
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
      'activity-item',
      'day-heading',
    ]) {
      expect(html, type).toContain(`pg-${type}`);
    }
    expect(html).not.toMatch(/<(img|iframe|script|link)[^>]+(src|href)="https?:/);
    expect(html).toContain('pg-day-title');
    // The editor's stand-in for a removed sub-activity is not shown to readers.
    expect(html).not.toContain('Enter Activity');
  });

  it('sticky images, collapsible accordions and air tickets, important marks', () => {
    const image = { large: '/l.jpg', medium: '/m.jpg', small: '/s.jpg' };
    expect(sectionItemHtml(item({ type: 'image', image, height: 70, isImportant: true }), ko)).toContain(
      'class="pg-item pg-image is-sticky"',
    );
    expect(sectionItemHtml(item({ type: 'image', height: 70 }), ko)).toBe('');
    const accordion = sectionItemHtml(
      item({
        type: 'accordion',
        images: [image],
        title: [{ type: 'paragraph', children: [{ text: 'How' }] }],
        body: [],
      }),
      ko,
    );
    expect(accordion).toMatch(/^<details class="pg-item pg-fold pg-accordion"><summary>/);
    expect(accordion).not.toContain(' open');
    const ticket = sectionItemHtml(
      item({
        type: 'airticket',
        isImportant: true,
        images: [image],
        title: [{ type: 'paragraph', children: [{ text: 'KE1203' }] }],
      }),
      ko,
    );
    expect(ticket).toContain('pg-airticket');
    expect(ticket).toContain(ko.important);
  });

  it('maps link out to OpenStreetMap; videos are a facade; tables keep proportions', () => {
    expect(openStreetMapUrl(33.458056, 126.942778, 6)).toBe(
      'https://www.openstreetmap.org/?mlat=33.458056&mlon=126.942778#map=14/33.458056/126.942778',
    );
    // The card, and a 'Show map' button beside it (not in the link) carrying the place for the interactive map.
    const map = sectionItemHtml(
      item({ type: 'map', address: 'Jeju "Seongsan" <peak>', latitude: 33.458056, longitude: 126.942778, level: 6 }),
      ko,
    );
    expect(map).toContain(
      '<div class="pg-map-box"><a class="pg-map-card" href="https://www.openstreetmap.org/?mlat=33.458056&amp;mlon=126.942778#map=14/',
    );
    expect(map).toMatch(
      /<\/a><button type="button" class="pg-map-show" data-map data-lat="33.458056" data-lon="126.942778" data-level="6" data-address="Jeju &quot;Seongsan&quot; &lt;peak&gt;">/,
    );
    expect(map).toContain(`<span>${ko.showMap}</span></button></div></div>`);
    expect(map).not.toMatch(/<img|<iframe|tile\.openstreetmap/);
    expect(youTubeId('https://www.youtube.com/watch?v=3P1CnWI62Ik')).toBe('3P1CnWI62Ik');
    expect(youTubeId('https://youtu.be/3P1CnWI62Ik?t=3')).toBe('3P1CnWI62Ik');
    expect(youTubeId('https://www.youtube.com/shorts/3P1CnWI62Ik')).toBe('3P1CnWI62Ik');
    expect(youTubeId('https://vimeo.com/1234')).toBeNull();
    expect(sectionItemHtml(item({ type: 'video', url: 'https://vimeo.com/1' }), ko)).toContain(
      'href="https://vimeo.com/1"',
    );
    expect(sectionItemHtml(item({ type: 'video', url: '' }), ko)).toBe('');
    const table = sectionItemHtml(
      item({
        type: 'table',
        content: [
          ['a', '<b>'],
          ['1', '2'],
        ],
        rows: 2,
        cols: 2,
        colWidths: [300, 100],
      }),
      ko,
    );
    expect(table).toContain('<col style="width:75.00%">');
    expect(table).toContain('<th scope="col">&lt;b&gt;</th>');
  });
});

describe('issue 22 in the reader', () => {
  const item = (fields: Record<string, unknown>): SectionItem =>
    ({ _id: 'i1', isImportant: false, ...fields }) as SectionItem;
  const title = (text: string) => [{ type: 'paragraph', children: [{ text }] }];
  const flight = {
    airline: 'Korean Air',
    flightNumber: 'KE1203',
    from: 'Gimpo (GMP)',
    to: 'Jeju (CJU)',
    departs: '2026-05-02T08:30',
    arrives: '',
    seat: '32A',
    cabin: '',
  };

  it('an air ticket is an open card with its flight, blank fields left out; a ticket saved before flights had fields still reads', () => {
    const ticket = sectionItemHtml(
      item({ type: 'airticket', images: [], title: title('To Jeju'), flight }),
      VIEWER_TEXTS.en,
    );
    expect(ticket).not.toContain('<details');
    expect(ticket).toContain(
      '<p class="pg-flight-route"><span>Gimpo (GMP)</span><span class="pg-flight-arrow" aria-hidden="true">→</span><span>Jeju (CJU)</span></p>',
    );
    expect(ticket).toContain('<dt>Flight</dt><dd>KE1203</dd>');
    expect(ticket).toContain('<dt>Departs</dt><dd>Sat 2 May, 08:30</dd>');
    expect(ticket).toContain('<dt>Seat</dt><dd>32A</dd>');
    expect(ticket).not.toContain('Arrives');
    expect(ticket).not.toContain('Class');
    const old = sectionItemHtml(
      item({
        type: 'airticket',
        images: [{ large: '/l.jpg', medium: '/m.jpg', small: '/s.jpg' }],
        title: title('KE1203'),
      }),
      ko,
    );
    expect(old).toContain('KE1203');
    expect(old).toContain('src="/m.jpg"');
    expect(old).not.toContain('pg-flight');
    expect(flightTimeText('2026-05-02T08:30', ko)).toBe('5월 2일 (토) 08:30');
  });

  it("a preparation has a checkbox named by its title, for the reader's own checklist", () => {
    const prep = sectionItemHtml(
      item({ type: 'preparation', _id: 'p7', title: title('Passport'), body: [] }),
      VIEWER_TEXTS.en,
    );
    expect(prep).toContain('<input type="checkbox" data-check="p7" aria-label="Done: Passport"');
  });

  it('phone numbers are tap-to-call; dates, year ranges and numbers inside links are not', () => {
    expect(textWithPhoneLinks('Call 010-1234-5678 now')).toBe(
      'Call <a class="pg-tel" href="tel:01012345678">010-1234-5678</a> now',
    );
    expect(textWithPhoneLinks('+81 6-6345-1234')).toBe('<a class="pg-tel" href="tel:+81663451234">+81 6-6345-1234</a>');
    expect(textWithPhoneLinks('1588-1234')).toContain('href="tel:15881234"');
    expect(textWithPhoneLinks('(02) 123 4567')).toContain('href="tel:021234567"');
    for (const text of ['2026-05-02', 'open 2024-2025', '11,000 won', '08:30-17:40', '<b>'])
      expect(textWithPhoneLinks(text), text).not.toContain('tel:');
    const linked = richTextHtml([
      {
        type: 'paragraph',
        children: [{ type: 'link', href: 'https://a.example', children: [{ text: '02-123-4567' }] }],
      },
    ] as RichText);
    expect(linked).not.toContain('tel:');
    const table = sectionItemHtml(
      item({ type: 'table', content: [['Hotel', '06-6345-1234']], rows: 1, cols: 2, colWidths: [100, 100] }),
      ko,
    );
    expect(table).toContain('href="tel:0663451234"');
  });

  it('a content page links to the previous and next pages in the cover order', () => {
    const doc = sampleGuidebook('en');
    const [first, second] = doc.contents;
    const last = doc.contents.at(-1)!;
    const render = (contentId: string) =>
      renderScreen({ kind: 'content', guidebook: book(doc), contentId }, context(book(doc)));
    expect(render(first!._id)).not.toContain('rel="prev"');
    expect(render(first!._id)).toContain(`rel="next" href="/m/u1/contents/${second!._id}" data-nav`);
    expect(render(second!._id)).toContain(`rel="prev" href="/m/u1/contents/${first!._id}"`);
    expect(render(last._id)).not.toContain('rel="next"');
  });

  it("a map never placed (the picker's Seoul start, no address) is not shown to readers; a placed one is", () => {
    const seoul = { type: 'map', address: '', latitude: 37.566535, longitude: 126.9779692, level: 6 };
    expect(sectionItemHtml(item(seoul), ko)).toBe('');
    expect(sectionItemHtml(item({ ...seoul, address: 'Seoul City Hall' }), ko)).toContain('pg-map');
    expect(sectionItemHtml(item({ ...seoul, latitude: 34.6937, longitude: 135.5023 }), ko)).toContain('pg-map');
    // the viewer's copy of the start is the editor's: a new item is unplaced for both
    expect(VIEWER_MAP_START).toEqual(DEFAULT_MAP_CENTER);
    const fresh = newSectionItem('map', { newId: () => 'm1' });
    expect(isUnplacedMap(fresh as SectionItemOf<'map'>)).toBe(true);
    expect(sectionItemHtml(fresh, ko)).toBe('');
  });

  it('the Not Found splash offers a way forward', () => {
    const splash = renderScreen(
      { kind: 'not-found' },
      { lang: 'en', texts: VIEWER_TEXTS.en, links: { cover: '/', content: () => '/' } },
    );
    expect(splash).toContain('href="/public-guidebooks">Browse public guidebooks</a>');
    expect(splash).toContain('href="/">Go to PocketGuide</a>');
  });
});

describe('screens', () => {
  it('the cover: menu tiles only when there are pages; the partner credit', () => {
    const doc = sampleGuidebook('kr');
    const cover = renderScreen({ kind: 'cover', guidebook: book(doc) }, context(book(doc)));
    expect(cover).toContain('class="pg-menu"');
    expect(cover.match(/class="pg-tile"/g)).toHaveLength(doc.contents.length);
    const empty = { ...doc, contents: [] };
    expect(renderScreen({ kind: 'cover', guidebook: book(empty) }, context(book(empty)))).not.toContain('pg-menu');
    const partner = book(doc, { credit: { kind: 'developed', name: 'Jeju <Trails>', url: 'https://jeju.example' } });
    expect(renderScreen({ kind: 'cover', guidebook: partner }, context(partner))).toContain(
      'Developed by <a href="https://jeju.example" target="_blank" rel="noopener noreferrer">Jeju &lt;Trails&gt;</a>',
    );
  });

  it('a content page has the back link, the scroll pair (hidden until scrolled) and the credit; an unknown page is the splash', () => {
    const doc = sampleGuidebook('kr');
    const page = doc.contents[0]!;
    const html = renderScreen({ kind: 'content', guidebook: book(doc), contentId: page._id }, context(book(doc)));
    expect(html).toContain('href="/m/u1" data-nav data-back');
    expect(html).toContain('<div class="pg-float" data-float hidden>');
    expect(renderScreen({ kind: 'content', guidebook: book(doc), contentId: 'nope' }, context(book(doc)))).toContain(
      'pg-splash',
    );
  });

  it('the gate holds the title only and a disabled submit; screen keys tell what was drawn', () => {
    const gate = renderScreen(
      { kind: 'gate', title: '<Jeju>' },
      { lang: 'en', texts: VIEWER_TEXTS.en, links: { cover: '/', content: () => '/' } },
    );
    expect(gate).toContain('&lt;Jeju&gt;');
    expect(gate).toContain('<button type="submit" class="pg-primary" disabled>Open</button>');
    expect(gate).toContain('data-screen="gate:en"');
    const doc = sampleGuidebook('kr');
    expect(screenKey({ kind: 'cover', guidebook: book(doc) }, 'ko')).toBe('cover:u1:2026-05-01T00:00:00.000Z:ko');
  });

  it('every picture of a document, for the offline cache', () => {
    expect(imageSetsOf(sampleGuidebook('kr')).length).toBeGreaterThanOrEqual(10);
  });
});

describe('routes and language', () => {
  it('parses the viewer addresses', () => {
    expect(parseViewerPath('/m/abc')).toEqual({ mode: 'mobile', uuid: 'abc', contentId: null });
    expect(parseViewerPath('/m/abc/contents/c%201')).toEqual({ mode: 'mobile', uuid: 'abc', contentId: 'c 1' });
    expect(parseViewerPath('/guidebooks/g1/contents/c1')).toEqual({ mode: 'public', id: 'g1', contentId: 'c1' });
    expect(parseViewerPath('/guidebooks/preview/g1')).toEqual({ mode: 'preview', id: 'g1', contentId: null });
    expect(parseViewerPath('/guidebooks/preview/g1/contents/c1')).toEqual({
      mode: 'preview',
      id: 'g1',
      contentId: 'c1',
    });
    expect(parseViewerPath('/guidebooks/edit/g1/contents/c1')).toBeNull();
    expect(parseViewerPath('/m/%E0%A4%A')).toBeNull();
  });

  it('picks Korean or English from ?lang, then the preferred languages; Korean by default', () => {
    expect(viewerLanguage('en', ['ko'])).toBe('en');
    expect(viewerLanguage('kr', ['en'])).toBe('ko');
    expect(viewerLanguage(null, ['fr-FR', 'en-GB'])).toBe('en');
    expect(viewerLanguage('de', ['ja'])).toBe('ko');
    expect(acceptLanguageTags('fr;q=0.5, en-US, ko;q=0.8, *;q=0.1')).toEqual(['en-US', 'ko', 'fr']);
  });

  it("the buttons follow the guidebook's language over the phone's; an explicit ?lang still wins (issue 11)", () => {
    const korean = guidebookLanguage('제주 가족 여행', sampleGuidebook('kr'));
    const english = guidebookLanguage('Jeju with family', sampleGuidebook('en'));
    expect(korean).toBe('ko');
    expect(english).toBe('en');
    expect(guidebookLanguage('', newGuidebookDocument({ title: '' }))).toBeNull();
    // an English phone reading a Korean guidebook, and the other way round
    expect(viewerLanguage(null, ['en-US', 'en'], korean)).toBe('ko');
    expect(viewerLanguage(null, ['ko-KR'], english)).toBe('en');
    expect(viewerLanguage('en', ['ko-KR'], korean)).toBe('en');
    // a guidebook with no words yet: the phone's language
    expect(viewerLanguage(null, ['en-US'], null)).toBe('en');
    // a Korean text full of Latin names and codes is still Korean; an English one with a Korean name is English
    expect(textLanguage(['KE1250 제주 → 김포 · 5월 5일 17:40, Olle 7코스'])).toBe('ko');
    expect(textLanguage(['Walk the Olle trail to Seongsan Ilchulbong (성산일출봉) at sunrise'])).toBe('en');

    const cover = (lang: 'ko' | 'en', guidebook: ViewerGuidebook) =>
      renderScreen(
        { kind: 'cover', guidebook },
        { lang, texts: VIEWER_TEXTS[lang], links: viewerLinks({ mode: 'mobile' }, guidebook) },
      );
    const koreanBook = book(sampleGuidebook('kr'));
    const page = koreanBook.document.contents[0]!._id;
    const lang = viewerLanguage(null, ['en-US'], korean);
    const content = renderScreen(
      { kind: 'content', guidebook: koreanBook, contentId: page },
      { lang, texts: VIEWER_TEXTS[lang], links: viewerLinks({ mode: 'mobile' }, koreanBook) },
    );
    expect(content).toContain(`<span>${VIEWER_TEXTS.ko.backToCover}</span>`);
    expect(content).toContain(`aria-label="${VIEWER_TEXTS.ko.toTop}"`);
    expect(content).not.toContain(VIEWER_TEXTS.en.backToCover + '</span>');
    expect(cover(lang, koreanBook)).toContain(`aria-label="${VIEWER_TEXTS.ko.menu}"`);
  });

  it('shows nothing for empty parts: no placeholder, no empty day, meal, tile title or card (issue 11)', () => {
    const ids = { n: 0, newId: () => `x${++ids.n}` };
    const itinerary = { ...newContentPage('itinerary', ids), days: [{ ...newDay(ids), meals: [newMeal(ids)] }] };
    const attractions = { ...newContentPage('attractions', ids) };
    attractions.sections = [{ _id: 's1', items: [newSectionItem('button', ids), newSectionItem('day', ids)] }];
    const cards = (['title', 'text', 'image', 'table', 'schedule-table', 'leftImageCard', 'preparation'] as const).map(
      (type) => newCard(type, ids),
    );
    const doc: GuidebookDocument = {
      ...newGuidebookDocument({ title: 'Empty' }),
      home: { cards },
      contents: [itinerary, attractions],
    };
    const guidebook = book(doc);
    const cover = renderScreen({ kind: 'cover', guidebook }, context(guidebook));
    expect(cover).not.toContain('pg-card');
    expect(cover).not.toContain('pg-subheader');
    expect(cover.match(/<a class="pg-tile"[^>]*>(.*?)<\/a>/g)!.every((tile) => !tile.includes('<span>'))).toBe(true);
    for (const contentId of [itinerary._id, attractions._id]) {
      const html = renderScreen({ kind: 'content', guidebook, contentId }, context(guidebook));
      expect(html).not.toMatch(/pg-day|pg-meal|pg-button|Type \d|Subtitle|New Day|Day 1|Meal title|Enter button title/);
      expect(html).toContain('<h1 class="pg-sr">Empty</h1>');
    }
  });

  it("names a new itinerary's blank columns in the reader's language, and keeps the author's own titles (issue 22)", () => {
    const ids = { n: 0, newId: () => `x${++ids.n}` };
    const activity = { ...newActivity(ids), place: 'Dotonbori' };
    const itinerary = { ...newContentPage('itinerary', ids), days: [{ ...newDay(ids), activities: [activity] }] };
    const guidebook = book({ ...newGuidebookDocument({ title: 'Osaka' }), contents: [itinerary] });
    const head = (lang: 'ko' | 'en', page = itinerary) => {
      const withPage = book({ ...guidebook.document, contents: [page] });
      const html = renderScreen(
        { kind: 'content', guidebook: withPage, contentId: page._id },
        { lang, texts: VIEWER_TEXTS[lang], links: viewerLinks({ mode: 'mobile' }, withPage) },
      );
      return /<div class="pg-row pg-row-head"[^>]*>(.*?)<\/div>/.exec(html)?.[1];
    };
    expect(head('ko')).toBe('<span>장소</span><span>시간</span><span>일정</span>');
    expect(head('en')).toBe('<span>Place</span><span>Time</span><span>Schedule</span>');
    expect(head('en', { ...itinerary, colTitles: ['Where', ' ', 'What'] })).toBe(
      '<span>Where</span><span>Time</span><span>What</span>',
    );
  });

  it('escapes every HTML special character', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
