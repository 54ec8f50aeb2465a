// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Rich fields away from the viewport are drawn without their Slate editor (issue 22: a keystroke on a page of 200
 * items paid for 200 editors). Such a dormant field must still take the first tap or Tab as an editor would, in
 * system Chromium, in Korean and English:
 *  - on a 390 × 844 touch phone, a real tap (`page.touchscreen`) on a dormant field focuses it with the caret where
 *    the finger was, and the first typed character lands there; on a 1280 × 800 desktop, a mouse click alike;
 *  - on a 1280 × 800 desktop, Tab from the field before reaches the dormant field, wakes it with the caret at its
 *    start, and what is typed lands there;
 *  - waking changes nothing on screen: the field has the same place and size drawn either way.
 * Screenshots on failure: test-output/screenshots/editor-dormant-*.png. Needs the web app built (WEB_DIST or web/dist).
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { randomBytes } from 'node:crypto';
import { newContentPage, newGuidebookDocument, richParagraph, type SectionItem } from '@pocketguide/contracts';
import { appFontsApplied, launchBrowser, screenshot, WAIT_MS } from '../../../test-support/browser.ts';
import type { RunningStandalone } from '../src/app.ts';
import { createdGuidebook, verifiedUser, type SignedIn } from './testing/accounts.ts';
import {
  DESKTOP_KEYBOARD,
  PHONE_TOUCH,
  openEditorTab,
  signInBrowser,
  startProductWithWeb,
} from './testing/editor-browser.ts';

type Language = 'kr' | 'en';

const ITEMS = 60;
const TARGET = 45;
/** An empty text item (its placeholder drawn), next to the one whose waking the desktop test watches. */
const EMPTY = TARGET - 19;
const itemText = (index: number) =>
  `Item ${index + 1}: a paragraph of guide text about a place worth seeing, long enough to wrap over two lines.`;
const ids = { newId: () => randomBytes(12).toString('hex') };

let app: RunningStandalone;
let author: SignedIn;
let browser: Browser;
const pageErrors: string[] = [];
const books: Partial<Record<Language, { id: string; contentId: string; itemIds: string[] }>> = {};

async function createBook(language: Language) {
  const page = newContentPage('attractions', ids);
  const items: SectionItem[] = Array.from({ length: ITEMS }, (_, index) => ({
    _id: ids.newId(),
    type: 'text',
    isImportant: false,
    content: richParagraph(index === EMPTY ? '' : itemText(index)),
  }));
  const doc = {
    ...newGuidebookDocument({ title: `Dormant fields ${language}` }),
    contents: [{ ...page, sections: [{ _id: ids.newId(), items }] }],
  };
  const { id, contents } = await createdGuidebook(app.url, author, doc);
  const stored = contents[0];
  if (!stored) throw new Error('the guidebook has no content page');
  return { id, contentId: stored._id, itemIds: stored.sections.flatMap((section) => section.items.map((i) => i._id)) };
}

