// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The readers' viewer in system Chromium at 390×844: a published sample guidebook (made through the API as an
 * author would: POST /api/guidebooks {source: 'sample'}, an administrator subscribes the author, publish), every
 * content page, the share sheet, 'Not Found', the password gate (wrong, then right; a reopen opens silently), the
 * signed-in preview, and reopening without a network after a first visit. Screenshots go to
 * test-output/screenshots/viewer-*.png. Needs `npm run build -w @pocketguide/web` first.
 */
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, CDPSession, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { ViewerGuidebook } from '@pocketguide/contracts/viewer/viewer-shapes';
import {
  builtWebDist,
  framesDrawn,
  launchBrowser,
  openAt,
  reloadAt,
  screenshot,
  settled,
  WAIT_MS,
} from '../../../test-support/browser.ts';
import { startStandalone, type RunningStandalone } from '../src/app.ts';
import { TEST_ACCOUNT_ENV, bearer, signIn, verifiedUser, type SignedIn } from './testing/accounts.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');
const webDist = builtWebDist();
const PHONE = { width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
const ADMIN = { email: 'viewer-e2e-admin@example.com', password: 'Admin1!pass' };
const PASSWORD = '제주2026';

type Published = { id: string; uuid: string; guidebook: ViewerGuidebook };

let app: RunningStandalone | undefined;
let browser: Browser | undefined;
let author: SignedIn;
let open: Published;
let locked: Published;
const pageErrors: string[] = [];
const foreignRequests: string[] = [];

async function api(path: string, init: { method?: string; who?: SignedIn; body?: unknown } = {}): Promise<Response> {
  if (!app) throw new Error('no app');
  return fetch(`${app.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.who ? bearer(init.who.token) : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function publishSample(password?: string): Promise<Published> {
  const created = (await (
    await api('/guidebooks', { method: 'POST', who: author, body: { source: 'sample' } })
  ).json()) as { _id: string; uuid: string };
  let response = await api(`/guidebooks/${created._id}/publish`, { method: 'PUT', who: author });
  expect(response.status).toBe(200);
  if (password) {
    response = await api(`/guidebooks/${created._id}/password`, { method: 'PUT', who: author, body: { password } });
    expect(response.status).toBe(200);
  }
  const { position } = (await response.json()) as { position: number };
  const preview = await api(`/viewer/preview/${created._id}?after=${position}`, { who: author });
  return { id: created._id, uuid: created.uuid, guidebook: (await preview.json()) as ViewerGuidebook };
}

async function newPage(): Promise<Page> {
  if (!browser || !app) throw new Error('no browser');
  const page = await browser.newPage();
  await page.setViewport(PHONE);
  const origin = app.url;
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  page.on('console', (message) => {
    // An offline reload legitimately logs failed network requests.
    if (
      message.type() === 'error' &&
      !message.text().includes('net::ERR_INTERNET_DISCONNECTED') &&
      !message.text().includes('Failed to load resource')
    ) {
      pageErrors.push(message.text());
    }
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:')) foreignRequests.push(url);
  });
  return page;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForText(page: Page, text: string): Promise<void> {
  await page.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout: WAIT_MS }, text);
}

/** Pretendard, served by us, has loaded for the page's Korean text (the fonts are asked for after the load event). */
async function pretendardLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () => [...document.fonts].some((font) => font.family.includes('Pretendard') && font.status === 'loaded'),
    { timeout: WAIT_MS },
  );
}

/** Waits for the 'saved for offline' notice to come and go, so screenshots show the page itself. */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.querySelector('.pg-status')?.hasAttribute('hidden') !== false, { timeout: WAIT_MS })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}

const pageOf = (book: Published, type: string, title?: string) => {
  const found = book.guidebook.document.contents.find(
    (content) => content.contentType === type && (title === undefined || content.title === title),
  );
  if (!found) throw new Error(`no ${type} page`);
  return found;
};

beforeAll(async () => {
  if (!existsSync(resolve(webDist, 'viewer.html')))
    throw new Error('web/dist/viewer.html is missing: run `npm run build -w @pocketguide/web` first');
  const scratch = resolve(repoRoot, 'test-output/tmp');
  mkdirSync(scratch, { recursive: true });
  app = await startStandalone({
    port: 0,
    dataDir: mkdtempSync(join(scratch, 'viewer-e2e-')),
    webDist,
    env: {
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      VIEW_FLUSH_INTERVAL_MS: '500',
      ...TEST_ACCOUNT_ENV,
    },
  });
  author = await verifiedUser(app.url, 'viewer-e2e-author@example.com');
  const admin = await signIn(app.url, ADMIN.email, ADMIN.password);
  expect(
    (await api('/subscriptions/admin/subscribe', { method: 'POST', who: admin, body: { customerUid: author.user.id } }))
      .status,
  ).toBe(200);
  [open, locked] = await Promise.all([publishSample(), publishSample(PASSWORD)]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('the readers’ viewer on a phone', () => {
  it('opens the cover drawn by the server, then every content page, in Korean', async () => {
    if (!app) throw new Error('the app did not start');
    const page = await newPage();
    onTestFailed(async () => void (await screenshot(page, 'viewer-failure-pages')));
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });

    const response = await openAt(page, `${app.url}/m/${open.uuid}?lang=ko`, '.pg-cover');
    expect(response?.status()).toBe(200);
    expect(await page.$eval('html', (html) => html.lang)).toBe('ko');
    expect(await page.title()).toBe('제주 3박 4일 가족 여행');
    await waitForText(page, '2026년 5월 2일 – 5월 5일');
    // Pretendard, served by us, for the Korean text (it arrives after the page has loaded): the last script the
    // page asks for by itself, so the scripts below are all it asks for
    await pretendardLoaded(page);
    // The viewer's own script only: none of the app's (router, query cache, i18next, editor).
    expect(scripts.length).toBeGreaterThan(0);
    // (reading-shapes: the reading beacons' names, a 0.2 KB chunk the app's contracts index also holds)
    expect(
      scripts.every((path) => /^\/assets\/(viewer|preload-helper|fonts|reading-shapes)-[\w-]+\.js$/.test(path)),
      scripts.join(', '),
    ).toBe(true);
    expect(await page.$$eval('.pg-tile', (tiles) => tiles.length)).toBe(open.guidebook.document.contents.length);
    await settle(page);
    await screenshot(page, 'viewer-cover-ko');

    // Every content page, reached from its menu tile without reloading the page.
    const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = Math.random()));
    for (const [type, title, name] of [
      ['itinerary', undefined, 'itinerary'],
      ['attractions', '가볼 만한 곳', 'attractions'],
      ['attractions', '제주 먹거리', 'food'],
      ['preparations', undefined, 'preparations'],
      ['airtickets', undefined, 'airtickets'],
    ] as const) {
      const content = pageOf(open, type, title);
      await page.click(`a.pg-tile[href$="/contents/${content._id}"]`);
      await page.waitForFunction(
        (wanted) => document.querySelector('.pg-content-head h1')?.textContent === wanted,
        {},
        content.title,
      );
      expect(new URL(page.url()).pathname).toBe(`/m/${open.uuid}/contents/${content._id}`);
      expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);
      expect(await page.title()).toBe(`${content.title} · 제주 3박 4일 가족 여행`);
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, `viewer-${name}-ko`);
      // Back to the cover through the bar's button.
      await page.click('.pg-bar-back');
      await page.waitForSelector('.pg-cover');
    }

    // A content page opened directly is drawn by the server too.
    const itinerary = pageOf(open, 'itinerary');
    await openAt(page, `${app.url}/m/${open.uuid}/contents/${itinerary._id}?lang=ko`, '.pg-content');
    await waitForText(page, '1일차 · 5월 2일 (토) 서쪽 해안');
    await waitForText(page, '중요');
    expect(await page.$$eval('.pg-activity.is-important', (rows) => rows.length)).toBeGreaterThan(0);
    await page.close();
  });

  it('attractions: sticky image, accordions open on tap, the video only on tap, scroll-to-top and back after 100 px', async () => {
    if (!app) throw new Error('the app did not start');
    const page = await newPage();
    onTestFailed(async () => void (await screenshot(page, 'viewer-failure-attractions')));
    const places = pageOf(open, 'attractions', '가볼 만한 곳');
    await openAt(page, `${app.url}/m/${open.uuid}?lang=ko`, `a.pg-tile[href$="/contents/${places._id}"]`);
    await page.click(`a.pg-tile[href$="/contents/${places._id}"]`);
    await page.waitForSelector('.pg-content');

    // The pair is hidden at the top and appears past 100 px.
    expect(await page.$eval('[data-float]', (element) => (element as HTMLElement).hidden)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 90));
    // the scroll event is sent with the next frame: two frames later the page has answered it
    await framesDrawn(page);
    expect(await page.$eval('[data-float]', (element) => (element as HTMLElement).hidden)).toBe(true);
    // Scrolled into the first section: the sticky image stays pinned to the top.
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForFunction(() => !(document.querySelector('[data-float]') as HTMLElement).hidden);
    const stickyTop = await page.$eval('.pg-image.is-sticky', (element) => element.getBoundingClientRect().top);
    expect(Math.abs(stickyTop)).toBeLessThanOrEqual(1);
    await page.screenshot({ path: resolve(repoRoot, 'test-output/screenshots/viewer-attractions-sticky-ko.png') });

    // The accordion opens on tap; nothing external loaded so far; the video loads only when tapped.
    await page.evaluate(() => document.querySelector('.pg-accordion')?.scrollIntoView({ block: 'center' }));
    expect(await page.$eval('.pg-accordion', (details) => (details as HTMLDetailsElement).open)).toBe(false);
    await page.click('.pg-accordion summary');
    expect(await page.$eval('.pg-accordion', (details) => (details as HTMLDetailsElement).open)).toBe(true);
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.pg-accordion img')].every(
        (image) => image.complete && image.naturalWidth > 0,
      ),
    );
    await page.evaluate(() => window.scrollBy(0, -200));
    await settled(page);
    await page.screenshot({ path: resolve(repoRoot, 'test-output/screenshots/viewer-attractions-open-ko.png') });
    expect(foreignRequests).toEqual([]);
    await page.setRequestInterception(true);
    page.on(
      'request',
      (request) => void (request.url().startsWith(app?.url ?? '') ? request.continue() : request.abort()),
    );
    await page.click('button[data-video]');
    expect(await page.$eval('iframe.pg-video-frame', (frame) => (frame as HTMLIFrameElement).src)).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/3P1CnWI62Ik/,
    );
    foreignRequests.length = 0;

    // Scroll to top, then back to the cover, which keeps its place.
    await page.click('[data-action="top"]');
    await page.waitForFunction(() => window.scrollY === 0);
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForFunction(() => !(document.querySelector('[data-float]') as HTMLElement).hidden);
    await page.click('.pg-float a[data-back]');
    await page.waitForSelector('.pg-cover');
    expect(new URL(page.url()).pathname).toBe(`/m/${open.uuid}`);

    // Air tickets: an open card (issue 22: the flight's fields and the ticket's pictures shown at once), every picture loaded.
    const flights = pageOf(open, 'airtickets');
    await page.click(`a.pg-tile[href$="/contents/${flights._id}"]`);
    await page.waitForSelector('.pg-airticket');
    await page.waitForFunction(() => {
      const images = [...document.querySelectorAll<HTMLImageElement>('.pg-airticket img')];
      return images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0);
    });
    await screenshot(page, 'viewer-airtickets-open-ko');
    await page.close();
  });

  it('maps: the drawn card first, a Leaflet map of OpenStreetMap only once "Show map" is tapped (tiles refused here)', async () => {
    if (!app) throw new Error('the app did not start');
    const origin = app.url;
    const page = await newPage();
    onTestFailed(async () => void (await screenshot(page, 'viewer-failure-map')));
    // Straight to the network, so that request interception sees every request (the worker would answer assets).
    await page.setBypassServiceWorker(true);
    const assets: string[] = [];
    const outside: string[] = [];
    const tiles: string[] = [];
    await page.setRequestInterception(true);
    // There is no internet here: every request off the site is refused, as for a reader whose connection dropped.
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.url().startsWith(origin)) {
        if (url.pathname.startsWith('/assets/')) assets.push(url.pathname);
        void request.continue();
        return;
      }
      if (url.protocol === 'data:') {
        void request.continue();
        return;
      }
      outside.push(request.url());
      if (url.hostname === 'tile.openstreetmap.org') tiles.push(request.url());
      void request.abort();
    });
    const places = pageOf(open, 'attractions', '가볼 만한 곳');
    const mapsOnPage = places.sections.flatMap((section) => section.items).filter((item) => item.type === 'map').length;
    expect(mapsOnPage).toBeGreaterThan(0);

    // First paint: the drawn cards with their buttons; no map code, no Leaflet styles, nothing off the site.
    await openAt(page, `${origin}/m/${open.uuid}/contents/${places._id}?lang=ko`, 'button.pg-map-show');
    // the page's own start is over once Pretendard has come (asked for after the load event): nothing of the map's yet
    await pretendardLoaded(page);
    expect(await page.$$eval('button.pg-map-show', (buttons) => buttons.map((button) => button.textContent))).toEqual(
      Array.from({ length: mapsOnPage }, () => '지도 보기'),
    );
    expect(await page.$('.leaflet-container')).toBeNull();
    expect(assets.filter((path) => /interactive-map|leaflet/.test(path))).toEqual([]);
    expect(outside).toEqual([]);

    // Tapped: the lazy chunk (script and styles), then the map in the drawing's place, at 0.8 of the width.
    await page.evaluate(() => document.querySelector('.pg-map')?.scrollIntoView({ block: 'center' }));
    const address = await page.$eval('.pg-map .pg-map-address', (element) => element.textContent);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: resolve(repoRoot, 'test-output/screenshots/viewer-map-card-ko.png') });
    await page.tap('button.pg-map-show');
    await page.waitForSelector('.pg-map-box.is-live .pg-map-live .leaflet-container');
    await page.waitForSelector('.pg-map-live .leaflet-marker-icon.pg-map-marker');
    expect(
      assets.some((path) => /^\/assets\/interactive-map-[\w-]+\.js$/.test(path)),
      assets.join(', '),
    ).toBe(true);
    expect(
      assets.some((path) => /^\/assets\/interactive-map-[\w-]+\.css$/.test(path)),
      assets.join(', '),
    ).toBe(true);
    const frame = await page.$eval('.pg-map-live', (element) => {
      const box = element.getBoundingClientRect();
      return { width: box.width, height: box.height, zoom: (element as HTMLElement).dataset.zoom };
    });
    expect(frame.height / frame.width).toBeCloseTo(0.8, 2);
    // Every tile failed: the message, in Korean; the card's address, coordinates and link stay below.
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.pg-map-note')?.hidden === false);
    expect(await page.$eval('.pg-map-note', (note) => note.textContent)).toBe(
      '지도를 불러올 수 없어요. 인터넷 연결을 확인해 주세요. 주소와 좌표는 아래에 있어요.',
    );
    expect(await page.$eval('.pg-map-box.is-live .pg-map-card', (card) => (card as HTMLAnchorElement).href)).toMatch(
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=/,
    );
    // Level 6 is zoom 14 (zoom = 20 − level, contracts/src/viewer/map-zoom.ts): the tiles asked for say so.
    expect(frame.zoom).toBe('14');
    expect(tiles.length).toBeGreaterThan(0);
    expect(
      tiles.every((url) => /^https:\/\/tile\.openstreetmap\.org\/14\/\d+\/\d+\.png$/.test(url)),
      tiles.join(', '),
    ).toBe(true);
    // The marker sits at the map's centre: the item's coordinates.
    const centred = await page.$eval('.pg-map-live', (live) => {
      const box = live.getBoundingClientRect();
      const pin = live.querySelector('.leaflet-marker-icon')?.getBoundingClientRect();
      return pin
        ? {
            dx: pin.left + pin.width / 2 - (box.left + box.width / 2),
            dy: pin.top + pin.height / 2 - (box.top + box.height / 2),
          }
        : null;
    });
    expect(centred && Math.abs(centred.dx) <= 1 && Math.abs(centred.dy) <= 1, JSON.stringify(centred)).toBe(true);
    expect(await page.$eval('.pg-map-live .leaflet-control-attribution', (element) => element.textContent)).toContain(
      'OpenStreetMap',
    );
    expect(
      await page.$eval(
        '.pg-map-live .leaflet-control-attribution a[href="https://www.openstreetmap.org/copyright"]',
        (link) => link.textContent,
      ),
    ).toBe('OpenStreetMap');
    // The other maps stay cards until they are tapped.
    expect(await page.$$eval('.pg-map-box:not(.is-live) button.pg-map-show', (buttons) => buttons.length)).toBe(
      mapsOnPage - 1,
    );
    // The marker names the place.
    await page.click('.pg-map-live .leaflet-marker-icon');
    await page.waitForSelector('.pg-map-live .leaflet-popup-content');
    expect(await page.$eval('.pg-map-live .leaflet-popup-content', (popup) => popup.textContent)).toBe(address);
    await page.click('.pg-map-live .leaflet-popup-close-button');
    // The wheel scrolls the page, not the map.
    const requested = tiles.length;
    const before = await page.evaluate(() => window.scrollY);
    const live = await page.$eval('.pg-map-live', (element) => {
      const box = element.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    });
    await page.mouse.move(live.x, live.y);
    await page.mouse.wheel({ deltaY: 240 });
    await page.waitForFunction((start) => window.scrollY > start, {}, before);
    // a zoom by the wheel would come after Leaflet's own timers (its wheel debounce, then the zoom): given their time
    await pause(300);
    expect(tiles.slice(requested).filter((url) => !url.includes('/14/'))).toEqual([]);
    await page.evaluate(() => document.querySelector('.pg-map-live')?.scrollIntoView({ block: 'center' }));
    await settled(page);
    await page.screenshot({ path: resolve(repoRoot, 'test-output/screenshots/viewer-map-ko.png') });

    // Another screen takes the map down; in English the button and the message speak English.
    await page.click('.pg-bar-back');
    await page.waitForSelector('.pg-cover');
    expect(await page.$('.leaflet-container')).toBeNull();
    await openAt(page, `${origin}/m/${open.uuid}/contents/${places._id}?lang=en`, 'button.pg-map-show');
    expect(await page.$eval('button.pg-map-show', (button) => button.textContent)).toBe('Show map');
    await page.evaluate(() => document.querySelector('.pg-map')?.scrollIntoView({ block: 'center' }));
    await page.tap('button.pg-map-show');
    await page.waitForSelector('.pg-map-live .leaflet-marker-icon');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.pg-map-note')?.hidden === false);
    expect(await page.$eval('.pg-map-note', (note) => note.textContent)).toBe(
      'The map could not load. Check your internet connection; the address and coordinates are below.',
    );
    await settled(page);
    await page.screenshot({ path: resolve(repoRoot, 'test-output/screenshots/viewer-map-en.png') });
    expect(
      outside.every((url) => new URL(url).hostname === 'tile.openstreetmap.org'),
      outside.join(', '),
    ).toBe(true);
    await page.close();
    // The refused tiles were this test's own doing.
    foreignRequests.length = 0;
  });

  it('shares: copy link (with the notice) and the QR code', async () => {
    if (!app || !browser) throw new Error('the app did not start');
    await browser
      .defaultBrowserContext()
      .overridePermissions(app.url, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
    const page = await newPage();
    onTestFailed(async () => void (await screenshot(page, 'viewer-failure-share')));
    await openAt(page, `${app.url}/m/${open.uuid}?lang=ko`, '.pg-cover-header [data-action="share"]');
    await settle(page);
    await page.click('.pg-cover-header [data-action="share"]');
    await page.waitForSelector('.pg-sheet img.pg-qr');
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('.pg-qr');
      return image?.complete === true && image.naturalWidth > 0;
    });
    // the shared address says where its readers come from (issue 24)
    expect(await page.$eval('.pg-share-url', (input) => (input as HTMLInputElement).value)).toBe(
      `${app.url}/m/${open.uuid}?src=link`,
    );
    await page.click('[data-action="copy"]');
    await waitForText(page, '주소가 클립보드에 복사되었습니다');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.url}/m/${open.uuid}?src=link`);
    // The sheet is fixed to the screen: a screenshot of the screen, not of the whole page.
    await page.screenshot({ path: resolve(repoRoot, 'test-output/screenshots/viewer-share-ko.png') });
    // The notice goes after 2 seconds; Escape closes the sheet.
    await page.waitForFunction(() => document.querySelector('.pg-sheet-note')?.textContent === '', { timeout: 4000 });
    await page.keyboard.press('Escape');
    expect(await page.$('.pg-sheet')).toBeNull();
    await page.close();
  });

  it("speaks English on request; 'Not Found' for a missing or unpublished guidebook", async () => {
    if (!app) throw new Error('the app did not start');
    const page = await newPage();
    await openAt(page, `${app.url}/m/${open.uuid}?lang=en`, '.pg-cover');
    expect(await page.$eval('html', (html) => html.lang)).toBe('en');
    await waitForText(page, 'Powered by');
    await settle(page);
    await screenshot(page, 'viewer-cover-en');

    for (const lang of ['ko', 'en'] as const) {
      const notFound = lang === 'ko' ? '가이드북을 찾을 수 없어요' : 'Not Found';
      const response = await openAt(page, `${app.url}/m/nothing-here?lang=${lang}`, `::-p-text(${notFound})`);
      expect(response?.status()).toBe(404);
      await screenshot(page, `viewer-not-found-${lang}`);
    }
    await page.close();
  });

  it('the password gate: disabled while blank, wrong then right, and a reopen opens silently', async () => {
    if (!app || !browser) throw new Error('the app did not start');
    const page = await newPage();
    onTestFailed(async () => void (await screenshot(page, 'viewer-failure-gate')));
    const unlocks: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/unlock')) unlocks.push(response.status());
    });
    // the script marks the gate's form once it has bound it (main.ts): typing before that would reach plain HTML
    await openAt(page, `${app.url}/m/${locked.uuid}?lang=ko`, 'form[data-gate][data-bound]');
    await waitForText(page, '비밀번호가 필요한 가이드북이에요');
    expect(await page.$('.pg-tile')).toBeNull();
    const submitDisabled = () =>
      page.$eval('form[data-gate] button[type="submit"]', (button) => (button as HTMLButtonElement).disabled);
    expect(await submitDisabled()).toBe(true);
    await page.type('#pg-password', '   ');
    expect(await submitDisabled()).toBe(true);
    await screenshot(page, 'viewer-gate-ko');

    // Wrong: the message, an empty field; typing clears the message.
    await page.$eval('#pg-password', (input) => ((input as HTMLInputElement).value = ''));
    await page.type('#pg-password', 'jeju');
    await page.keyboard.press('Enter');
    await waitForText(page, '비밀번호가 올바르지 않습니다');
    expect(await page.$eval('#pg-password', (input) => (input as HTMLInputElement).value)).toBe('');
    expect(await submitDisabled()).toBe(true);
    await screenshot(page, 'viewer-gate-wrong-ko');
    await page.type('#pg-password', 'x');
    expect(await page.$eval('.pg-gate-error', (element) => element.textContent)).toBe('');

    // Right: the guidebook opens.
    await page.$eval('#pg-password', (input) => ((input as HTMLInputElement).value = ''));
    await page.type('#pg-password', PASSWORD);
    await page.click('form[data-gate] button[type="submit"]');
    await page.waitForSelector('.pg-cover');
    await waitForText(page, '2026년 5월 2일 – 5월 5일');
    expect(unlocks).toEqual([403, 200]);

    // Reopened, in this tab and in a new one: no gate to fill in.
    await reloadAt(page, '.pg-cover');
    const again = await newPage();
    await openAt(
      again,
      `${app.url}/m/${locked.uuid}/contents/${pageOf(locked, 'preparations')._id}?lang=ko`,
      '.pg-content',
    );
    await waitForText(again, '신분증');
    expect(await again.evaluate(() => localStorage.length > 0 && sessionStorage.length > 0)).toBe(true);
    await again.close();

    // English gate, for the record.
    const english = await browser.createBrowserContext();
    const fresh = await english.newPage();
    await fresh.setViewport(PHONE);
    await openAt(fresh, `${app.url}/m/${locked.uuid}?lang=en`, 'form[data-gate][data-bound]');
    await waitForText(fresh, 'This guidebook needs a password');
    await screenshot(fresh, 'viewer-gate-en');
    await english.close();
    await page.close();
  });

  it('the signed-in preview shows the same pages, also of an unpublished guidebook to its owner', async () => {
    if (!app) throw new Error('the app did not start');
    const page = await newPage();
    onTestFailed(async () => void (await screenshot(page, 'viewer-failure-preview')));
    const unpublished = (await (
      await api('/guidebooks', { method: 'POST', who: author, body: { source: 'sample' } })
    ).json()) as { _id: string; position: number };
    await api(`/viewer/preview/${unpublished._id}?after=${unpublished.position}`, { who: author });
    // any page of the site, to keep the session where the app keeps it
    await page.goto(`${app.url}/favicon.svg`);
    await page.evaluate(
      (token) => localStorage.setItem('pocketguide.session', JSON.stringify({ token })),
      author.token,
    );
    await openAt(page, `${app.url}/guidebooks/preview/${unpublished._id}?lang=ko`, '.pg-cover a.pg-tile');
    const content = pageOf(open, 'preparations');
    const previewed = await page.$eval('a.pg-tile', (tile) => (tile as HTMLAnchorElement).pathname);
    expect(previewed).toMatch(new RegExp(`^/guidebooks/preview/${unpublished._id}/contents/`));
    await screenshot(page, 'viewer-preview-ko');
    expect(content).toBeDefined();
    await page.close();
  });

  it('reopens without a network after a first visit, pictures included', async () => {
    if (!app || !browser) throw new Error('the app did not start');
    const page = await newPage();
    onTestFailed(async () => void (await screenshot(page, 'viewer-failure-offline')));
    await openAt(page, `${app.url}/m/${open.uuid}?lang=ko`, '.pg-cover');
    // The worker has kept the guidebook (the earlier visits said so once; it is kept again at every visit) ...
    await page.waitForFunction(
      async (path) => {
        const pages = await caches.open('pg-viewer-pages-v1');
        return (await pages.match(path)) !== undefined;
      },
      { timeout: WAIT_MS },
      `/m/${open.uuid}?lang=ko`,
    );
    // ... and controls the page after a reload.
    await reloadAt(page, '.pg-cover');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: WAIT_MS });

    // Offline: the page and the worker's own requests.
    const worker = await browser.waitForTarget(
      (target) => target.type() === 'service_worker' && target.url().endsWith('/viewer-sw.js'),
    );
    const workerSession: CDPSession = await worker.createCDPSession();
    await workerSession.send('Network.enable');
    await workerSession.send('Network.emulateNetworkConditions', {
      offline: true,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.setOfflineMode(true);
    expect(
      await page.evaluate(() =>
        fetch('/api/health').then(
          () => 'online',
          () => 'offline',
        ),
      ),
    ).toBe('offline');

    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('.pg-cover');
    await waitForText(page, '2026년 5월 2일 – 5월 5일');
    await waitForText(page, '오프라인이에요');
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.pg-cover img')].every(
        (image) => image.complete && image.naturalWidth > 0,
      ),
    );
    await screenshot(page, 'viewer-offline-ko');

    // A content page, from its tile, with its pictures.
    const places = pageOf(open, 'attractions', '가볼 만한 곳');
    await page.click(`a.pg-tile[href$="/contents/${places._id}"]`);
    await page.waitForSelector('.pg-content');
    await page.evaluate(() =>
      document.querySelectorAll('img').forEach((image) => image.setAttribute('loading', 'eager')),
    );
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLImageElement>('.pg-content img')].every(
          (image) => image.complete && image.naturalWidth > 0,
        ),
      { timeout: WAIT_MS },
    );
    // And a content page opened directly (never visited as a page): the cover's copy draws it.
    const packing = pageOf(open, 'preparations');
    await page.goto(`${app.url}/m/${open.uuid}/contents/${packing._id}`, { waitUntil: 'load' });
    await page.waitForFunction(
      (title) => document.querySelector('.pg-content-head h1')?.textContent === title,
      {},
      packing.title,
    );

    // The guidebook behind a password, unlocked on this device before, opens offline too.
    await page.goto(`${app.url}/m/${locked.uuid}?lang=ko`, { waitUntil: 'load' });
    await page.waitForSelector('.pg-cover');
    await waitForText(page, '2026년 5월 2일 – 5월 5일');
    await page.setOfflineMode(false);
    await workerSession.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.close();

    expect(pageErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  });
});
