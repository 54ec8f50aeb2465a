// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The editor end to end: the whole product in this process, the built web app in system Chromium. An author
 * starts from the sample, renames it and saves it (insert), edits a text and adds items on a page, undoes and
 * redoes ten steps, waits for the auto-save, reloads and finds everything saved, restores an older version from
 * the history, and edits the same guidebook in two tabs: different parts merge (rebase), the same text asks which
 * version to keep. Screenshots at 1280 px go to test-output/screenshots/editor-*.png.
 * Needs `npm run build -w @pocketguide/web` first.
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { dragWithMouse, launchBrowser, screenshot, WAIT_MS } from '../../../test-support/browser.ts';
import type { RunningStandalone } from '../src/app.ts';
import { verifiedUser, type SignedIn } from './testing/accounts.ts';
import {
  clickButton,
  clickSave,
  itemCount,
  openEditorTab,
  signInBrowser,
  startProductWithWeb,
  titleValue,
  typeInFirstText,
  waitForSaved,
  waitForText,
} from './testing/editor-browser.ts';

type Session = SignedIn;

describe('the guidebook editor in the browser', () => {
  let app: RunningStandalone | undefined;
  let browser: Browser | undefined;
  let author: Session;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    app = await startProductWithWeb('editor-');
    author = await verifiedUser(app.url, 'editor-author@example.com');
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function openPage(): Promise<Page> {
    if (!browser) throw new Error('no browser');
    return openEditorTab(browser, pageErrors);
  }

  // One journey in steps; each step starts where the previous one ended.
  let page: Page;
  let other: Page;
  let itemsAtStart = 0;
  let countAfter = 0;
  let titled = '';
  const baseUrl = () => {
    if (!app) throw new Error('the app did not start');
    return app.url;
  };
  const onFailure = (name: string, target: () => Page | undefined) =>
    onTestFailed(async () => {
      const failed = target();
      if (failed) await screenshot(failed, `editor-failure-${name}`);
    });

  it('creates a guidebook from the sample: Save inserts it and opens its address', async () => {
    page = await openPage();
    onFailure('create', () => page);
    await signInBrowser(page, baseUrl(), author, 'kr');
    const app = { url: baseUrl() };

    // ---- the sample, unsaved: rename it and Save inserts it, then the editor moves to its address
    await page.goto(`${app.url}/guidebooks/sample`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('#guidebook-title');
    await screenshot(page, 'editor-sample-cover-ko-1280');
    await page.click('#guidebook-title', { count: 3 });
    await page.keyboard.type('우리 가족 제주 여행');
    await clickSave(page);
    await page.waitForFunction(() => location.pathname.startsWith('/guidebooks/edit/'), { timeout: 15_000 });
    const guidebookId = page.url().split('/guidebooks/edit/')[1]!.split('/')[0]!;
    await page.waitForFunction(
      () => (document.querySelector('#guidebook-title') as HTMLInputElement | null)?.value === '우리 가족 제주 여행',
    );
    await screenshot(page, 'editor-cover-ko-1280');
    expect(guidebookId).toMatch(/\w+/);
  });

  it('edits a text, adds items, and undoes and redoes ten steps', async () => {
    onFailure('undo', () => page);
    const app = { url: baseUrl() };

    // ---- a content page: type in a text, add items from the floating menu
    // (the attractions' address is read from the cover's menu before a tile's link leaves the cover: read after the
    // click, it raced the route change, which takes the menu away)
    const attractionsLink = await page.$$eval('nav[aria-label="메뉴"] a', (links) =>
      links.find((link) => link.textContent?.includes('가볼 만한 곳'))?.getAttribute('href'),
    );
    expect(attractionsLink).toMatch(/\/contents\//);
    await page.click('nav[aria-label="메뉴"] a[href*="/contents/"]:not([href$="x"])');
    await page.goto(`${app.url}${attractionsLink}`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[role="group"][aria-label="이 페이지에 추가"]');
    await screenshot(page, 'editor-content-ko-1280');
    itemsAtStart = await itemCount(page);
    await typeInFirstText(page, ' 꼭 가 보세요!');
    await waitForText(page, '꼭 가 보세요!');
    for (const type of ['제목', '텍스트', '동영상', '버튼', '아코디언'])
      await clickButton(page, `${type} 추가`, '[aria-label="이 페이지에 추가"]');
    expect(await itemCount(page)).toBe(itemsAtStart + 5);
    await screenshot(page, 'editor-items-added-ko-1280');

    // ---- ten undo steps and ten redo steps, structural ones included
    await page.click('#guidebook-title', { count: 3 });
    await page.keyboard.type('제주 여행 2026');
    // typing is one step per field (within a second); a pause makes the next one its own
    await new Promise((done) => setTimeout(done, 1100));
    titled = await titleValue(page);
    await clickButton(page, '동영상 추가', '[aria-label="이 페이지에 추가"]');
    await clickButton(page, '지도 추가', '[aria-label="이 페이지에 추가"]');
    await clickButton(page, '이미지 추가', '[aria-label="이 페이지에 추가"]');
    countAfter = await itemCount(page);
    // the ten steps back: 3 items, the title, 5 items, the typing in the text
    await page.click('body', { offset: { x: 5, y: 5 } }); // out of any field: the shortcuts are the editor's
    for (let step = 0; step < 10; step++)
      await page.keyboard
        .down('Control')
        .then(() => page.keyboard.press('z'))
        .then(() => page.keyboard.up('Control'));
    expect(await itemCount(page)).toBe(itemsAtStart);
    expect(await titleValue(page)).toBe('우리 가족 제주 여행');
    expect(await page.evaluate(() => document.body.innerText.includes('꼭 가 보세요!'))).toBe(false);
    for (let step = 0; step < 10; step++) {
      await page.keyboard.down('Control');
      await page.keyboard.down('Shift');
      await page.keyboard.press('z');
      await page.keyboard.up('Shift');
      await page.keyboard.up('Control');
    }
    expect(await itemCount(page)).toBe(countAfter);
    expect(await titleValue(page)).toBe(titled);
    await waitForText(page, '꼭 가 보세요!');
  });

  it('auto-saves the changes and finds them all after a reload', async () => {
    onFailure('autosave', () => page);
    // ---- the auto-save stores it (only the patches); after a reload everything is there
    await waitForSaved(page);
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-item-id]');
    expect(await itemCount(page)).toBe(countAfter);
    expect(await titleValue(page)).toBe(titled);
    await waitForText(page, '꼭 가 보세요!');
  });

  it('previews an older version from the history and restores it', async () => {
    onFailure('history', () => page);
    // ---- the history: preview the version right after the insert, restore it
    await clickButton(page, '변경 기록');
    await page.waitForSelector('[role="dialog"] ol li');
    await screenshot(page, 'editor-history-ko-1280');
    const versions = await page.$$eval('[role="dialog"] ol li', (rows) => rows.length);
    expect(versions).toBeGreaterThan(1);
    // the oldest entry (version 0, the creation): preview it read-only, then restore it
    await page.evaluate(() => {
      const rows = [...document.querySelectorAll('[role="dialog"] ol li')];
      const last = rows[rows.length - 1];
      [...(last?.querySelectorAll('button') ?? [])].find((button) => button.textContent?.includes('미리보기'))?.click();
    });
    await waitForText(page, '읽기 전용 미리보기');
    await screenshot(page, 'editor-history-preview-ko-1280');
    await page.evaluate(() => {
      const rows = [...document.querySelectorAll('[role="dialog"] ol li')];
      const last = rows[rows.length - 1];
      [...(last?.querySelectorAll('button') ?? [])].find((button) => button.textContent?.includes('복원'))?.click();
    });
    // the confirmation is the dialog asking to restore
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[role="dialog"]')].some((dialog) => dialog.textContent?.includes('복원할까요')),
    );
    await page.evaluate(() => {
      const dialog = [...document.querySelectorAll('[role="dialog"]')].find((candidate) =>
        candidate.textContent?.includes('복원할까요'),
      );
      [...(dialog?.querySelectorAll('button') ?? [])].find((button) => button.textContent === '복원')?.click();
    });
    await page.waitForFunction(
      () => (document.querySelector('#guidebook-title') as HTMLInputElement | null)?.value === '우리 가족 제주 여행',
      { timeout: 15_000 },
    );
    expect(await itemCount(page)).toBe(itemsAtStart);
    await page.keyboard.press('Escape');
  });

  it('merges edits of different parts made in two tabs', async () => {
    onFailure('merge', () => other);
    // ---- two tabs: different parts merge; the same text asks which version to keep
    other = await openPage();
    await other.goto(page.url(), { waitUntil: 'networkidle0' });
    await other.waitForSelector('[data-item-id]');
    // tab 1 renames and saves; tab 2, still on the old revision, types in a text (a tab in the background gets no
    // animation frames, so each is brought to the front before it is used)
    await page.bringToFront();
    await page.click('#guidebook-title', { count: 3 });
    await page.keyboard.type('첫 번째 탭의 제목');
    await clickSave(page);
    await waitForSaved(page);
    await other.bringToFront();
    await typeInFirstText(other, ' 두 번째 탭');
    await clickSave(other);
    await waitForText(other, '내 변경 사항을 합쳐서 저장했습니다');
    await screenshot(other, 'editor-two-tabs-merged-ko-1280');
    await other.waitForFunction(
      () => (document.querySelector('#guidebook-title') as HTMLInputElement | null)?.value === '첫 번째 탭의 제목',
    );
    await waitForSaved(other);
  });

  it('asks which version to keep when two tabs changed the same text', async () => {
    onFailure('conflict', () => other);
    // both now type in the same text: tab 1 saves first, tab 2's save cannot be combined
    await page.bringToFront();
    await page.reload({ waitUntil: 'networkidle0' });
    await typeInFirstText(page, ' 탭1');
    await clickSave(page);
    await waitForSaved(page);
    await other.bringToFront();
    await typeInFirstText(other, ' 탭2');
    await clickSave(other);
    await other.waitForSelector('[role="alertdialog"]', { timeout: 15_000 });
    await screenshot(other, 'editor-two-tabs-conflict-ko-1280');
    await clickButton(other, '내 버전 유지', '[role="alertdialog"]');
    await other.waitForFunction(() => !document.querySelector('[role="alertdialog"]'), { timeout: 15_000 });
    await page.bringToFront();
    await page.reload({ waitUntil: 'networkidle0' });
    await waitForText(page, '두 번째 탭 탭2');
    expect(await page.evaluate(() => document.body.innerText.includes('탭1'))).toBe(false);
  });

  it('offers the public address and asks a person without a subscription to subscribe before publishing', async () => {
    onFailure('menu', () => page);
    await page.bringToFront();
    const cover = page.url().split('/contents/')[0]!;
    await page.goto(cover, { waitUntil: 'networkidle0' });
    await clickButton(page, 'URL 복사');
    await page.waitForSelector('#guidebook-url');
    expect(await page.$eval('#guidebook-url', (input) => (input as HTMLInputElement).value)).toMatch(/\/m\/[\w-]+$/);
    await screenshot(page, 'editor-get-url-ko-1280');
    await clickButton(page, '닫기', '[data-editor-surface]');
    await clickButton(page, '게시');
    await waitForText(page, '가이드북을 게시하려면 구독이 필요합니다');
    await screenshot(page, 'editor-subscription-needed-ko-1280');
    await clickButton(page, '나중에');
  });

  it('moves a menu tile by dragging it, and back with undo', async () => {
    onFailure('drag', () => page);
    const tiles = () =>
      page.$$eval('nav[aria-label="메뉴"] > ul > li a', (links) => links.map((link) => link.textContent));
    const before = await tiles();
    const tile = (n: number) => `nav[aria-label="메뉴"] > ul > li:nth-child(${n})`;
    // focusing a tile shows its handles and options (as hovering does)
    await page.$eval(`${tile(1)} a`, (link) => (link as HTMLElement).focus());
    // a native HTML5 drag with the mouse from the handle onto the right part of the third tile: the first goes after
    // it (the line shows on that side while dragging)
    await dragWithMouse(
      page,
      `${tile(1)} [title*="끌어서"]`,
      { target: tile(3), side: 'after', axis: 'x' },
      `${tile(3)} > span[aria-hidden="true"]`,
      () => screenshot(page, 'editor-tile-drag-ko-1280').then(() => undefined),
    );
    await page.waitForFunction(
      (first) => document.querySelector('nav[aria-label="메뉴"] > ul > li a')?.textContent !== first,
      { timeout: WAIT_MS },
      before[0],
    );
    const after = await tiles();
    expect(after).toEqual([before[1], before[2], before[0], ...before.slice(3)]);
    await page.keyboard.down('Control');
    await page.keyboard.press('z');
    await page.keyboard.up('Control');
    expect(await tiles()).toEqual(before);
  });

  it('speaks English', async () => {
    onFailure('english', () => page);
    const cover = page.url().split('/contents/')[0]!;
    await signInBrowser(page, baseUrl(), author, 'en');
    await page.goto(cover, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Back to Guidebooks');
    await screenshot(page, 'editor-cover-en-1280');
    const firstPage = await page.$eval('nav[aria-label="Menu"] a', (link) => link.getAttribute('href'));
    await page.goto(`${baseUrl()}${firstPage}`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Back to COVER');
    await screenshot(page, 'editor-itinerary-en-1280');
    expect(pageErrors).toEqual([]);
  });
});
