// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtWebDist, launchBrowser, openAt, screenshot } from '../../../test-support/browser.ts';
import { startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { clickButton, signInBrowser, waitForText } from './testing/editor-browser.ts';

/**
 * Messages in a browser (spec 3 §2.4, §2.9): an administrator writes a warning in the form in Korean and English
 * (date picked in the calendar), saves and sends it; a member whose account is in English sees the English version
 * in the bell, the site-wide yellow banner, the list and the detail; a Korean member sees the Korean one and
 * dismisses it. At 1280 and 390 px, in Korean and English.
 */

const KOREAN = { title: '정기 점검 안내', message: '11월 30일 02:00부터 04:00까지\n서비스를 점검합니다.' };
const ENGLISH = {
  title: 'Scheduled maintenance',
  message: 'On 30 November, 02:00 to 04:00\nthe service is under maintenance.',
};

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let product: StartedWithAdmin;
let browser: Browser;
let member: SignedIn;
let englishMember: SignedIn;
const pageErrors: string[] = [];

beforeAll(async () => {
  product = await startWithAdmin('messages-e2e', { webDist: builtWebDist() });
  [member, englishMember] = await Promise.all([
    product.newUser('messages-e2e-member'),
    product.newUser('messages-e2e-english', { language: 'en' }),
  ]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.app.close();
});

async function signedInPage(
  who: SignedIn,
  viewport: { width: number; height: number },
  language: 'kr' | 'en',
): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  await signInBrowser(page, product.baseUrl, who, language);
  return page;
}

describe('messages in a browser', () => {
  it('an administrator writes, saves and sends a warning in Korean and English (ko, 1280 px)', async () => {
    const page = await signedInPage(product.admin, DESKTOP, 'kr');
    await openAt(page, `${product.baseUrl}/admin/messages`, 'main ::-p-text(메시지가 없습니다)');
    await openAt(page, `${product.baseUrl}/admin/messages/create`, '[data-message-language="ko"] input');
    await clickButton(page, '저장');
    await waitForText(page, '필수 항목입니다');
    await page.type('[data-message-language="ko"] input', KOREAN.title);
    await page.type('[data-message-language="ko"] textarea', KOREAN.message);
    await page.type('[data-message-language="en"] input', ENGLISH.title);
    await page.type('[data-message-language="en"] textarea', ENGLISH.message);
    await page.select('select', 'warning');
    await page.click('input[type="checkbox"]');
    // The date: the calendar's 15th of the shown month.
    await page.click('[data-message-date]');
    await page.waitForSelector('.rdp-root');
    await screenshot(page, 'messages-ko-1280-form-calendar');
    const fifteenth = await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLButtonElement>('.rdp-day button')].find(
        (button) => button.textContent?.trim() === '15',
      ),
    );
    await page.evaluate((button) => (button as HTMLButtonElement).click(), fifteenth);
    const date = await page.$eval('[data-message-date]', (element) => [
      element.getAttribute('data-message-date'),
      element.textContent,
    ]);
    expect(date[0]).toMatch(/^\d{4}-\d{2}-15$/);
    expect(date[1]).toBe(date[0]!.replaceAll('-', '.'));
    await clickButton(page, '저장');
    await page.waitForFunction(
      () => /^\/admin\/messages\/[^/]+$/.test(location.pathname) && !location.pathname.endsWith('/create'),
    );
    await waitForText(page, '대기');
    await clickButton(page, '보내기');
    // Everyone living: the two members and the administrator.
    await waitForText(page, '3명에게 보냈습니다');
    await waitForText(page, '알림 표시 중');
    // the change history below the form shows the send at once, not on the next reload
    await waitForText(page, '공지를 한국어와 영어로 발송 (받는 사람 3명)');
    await screenshot(page, 'messages-ko-1280-form-sent');
    await openAt(page, `${product.baseUrl}/admin/messages`, '[data-message-english]');
    await waitForText(page, KOREAN.title);
    await screenshot(page, 'messages-ko-1280-admin-list');
    await page.close();
  });

  it('a member whose account is in English sees the English version in the bell, the yellow banner, the list and the detail (en, 1280 px)', async () => {
    const page = await signedInPage(englishMember, DESKTOP, 'en');
    await openAt(page, `${product.baseUrl}/guidebooks/recent`, '[data-notification-banner="warning"]');
    const banner = await page.$eval('[data-notification-banner]', (element) => element.textContent);
    expect(banner).toContain(ENGLISH.title);
    expect(banner).not.toContain(KOREAN.title);
    await page.waitForSelector('button[aria-label="Notifications, 1 new"]');
    await page.click('button[aria-label="Notifications, 1 new"]');
    await page.waitForSelector('[role="menu"] [data-bell-message]');
    await screenshot(page, 'messages-en-1280-bell');
    await page.click('[role="menu"] [data-bell-message] a');
    await page.waitForSelector('[data-message-body]');
    expect(await page.$eval('[data-message-body]', (element) => (element as HTMLElement).innerText)).toBe(
      ENGLISH.message,
    );
    await screenshot(page, 'messages-en-1280-detail');
    await openAt(page, `${product.baseUrl}/settings/notifications`, 'table [data-message-type="warning"]');
    expect(await page.$eval('table tbody', (element) => (element as HTMLElement).innerText)).toContain(ENGLISH.title);
    await screenshot(page, 'messages-en-1280-list');
    await page.close();
  });

  it('on a phone in Korean, a Korean member reads the Korean version, dismisses it and the banner and badge go, on every device (ko, 390 px)', async () => {
    const page = await signedInPage(member, PHONE, 'kr');
    await openAt(page, `${product.baseUrl}/settings/notifications`, '[data-notification-banner="warning"]');
    const banner = await page.$eval('[data-notification-banner]', (element) => element.textContent);
    expect(banner).toContain(KOREAN.title);
    expect(banner).not.toContain(ENGLISH.title);
    expect(await page.$eval('ul[aria-label="받은 알림"]', (element) => (element as HTMLElement).innerText)).toContain(
      KOREAN.title,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'messages-ko-390-list');
    await clickButton(page, '알림 닫기');
    await page.waitForFunction(() => !document.querySelector('[data-notification-banner]'));
    await page.waitForSelector('button[aria-label="알림"]');
    await page.close();
    // Another browser (another device) agrees: dismissals are kept on the server.
    const other = await signedInPage(member, DESKTOP, 'en');
    // the bell counts once the messages have arrived (none unread here), so the banner's absence is an answer
    await openAt(
      other,
      `${product.baseUrl}/guidebooks/recent`,
      'button[aria-label="Notifications"][data-bell-count="0"]',
    );
    expect(await other.$('[data-notification-banner]')).toBeNull();
    await other.close();
  });

  it('raised no page error', () => {
    expect(pageErrors).toEqual([]);
  });
});
