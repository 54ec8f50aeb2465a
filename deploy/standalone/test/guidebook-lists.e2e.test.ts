// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The guidebook lists end to end: the whole product in this process, the built web app in system Chromium. An
 * author with 12 guidebooks (made through POST /api/guidebooks; an administrator subscribes them so two can be
 * published, one of them in the public gallery, whose thumbnail the worker then draws) signs in on the login screen
 * and lands on the recent cards, opens a card's QR code, regenerates the other published card's thumbnail and sees
 * the new picture, goes to all guidebooks, pages to page 2, searches, opens the preview popup and the QR dialog, in
 * Korean and English. A new person is offered the sample; the administrator lists everyone's guidebooks with the
 * filters. Screenshots at 1280 and 390 px go to test-output/screenshots/lists-*.png. Needs
 * `npm run build -w @pocketguide/web` first.
 */
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { richParagraph } from '@pocketguide/contracts';
import {
  frontDoorLive,
  launchBrowser,
  openAt,
  screenshot,
  screenshotDir,
  builtWebDist,
  settled,
  WAIT_MS,
} from '../../../test-support/browser.ts';
import { startStandalone, type RunningStandalone } from '../src/app.ts';
import { TEST_ACCOUNT_ENV, TEST_PASSWORD, bearer, signIn, verifiedUser, type SignedIn } from './testing/accounts.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');
// WEB_DIST (the server's own setting) points at another build, e.g. one no parallel `vite build` is rewriting.
const webDist = builtWebDist();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const NARROWEST = { width: 360, height: 740 };
const ADMIN = { email: 'lists-e2e-admin@example.com', password: 'Admin1!pass' };
const AUTHOR = 'lists-author@example.com';
const NEWCOMER = 'lists-newcomer@example.com';

/** Oldest first: the lists show the newest update first. */
const TITLES = [
  '서울 2박 3일 미식 여행',
  '부산 해운대 가족 여행',
  '경주 역사 탐방',
  '강릉 커피 투어',
  '전주 한옥마을 산책',
  '여수 밤바다 야경',
  'Tokyo spring walk',
  '오사카 먹거리 지도',
  '부산 감천문화마을',
  '제주 올레길 7코스',
  '제주 3박 4일 가족 여행',
  '속초 설악산 단풍',
];
const PUBLISHED = TITLES[9]!; // published
const IN_GALLERY = TITLES[10]!; // published, then in the public gallery
const NEWEST_UNPUBLISHED = TITLES[11]!;

let app: RunningStandalone | undefined;
let browser: Browser | undefined;
const ids = new Map<string, string>();
const problems: string[] = [];

