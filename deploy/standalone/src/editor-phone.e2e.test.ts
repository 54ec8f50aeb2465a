// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The editor on a phone (390 × 844) and on a desktop (1280 × 800), in Korean and in English, end to end in system
 * Chromium (issue 11): the page never scrolls sideways, Save and Publish stay on the screen, the canvas is not
 * cut off at the right, the itinerary grid fits the canvas, the selected item's toolbar covers no text that can be
 * clicked (of the item or of the items around it), and a map scrolled under the sticky top menu stays under it.
 * Screenshots: test-output/screenshots/editor-phone-*.png. Needs the web app built (WEB_DIST or web/dist).
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { cloneWithFreshIds, sampleGuidebook, type ContentPage } from '@pocketguide/contracts';
import { randomBytes } from 'node:crypto';
import { launchBrowser, screenshot } from '../../../test-support/browser.ts';
import type { RunningStandalone } from './app.ts';
import { bearer, verifiedUser, type SignedIn } from './testing/accounts.ts';
import { openEditorTab, signInBrowser, startProductWithWeb, windowShot } from './testing/editor-browser.ts';

type Language = 'kr' | 'en';
type Box = { left: number; top: number; right: number; bottom: number };

const SIZES = [
  { name: '390', width: 390, height: 844 },
  { name: '1280', width: 1280, height: 800 },
] as const;
const LANGUAGES: readonly Language[] = ['kr', 'en'];
const LABELS = {
  kr: { save: ['저장', '저장 중'], publish: ['게시', '게시 취소'], menu: '가이드북 편집기' },
  en: { save: ['Save', 'Saving'], publish: ['Publish', 'Unpublish'], menu: 'Guidebook editor' },
} as const;

let app: RunningStandalone;
let author: SignedIn;
let browser: Browser;
const pageErrors: string[] = [];
/** the sample guidebook saved once per language, with the pages the journeys open */
const books: Partial<Record<Language, { id: string; itinerary: string; attractions: string }>> = {};

async function createSample(language: Language): Promise<{ id: string; itinerary: string; attractions: string }> {
  const doc = cloneWithFreshIds(sampleGuidebook(language), { newId: () => randomBytes(12).toString('hex') });
  const created = await fetch(`${app.url}/api/guidebooks`, {
    method: 'POST',
    headers: { ...bearer(author.token), 'content-type': 'application/json' },
    body: JSON.stringify(doc),
  });
  expect(created.status).toBe(201);
  const id = ((await created.json()) as { _id: string })._id;
  const read = await fetch(`${app.url}/api/guidebooks/${id}`, { headers: bearer(author.token) });
  const { contents } = (await read.json()) as { contents: ContentPage[] };
  const itinerary = contents.find((content) => content.contentType === 'itinerary' && content.days.length > 0);
  // the attractions page: the one with maps between other items
  const attractions = contents.find((content) => content.sections.some((section) => section.items.some((item) => item.type === 'map')));
  if (!itinerary || !attractions) throw new Error('the sample has no itinerary or no page with a map');
  return { id, itinerary: itinerary._id, attractions: attractions._id };
}

