// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * What you see is what readers get (issues 11 and 22), in system Chromium: a guidebook made from the sample and
 * published.
 * - Its cover in the authors' editor (at 390 and 1280 px) and in the readers' viewer (/m/{uuid}, 390 px) shows the
 *   same parts in the same order (header, cover title, menu tiles, cover cards, footer), the same tile titles, the
 *   same cards with the same texts, and the cover title at the same size and weight.
 * - Every content page with sections (the sample holds every section item type: title, text, image, image+text,
 *   table, video, button, map, accordion, day, activity, preparation, air ticket) is laid out alike in the editor and
 *   at /m/{uuid}/contents/{id}, at 390 and at 1280 px: the same items in the same order, each at the same left and
 *   right edge of the reading column, with the same words; image+text with its picture at the same place and width
 *   beside or above its text; a table with the same rows, columns, column proportions and header row; an air
 *   ticket open with its route and flight fields (the same labels, values and order) and its pictures; a preparation
 *   with its picture above the title and the reader's checkbox beside it; an accordion (opened by the reader, always
 *   open in the editor, spec §4) with the same body and pictures.
 * Needs the web app built (`WEB_DIST=/tmp/dist-… npx vitest run …`, or `npm run build -w @pocketguide/web`).
 */
import type { Browser, Page } from 'puppeteer-core';
import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentPage } from '@pocketguide/contracts';
import { flightTimeText } from '@pocketguide/contracts/viewer/render-items';
import { VIEWER_TEXTS } from '@pocketguide/contracts/viewer/viewer-texts';
import { builtWebDist, launchBrowser, screenshot } from '../../../test-support/browser.ts';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { openEditorTab, signInBrowser } from './testing/editor-browser.ts';
import { itemLayouts, type ItemLayout } from './testing/item-layout.ts';

const webDist = builtWebDist();
const PHONE = { width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true };

let product: StartedWithAdmin;
let author: SignedIn;
let guidebookId: string;
let uuid: string;
/** the sample's content pages that hold section items (every item type is on one of them) */
let sectionPages: Array<{ id: string; title: string; items: number }>;
let browser: Browser;
const pageErrors: string[] = [];

/** What a cover shows, read from the page: its parts in order, the tiles' titles, each card's type and texts. */
type CoverParts = {
  parts: string[];
  tiles: string[];
  cards: Array<{ type: string; text: string }>;
  title: { fontSize: string; fontWeight: string; text: string };
};

const CARD_CLASSES: Record<string, string> = {
  'pg-card-title-card': 'title',
  'pg-card-image': 'image',
  'pg-card-table': 'table',
  'pg-card-schedule': 'schedule-table',
  'pg-card-left': 'leftImageCard',
  'pg-card-preparation': 'preparation',
};

