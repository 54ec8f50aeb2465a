// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Browser helpers for the editor's journeys (editor*.e2e.test.ts): the whole product started in this process, a
 * Chromium tab signed in as a person, and the few moves every journey makes in the editor (click a button by its
 * name, wait for a text, wait for the auto-save). They act as a person would: through the screen, never the store.
 */
import { builtWebDist, screenshotDir, WAIT_MS } from '../../../../test-support/browser.ts';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { startStandalone, type RunningStandalone } from '../app.ts';
import { TEST_ACCOUNT_ENV, type SignedIn } from './accounts.ts';

const repoRoot = resolve(import.meta.dirname, '../../../..');
const webDist = builtWebDist();

/** The desktop window of the screenshots (1280 px wide). */
export const DESKTOP = { width: 1280, height: 900 };

// The update banner's "don't show again" key, read from the web source so the screenshots show the editor.
const UPDATE_BANNER_VERSION = /UPDATE_BANNER_VERSION = '([^']+)'/.exec(readFileSync(resolve(repoRoot, 'web/src/app/shell/update-banner.tsx'), 'utf8'))?.[1] ?? '';
const UPDATE_BANNER_KEY = `pocketguide.updateBanner.${UPDATE_BANNER_VERSION}.hidden`;

/**
 * Every role in this process on a free port with the built web app, on a fresh data folder in the system's temp
 * folder, removed on close. Not under test-output/tmp: every vitest run empties that folder when it starts, so a
 * run started meanwhile (by anyone on the machine) would pull the database and the uploaded blobs from under a
 * journey that takes a minute.
 */
export async function startProductWithWeb(dataDirPrefix: string): Promise<RunningStandalone> {
  if (!existsSync(resolve(webDist, 'index.html'))) throw new Error('web/dist is missing: run `npm run build -w @pocketguide/web` first');
  const dataDir = mkdtempSync(join(tmpdir(), `pocketguide-${dataDirPrefix}`));
  const app = await startStandalone({ port: 0, dataDir, webDist, env: { LOG_LEVEL: 'warn', ...TEST_ACCOUNT_ENV } });
  return {
    ...app,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new tab at the desktop size. Uncaught errors of the page are collected in `pageErrors`; the "leave with
 * unsaved edits?" question (beforeunload) is answered yes, because the journeys leave on purpose.
 */
export async function openEditorTab(browser: Browser, pageErrors: string[]): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport(DESKTOP);
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  page.on('dialog', (dialog) => void dialog.accept());
  return page;
}

/** Signs the browser in as `session` (the stored session the web keeps) with the update banner put away. */
export async function signInBrowser(page: Page, baseUrl: string, session: SignedIn, language: 'kr' | 'en'): Promise<void> {
  await page.goto(`${baseUrl}/server_not_available`, { waitUntil: 'domcontentloaded' });
  await page.evaluate(
    (stored, bannerKey) => {
      localStorage.setItem('pocketguide.session', JSON.stringify(stored));
      localStorage.setItem(bannerKey, '1');
    },
    { ...session.user, token: session.token, language },
    UPDATE_BANNER_KEY,
  );
}

/** How many section items the page shows (each is one `[data-item-id]` frame). */
export const itemCount = (page: Page) => page.$$eval('[data-item-id]', (items) => items.length);
export const titleValue = (page: Page) => page.$eval('#guidebook-title', (input) => (input as HTMLInputElement).value);

export async function waitForText(page: Page, text: string, timeout = WAIT_MS): Promise<void> {
  await page.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout }, text);
}

const SAVE_LABELS = ['저장', 'Save'];
const SAVING_LABELS = ['저장 중', 'Saving'];

async function waitForSaveButton(page: Page, labels: string[], timeout: number): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const buttons = [...document.querySelectorAll<HTMLButtonElement>('[role="toolbar"] button')];
      return buttons.some((button) => wanted.includes(button.textContent ?? ''));
    },
    { timeout },
    labels,
  );
}

/** The Save button reads 'Saving' / '저장 중' while edits wait; back to 'Save' / '저장' once stored. */
export async function waitForSaved(page: Page, timeout = WAIT_MS * 1.5): Promise<void> {
  await waitForSaveButton(page, SAVE_LABELS, timeout);
}

/** An edit is waiting to be stored: the Save button reads 'Saving' / '저장 중' (for the auto-save's 3 s at least). */
export async function waitForSaving(page: Page, timeout = WAIT_MS): Promise<void> {
  await waitForSaveButton(page, SAVING_LABELS, timeout);
}

/**
 * Clicks the enabled button named `name` (its aria-label, else its text) inside `within`, as soon as there is one.
 * Finding, checking and clicking happen in one evaluation in the page, repeated until it clicked: the button that
 * was checked is the one clicked (a re-render between two round trips cannot make it click nothing), and when no
 * such button appears within the wait budget it throws, naming the button.
 */