async function api(
  path: string,
  who: SignedIn,
  init: { method?: string; body?: unknown; ifMatch?: number } = {},
): Promise<Response> {
  if (!app) throw new Error('no app');
  return fetch(`${app.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.ifMatch === undefined ? {} : { 'if-match': `"${init.ifMatch}"` }),
      ...bearer(who.token),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function command(
  path: string,
  who: SignedIn,
  method: string,
  body?: unknown,
): Promise<{ _id?: string; revision?: number; position: number }> {
  const response = await api(path, who, { method, body });
  if (response.status >= 300)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { _id?: string; revision?: number; position: number };
}

beforeAll(async () => {
  if (!existsSync(resolve(webDist, 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build -w @pocketguide/web` before the e2e tests');
  }
  const scratch = resolve(repoRoot, 'test-output/tmp');
  mkdirSync(scratch, { recursive: true });
  app = await startStandalone({
    port: 0,
    dataDir: mkdtempSync(join(scratch, 'guidebook-lists-e2e-')),
    webDist,
    env: { LOG_LEVEL: 'warn', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...TEST_ACCOUNT_ENV },
  });
  const [author, admin] = await Promise.all([
    verifiedUser(app.url, AUTHOR, { companyName: '포켓트래블' }),
    signIn(app.url, ADMIN.email, ADMIN.password),
  ]);
  await verifiedUser(app.url, NEWCOMER, { companyName: '새내기여행사' });
  await command('/subscriptions/admin/subscribe', admin, 'POST', { customerUid: author.user.id });

  // One at a time, so their order (and the lists') is the order above.
  for (const title of TITLES) {
    const created = await command('/guidebooks', author, 'POST', { title });
    ids.set(title, created._id!);
    // The cover says the title, so a drawn thumbnail shows something (a NEW guidebook's cover is blank).
    const titled = await api(`/guidebooks/${created._id}`, author, {
      method: 'PATCH',
      body: {
        patches: [
          { op: 'replace', path: ['header', 'text'], value: richParagraph(title, 'center') },
          { op: 'replace', path: ['subheader', 'title'], value: richParagraph(title, 'center') },
          { op: 'replace', path: ['subheader', 'text'], value: richParagraph('포켓트래블과 함께하는 여행', 'center') },
        ],
      },
      ifMatch: created.revision!,
    });
    if (titled.status !== 200) throw new Error(`PATCH answered ${titled.status}: ${await titled.text()}`);
  }
  await command(`/guidebooks/${ids.get(PUBLISHED)}/publish`, author, 'PUT');
  await command(`/guidebooks/${ids.get(IN_GALLERY)}/publish`, author, 'PUT');
  const last = await command(`/guidebooks/${ids.get(IN_GALLERY)}/public-gallery`, author, 'PATCH', {
    isPublicGallery: true,
  });
  // The lists have caught up with every write before the browser reads them.
  expect((await api(`/guidebooks/?after=${last.position}`, author)).headers.get('x-read-consistency')).toBe(
    'caught-up',
  );
  // Enabling the gallery makes a thumbnail by itself (the worker draws the reader's page in Chromium): wait for it,
  // so the cards' states below do not depend on how fast this machine draws.
  await waitUntil(async () => {
    const listed = (await (await api('/guidebooks/recent', author)).json()) as {
      results?: Array<{ _id: string; thumbnailUrl?: string | null }>;
    };
    return (listed.results ?? []).some((row) => row._id === ids.get(IN_GALLERY) && Boolean(row.thumbnailUrl));
  }, 60_000);

  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** A fresh browser context (no shared storage) with the update banner put away, watching for errors. */
async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  if (!browser || !app) throw new Error('no browser');
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(DESKTOP);
  await page.evaluateOnNewDocument(() => localStorage.setItem('pocketguide.updateBanner.1.1.0.hidden', '1'));
  const origin = app.url;
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'))
      problems.push(`foreign request: ${url}`);
  });
  return { context, page };
}

async function logIn(page: Page, email: string, password: string, landing: string): Promise<void> {
  // the form is sent by the script (a plain form would go as a GET): typed into once the script has the page
  await openAt(page, `${app!.url}/login`, frontDoorLive('input[name="email"]'));
  await page.type('input[name="email"]', email);
  await page.type('input[name="password"]', password);
  await page.click('main button[type="submit"]');
  await page.waitForFunction((path) => location.pathname === path, { timeout: WAIT_MS }, landing);
}

async function waitForText(page: Page, text: string): Promise<void> {
  await page.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout: WAIT_MS }, text);
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await pause(250);
  }
}

/** Screenshots at 1280 and at 390 px; the page is left at 1280. */
async function shootBoth(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await screenshot(page, `${name}-1280`);
  await page.setViewport(PHONE);
  await settled(page);
  await screenshot(page, `${name}-390`);
  await page.setViewport(DESKTOP);
  await settled(page);
}

/** A dialog's screenshots: the viewport only (a full-page shot would cut its fixed backdrop at the first screen). */
async function shootDialogBoth(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await settled(page); // the dialog's entrance
  await page.screenshot({ path: join(screenshotDir, `${name}-1280.png`) as `${string}.png` });
  await page.setViewport(PHONE);
  await settled(page);
  await page.screenshot({ path: join(screenshotDir, `${name}-390.png`) as `${string}.png` });
  await page.setViewport(DESKTOP);
  await settled(page);
}

/** The row numbers and titles of the table (wide screens). */
async function tableRows(page: Page): Promise<Array<[string, string]>> {
  return page.$$eval('main table tbody tr', (rows) =>
    rows.map(
      (row) =>
        [row.querySelector('td')?.textContent ?? '', row.querySelector('th a')?.textContent ?? ''] as [string, string],
    ),
  );
}

async function switchLanguage(page: Page, language: 'ko' | 'en', heading: string): Promise<void> {
  await page.click(`button[lang="${language}"]`);
  await page.waitForFunction((wanted) => document.querySelector('h1')?.textContent === wanted, {}, heading);
}

