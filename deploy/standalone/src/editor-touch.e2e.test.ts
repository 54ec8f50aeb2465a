// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The editor never loses a tap or a keystroke (issue 22), end to end in system Chromium, in Korean and English:
 * on a 390 × 844 touch phone driven by real touch events (`page.touchscreen`, pointerType 'touch') and on a
 * 1280 × 800 desktop driven by the keyboard alone (after focusing the first control of a journey).
 *  1. a menu tile's options are reachable: the first tap selects the tile, the options work, the next tap opens it;
 *  2. the itinerary's column titles take a tap (nothing drawn over them) and a new page's are placeholders in the
 *     author's language, not stored English;
 *  3. after "Add", a typed sentence lands whole in the new block (one block, not one per space);
 *  4. the first tap on an itinerary field focuses it, without the row moving under the finger.
 * Screenshots: test-output/screenshots/editor-touch-*.png. Needs the web app built (WEB_DIST or web/dist).
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { cloneWithFreshIds, newActivity, newContentPage, newDay, sampleGuidebook, type ContentPage } from '@pocketguide/contracts';
import { randomBytes } from 'node:crypto';
import { launchBrowser, screenshot } from '../../../test-support/browser.ts';
import type { RunningStandalone } from './app.ts';
import { bearer, verifiedUser, type SignedIn } from './testing/accounts.ts';
import { DESKTOP_KEYBOARD, PHONE_TOUCH, focusedElement, openEditorTab, signInBrowser, startProductWithWeb, tabTo, tapElement, waitForSaved, windowShot } from './testing/editor-browser.ts';

type Language = 'kr' | 'en';
type Mode = 'touch' | 'keyboard';
type Book = { id: string; itinerary: string; attractions: string; blankItinerary: string };

const LANGUAGES: readonly Language[] = ['kr', 'en'];
const MODES: readonly Mode[] = ['touch', 'keyboard'];
const TEXTS = {
  kr: { tileText: '텍스트', titleField: '페이지 제목', addText: '텍스트 추가', columns: ['장소', '시간', '일정'], columnTitle: (n: number) => `${n}번째 열 제목` },
  en: { tileText: 'Text', titleField: 'Title of the page', addText: 'Add Text', columns: ['Place', 'Time', 'Schedule'], columnTitle: (n: number) => `Title of column ${n}` },
} as const;

let app: RunningStandalone;
let author: SignedIn;
let browser: Browser;
const pageErrors: string[] = [];
const books: Partial<Record<Language, Book>> = {};

const ids = { newId: () => randomBytes(12).toString('hex') };

/** The sample in the language, plus a new itinerary page (as the editor makes one) with one day of two activities. */
async function createBook(language: Language): Promise<Book> {
  const doc = cloneWithFreshIds(sampleGuidebook(language), ids);
  const blank = newContentPage('itinerary', ids);
  blank.days = [{ ...newDay(ids), activities: [newActivity(ids), newActivity(ids)] }];
  doc.contents.push(blank);
  const created = await fetch(`${app.url}/api/guidebooks`, {
    method: 'POST',
    headers: { ...bearer(author.token), 'content-type': 'application/json' },
    body: JSON.stringify(doc),
  });
  expect(created.status).toBe(201);
  const id = ((await created.json()) as { _id: string })._id;
  const read = await fetch(`${app.url}/api/guidebooks/${id}`, { headers: bearer(author.token) });
  const { contents } = (await read.json()) as { contents: ContentPage[] };
  const itinerary = contents.find((content) => content.contentType === 'itinerary' && content.days.some((day) => day.activities.length > 1));
  const attractions = contents.find((content) => content.contentType === 'attractions');
  const blankItinerary = contents.at(-1);
  if (!itinerary || !attractions || blankItinerary?.contentType !== 'itinerary') throw new Error('the guidebook lacks a page the journeys need');
  // what was stored for the new page's column titles: nothing English (issue 22)
  expect(blankItinerary.colTitles).toEqual(['', '', '']);
  return { id, itinerary: itinerary._id, attractions: attractions._id, blankItinerary: blankItinerary._id };
}