export async function clickButton(page: Page, name: string, within = 'body', timeout = WAIT_MS): Promise<void> {
  await page
    .waitForFunction(
      (label, scope) => {
        const button = [...document.querySelectorAll<HTMLButtonElement>(`${scope} button`)].find(
          (candidate) => (candidate.getAttribute('aria-label') ?? candidate.textContent?.trim()) === label && !candidate.disabled,
        );
        // as a person's press does: the button takes the focus, then is clicked (a bare click() leaves the focus
        // where it was, and what a closing dialog hands it back to would differ from a real click)
        button?.focus({ preventScroll: true });
        button?.click();
        return button !== undefined;
      },
      { timeout },
      name,
      within,
    )
    .catch((error: unknown) => {
      throw new Error(`no enabled button "${name}" in ${within} to click within ${timeout} ms`, { cause: error });
    });
}

/** The Save button: it reads 'Saving' (저장 중) while edits wait to be stored, 'Save' (저장) otherwise. */
export async function clickSave(page: Page, timeout = WAIT_MS): Promise<void> {
  await page
    .waitForFunction(
      (labels) => {
        const buttons = [...document.querySelectorAll<HTMLButtonElement>('[role="toolbar"] button')];
        const save = buttons.find((button) => labels.includes(button.textContent ?? '') && !button.disabled);
        save?.click();
        return save !== undefined;
      },
      { timeout },
      [...SAVE_LABELS, ...SAVING_LABELS],
    )
    .catch((error: unknown) => {
      throw new Error(`no enabled Save button in the toolbar to click within ${timeout} ms`, { cause: error });
    });
}

/** Clicks into the first rich-text field of the first text item on the page and types at its end. */
export async function typeInFirstText(page: Page, text: string): Promise<void> {
  const field = await page.waitForSelector('[data-item-id] [contenteditable="true"]', { timeout: WAIT_MS });
  if (!field) throw new Error('no editable text on the page');
  await field.click();
  await page.keyboard.press('End');
  await page.keyboard.type(text);
}

// ---------------------------------------------------------------- touch and keyboard (issue 22)

/** A 390 × 844 phone with a touch screen: taps are real touch events (pointerType 'touch'), as on a phone. */
export const PHONE_TOUCH = { width: 390, height: 844, hasTouch: true, isMobile: true, deviceScaleFactor: 1 } as const;
/** The desktop of the keyboard journeys. */
export const DESKTOP_KEYBOARD = { width: 1280, height: 800 } as const;

/**
 * Taps the first element matching `selector` with the touch screen, at its middle once it is scrolled into view
 * (or `across` of its width from its left edge: 0.1 taps near its start). Checks that the element itself is what
 * the tap reaches (nothing drawn over it) and returns that verdict.
 */
export async function tapElement(page: Page, selector: string, across = 0.5): Promise<{ reached: boolean; drawn: string }> {
  const handle = await page.waitForSelector(selector, { visible: true, timeout: 10_000 });
  if (!handle) throw new Error(`nothing matches ${selector}`);
  await handle.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  const at = await handle.evaluate((element, fraction) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width * fraction;
    const y = box.top + box.height / 2;
    const drawn = document.elementFromPoint(x, y);
    const reached = drawn !== null && (drawn === element || element.contains(drawn));
    const name = drawn ? `${drawn.tagName.toLowerCase()}.${[...drawn.classList].slice(0, 3).join('.')}` : 'nothing';
    return { x, y, reached, drawn: name };
  }, across);
  await handle.dispose();
  await page.touchscreen.tap(at.x, at.y);
  return { reached: at.reached, drawn: at.drawn };
}

/** What has the focus: its accessible name (aria-label, else its text) and, for a field, its value. */
export async function focusedElement(page: Page): Promise<{ name: string; value: string; tag: string }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return { name: '', value: '', tag: '' };
    const value = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element.value : (element.innerText ?? '');
    return { name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '', value, tag: element.tagName.toLowerCase() };
  });
}

/** Presses Tab (or Shift+Tab) until the focused element's name satisfies `wanted`; at most `limit` presses. */
export async function tabTo(page: Page, wanted: (name: string) => boolean, options: { back?: boolean; limit?: number } = {}): Promise<string> {
  for (let press = 0; press < (options.limit ?? 12); press += 1) {
    const { name } = await focusedElement(page);
    if (wanted(name)) return name;
    if (options.back) {
      await page.keyboard.down('Shift');
      await page.keyboard.press('Tab');
      await page.keyboard.up('Shift');
    } else await page.keyboard.press('Tab');
  }
  const { name } = await focusedElement(page);
  return name;
}

/** What the window shows (not the whole page: the sticky menus where a person sees them), as test-output/screenshots/<name>.png. */
export async function windowShot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) as `${string}.png` });
}