describe('guidebook lists in the browser', () => {
  it('the author: recent cards, QR overlay, the list with pages, search, preview popup and QR dialog, in Korean and English', async () => {
    const { context, page } = await freshPage();
    onTestFailed(async () => void (await screenshot(page, 'lists-failure-author')));

    // Signed in on the login screen, the author lands on the recent cards: the newest three, in their states.
    await logIn(page, AUTHOR, TEST_PASSWORD, '/guidebooks/recent');
    await page.waitForFunction(() => document.querySelectorAll('main article').length === 3);
    expect(await page.title()).toBe('최근 가이드북 · 포켓가이드');
    const cards = await page.$$eval('main article', (articles) =>
      articles.map((article) => [
        article.querySelector('h3')?.textContent,
        article.querySelector('[data-thumbnail-state]')?.getAttribute('data-thumbnail-state'),
      ]),
    );
    expect(cards).toEqual([
      [IN_GALLERY, 'ready'],
      [PUBLISHED, 'placeholder'],
      [NEWEST_UNPUBLISHED, 'locked'],
    ]);
    await waitForText(page, '게시된 가이드북만 썸네일을 가질 수 있어요. 게시해 주세요.');
    // The drawn thumbnail is a real picture served from /media.
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>(
        'main article [data-thumbnail-state="ready"] img, main article img[data-thumbnail-state="ready"]',
      );
      return image !== null && image.complete && image.naturalWidth > 0;
    });
    await shootBoth(page, 'lists-recent-ko');
    await page.setViewport(NARROWEST);
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROWEST.width);
    await page.setViewport(DESKTOP);

    // The QR overlay on a published card: the public address's code, 200 px.
    const [qrToggle] = await page.$$('main article button[aria-pressed]');
    await qrToggle!.click();
    await page.waitForSelector('main article svg[role="img"]');
    expect(await page.$eval('main article svg[role="img"]', (svg) => svg.getAttribute('width'))).toBe('200');
    await screenshot(page, 'lists-recent-qr-ko-1280');
    await page.setViewport(PHONE);
    await settled(page);
    await (await page.$('main article svg[role="img"]'))!.scrollIntoView();
    await page.screenshot({ path: join(screenshotDir, 'lists-recent-qr-ko-390.png') as `${string}.png` });
    await page.setViewport(DESKTOP);
    await page.click('main article button[aria-pressed="true"]');

    // Regenerate: only the published card without a thumbnail offers it to its owner (the gallery one is fresh).
    const offered = await page.$$eval('main article', (articles) =>
      articles
        .filter((article) => article.querySelector('button[aria-label="썸네일 다시 만들기"]'))
        .map((article) => article.querySelector('h3')?.textContent),
    );
    expect(offered).toEqual([PUBLISHED]);
    await page.click('main article button[aria-label="썸네일 다시 만들기"]');
    await page.waitForSelector('main article [data-regenerating="true"]');
    await waitForText(page, '쯤 완성돼요');
    await page.screenshot({ path: join(screenshotDir, 'lists-recent-regenerating-ko-1280.png') as `${string}.png` });
    // The list is read again after 5 s and 10 s: the new picture replaces the placeholder, and a toast says so.
    await page.waitForFunction(
      (title) =>
        [...document.querySelectorAll('main article')].some(
          (article) =>
            article.querySelector('h3')?.textContent === title &&
            article.querySelector('[data-thumbnail-state="ready"]') !== null,
        ),
      { timeout: 30_000 },
      PUBLISHED,
    );
    await waitForText(page, '썸네일이 업데이트되었어요');
    expect(await page.$$('main article [data-regenerating="true"]')).toHaveLength(0);
    await page.screenshot({ path: join(screenshotDir, 'lists-recent-regenerated-ko-1280.png') as `${string}.png` });

    // A card opens the editor.
    const cardHref = await page.$eval('main article h3 a', (link) => link.getAttribute('href'));
    expect(cardHref).toBe(`/guidebooks/edit/${ids.get(IN_GALLERY)}`);

    // MORE GUIDEBOOKS: the whole list, ten to a page, numbered.
    await page.click('main a[href="/guidebooks"]');
    await page.waitForFunction(
      () => location.pathname === '/guidebooks' && document.querySelectorAll('main table tbody tr').length === 10,
    );
    const firstPage = await tableRows(page);
    expect(firstPage.map(([number]) => number)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(firstPage.slice(0, 3).map(([, title]) => title)).toEqual([IN_GALLERY, PUBLISHED, NEWEST_UNPUBLISHED]);
    await waitForText(page, '총 12개');
    await shootBoth(page, 'lists-list-ko');

    // Page 2: rows 11 and 12, the oldest.
    await page.click('nav[aria-label="페이지 이동"] button[aria-label="2 페이지"]');
    await page.waitForFunction(
      () => location.search === '?page=2' && document.querySelectorAll('main table tbody tr').length === 2,
    );
    expect(await tableRows(page)).toEqual([
      ['11', TITLES[1]],
      ['12', TITLES[0]],
    ]);
    expect(await page.$eval('button[aria-current="page"]', (button) => button.textContent)).toBe('2');
    await shootBoth(page, 'lists-page2-ko');

    // Nothing sticks out sideways on the narrowest phone, the page row included.
    await page.setViewport(NARROWEST);
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROWEST.width);
    await screenshot(page, 'lists-page2-ko-360');
    await page.setViewport(DESKTOP);

    // The title leads to the recent screen; back again.
    expect(await page.$eval('h1 a', (link) => link.getAttribute('href'))).toBe('/guidebooks/recent');

    // Search: Enter runs it (and starts at page 1); emptying the box shows everything again.
    await page.type('input[type="search"]', '부산');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => new URLSearchParams(location.search).get('search') === '부산' && !location.search.includes('page='),
    );
    // The page-2 rows stay on screen while the search loads: wait for the results themselves.
    await page.waitForFunction(
      (first) => document.querySelector('main table tbody tr th a')?.textContent === first,
      {},
      TITLES[8],
    );
    expect((await tableRows(page)).map(([, title]) => title)).toEqual([TITLES[8], TITLES[1]]);
    await waitForText(page, '‘부산’ 검색 결과 2개');
    await shootBoth(page, 'lists-search-ko');
    await page.type('input[type="search"]', '없는 여행지');
    await page.keyboard.press('Enter');
    await waitForText(page, '죄송합니다! 가이드북이 없어요');
    await screenshot(page, 'lists-search-empty-ko-1280');
    await page.click('button[aria-label="검색어 지우기"]');
    await page.waitForFunction(
      () => location.search === '' && document.querySelectorAll('main table tbody tr').length === 10,
    );

    // Preview: a 435×700 popup at /guidebooks/preview/{id}.
    const popupOpened = browser!.waitForTarget(
      (target) => target.url().includes(`/guidebooks/preview/${ids.get(PUBLISHED)}`),
      { timeout: WAIT_MS },
    );
    await page.click(`main table a[href="/guidebooks/preview/${ids.get(PUBLISHED)}"]`);
    // The list page stays where it was; the preview is the popup's.
    expect(new URL(page.url()).pathname).toBe('/guidebooks');
    await (await (await popupOpened).page())?.close();

    // The QR dialog of the published guidebook: its public address, 275 px.
    await page.click(`main table button[aria-label="‘${PUBLISHED}’ QR 코드"]`);
    await page.waitForSelector('[role="dialog"] svg[role="img"]');
    expect(await page.$eval('[role="dialog"] svg[role="img"]', (svg) => svg.getAttribute('width'))).toBe('275');
    await waitForText(page, `${app!.url}/m/`);
    const uuid = await page.$eval(
      '[role="dialog"] a[target="_blank"]',
      (link) => new URL((link as HTMLAnchorElement).href).pathname,
    );
    const byUuid = await fetch(`${app!.url}/api/guidebooks/uuid/${uuid.split('/').pop()}`);
    expect(((await byUuid.json()) as { result: string }).result).toBe(ids.get(PUBLISHED));
    await shootDialogBoth(page, 'lists-qr-dialog-ko');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));

    // An unpublished one explains instead of showing a code that leads nowhere.
    await page.click(`main table button[aria-label="‘${NEWEST_UNPUBLISHED}’ QR 코드"]`);
    await waitForText(page, '아직 게시되지 않은 가이드북이에요');
    expect(await page.$('[role="dialog"] svg[role="img"]')).toBeNull();
    await shootDialogBoth(page, 'lists-qr-unpublished-ko');
    await page.keyboard.press('Escape');

    // English: the same screens.
    await switchLanguage(page, 'en', 'Guidebooks');
    await page.waitForFunction(() => document.querySelectorAll('main table tbody tr').length === 10);
    await waitForText(page, '12 guidebooks');
    await shootBoth(page, 'lists-list-en');
    await page.click(`main table button[aria-label="QR code of ‘${PUBLISHED}’"]`);
    await page.waitForSelector('[role="dialog"] svg[role="img"]');
    await shootDialogBoth(page, 'lists-qr-dialog-en');
    await page.keyboard.press('Escape');
    await page.click('h1 a');
    await page.waitForFunction(
      () => location.pathname === '/guidebooks/recent' && document.querySelectorAll('main article').length === 3,
    );
    await waitForText(page, 'Only published guidebooks can have thumbnails. Please publish.');
    await waitForText(page, 'MORE GUIDEBOOKS');
    await shootBoth(page, 'lists-recent-en');

    // The recent screen's search: a results table in pages of three.
    await page.type('input[type="search"]', '제주');
    await page.keyboard.press('Enter');
    await waitForText(page, 'Search results');
    await page.waitForFunction(() => document.querySelectorAll('main table tbody tr').length === 2);
    await shootBoth(page, 'lists-recent-search-en');

    // Back to Korean for the next person using this account.
    await switchLanguage(page, 'ko', '최근 가이드북');
    await context.close();
  });

  it('a new person: no recent guidebooks, the sample offered; the empty list', async () => {
    const { context, page } = await freshPage();
    onTestFailed(async () => void (await screenshot(page, 'lists-failure-newcomer')));
    await logIn(page, NEWCOMER, TEST_PASSWORD, '/guidebooks/recent');
    await waitForText(page, '최근 가이드북이 없어요');
    // The sample comes from the server, with its cover image.
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('main a[href="/guidebooks/sample"] img');
      return image !== null && image.complete && image.naturalWidth > 0;
    });
    await waitForText(page, '제주 3박 4일 가족 여행');
    expect(await page.$('main a[href="/guidebooks/create"]')).not.toBeNull();
    await shootBoth(page, 'lists-empty-recent-ko');

    await page.goto(`${app!.url}/guidebooks`, { waitUntil: 'load' });
    // drawn from the (empty) list's answer by the running app
    await waitForText(page, '죄송합니다! 가이드북이 없어요');
    await shootBoth(page, 'lists-empty-list-ko');

    await switchLanguage(page, 'en', 'Guidebooks');
    await waitForText(page, 'Sorry! No Guidebooks Found');
    await shootBoth(page, 'lists-empty-list-en');
    await page.goto(`${app!.url}/guidebooks/recent`, { waitUntil: 'load' });
    await waitForText(page, 'No Recent Guidebooks Found');
    await waitForText(page, 'Jeju: 4 days with family');
    await shootBoth(page, 'lists-empty-recent-en');
    await context.close();
  });

  it('the administrator: everyone’s guidebooks with the user-type and status filters', async () => {
    const { context, page } = await freshPage();
    onTestFailed(async () => void (await screenshot(page, 'lists-failure-admin')));
    await logIn(page, ADMIN.email, ADMIN.password, '/admin/dashboard');
    await page.goto(`${app!.url}/admin/guidebooks`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelectorAll('main table tbody tr').length === 10, {
      timeout: WAIT_MS,
    });
    // The company links to its owner.
    expect(await page.$$eval('main table tbody tr td a', (links) => links.map((link) => link.textContent))).toContain(
      '포켓트래블',
    );
    expect(await page.$eval('h1 a', (link) => link.getAttribute('href'))).toBe('/admin/guidebooks/recent');
    await shootBoth(page, 'lists-admin-ko');
    await page.setViewport(NARROWEST);
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROWEST.width);
    await page.setViewport(DESKTOP);

    const selects = await page.$$('main select');
    expect(selects).toHaveLength(2);
    await selects[1]!.select('published');
    await page.waitForFunction(
      () => location.search === '?status=published' && document.querySelectorAll('main table tbody tr').length === 2,
    );
    await selects[1]!.select('public-gallery');
    await page.waitForFunction(() => document.querySelectorAll('main table tbody tr').length === 1);
    expect((await tableRows(page)).map(([, title]) => title)).toEqual([IN_GALLERY]);
    await shootBoth(page, 'lists-admin-filtered-ko');
    await selects[0]!.select('admin');
    await waitForText(page, '죄송합니다! 가이드북이 없어요');
    await selects[0]!.select('user');
    await page.waitForFunction(() => document.querySelectorAll('main table tbody tr').length === 1);

    await switchLanguage(page, 'en', 'All guidebooks');
    await page.waitForFunction(() => document.querySelectorAll('main table tbody tr').length === 1);
    await shootBoth(page, 'lists-admin-filtered-en');

    // The administrators' recent screen: everyone's newest three.
    await page.click('h1 a');
    await page.waitForFunction(
      () => location.pathname === '/admin/guidebooks/recent' && document.querySelectorAll('main article').length === 3,
    );
    await shootBoth(page, 'lists-admin-recent-en');
    await switchLanguage(page, 'ko', '최근 가이드북');
    await context.close();

    expect(problems).toEqual([]);
  });
});