beforeAll(async () => {
  app = await startProductWithWeb('editor-phone-');
  author = await verifiedUser(app.url, 'editor-phone@example.com');
  for (const language of LANGUAGES) books[language] = await createSample(language);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function open(language: Language, size: (typeof SIZES)[number], path: (book: { id: string; itinerary: string; attractions: string }) => string): Promise<Page> {
  const page = await openEditorTab(browser, pageErrors);
  await page.setViewport({ width: size.width, height: size.height });
  await signInBrowser(page, app.url, author, language);
  const book = books[language];
  if (!book) throw new Error(`no guidebook in ${language}`);
  await page.goto(`${app.url}${path(book)}`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('#guidebook-title');
  onTestFailed(async () => {
    await screenshot(page, `editor-phone-failure-${language}-${size.name}`).catch(() => undefined);
  });
  return page;
}

const canvasSelector = '[data-editor-surface][role="region"]';

/** The page's width against the window's, the boxes of Save, Publish and the canvas, at the top of the page. */
async function layout(page: Page, language: Language) {
  return page.evaluate(
    (labels, canvas) => {
      const box = (element: Element | null | undefined) => {
        if (!element) return null;
        const rect = element.getBoundingClientRect();
        return { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
      };
      const menuButtons = [...document.querySelectorAll<HTMLButtonElement>('[role="toolbar"] button')];
      const named = (names: readonly string[]) => menuButtons.find((button) => names.includes(button.textContent?.trim() ?? ''));
      return {
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        innerHeight: window.innerHeight,
        save: box(named(labels.save)),
        publish: box(named(labels.publish)),
        canvas: box(document.querySelector(canvas)),
      };
    },
    LABELS[language],
    canvasSelector,
  );
}

function expectInside(box: Box | null, width: number, height: number, what: string) {
  expect.soft(box, `${what} is on the page`).not.toBeNull();
  if (!box) return;
  expect.soft({ what, left: box.left, top: box.top }).toEqual({ what, left: expect.toSatisfy((value: number) => value >= 0), top: expect.toSatisfy((value: number) => value >= 0) });
  expect.soft({ what, right: box.right, bottom: box.bottom }).toEqual({
    what,
    right: expect.toSatisfy((value: number) => value <= width),
    bottom: expect.toSatisfy((value: number) => value <= height),
  });
}

async function expectFitsTheScreen(page: Page, language: Language) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const measured = await layout(page, language);
  expect.soft(measured.scrollWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(measured.innerWidth);
  expectInside(measured.save, measured.innerWidth, measured.innerHeight, 'Save');
  expectInside(measured.publish, measured.innerWidth, measured.innerHeight, 'Publish');
  expect.soft(measured.canvas, 'the canvas is on the page').not.toBeNull();
  expect.soft(measured.canvas?.left, "the canvas' left edge").toBeGreaterThanOrEqual(0);
  expect.soft(measured.canvas?.right, "the canvas' right edge").toBeLessThanOrEqual(measured.innerWidth);
  return measured;
}

/**
 * In the itinerary's canvas: every element that clips or scrolls its content sideways holds it all
 * (scrollWidth <= clientWidth), and every grid row ends inside the canvas.
 */
async function itineraryOverflow(page: Page) {
  return page.evaluate((canvas) => {
    const frame = document.querySelector(canvas);
    if (!frame) return { scrolling: ['no canvas'], outside: [] as string[], rows: 0 };
    const frameBox = frame.getBoundingClientRect();
    const describe = (element: Element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 4).join('.')}`;
    const scrolling = [frame, ...frame.querySelectorAll('*')]
      .filter((element) => {
        // a text field scrolls its own text, not the page
        if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) return false;
        const style = getComputedStyle(element);
        return style.overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => `${describe(element)} ${element.scrollWidth} > ${element.clientWidth}`);
    const rows = [...frame.querySelectorAll<HTMLElement>('div')].filter((element) => getComputedStyle(element).display === 'grid' && element.querySelector('input'));
    // a row ends inside the box that shows it: the nearest element that clips or scrolls, else the canvas
    const shownIn = (row: Element) => {
      for (let element = row.parentElement; element && element !== frame; element = element.parentElement) {
        if (getComputedStyle(element).overflowX !== 'visible') return element.getBoundingClientRect();
      }
      return frameBox;
    };
    const outside = rows
      .map((row) => ({ row, box: row.getBoundingClientRect(), shown: shownIn(row) }))
      .filter(({ box, shown }) => box.right > shown.right + 0.5 || box.left < shown.left - 0.5)
      .map(({ row, box, shown }) => `${describe(row)} ${Math.round(box.left)}..${Math.round(box.right)} in ${Math.round(shown.left)}..${Math.round(shown.right)}`);
    return { scrolling, outside, rows: rows.length };
  }, canvasSelector);
}

/**
 * Selects each section item in turn (as a tap on it does) and returns, for each, the clickable text elements of
 * the item and of the items before and after it that the item's toolbar covers.
 */
async function toolbarOverlaps(page: Page) {
  const ids = await page.$$eval('[data-item-id]', (items) => items.map((item) => item.getAttribute('data-item-id') ?? ''));
  const found: string[] = [];
  let checked = 0;
  for (const [index, id] of ids.entries()) {
    await page.evaluate((itemId) => {
      const item = document.querySelector(`[data-item-id="${itemId}"]`);
      item?.scrollIntoView({ block: 'center' });
      item?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true }));
    }, id);
    const toolbar = await page.waitForSelector(`[data-item-id="${id}"] [role="toolbar"]`, { timeout: 5000 }).catch(() => null);
    if (!toolbar) {
      found.push(`item ${index}: no toolbar`);
      continue;
    }
    // let the layout settle (the map item loads Leaflet when it is first shown)
    await new Promise((done) => setTimeout(done, 50));
    const overlaps = await page.evaluate(
      (itemId, neighbours) => {
        const clickable = '[contenteditable="true"], input, textarea, select, a[href], button, [role="button"], [role="switch"], [role="separator"], [tabindex]:not([tabindex="-1"])';
        const bar = document.querySelector(`[data-item-id="${itemId}"] [role="toolbar"]`)!;
        const barBox = bar.getBoundingClientRect();
        const hits: string[] = [];
        for (const otherId of [itemId, ...neighbours]) {
          const item = document.querySelector(`[data-item-id="${otherId}"]`);
          if (!item) continue;
          for (const element of item.querySelectorAll(clickable)) {
            if (bar.contains(element) || element.closest('[role="toolbar"]')) continue;
            const box = element.getBoundingClientRect();
            if (box.width === 0 || box.height === 0) continue;
            const intersects = box.left < barBox.right && box.right > barBox.left && box.top < barBox.bottom && box.bottom > barBox.top;
            if (intersects) hits.push(`${otherId === itemId ? 'itself' : 'neighbour'} ${element.tagName.toLowerCase()} ${(element.textContent ?? '').trim().slice(0, 20)}`);
          }
        }
        return hits;
      },
      id,
      [ids[index - 1], ids[index + 1]].filter((other): other is string => other !== undefined),
    );
    checked += 1;
    for (const hit of overlaps) found.push(`item ${index}: ${hit}`);
  }
  return { found, checked };
}

/**
 * Scrolls the page so that the map's marker sits under the middle of the sticky top menu and asks the browser
 * what is drawn there: the menu (or one of its children) when the map is stacked below it.
 */
async function whatIsDrawnOverTheMenu(page: Page, mapId: string): Promise<{ drawn: string; menu: boolean }> {
  await page.waitForSelector(`[data-item-id="${mapId}"] .leaflet-overlay-pane path, [data-item-id="${mapId}"] .leaflet-marker-pane > *`, { timeout: 15_000 });
  return page.evaluate((itemId) => {
    const menu = document.querySelector('[data-editor-surface] > [role="toolbar"]')!.parentElement!;
    const marker = document.querySelector(`[data-item-id="${itemId}"] .leaflet-overlay-pane path, [data-item-id="${itemId}"] .leaflet-marker-pane > *`)!;
    const menuBox = menu.getBoundingClientRect();
    const markerBox = marker.getBoundingClientRect();
    const menuMiddle = menuBox.top + menuBox.height / 2;
    window.scrollBy({ top: markerBox.top + markerBox.height / 2 - menuMiddle, behavior: 'instant' });
    const after = marker.getBoundingClientRect();
    const menuAfter = menu.getBoundingClientRect();
    const x = after.left + after.width / 2;
    const y = after.top + after.height / 2;
    const drawn = document.elementFromPoint(x, y);
    // the marker has to be under the menu for the question to mean anything
    const under = y > menuAfter.top && y < menuAfter.bottom;
    const inMenu = under && drawn !== null && menu.contains(drawn);
    const where = `${Math.round(x)},${Math.round(y)} (menu ${Math.round(menuAfter.top)}..${Math.round(menuAfter.bottom)})`;
    return { drawn: `${drawn?.tagName.toLowerCase()}.${[...(drawn?.classList ?? [])].join('.')} at ${where}`, menu: inMenu };
  }, mapId);
}

describe('the editor on a phone and on a desktop', () => {
  for (const language of LANGUAGES) {
    for (const size of SIZES) {
      const tag = `${language === 'kr' ? 'ko' : 'en'}-${size.name}`;

      it(`fits the cover in the window (${tag})`, async () => {
        const page = await open(language, size, (book) => `/guidebooks/edit/${book.id}`);
        await screenshot(page, `editor-phone-cover-${tag}`);
        await windowShot(page, `editor-phone-cover-window-${tag}`);
        const measured = await expectFitsTheScreen(page, language);
        console.info(`cover ${tag}: page ${measured.scrollWidth}/${measured.innerWidth}, canvas ${JSON.stringify(measured.canvas)}`);
        await page.close();
      }, 60_000);

      it(`fits the itinerary grid in the canvas (${tag})`, async () => {
        const page = await open(language, size, (book) => `/guidebooks/edit/${book.id}/contents/${book.itinerary}`);
        await page.waitForSelector(`${canvasSelector} section[aria-label] input`);
        await screenshot(page, `editor-phone-itinerary-${tag}`);
        await windowShot(page, `editor-phone-itinerary-window-${tag}`);
        await expectFitsTheScreen(page, language);
        const overflow = await itineraryOverflow(page);
        console.info(`itinerary ${tag}: ${overflow.rows} grid rows, ${JSON.stringify(overflow)}`);
        expect(overflow.rows).toBeGreaterThan(0);
        expect.soft(overflow.scrolling, 'nothing in the canvas scrolls sideways').toEqual([]);
        expect(overflow.outside, 'every grid row ends inside the canvas').toEqual([]);
        await page.close();
      }, 60_000);

      it(`keeps the selected item's toolbar off clickable text (${tag})`, async () => {
        const page = await open(language, size, (book) => `/guidebooks/edit/${book.id}/contents/${book.attractions}`);
        await page.waitForSelector('[data-item-id]');
        await expectFitsTheScreen(page, language);

        // every item selected in turn: its toolbar covers nothing clickable of it or of its neighbours
        const overlaps = await toolbarOverlaps(page);
        console.info(`toolbar ${tag}: ${overlaps.checked} items checked, ${JSON.stringify(overlaps.found)}`);
        expect(overlaps.checked).toBeGreaterThan(5);
        expect(overlaps.found).toEqual([]);
        // the third item selected, for the screenshot
        const third = await page.$$eval('[data-item-id]', (items) => items[2]?.getAttribute('data-item-id') ?? '');
        await page.evaluate((itemId) => {
          const item = document.querySelector(`[data-item-id="${itemId}"]`);
          item?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true }));
          item?.scrollIntoView({ block: 'center' });
        }, third);
        await page.waitForSelector(`[data-item-id="${third}"] [role="toolbar"]`);
        await windowShot(page, `editor-phone-toolbar-${tag}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.close();
      }, 90_000);

      it(`keeps a map under the sticky top menu when it scrolls under it (${tag})`, async () => {
        const page = await open(language, size, (book) => `/guidebooks/edit/${book.id}/contents/${book.attractions}`);
        await page.waitForSelector('[data-item-id]');
        // a map, first as readers scroll past it, then selected (Leaflet's own controls): under the sticky menu
        const mapId = await page.$$eval('[data-item-id]', (items) => items.find((item) => item.querySelector('[data-map-overlay], .leaflet-container'))?.getAttribute('data-item-id') ?? '');
        expect(mapId).not.toBe('');
        const passing = await whatIsDrawnOverTheMenu(page, mapId);
        console.info(`map ${tag}: ${passing.drawn}`);
        await windowShot(page, `editor-phone-map-under-menu-${tag}`);
        expect.soft(passing.menu, `over the menu: ${passing.drawn}`).toBe(true);
        await page.evaluate((itemId) => {
          document.querySelector(`[data-item-id="${itemId}"] .leaflet-container`)?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true }));
        }, mapId);
        await page.waitForSelector(`[data-item-id="${mapId}"] [role="toolbar"]`);
        const selected = await whatIsDrawnOverTheMenu(page, mapId);
        console.info(`map selected ${tag}: ${selected.drawn}`);
        expect(selected.menu, `over the menu with the map selected: ${selected.drawn}`).toBe(true);
        expect(pageErrors).toEqual([]);
        await page.close();
      }, 60_000);
    }
  }
});