beforeAll(async () => {
  app = await startProductWithWeb('editor-touch-');
  author = await verifiedUser(app.url, 'editor-touch@example.com');
  for (const language of LANGUAGES) books[language] = await createBook(language);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function open(language: Language, mode: Mode, path: (book: Book) => string, name: string): Promise<Page> {
  const page = await openEditorTab(browser, pageErrors);
  await page.setViewport(mode === 'touch' ? PHONE_TOUCH : DESKTOP_KEYBOARD);
  await signInBrowser(page, app.url, author, language);
  const book = books[language];
  if (!book) throw new Error(`no guidebook in ${language}`);
  await page.goto(`${app.url}${path(book)}`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('#guidebook-title');
  onTestFailed(async () => {
    await screenshot(page, `editor-touch-failure-${name}`).catch(() => undefined);
  });
  return page;
}

const pathname = (page: Page) => page.evaluate(() => location.pathname);

describe('the editor keeps every tap and keystroke (issue 22)', () => {
  for (const language of LANGUAGES) {
    for (const mode of MODES) {
      const tag = `${language === 'kr' ? 'ko' : 'en'}-${mode === 'touch' ? '390' : '1280'}`;
      const texts = TEXTS[language];

      it(`reaches a menu tile's options by ${mode} (${tag})`, async () => {
        const page = await open(language, mode, (book) => `/guidebooks/edit/${book.id}`, `tile-${tag}`);
        const cover = await pathname(page);
        const tile = 'nav li:first-child a[href*="/contents/"]';
        const title = await page.$eval(tile, (link) => (link as HTMLElement).innerText.trim());
        const textOption = `nav li:first-child [role="toolbar"] button[aria-label="${texts.tileText}: ${title}"]`;
        if (mode === 'touch') {
          // the first tap selects the tile: the page stays, the options show
          await tapElement(page, tile);
          await page.waitForSelector(textOption, { visible: true, timeout: 5000 });
          expect(await pathname(page)).toBe(cover);
          await windowShot(page, `editor-touch-tile-options-${tag}`);
          await tapElement(page, textOption);
        } else {
          await page.focus(tile);
          expect(await tabTo(page, (name) => name === `${texts.tileText}: ${title}`)).toBe(`${texts.tileText}: ${title}`);
          await page.keyboard.press('Enter');
        }
        // the option works: the tile's title is edited in place
        await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, { timeout: 5000 }, texts.titleField);
        await page.keyboard.press('End');
        await page.keyboard.type(' 2');
        await page.keyboard.press('Enter');
        await page.waitForFunction((selector, wanted) => (document.querySelector(selector) as HTMLElement | null)?.innerText.trim() === wanted, { timeout: 5000 }, tile, `${title} 2`);
        // and the tile still opens its page: a second tap, or Enter on it
        if (mode === 'touch') await tapElement(page, tile);
        else {
          await page.focus(tile);
          await page.keyboard.press('Enter');
        }
        await page.waitForFunction((from) => location.pathname !== from && location.pathname.includes('/contents/'), { timeout: 5000 }, cover);
        expect(pageErrors).toEqual([]);
        await page.close();
      }, 90_000);

      it(`lets the itinerary's column titles be ${mode === 'touch' ? 'tapped' : 'typed in'}, blank ones named in the author's language (${tag})`, async () => {
        const page = await open(language, mode, (book) => `/guidebooks/edit/${book.id}/contents/${book.blankItinerary}`, `columns-${tag}`);
        const fields = await page.$$eval('input[aria-label]', (inputs) =>
          inputs.map((input) => ({ label: input.getAttribute('aria-label'), value: (input as HTMLInputElement).value, placeholder: (input as HTMLInputElement).placeholder })),
        );
        const titles = [1, 2, 3].map((n) => fields.find((field) => field.label === texts.columnTitle(n)));
        expect(titles.map((field) => field?.value)).toEqual(['', '', '']);
        expect(titles.map((field) => field?.placeholder)).toEqual([...texts.columns]);
        const second = `input[aria-label="${texts.columnTitle(2)}"]`;
        if (mode === 'touch') {
          const tap = await tapElement(page, second);
          expect(tap.reached, `the tap reaches the column title, not ${tap.drawn}`).toBe(true);
        } else {
          await page.focus(`input[aria-label="${texts.columnTitle(1)}"]`);
          await page.keyboard.press('Tab');
        }
        expect((await focusedElement(page)).name).toBe(texts.columnTitle(2));
        await page.keyboard.type('Hora');
        expect(await page.$eval(second, (input) => (input as HTMLInputElement).value)).toBe('Hora');
        await windowShot(page, `editor-touch-columns-${tag}`);
        expect(pageErrors).toEqual([]);
        await page.close();
      }, 90_000);

      it(`lands a sentence typed after Add whole in the new block (${tag})`, async () => {
        const page = await open(language, mode, (book) => `/guidebooks/edit/${book.id}/contents/${book.attractions}`, `add-${tag}`);
        await page.waitForSelector('[data-item-id]');
        const before = await page.$$eval('[data-item-id]', (items) => items.map((item) => item.getAttribute('data-item-id')));
        const add = `button[aria-label="${texts.addText}"]`;
        if (mode === 'touch') await tapElement(page, add);
        else {
          await page.focus(add);
          await page.keyboard.press('Enter');
        }
        // the new block has the focus: its own text field
        await page.waitForFunction(
          (known) => {
            const item = document.activeElement?.closest('[data-item-id]');
            return item !== null && item !== undefined && !known.includes(item.getAttribute('data-item-id'));
          },
          { timeout: 5000 },
          before,
        );
        const sentence = language === 'kr' ? '오사카성은 아침 아홉 시에 열어요 그 다음 점심을 먹어요' : 'Osaka Castle opens at nine and then we have lunch';
        await page.keyboard.type(sentence);
        const after = await page.$$eval('[data-item-id]', (items) => items.map((item) => ({ id: item.getAttribute('data-item-id'), text: (item as HTMLElement).innerText })));
        const added = after.filter((item) => !before.includes(item.id));
        expect(added, 'one new block, not one per space').toHaveLength(1);
        expect(added[0]?.text).toContain(sentence);
        await windowShot(page, `editor-touch-add-typed-${tag}`);
        expect(pageErrors).toEqual([]);
        await page.close();
      }, 90_000);

      it(`focuses an itinerary field on the first ${mode === 'touch' ? 'tap' : 'key'}, the row staying where it was (${tag})`, async () => {
        const page = await open(language, mode, (book) => `/guidebooks/edit/${book.id}/contents/${book.itinerary}`, `itinerary-field-${tag}`);
        // the first field of the second activity of the day that has two or more
        const target = await page.waitForFunction(() => {
          const day = [...document.querySelectorAll('section[data-part-id]')].find((section) => section.querySelectorAll('[role="group"][data-part-id] > div input').length > 1);
          const activities = day ? [...day.querySelectorAll<HTMLElement>('[role="group"][data-part-id]')].filter((group) => group.querySelector(':scope > div input')) : [];
          const input = activities[1]?.querySelector<HTMLInputElement>('input');
          if (!input) return null;
          input.setAttribute('data-test-target', '');
          return input.getAttribute('aria-label');
        });
        const label = (await target.jsonValue()) as string;
        const field = 'input[data-test-target]';
        await page.$eval(field, (input) => input.scrollIntoView({ block: 'center', behavior: 'instant' }));
        const top = () => page.$eval(field, (input) => input.getBoundingClientRect().top);
        const topBefore = await top();
        if (mode === 'touch') await tapElement(page, field);
        else {
          await page.focus('#guidebook-title');
          await page.$eval(field, (input) => (input as HTMLInputElement).focus());
        }
        await page.waitForFunction((wanted) => document.activeElement?.getAttribute('aria-label') === wanted, { timeout: 5000 }, label);
        const valueBefore = await page.$eval(field, (input) => (input as HTMLInputElement).value);
        await page.keyboard.press('End');
        await page.keyboard.type(' Umeda');
        expect(await page.$eval(field, (input) => (input as HTMLInputElement).value)).toBe(`${valueBefore} Umeda`);
        // the activity is selected (its actions show) and the tapped row did not move under the finger
        await page.waitForFunction(() => document.querySelector('input[data-test-target]')?.closest('[role="group"]')?.className.includes('ring-2'), { timeout: 5000 });
        expect(Math.abs((await top()) - topBefore), 'the field stays where it was tapped').toBeLessThan(2);
        await windowShot(page, `editor-touch-itinerary-field-${tag}`);
        expect(pageErrors).toEqual([]);
        await page.close();
      }, 90_000);
    }
  }
});

describe('one editor for create and edit (issue 22)', () => {
  for (const language of LANGUAGES) {
    const tag = language === 'kr' ? 'ko' : 'en';
    const addPage = language === 'kr' ? '페이지 추가' : 'Add page';

    it(`keeps the editor drawn through the first save, and a click during its navigation takes effect (${tag}-1280)`, async () => {
      const page = await openEditorTab(browser, pageErrors);
      await page.setViewport(DESKTOP_KEYBOARD);
      await signInBrowser(page, app.url, author, language);
      await page.goto(`${app.url}/guidebooks/create`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('#guidebook-title');
      onTestFailed(async () => {
        await screenshot(page, `editor-touch-failure-first-save-${tag}`).catch(() => undefined);
      });
      await page.type('#guidebook-title', language === 'kr' ? '오사카 3일' : 'Osaka in 3 days');
      // the elements drawn before the save, marked: the same ones must still be on the page after it
      await page.evaluate((label) => {
        const marked = window as unknown as { beforeSave: Element[] };
        const button = [...document.querySelectorAll<HTMLButtonElement>('nav button')].find((candidate) => candidate.textContent?.trim() === label);
        marked.beforeSave = [document.querySelector('#guidebook-title'), button].filter((element): element is Element => element !== null && element !== undefined);
      }, addPage);
      expect(await page.evaluate(() => (window as unknown as { beforeSave: Element[] }).beforeSave.length)).toBe(2);
      const saveLabel = language === 'kr' ? '저장' : 'Save';
      await page.evaluate((label) => [...document.querySelectorAll<HTMLButtonElement>('[role="toolbar"] button')].find((button) => button.textContent === label)?.click(), saveLabel);
      // the moment the address changes, a person clicks "Add page"
      await page.waitForFunction(() => location.pathname.startsWith('/guidebooks/edit/'), { polling: 'mutation', timeout: 15_000 });
      await page.evaluate((label) => [...document.querySelectorAll<HTMLButtonElement>('nav button')].find((button) => button.textContent?.trim() === label)?.click(), addPage);
      await page.waitForSelector('[role="dialog"]', { visible: true, timeout: 5000 });
      // the stored document replaces ours in place (the saved state shows), the popup stays open, nothing was redrawn
      await waitForSaved(page);
      expect(await page.$('[role="dialog"]')).not.toBeNull();
      const kept = await page.evaluate(() => (window as unknown as { beforeSave: Element[] }).beforeSave.map((element) => element.isConnected));
      expect(kept).toEqual([true, true]);
      expect(await page.$eval('#guidebook-title', (input) => (input as HTMLInputElement).value)).toBe(language === 'kr' ? '오사카 3일' : 'Osaka in 3 days');
      await windowShot(page, `editor-touch-first-save-click-${tag}-1280`);
      expect(pageErrors).toEqual([]);
      await page.close();
    }, 90_000);
  }
});
