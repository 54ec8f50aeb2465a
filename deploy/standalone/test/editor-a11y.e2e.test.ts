// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * Screen-reader and keyboard use of the authors' screens, in system Chromium: axe-core (the engine Lighthouse's
 * accessibility audit runs) checks the recent cards, the list, the editor's cover and each content page of the
 * sample (and each item there while selected, with its editing controls), the settings panel, the publish panel
 * and the history sheet against WCAG 2.1 A and AA; and the editor's main actions
 * are reached with Tab alone, each with a name. In Korean, the product's default. Needs
 * `npm run build -w @pocketguide/web` first.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, builtWebDist } from '../../../test-support/browser.ts';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { openEditorTab, signInBrowser, waitForText } from './testing/editor-browser.ts';
import en from '../../../web/src/locales/en.json' with { type: 'json' };
import ko from '../../../web/src/locales/ko.json' with { type: 'json' };

const webDist = builtWebDist();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let product: StartedWithAdmin;
let author: SignedIn;
let guidebookId: string;
let contentIds: string[];
let browser: Browser;
const pageErrors: string[] = [];

type Violation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
};

/** axe's WCAG 2.1 A/AA violations on the page as it is now, one line each with where. */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return found.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(' ')}`,
    ),
  );
}

beforeAll(async () => {
  product = await startWithAdmin('editor-a11y', { webDist });
  author = await product.newUser('a11y-author', { companyName: '제주여행사' });
  const created = await fetch(`${product.baseUrl}/api/guidebooks`, {
    method: 'POST',
    headers: { ...bearer(author.token), 'content-type': 'application/json' },
    body: JSON.stringify({ source: 'sample' }),
  });
  expect(created.status).toBe(201);
  guidebookId = ((await created.json()) as { _id: string })._id;
  const stored = await fetch(`${product.baseUrl}/api/guidebooks/${guidebookId}`, { headers: bearer(author.token) });
  contentIds = ((await stored.json()) as { contents: Array<{ _id: string }> }).contents.map((content) => content._id);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await product?.app.close();
});

async function signedInPage(language: 'kr' | 'en' = 'kr'): Promise<Page> {
  const page = await openEditorTab(browser, pageErrors);
  await signInBrowser(page, product.baseUrl, author, language);
  return page;
}

const LANGUAGES = [
  { name: 'Korean', language: 'kr', texts: ko, suffix: 'ko' },
  { name: 'English', language: 'en', texts: en, suffix: 'en' },
] as const;

describe('the authors’ screens for screen readers and keyboards', () => {
  it.each(LANGUAGES)(
    'axe finds no WCAG 2.1 A/AA violation on the lists, the cover, every content page, settings and history, in $name',
    async ({ language, texts, suffix }) => {
      const page = await signedInPage(language);
      const menu = texts.editor.menu;
      const found: Record<string, string[]> = {};
      let selected = 0;

      await page.goto(`${product.baseUrl}/guidebooks/recent`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('main article');
      found['recent'] = await violations(page);
      await page.goto(`${product.baseUrl}/guidebooks`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('main table tbody tr, main ul li article');
      found['list'] = await violations(page);

      await page.goto(`${product.baseUrl}/guidebooks/edit/${guidebookId}`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('#guidebook-title');
      found['cover'] = await violations(page);
      for (const [index, contentId] of contentIds.entries()) {
        await page.goto(`${product.baseUrl}/guidebooks/edit/${guidebookId}/contents/${contentId}`, {
          waitUntil: 'networkidle0',
        });
        await page.waitForSelector('[data-item-id], section[aria-label]');
        found[`content ${index + 1}`] = await violations(page);
        // With each item selected in turn: its toolbar and its editing controls (rich-text toolbar, fields, tables).
        const itemIds = await page.$$eval('[data-item-id]', (items) =>
          items.map((item) => (item as HTMLElement).dataset.itemId ?? ''),
        );
        for (const itemId of itemIds.slice(0, 12)) {
          const frame = await page.$(`[data-item-id="${itemId}"]`);
          await frame?.evaluate((node) => node.scrollIntoView({ block: 'center' }));
          const box = await frame?.boundingBox();
          if (!box) continue;
          await page.keyboard.press('Escape');
          await page.mouse.click(box.x + box.width - 3, box.y + Math.min(box.height / 2, 20));
          if (
            !(await page
              .waitForSelector(`[data-item-id="${itemId}"] [role="toolbar"]`, { timeout: 3000 })
              .catch(() => null))
          )
            continue;
          selected += 1;
          const more = await violations(page);
          if (more.length > 0) found[`content ${index + 1}, item ${itemId} selected`] = more;
        }
      }

      await page.goto(`${product.baseUrl}/guidebooks/edit/${guidebookId}`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('#guidebook-title');
      await page.click(`button[aria-label="${menu.settings}"]`);
      await page.waitForSelector('[role="dialog"]');
      found['settings'] = await violations(page);
      await page.keyboard.press('Escape');
      // Publish without a subscription: the confirm panel asking to subscribe.
      await page.evaluate(
        (label) =>
          [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === label)?.click(),
        menu.publish,
      );
      await waitForText(page, texts.editor.confirm.subscriptionNeeded);
      found['publish panel'] = await violations(page);
      await screenshot(page, `editor-a11y-publish-${suffix}-1280`);
      await page.keyboard.press('Escape');
      await page.click(`button[aria-label="${menu.history}"]`);
      await waitForText(page, texts.editor.history.version.replace(' {{revision}}', ''));
      found['history'] = await violations(page);
      await screenshot(page, `editor-a11y-history-${suffix}-1280`);

      const all = Object.entries(found).flatMap(([where, lines]) => lines.map((line) => `${where}: ${line}`));
      expect(all).toEqual([]);
      // The items were really checked while selected (the sample's pages hold a few dozen).
      expect(selected).toBeGreaterThan(15);
      expect(pageErrors).toEqual([]);
    },
  );

  it('Tab alone reaches the title and every top-menu action, each named; Settings opens and closes from the keyboard', async () => {
    const page = await signedInPage();
    await page.goto(`${product.baseUrl}/guidebooks/edit/${guidebookId}`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('#guidebook-title');

    // Walk the page with Tab from its start, noting each stop's accessible name (what a screen reader announces).
    const stops: string[] = [];
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let step = 0; step < 60; step += 1) {
      await page.keyboard.press('Tab');
      stops.push(
        await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (!element || element === document.body) return '';
          const labelled = element.getAttribute('aria-labelledby');
          const byId = labelled
            ? labelled
                .split(' ')
                .map((id) => document.getElementById(id)?.textContent ?? '')
                .join(' ')
            : '';
          const label = element.id ? (document.querySelector(`label[for="${element.id}"]`)?.textContent ?? '') : '';
          return (
            element.getAttribute('aria-label') ??
            (byId || label || element.innerText || element.getAttribute('title') || '')
          ).trim();
        }),
      );
    }
    for (const action of ['가이드북 제목', 'URL 복사', '복제', '삭제', '미리보기', '설정', '변경 기록', '게시'])
      expect(stops).toContain(action);
    // Nothing focusable is nameless.
    expect(stops.filter((name) => name === '')).toEqual([]);

    // Settings from the keyboard: Enter opens its panel with the focus inside, Escape closes it and gives the focus back.
    await page.focus('button[aria-label="설정"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[role="dialog"]');
    expect(
      await page.evaluate(() => document.querySelector('[role="dialog"]')?.contains(document.activeElement) === true),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('[role="dialog"]') === null);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('설정');
    expect(pageErrors).toEqual([]);
  });
});
