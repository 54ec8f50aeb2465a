// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * Reader insights end to end (issue 24): a reader on a phone scans the QR code (`?src=qr`), taps into a page with
 * real touch events, reads, loses the connection, taps on, and comes back online; the beacons reach the log with
 * the offline read's real time; the author opens the guidebook's insights from the list, at 390 and 1280 px, in
 * Korean and English, and sees the reader, the pages and the source; CSV comes down.
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { readingStream, type RecordedRead } from '@pocketguide/contracts';
import type { RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import { builtWebDist, launchBrowser, screenshot } from '../../../test-support/browser.ts';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { signInBrowser, waitForText } from './testing/editor-browser.ts';

const PHONE = { width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
const DESKTOP = { width: 1280, height: 900 };
/** Headless Chromium names itself in its User-Agent, and the beacon endpoint rightly drops such visits. */
const PHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let product: StartedWithAdmin;
let browser: Browser;
let author: SignedIn;
let guidebook: { id: string; uuid: string; title: string };
const pageErrors: string[] = [];

async function api(path: string, who: SignedIn, method = 'GET', body?: unknown): Promise<Response> {
  return fetch(`${product.baseUrl}/api${path}`, {
    method,
    headers: { ...bearer(who.token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function reads(): Promise<RecordedRead[]> {
  const found: RecordedEvent[] = [];
  for await (const event of product.app.eventStore.readStream(readingStream(guidebook.id))) found.push(event);
  return found.flatMap((event) => (event.data as { reads: RecordedRead[] }).reads);
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

beforeAll(async () => {
  product = await startWithAdmin('insights-e2e', {
    webDist: builtWebDist(),
    env: { READING_FLUSH_INTERVAL_MS: '200' },
  });
  author = await product.newUser('insights-e2e-author');
  expect(
    (await api('/subscriptions/admin/subscribe', product.admin, 'POST', { customerUid: author.user.id })).status,
  ).toBe(200);
  const created = (await (await api('/guidebooks', author, 'POST', { source: 'sample' })).json()) as {
    _id: string;
    uuid: string;
    title: string;
  };
  const published = await api(`/guidebooks/${created._id}/publish`, author, 'PUT');
  const { position } = (await published.json()) as { position: number };
  await api(`/viewer/preview/${created._id}?after=${position}`, author);
  guidebook = { id: created._id, uuid: created.uuid, title: created.title };
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.app.close();
});

async function tap(page: Page, selector: string): Promise<void> {
  const box = await (await page.waitForSelector(selector, { visible: true }))!.boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

describe('reader insights', () => {
  it('a reader on a phone is counted from the QR code, pages tapped, time in view and a read made offline', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    onTestFailed(async () => void (await screenshot(page, 'insights-reader-failure')));
    await page.setViewport(PHONE);
    await page.setUserAgent(PHONE_AGENT);
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${String(error)}`));
    await page.goto(`${product.baseUrl}/m/${guidebook.uuid}?src=qr`, { waitUntil: 'load' });
    const tiles = await page.$$eval('a.pg-tile', (links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(tiles.length).toBeGreaterThan(2);
    await new Promise((done) => setTimeout(done, 1200));
    // The connection drops; the reader taps a tile all the same (the viewer draws it from what it has).
    await page.setOfflineMode(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    const offlineAt = Date.now();
    await tap(page, 'a.pg-tile');
    await page.waitForFunction(
      () => location.pathname.includes('/contents/') && document.querySelector('.pg-content') !== null,
    );
    await new Promise((done) => setTimeout(done, 300));
    expect(await reads(), 'nothing reaches the server while offline').toHaveLength(0);
    // Back online: what waited goes out, with the times it happened.
    await page.setOfflineMode(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await until('the reads made offline', async () =>
      (await reads()).some((read) => read.kind === 'open' && read.offline) ? true : undefined,
    );
    await new Promise((done) => setTimeout(done, 1000));
    // The reader switches to another tab: the page is hidden, and the time it was in view goes out.
    const other = await context.newPage();
    await other.bringToFront();
    await page.waitForFunction(() => document.visibilityState === 'hidden');
    let seen: RecordedRead[] = [];
    const stored = await until('the reads', async () => {
      const found = (seen = await reads());
      return found.filter((read) => read.kind === 'open').length >= 2 &&
        found.filter((read) => read.kind === 'time').length >= 2
        ? found
        : undefined;
    })
      .catch((error: unknown) => {
        throw new Error(`${String(error)}; stored: ${JSON.stringify(seen)}`);
      })
      .finally(() => context.close());
    const opens = stored.filter((read): read is Extract<RecordedRead, { kind: 'open' }> => read.kind === 'open');
    expect(opens[0]).toMatchObject({ page: 'cover', source: 'qr', device: 'phone', first: true, newReader: true });
    expect(opens.filter((read) => read.first)).toHaveLength(1);
    expect(opens[1]).toMatchObject({ page: tiles[0]!.split('/').pop(), offline: true, first: false, newReader: false });
    const offline = opens.find((read) => read.offline);
    expect(offline, 'a read made offline arrives later with its real time').toBeDefined();
    expect(Math.abs(Date.parse(offline!.at) - offlineAt)).toBeLessThan(5_000);
    const cover = stored.find((read) => read.kind === 'time' && read.page === 'cover');
    expect(cover && cover.kind === 'time' ? cover.ms : 0, 'time on the cover while in view').toBeGreaterThanOrEqual(
      1000,
    );
    expect(JSON.stringify(stored)).not.toContain('iPhone');
    expect(pageErrors).toEqual([]);
  });

  for (const [language, viewport, name] of [
    ['kr', PHONE, 'ko-390'],
    ['en', DESKTOP, 'en-1280'],
    ['kr', DESKTOP, 'ko-1280'],
    ['en', PHONE, 'en-390'],
  ] as const) {
    it(`the author sees them from the list (${name})`, async () => {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      onTestFailed(async () => void (await screenshot(page, `insights-author-failure-${name}`)));
      await page.setViewport(viewport);
      page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${String(error)}`));
      await signInBrowser(page, product.baseUrl, author, language);
      await page.goto(`${product.baseUrl}/guidebooks`, { waitUntil: 'load' });
      // the views figure links to the insights (a table on wide screens, cards on phones)
      // (found, checked visible and clicked in one step: the table's copy is hidden on phones, the cards' on desktops)
      await page.waitForFunction(
        (href) => {
          const link = [...document.querySelectorAll<HTMLAnchorElement>(`a[href="${href}"]`)].find(
            (candidate) => candidate.getBoundingClientRect().width > 0,
          );
          link?.click();
          return link !== undefined;
        },
        { timeout: 15_000 },
        `/guidebooks/${guidebook.id}/insights`,
      );
      await page.waitForSelector('[data-testid="insights-figures"]', { visible: true });
      await waitForText(page, language === 'en' ? 'Reader insights' : '독자 인사이트');
      await waitForText(page, language === 'en' ? 'Most-read pages' : '많이 읽은 페이지');
      await waitForText(page, language === 'en' ? 'QR code' : 'QR 코드');
      const readers = await page.$eval('[data-testid="insights-figures"] > div', (card) => card.textContent ?? '');
      expect(readers).toContain(language === 'en' ? 'Readers1' : '독자1');
      await page.waitForSelector('[data-chart="insights-days"] svg', { visible: true });
      // no sideways scrolling at 390 px
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `insights-author-${name}`);
      await context.close();
    });
  }

  it('a range with no reads shows the empty state; CSV and the administrators’ site view answer', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport(DESKTOP);
    await signInBrowser(page, product.baseUrl, author, 'kr');
    await page.goto(`${product.baseUrl}/guidebooks/${guidebook.id}/insights?from=2025-01-01&to=2025-01-31`, {
      waitUntil: 'load',
    });
    await page.waitForSelector('[data-testid="insights-empty"]', { visible: true });
    await screenshot(page, 'insights-author-empty-ko-1280');
    const csv = await api(`/guidebooks/${guidebook.id}/insights?format=csv`, author);
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('page,cover,');
    const adminPage = await context.newPage();
    await adminPage.setViewport(DESKTOP);
    await signInBrowser(adminPage, product.baseUrl, product.admin, 'en');
    await adminPage.goto(`${product.baseUrl}/admin/insights`, { waitUntil: 'load' });
    await waitForText(adminPage, 'Site-wide reader insights');
    await adminPage.waitForSelector('[data-testid="insights-figures"]', { visible: true });
    await screenshot(adminPage, 'insights-admin-en-1280');
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
