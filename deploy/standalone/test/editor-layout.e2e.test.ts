// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * The editor's layout around the canvas, end to end in system Chromium: an administrator opening an author's
 * guidebook sees the administrator strip (the owner's company, "another user's guidebook", id and version, links
 * to the back office) and an author does not; when the browser loses the connection, an edit's auto-save fails and
 * the red banner says so and keeps the change; back online, the change is saved and the banner goes. In Korean,
 * the product's default. Screenshots at 1280 px: test-output/screenshots/editor-layout-*.png.
 * Needs `npm run build -w @pocketguide/web` first.
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGuidebookDocument } from '@pocketguide/contracts';
import { launchBrowser, screenshot, builtWebDist, WAIT_MS } from '../../../test-support/browser.ts';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { openEditorTab, signInBrowser, titleValue, waitForSaved, waitForText } from './testing/editor-browser.ts';

const webDist = builtWebDist();

let product: StartedWithAdmin;
let author: SignedIn;
let guidebookId: string;
let browser: Browser;
const pageErrors: string[] = [];

async function editorRead(who: SignedIn): Promise<{ title: string; revision: number }> {
  const response = await fetch(`${product.baseUrl}/api/guidebooks/${guidebookId}`, { headers: bearer(who.token) });
  return (await response.json()) as { title: string; revision: number };
}

beforeAll(async () => {
  product = await startWithAdmin('editor-layout', { webDist });
  author = await product.newUser('layout-author', { companyName: '제주여행사' });
  const created = await fetch(`${product.baseUrl}/api/guidebooks`, {
    method: 'POST',
    headers: { ...bearer(author.token), 'content-type': 'application/json' },
    body: JSON.stringify(newGuidebookDocument({ title: '제주 봄 여행' })),
  });
  expect(created.status).toBe(201);
  guidebookId = ((await created.json()) as { _id: string })._id;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await product?.app.close();
});

async function openAs(who: SignedIn): Promise<Page> {
  const page = await openEditorTab(browser, pageErrors);
  await signInBrowser(page, product.baseUrl, who, 'kr');
  await page.goto(`${product.baseUrl}/guidebooks/edit/${guidebookId}`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('#guidebook-title');
  return page;
}

const stripText = (page: Page) =>
  page.$eval('[data-admin-strip]', (strip) => (strip as HTMLElement).innerText).catch(() => null);

describe('the editor layout in the browser', () => {
  it('shows an administrator whose guidebook it is, with the back-office links; an author sees no strip', async () => {
    // given an author's guidebook, when an administrator opens it in the editor
    const page = await openAs(product.admin);
    // then the strip names the owner's company, says it is someone else's, and shows the id and version
    const text = await stripText(page);
    expect(text).toContain('관리자');
    expect(text).toContain('제주여행사');
    expect(text).toContain('다른 사용자의 가이드북');
    expect(text).toContain(guidebookId);
    const owners = await page.$eval('[data-admin-strip] a[href*="/admin/users/"]', (link) => link.getAttribute('href'));
    expect(owners).toBe(`/admin/users/${author.user.id}/guidebooks`);
    await screenshot(page, 'editor-layout-admin-strip-ko-1280');
    await page.close();

    // when the author opens it, there is no strip
    const own = await openAs(author);
    expect(await stripText(own)).toBeNull();
    await own.close();
  }, 60_000);

  it('keeps an edit made offline, says so in red, and saves it when the connection is back', async () => {
    // given the author in the editor
    const page = await openAs(author);
    const before = await editorRead(author);

    // when the connection drops and the title is changed
    await page.setOfflineMode(true);
    await page.click('#guidebook-title', { count: 3 });
    await page.keyboard.type('제주 가을 여행');
    // then the auto-save fails and the red banner stays, with the change still on screen
    await waitForText(page, '서버에 연결할 수 없습니다', 15_000);
    expect(await page.$eval('[data-editor-notices] [role="alert"]', (banner) => banner.textContent)).toContain(
      '변경 내용은 이곳에 보관되며',
    );
    expect(await titleValue(page)).toBe('제주 가을 여행');
    expect((await editorRead(author)).title).toBe('제주 봄 여행');
    await screenshot(page, 'editor-layout-offline-ko-1280');

    // when the connection is back, the change is saved and the banner goes
    await page.setOfflineMode(false);
    await page.waitForFunction(() => document.querySelector('[data-editor-notices] [role="alert"]') === null, {
      timeout: 15_000,
    });
    await waitForSaved(page);
    await expect.poll(async () => (await editorRead(author)).title, { timeout: WAIT_MS }).toBe('제주 가을 여행');
    expect((await editorRead(author)).revision).toBeGreaterThan(before.revision);
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 90_000);
});
