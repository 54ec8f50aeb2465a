// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtWebDist, launchBrowser, openAt, screenshot } from '../../../test-support/browser.ts';
import { bearer, signIn, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { clickButton, signInBrowser, waitForText } from './testing/editor-browser.ts';

/**
 * The admin users screens in a browser (spec 3 §2.6): an administrator finds a new user by searching, opens the
 * detail, subscribes them to one month of standard, hides and unhides them; each action behind its confirm, the
 * server's state checked after. At 1280 px in Korean and English and at 390 px.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let product: StartedWithAdmin;
let browser: Browser;
let newcomer: SignedIn;
const pageErrors: string[] = [];

beforeAll(async () => {
  product = await startWithAdmin('admin-users-e2e', { webDist: builtWebDist() });
  newcomer = await product.newUser('admin-users-e2e-new', { name: 'Haneul Seo', companyName: '하늘여행사' });
  // someone else, so the search has something to leave out
  await product.newUser('admin-users-e2e-other', { name: 'Minji Kim', companyName: 'Jeju Trails' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.app.close();
});

async function adminPage(viewport: { width: number; height: number }, language: 'kr' | 'en'): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  await signInBrowser(page, product.baseUrl, product.admin, language);
  return page;
}

/** The user as the server has it now. */
async function serverUser(): Promise<{ subscription: boolean; subscriptionType: string; isHidden: boolean }> {
  const response = await fetch(`${product.baseUrl}/api/users/${newcomer.user.id}`, {
    headers: bearer(product.admin.token),
  });
  return (await response.json()) as { subscription: boolean; subscriptionType: string; isHidden: boolean };
}

/** What sticks out past the right edge of the screen (nothing, when the page has no sideways scrolling). */
const pastTheEdge = (page: Page) =>
  page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return [];
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter(
        (element) =>
          element.getBoundingClientRect().right > window.innerWidth + 1 && !element.closest('[data-admin-toolbar] nav'),
      )
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 60)} ${Math.round(element.getBoundingClientRect().right)}`,
      );
  });

/** Clicks an action, checks its confirm dialog names it, and confirms. */
async function confirmAction(page: Page, label: string, shotName: string) {
  await clickButton(page, label, 'main');
  await page.waitForSelector('[role="dialog"]');
  await screenshot(page, shotName);
  await clickButton(page, label, '[role="dialog"]');
  await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
}

describe('admin users in a browser', () => {
  it('finds the new user by search, subscribes them to one month, hides and unhides them (ko, 1280 px)', async () => {
    const page = await adminPage(DESKTOP, 'kr');
    await openAt(page, `${product.baseUrl}/admin/users`, 'table [data-user-row]');
    await page.type('input[type="search"]', 'haneul');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('search') === 'haneul');
    await page.waitForFunction(() => document.querySelectorAll('table [data-user-row]').length === 1);
    expect(await page.$eval('table [data-user-row]', (row) => row.textContent)).toContain('Haneul Seo');
    await screenshot(page, 'admin-users-ko-1280-search');

    await page.click('table [data-user-row] a');
    await page.waitForFunction((id) => location.pathname === `/admin/users/${id}`, {}, newcomer.user.id);
    await page.waitForSelector('[data-activity-stats]');
    await waitForText(page, '하늘여행사');
    await screenshot(page, 'admin-users-ko-1280-detail');

    // the server refuses to change the plan of someone without a subscription: shown on the page, in Korean
    await page.select('main select', 'pro');
    await confirmAction(page, '요금제 변경', 'admin-users-ko-1280-confirm-change-plan');
    await page.waitForSelector('[data-action-failure]');
    await waitForText(page, '구독 중인 회원만 요금제를 변경할 수 있습니다.');
    await screenshot(page, 'admin-users-ko-1280-refusal');
    expect(await serverUser()).toMatchObject({ subscription: false, subscriptionType: 'free' });

    await confirmAction(page, '스탠다드 1개월 구독 적용', 'admin-users-ko-1280-confirm-one-month');
    await page.waitForSelector('[data-subscription-state="oneMonth"]');
    await page.waitForSelector('[data-admin-user] [data-user-plan="onemonth"]');
    expect(await serverUser()).toMatchObject({ subscription: true, subscriptionType: 'onemonth' });

    await confirmAction(page, '회원 숨기기', 'admin-users-ko-1280-confirm-hide');
    await page.waitForSelector('[data-admin-user] [data-user-status="hidden"]');
    expect((await serverUser()).isHidden).toBe(true);
    await screenshot(page, 'admin-users-ko-1280-hidden');

    await confirmAction(page, '숨김 해제', 'admin-users-ko-1280-confirm-unhide');
    await page.waitForSelector('[data-admin-user] [data-user-status="active"]');
    expect((await serverUser()).isHidden).toBe(false);
    await screenshot(page, 'admin-users-ko-1280-detail-after');
    await page.close();
  });

  it('follows the dashboard’s links in English: ?subscriptionType, ?status and ?today as a removable chip (en, 1280 px)', async () => {
    const page = await adminPage(DESKTOP, 'en');
    await openAt(
      page,
      `${product.baseUrl}/admin/users?subscriptionType=onemonth&status=active&today`,
      'table [data-user-row]',
    );
    expect(
      await page.$$eval('table [data-user-row]', (rows) => rows.map((row) => row.getAttribute('data-user-row'))),
    ).toEqual([newcomer.user.id]);
    await waitForText(page, 'Joined today');
    await screenshot(page, 'admin-users-en-1280-list');
    await clickButton(page, 'Show every joining date');
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('today'));
    await openAt(page, `${product.baseUrl}/admin/users/${newcomer.user.id}`, '[data-activity-stats]');
    await waitForText(page, 'One month, does not renew');
    await screenshot(page, 'admin-users-en-1280-detail');
    await page.close();
  });

  it('on a phone: cards instead of the table, the detail without sideways scrolling (ko and en, 390 px)', async () => {
    for (const language of ['kr', 'en'] as const) {
      const page = await adminPage(PHONE, language);
      await openAt(page, `${product.baseUrl}/admin/users`, '[data-user-card]');
      expect(await page.$eval('table', (table) => (table.closest('div') as HTMLElement).offsetParent === null)).toBe(
        true,
      );
      expect(await pastTheEdge(page)).toEqual([]);
      await screenshot(page, `admin-users-${language === 'kr' ? 'ko' : 'en'}-390-list`);
      await page.click(`[data-user-card="${newcomer.user.id}"]`);
      await page.waitForSelector('[data-activity-stats]');
      expect(await pastTheEdge(page)).toEqual([]);
      await screenshot(page, `admin-users-${language === 'kr' ? 'ko' : 'en'}-390-detail`);
      await page.close();
    }
  });

  it('the user sees their own account at /users/{userId} (ko, 390 px; en, 1280 px)', async () => {
    // signed in again: hiding ended the sessions they had
    const again = await signIn(product.baseUrl, newcomer.user.email);
    for (const [viewport, language] of [
      [PHONE, 'kr'],
      [DESKTOP, 'en'],
    ] as const) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(viewport);
      page.on('pageerror', (error) => pageErrors.push(String(error)));
      await signInBrowser(page, product.baseUrl, again, language);
      await openAt(page, `${product.baseUrl}/users/${newcomer.user.id}`, 'main ::-p-text(하늘여행사)');
      await waitForText(page, language === 'kr' ? '내 계정' : 'My account');
      expect(await pastTheEdge(page)).toEqual([]);
      await screenshot(page, `admin-users-${language === 'kr' ? 'ko-390' : 'en-1280'}-own-account`);
      await page.close();
    }
  });

  it('raised no page error', () => {
    expect(pageErrors).toEqual([]);
  });
});