beforeAll(async () => {
  app = await startProductWithWeb('editor-dormant-');
  author = await verifiedUser(app.url, 'editor-dormant@example.com');
  for (const language of ['kr', 'en'] as const) books[language] = await createBook(language);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function open(language: Language, viewport: typeof PHONE_TOUCH | typeof DESKTOP_KEYBOARD, name: string) {
  const book = books[language];
  if (!book) throw new Error(`no guidebook in ${language}`);
  const page = await openEditorTab(browser, pageErrors);
  await page.setViewport(viewport);
  await signInBrowser(page, app.url, author, language);
  await page.goto(`${app.url}/guidebooks/edit/${book.id}/contents/${book.contentId}`, { waitUntil: 'networkidle0' });
  await page.waitForFunction((wanted) => document.querySelectorAll('[data-item-id]').length === wanted, {}, ITEMS);
  // the fields' boxes are compared before and after waking: both in the app's own font (CI failed once on an empty
  // field 2 px taller once awake, the height of a line in the system font against Pretendard's)
  await appFontsApplied(page);
  onTestFailed(async () => {
    await screenshot(page, `editor-dormant-failure-${name}`).catch(() => undefined);
  });
  return { page, book };
}

const fieldSelector = (itemId: string) => `[data-item-id="${itemId}"] [role="textbox"]`;

/**
 * Whether the field is drawn without its editor, and its box within its item (the item itself moves when the one
 * above it is selected or not: the selected item keeps room for its toolbar), with the item's height.
 */
const fieldState = (page: Page, itemId: string) =>
  page.$eval(fieldSelector(itemId), (field) => {
    const box = field.getBoundingClientRect();
    const item = field.closest('[data-item-id]')?.getBoundingClientRect();
    if (!item) throw new Error('the field is outside its item');
    return {
      dormant: field.hasAttribute('data-rich-text-dormant'),
      top: box.top - item.top,
      left: box.left - item.left,
      width: box.width,
      height: box.height,
      itemHeight: item.height,
    };
  });

/** Waits for the focus to be in the item's Slate editor, which then holds `text`. */
async function waitForEditorText(page: Page, itemId: string, text: string) {
  await page.waitForFunction(
    (selector, wanted) => {
      const field = document.querySelector(selector);
      return (
        field?.getAttribute('contenteditable') === 'true' &&
        field === document.activeElement &&
        (field as HTMLElement).innerText.replace(/\uFEFF/g, '').trim() === wanted
      );
    },
    { timeout: WAIT_MS },
    fieldSelector(itemId),
    text,
  );
}

/**
 * The rich fields of the page, by where they are drawn: `onScreen` those the window shows (some of their box
 * within it), `editorsOff` those away from it that are Slate editors all the same.
 */
const fieldsByPlace = (page: Page) =>
  page.$$eval('[data-item-id] [role="textbox"]', (fields) => {
    const onScreen = fields.filter((field) => {
      const box = field.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight;
    });
    const editorsOff = fields.filter(
      (field) => field.getAttribute('contenteditable') === 'true' && !onScreen.includes(field),
    );
    return {
      onScreen: onScreen.length,
      editorsOn: onScreen.filter((field) => field.getAttribute('contenteditable') === 'true').length,
      editorsOff: editorsOff.length,
    };
  });

describe('only the rich fields on screen are Slate editors (issue 22)', () => {
  it('at the top and after a scroll, every field on screen becomes an editor and none away from it (en-1280)', async () => {
    const { page, book } = await open('en', DESKTOP_KEYBOARD, 'on-screen-en');
    // every editor handles every keystroke's selectionchange and timers: those half a window above and below
    // (twice as many) cost each key as much as those shown, and a field coming into view wakes where it is pressed
    for (const scrolledTo of [0, TARGET - 20]) {
      await page.$eval(fieldSelector(book.itemIds[scrolledTo]!), (field) =>
        field.scrollIntoView({ block: 'center', behavior: 'instant' }),
      );
      // the fields in view become editors once they have stayed there a moment
      await page.waitForFunction(
        () =>
          Array.from(document.querySelectorAll('[data-item-id] [role="textbox"]')).every((field) => {
            const box = field.getBoundingClientRect();
            const shown = box.bottom > 0 && box.top < window.innerHeight;
            return !shown || field.getAttribute('contenteditable') === 'true';
          }),
        { timeout: WAIT_MS },
      );
      const fields = await fieldsByPlace(page);
      expect(fields.onScreen).toBeGreaterThan(3);
      expect(fields).toEqual({ onScreen: fields.onScreen, editorsOn: fields.onScreen, editorsOff: 0 });
    }
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 90_000);
});

describe('a rich field drawn without its editor takes the first tap and Tab (issue 22)', () => {
  for (const language of ['kr', 'en'] as const) {
    const tag = language === 'kr' ? 'ko' : 'en';

    for (const input of ['touch', 'mouse'] as const) {
      const size = input === 'touch' ? '390' : '1280';
      it(`a ${input === 'touch' ? 'tap' : 'click'} on a dormant field puts the caret where it was (${tag}-${size})`, async () => {
        const viewport = input === 'touch' ? PHONE_TOUCH : DESKTOP_KEYBOARD;
        const { page, book } = await open(language, viewport, `${input}-${tag}`);
        const itemId = book.itemIds[TARGET]!;
        // far down the page: no editor yet, and the page holds far fewer editors than fields
        const editors = await page.$$eval('[data-item-id] [contenteditable="true"]', (fields) => fields.length);
        expect(editors).toBeLessThan(ITEMS / 2);
        expect((await fieldState(page, itemId)).dormant).toBe(true);

        // the word "worth": where the finger or the pointer lands, on the left half of its "w"
        const original = itemText(TARGET);
        const offset = original.indexOf('worth');
        const at = await page.$eval(
          fieldSelector(itemId),
          (field, wantedOffset) => {
            field.scrollIntoView({ block: 'center', behavior: 'instant' });
            const walker = document.createTreeWalker(field, NodeFilter.SHOW_TEXT);
            const text = walker.nextNode();
            if (!text) throw new Error('the field has no text');
            const range = document.createRange();
            range.setStart(text, wantedOffset);
            range.setEnd(text, wantedOffset + 1);
            const box = range.getClientRects()[0];
            if (!box) throw new Error('the letter is not drawn');
            // what the press reaches first: recorded by the page, so the test knows it pressed the field without
            // its editor (it wakes once it has stayed in view a moment)
            document.addEventListener(
              'pointerdown',
              (event) => {
                const target = event.target instanceof Element ? event.target : null;
                Object.assign(window, { __pressedDormant: Boolean(target?.closest('[data-rich-text-dormant]')) });
              },
              { capture: true, once: true },
            );
            return { x: box.left + box.width * 0.25, y: box.top + box.height / 2 };
          },
          offset,
        );
        if (input === 'touch') await page.touchscreen.tap(at.x, at.y);
        else await page.mouse.click(at.x, at.y);
        await page.keyboard.type('Z');
        await waitForEditorText(page, itemId, `${original.slice(0, offset)}Z${original.slice(offset)}`);
        expect(await page.evaluate(() => (window as unknown as { __pressedDormant?: boolean }).__pressedDormant)).toBe(
          true,
        );
        expect(pageErrors).toEqual([]);
        await page.close();
      }, 90_000);
    }

    it(`Tab into a dormant field wakes it with the caret at its start; waking moves nothing (${tag}-1280)`, async () => {
      const { page, book } = await open(language, DESKTOP_KEYBOARD, `tab-${tag}`);
      // a field scrolled near becomes an editor where its drawing was, at the same size (an empty one too)
      const samples = [book.itemIds[TARGET - 20]!, book.itemIds[EMPTY]!];
      const drawn = await Promise.all(samples.map((id) => fieldState(page, id)));
      expect(drawn.map((state) => state.dormant)).toEqual([true, true]);
      await page.$eval(fieldSelector(samples[0]!), (field) =>
        field.scrollIntoView({ block: 'center', behavior: 'instant' }),
      );
      for (const id of samples)
        await page.waitForSelector(`[data-item-id="${id}"] [contenteditable="true"]`, { timeout: WAIT_MS });
      const editors = await Promise.all(samples.map((id) => fieldState(page, id)));
      editors.forEach((editor, index) => {
        const before = drawn[index]!;
        expect(editor.dormant).toBe(false);
        for (const key of ['top', 'left', 'width', 'height', 'itemHeight'] as const)
          expect(Math.abs(editor[key] - before[key]), `${key} of field ${index + 1}`).toBeLessThanOrEqual(0.5);
      });

      const previous = book.itemIds[TARGET - 1]!;
      const itemId = book.itemIds[TARGET]!;
      // the field before it takes the focus without scrolling (as if reached by Tab), then Tab moves on
      await page.$eval(fieldSelector(previous), (field) => (field as HTMLElement).focus({ preventScroll: true }));
      await page.waitForFunction(
        (selector) => document.activeElement === document.querySelector(selector),
        { timeout: WAIT_MS },
        `[data-item-id="${previous}"] [contenteditable="true"]`,
      );
      expect((await fieldState(page, itemId)).dormant).toBe(true);
      await page.keyboard.press('Tab');
      await page.keyboard.type('Z');
      await waitForEditorText(page, itemId, `Z${itemText(TARGET)}`);
      expect(pageErrors).toEqual([]);
      await page.close();
    }, 90_000);
  }
});