async function api(path: string, method = 'GET', body?: unknown): Promise<Response> {
  return fetch(`${product.baseUrl}/api${path}`, {
    method,
    headers: { ...bearer(author.token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  product = await startWithAdmin('editor-viewer-parity', { webDist });
  author = await product.newUser('parity-author', { companyName: '제주여행사' });
  const subscribed = await fetch(`${product.baseUrl}/api/subscriptions/admin/subscribe`, {
    method: 'POST',
    headers: { ...bearer(product.admin.token), 'content-type': 'application/json' },
    body: JSON.stringify({ customerUid: author.user.id }),
  });
  expect(subscribed.status).toBe(200);
  const created = await api('/guidebooks', 'POST', { source: 'sample' });
  expect(created.status).toBe(201);
  ({ _id: guidebookId, uuid } = (await created.json()) as { _id: string; uuid: string });
  const published = await api(`/guidebooks/${guidebookId}/publish`, 'PUT');
  expect(published.status).toBe(200);
  const { position } = (await published.json()) as { position: number };
  expect((await fetch(`${product.baseUrl}/api/viewer/${uuid}?after=${position}`)).status).toBe(200);
  const stored = (await (await api(`/guidebooks/${guidebookId}`)).json()) as { contents: ContentPage[] };
  sectionPages = stored.contents
    .filter((page) => page.sections.some((section) => section.items.length > 0))
    .map((page) => ({
      id: page._id,
      title: page.title,
      items: page.sections.reduce((sum, section) => sum + section.items.length, 0),
    }));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await product?.app.close();
});

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

async function viewerCover(page: Page): Promise<CoverParts> {
  await page.waitForSelector('.pg-cover', { timeout: 15_000 });
  await Promise.race([page.evaluate(() => document.fonts.ready.then(() => undefined)), new Promise((resolve) => setTimeout(resolve, 5000))]);
  return page.evaluate((classes) => {
    const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
    const cover = document.querySelector('.pg-cover')!;
    const parts: string[] = [];
    for (const child of cover.children) {
      if (child.matches('.pg-cover-header')) parts.push('header');
      else if (child.matches('.pg-subheader')) parts.push('subheader');
      else if (child.matches('.pg-menu')) parts.push('menu');
      else if (child.matches('.pg-cards')) parts.push('cards');
      else if (child.matches('.pg-page-footer') && child.querySelector('.pg-footer')) parts.push('footer');
    }
    const tiles = [...document.querySelectorAll('.pg-tile')].map((tile) => squash(tile.textContent ?? ''));
    const cards = [...document.querySelectorAll('.pg-cards > .pg-card')].map((card) => ({
      type: Object.entries(classes).find(([name]) => card.classList.contains(name))?.[1] ?? 'text',
      text: squash((card as HTMLElement).innerText),
    }));
    const heading = document.querySelector('.pg-subheader h1') ?? document.querySelector('.pg-subheader .pg-part-title')!;
    const style = getComputedStyle(heading);
    return { parts, tiles, cards, title: { fontSize: style.fontSize, fontWeight: style.fontWeight, text: squash(heading.textContent ?? '') } };
  }, CARD_CLASSES);
}

async function editorCover(page: Page): Promise<CoverParts> {
  await page.waitForSelector('[data-part="cards"] [data-card-type]', { timeout: 20_000 });
  await Promise.race([page.evaluate(() => document.fonts.ready.then(() => undefined)), new Promise((resolve) => setTimeout(resolve, 5000))]);
  return page.evaluate(() => {
    const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
    const order = ['header', 'subheader', 'menu', 'cards', 'footer'];
    const found = [
      ...document.querySelectorAll('[data-part="header"], [data-part="subheader"], nav[aria-label="Menu"], nav[aria-label="메뉴"], [data-part="cards"], [data-part="footer"]'),
    ];
    const parts = found.map((element) => element.getAttribute('data-part') ?? 'menu').filter((part) => order.includes(part));
    const tiles = [...document.querySelectorAll('nav[aria-label="Menu"] li a, nav[aria-label="메뉴"] li a')].map((tile) => squash(tile.textContent ?? ''));
    // a card's texts: what its fields hold (inputs keep theirs in `value`), in document order
    const cards = [...document.querySelectorAll<HTMLElement>('[data-part="cards"] [data-card-type]')].map((card) => {
      const texts: string[] = [];
      const walk = (node: Element) => {
        if (node.matches('[role="toolbar"]')) return;
        if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) {
          if (node.value.trim() !== '') texts.push(node.value);
          return;
        }
        if (node.matches('[data-slate-editor], [data-rich-text-field]')) {
          texts.push((node as HTMLElement).innerText);
          return;
        }
        if (node.children.length === 0 && node.textContent) texts.push(node.textContent);
        for (const child of node.children) walk(child);
      };
      walk(card);
      return { type: card.dataset.cardType ?? '', text: squash(texts.join(' ')) };
    });
    const heading = document.querySelector('[data-part="subheader"] h2')!;
    const style = getComputedStyle(heading);
    return { parts, tiles, cards, title: { fontSize: style.fontSize, fontWeight: style.fontWeight, text: squash(heading.textContent ?? '') } };
  });
}

describe('the editor draws the cover the viewer draws', () => {
  it('the same parts, tiles, cards and title style at 390 and 1280 px as /m/{uuid}', { timeout: 180_000 }, async () => {
    const step = (what: string) => process.env.PARITY_DEBUG && console.log(new Date().toISOString(), what);
    step('viewer');
    const reader = await browser.newPage();
    await reader.setViewport(PHONE);
    reader.on('pageerror', (error) => pageErrors.push(String(error)));
    await reader.goto(`${product.baseUrl}/m/${uuid}`, { waitUntil: 'load', timeout: 30_000 });
    step('read viewer');
    const viewer = await viewerCover(reader);
    step('shoot viewer');
    await screenshot(reader, 'parity-viewer-cover-390');
    await reader.close();

    expect(viewer.parts).toEqual(['header', 'subheader', 'menu', 'cards', 'footer']);
    expect(viewer.cards.map((card) => card.type)).toEqual(['title', 'schedule-table', 'leftImageCard', 'preparation']);

    for (const width of [390, 1280]) {
      step(`editor ${width}`);
      const page = await openEditorTab(browser, pageErrors);
      await page.setViewport({ width, height: width === 390 ? 844 : 900 });
      await signInBrowser(page, product.baseUrl, author, 'kr');
      await page.goto(`${product.baseUrl}/guidebooks/edit/${guidebookId}`, { waitUntil: 'load', timeout: 30_000 });
      step('read editor');
      const editor = await editorCover(page);
      step('shoot editor');
      await screenshot(page, `parity-editor-cover-${width}`);
      await page.close();

      expect(editor.parts, `parts at ${width}`).toEqual(viewer.parts);
      expect(editor.tiles, `tiles at ${width}`).toEqual(viewer.tiles);
      expect(editor.cards.map((card) => card.type), `card types at ${width}`).toEqual(viewer.cards.map((card) => card.type));
      editor.cards.forEach((card, index) => {
        // every word of the editor's card is in the reader's card, and the other way round
        const words = (text: string) => new Set(squash(text).split(' ').filter((word) => word !== ''));
        expect(words(card.text), `card ${index} (${card.type}) at ${width}`).toEqual(words(viewer.cards[index]!.text));
      });
      expect(editor.title, `cover title at ${width}`).toEqual(viewer.title);
    }
    expect(pageErrors).toEqual([]);
  });
});

/** Each section item of a content page in the readers' viewer at `width`, every accordion opened as a reader's tap does. */
async function viewerItems(width: number, contentId: string): Promise<ItemLayout[]> {
  const reader = await browser.newPage();
  await reader.setViewport(width === 390 ? PHONE : { width, height: 900 });
  reader.on('pageerror', (error) => pageErrors.push(String(error)));
  await reader.goto(`${product.baseUrl}/m/${uuid}/contents/${contentId}`, { waitUntil: 'load', timeout: 30_000 });
  await reader.waitForSelector('.pg-section .pg-item', { timeout: 15_000 });
  await reader.$$eval('details.pg-fold', (folds) => folds.forEach((fold) => ((fold as HTMLDetailsElement).open = true)));
  const items = await itemLayouts(reader, 'viewer');
  await screenshot(reader, `parity-viewer-content-${sectionPages.findIndex((page) => page.id === contentId)}-${width}`);
  await reader.close();
  return items;
}

async function editorItems(page: Page, width: number, contentId: string, count: number): Promise<ItemLayout[]> {
  await page.goto(`${product.baseUrl}/guidebooks/edit/${guidebookId}/contents/${contentId}`, {
    waitUntil: 'load',
    timeout: 30_000,
  });
  await page.waitForFunction((wanted) => document.querySelectorAll('[data-item-type]').length === wanted, { timeout: 20_000 }, count);
  const items = await itemLayouts(page, 'editor');
  await screenshot(page, `parity-editor-content-${sectionPages.findIndex((page) => page.id === contentId)}-${width}`);
  return items;
}

/** An air ticket's time as the editor's field holds it ('2026-05-02T08:30') written as the reader reads it. */
const readerTime = (value: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? flightTimeText(value, VIEWER_TEXTS.ko) : value);
/** An air ticket's times in the editor's fields as the reader reads them; other parts as they are. */
const asReaderReads = (parts: Record<string, unknown>) =>
  Array.isArray(parts.fields) ? { ...parts, fields: (parts.fields as string[][]).map(([label, value]) => [label, readerTime(value ?? '')]) } : parts;
const words = (text: string) => new Set(squash(text).split(' ').filter((word) => word !== ''));

describe('the editor lays out every section item as /m/{uuid} does (issue 22)', () => {
  for (const width of [390, 1280]) {
    it(`the same items, edges, words and layouts at ${width} px: image+text, tables and air tickets included`, { timeout: 240_000 }, async () => {
      const page = await openEditorTab(browser, pageErrors);
      await page.setViewport(width === 390 ? PHONE : { width, height: 900 });
      await signInBrowser(page, product.baseUrl, author, 'kr');
      const seen = new Set<string>();
      for (const content of sectionPages) {
        const viewer = await viewerItems(width, content.id);
        const editor = await editorItems(page, width, content.id, content.items);
        const where = (index: number) => `${content.title} item ${index} (${editor[index]?.type}) at ${width}`;
        if (process.env.PARITY_DEBUG) appendFileSync(process.env.PARITY_DEBUG, `${JSON.stringify({ width, page: content.title, viewer, editor })}\n`);

        // the same items in the same order (an item the reader is not shown, such as an empty one, is none here)
        expect(
          editor.map((item) => item.type),
          `${content.title} at ${width}`,
        ).toEqual(viewer.map((item) => item.type));
        editor.forEach((item, index) => {
          const read = viewer[index]!;
          seen.add(item.type);
          // the same edges in the reading column (within 2 px), and the same words
          expect.soft({ left: item.left, right: item.right }, `${where(index)}: edges`).toEqual({
            left: expect.toSatisfy((value: number) => Math.abs(value - read.left) <= 2),
            right: expect.toSatisfy((value: number) => Math.abs(value - read.right) <= 2),
          });
          const said = words(item.text.split(' ').map(readerTime).join(' '));
          if (item.type === 'map') {
            // the one drawing that differs by design: the editor places the pin on a live map, the reader gets a drawn
            // card (no tile request until asked) that adds the coordinates and its buttons; both show the address
            expect
              .soft(
                [...said].filter((word) => !words(read.text).has(word)),
                `${where(index)}: words`,
              )
              .toEqual([]);
          } else expect.soft(said, `${where(index)}: words`).toEqual(words(read.text));
          expect.soft(asReaderReads(item.parts), `${where(index)}: layout`).toEqual(read.parts);
        });
      }
      await page.close();
      // every section item type was compared
      expect([...seen].sort()).toEqual(['accordion', 'activity', 'airticket', 'button', 'day', 'image', 'imagetext', 'map', 'preparation', 'table', 'text', 'title', 'video']);
      expect(pageErrors).toEqual([]);
    });
  }
});
