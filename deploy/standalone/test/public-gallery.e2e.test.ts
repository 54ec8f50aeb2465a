// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtWebDist, launchBrowser, openAt, screenshot, WAIT_MS } from '../../../test-support/browser.ts';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { signInBrowser } from './testing/editor-browser.ts';

/**
 * The public gallery in a browser (spec 3 §2.2): anyone sees the count and the cards, the next page comes when the
 * bottom is near, the end is said; a card opens the reader and shows its QR code; an administrator regenerates a
 * card's thumbnail. At 1280 and 390 px, in Korean and English.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** more than one page of 20 */
const COUNT = 22;

let product: StartedWithAdmin;
let browser: Browser;
let author: SignedIn;
const pageErrors: string[] = [];

async function command(path: string, who: SignedIn, method: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${product.baseUrl}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...bearer(who.token) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status >= 300)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  product = await startWithAdmin('public-gallery-e2e', { webDist: builtWebDist() });
  author = await product.newUser('gallery-e2e-author');
  await command('/subscriptions/admin/subscribe', product.admin, 'POST', { customerUid: author.user.id });
  let position = 0;
  for (let n = 1; n <= COUNT; n += 1) {
    const created = await command('/guidebooks', author, 'POST', { source: 'sample', title: `갤러리 여행 ${n}` });
    await command(`/guidebooks/${String(created._id)}/publish`, author, 'PUT');
    const shown = await command(`/guidebooks/${String(created._id)}/public-gallery`, author, 'PATCH', {
      isPublicGallery: true,
    });
    position = Number(shown.position);
  }
  await fetch(`${product.baseUrl}/api/guidebooks/public-gallery?after=${position}`);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.app.close();
});

async function openGallery(
  viewport: { width: number; height: number },
  language: 'kr' | 'en',
  who: SignedIn | null = null,
): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  if (who) await signInBrowser(page, product.baseUrl, who, language);
  else
    await page.evaluateOnNewDocument(
      (lang) => localStorage.setItem('pocketguide.language', lang),
      language === 'kr' ? 'ko' : 'en',
    );
  // the count is drawn from the gallery's data, by the running app (the drawn page has only its room)
  await openAt(page, `${product.baseUrl}/public-guidebooks`, '[data-gallery-count]');
  return page;
}

const cardCount = (page: Page) => page.$$eval('main article', (cards) => cards.length);

describe('the public gallery in a browser', () => {
  it('shows the first page, loads the next near the bottom, and says the end (ko, 1280 px)', async () => {
    const page = await openGallery(DESKTOP, 'kr');
    expect(await page.$eval('[data-gallery-count]', (element) => element.textContent)).toBe(`가이드북 ${COUNT}개`);
    expect(await cardCount(page)).toBe(20);
    expect(await page.$('[data-gallery-end]')).toBeNull();
    // Cards are 400 px pictures in three columns.
    const pictures = await page.$$eval('main article > div:first-child', (elements) =>
      elements.map((element) => ({
        height: element.getBoundingClientRect().height,
        top: element.getBoundingClientRect().top,
      })),
    );
    expect(Math.round(pictures[0]!.height)).toBe(400);
    expect(new Set(pictures.slice(0, 3).map((rect) => Math.round(rect.top))).size).toBe(1);
    await screenshot(page, 'gallery-ko-1280');

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(
      (count) => document.querySelectorAll('main article').length === count,
      { timeout: WAIT_MS },
      COUNT,
    );
    await page.waitForSelector('[data-gallery-end]');
    expect(await page.$eval('[data-gallery-end]', (element) => element.textContent)).toBe(
      '모든 공개 가이드북을 불러왔습니다.',
    );
    await screenshot(page, 'gallery-ko-1280-end');
    await page.close();
  });

  it('fits a phone in one column, shows a card’s QR code and opens the reader (en, 390 px)', async () => {
    const page = await openGallery(PHONE, 'en');
    expect(await page.$eval('[data-gallery-count]', (element) => element.textContent)).toBe(`${COUNT} guidebooks`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const lefts = await page.$$eval('main article', (cards) =>
      cards.slice(0, 2).map((card) => Math.round(card.getBoundingClientRect().left)),
    );
    expect(lefts[0]).toBe(lefts[1]);
    await screenshot(page, 'gallery-en-390');

    const qrButton = await page.waitForSelector('main article button[aria-pressed]');
    await qrButton!.click();
    await page.waitForSelector('main article svg[role="img"]');
    await screenshot(page, 'gallery-en-390-qr');
    await qrButton!.click();

    const href = await page.$eval('main article h2 a', (link) => link.getAttribute('href'));
    expect(href).toMatch(/\/m\/[^/]+$/);
    await Promise.all([page.waitForNavigation({ waitUntil: 'domcontentloaded' }), page.click('main article h2 a')]);
    expect(new URL(page.url()).pathname).toBe(new URL(href!).pathname);
    expect(await page.title()).toContain('갤러리 여행');
    await page.close();
  });

  it('lets an administrator regenerate a card’s thumbnail, with the overlay until the new one shows (en, 1280 px)', async () => {
    const page = await openGallery(DESKTOP, 'en', product.admin);
    const button = await page.waitForSelector('main article button[aria-label="Regenerate thumbnail"]');
    await button!.click();
    await page.waitForSelector('main article [data-regenerating]', { timeout: WAIT_MS });
    await screenshot(page, 'gallery-en-1280-regenerating');
    await page.waitForFunction(() => document.body.innerText.includes('Thumbnail updated'), { timeout: 90_000 });
    await page.waitForFunction(() => !document.querySelector('main article [data-regenerating]'), { timeout: WAIT_MS });
    expect(await page.$eval('main article img', (image) => image.getAttribute('src'))).toMatch(/^\/media\//);
    await screenshot(page, 'gallery-en-1280-regenerated');
    await page.close();
  });

  it('raised no page error', () => {
    expect(pageErrors).toEqual([]);
  });
});
