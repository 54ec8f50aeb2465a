// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtWebDist, launchBrowser, openAt, screenshot } from '../../../test-support/browser.ts';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { clickButton, signInBrowser, waitForText } from './testing/editor-browser.ts';

/**
 * The event explorer and an audit timeline in a browser (issue 14), at 1280 px in Korean and English: the filtered
 * log, an event inspected with its causation chain, a guidebook as it was between two saves, and the change history
 * of a message on its admin screen. Screenshots in test-output/screenshots/event-explorer-*.png.
 */

const DESKTOP = { width: 1280, height: 900 };
const correlation = '0a0b0c0d-1111-4222-8333-444455556666';

let product: StartedWithAdmin;
let browser: Browser;
let author: SignedIn;
let guidebookId = '';
let messageId = '';
let between = '';
const pageErrors: string[] = [];

async function send(
  method: string,
  path: string,
  who: SignedIn,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const response = await fetch(`${product.baseUrl}/api${path}`, {
    method,
    headers: {
      ...bearer(who.token),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status >= 300)
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

beforeAll(async () => {
  product = await startWithAdmin('event-explorer-e2e', { webDist: builtWebDist() });
  author = await product.newUser('explorer-author', { name: '이서연' });
  guidebookId = String((await send('POST', '/guidebooks', author, { title: '부산 1박 2일' }))._id);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  between = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await send(
    'PATCH',
    `/guidebooks/${guidebookId}`,
    author,
    { patches: [{ op: 'replace', path: ['title'], value: '부산 2박 3일 미식 여행' }] },
    { 'if-match': '"0"' },
  );
  await send(
    'PUT',
    `/guidebooks/${guidebookId}/password`,
    author,
    { password: 'busan-2026' },
    { 'x-correlation-id': correlation },
  );
  await send(
    'PATCH',
    `/users/${author.user.id}`,
    product.admin,
    { isHidden: true },
    { 'x-correlation-id': correlation },
  );
  await send(
    'PATCH',
    `/users/${author.user.id}`,
    product.admin,
    { isHidden: false },
    { 'x-correlation-id': correlation },
  );
  messageId = String(
    (
      await send('POST', '/admin/messages', product.admin, {
        title: '정기 점검 안내',
        message: '11월 30일 새벽에 점검합니다.',
        messageDate: '2026-11-30',
      })
    )._id,
  );
  await send('PUT', `/admin/messages/${messageId}`, product.admin, {
    title: '정기 점검 안내 (변경)',
    message: '11월 30일 02:00부터 점검합니다.',
    messageDate: '2026-11-30',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.app.close();
});

async function adminPage(language: 'kr' | 'en'): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(DESKTOP);
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  await signInBrowser(page, product.baseUrl, product.admin, language);
  return page;
}

async function inspectPasswordEvent(page: Page): Promise<void> {
  await page.waitForSelector('[role="table"] [data-position]');
  const position = await page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLElement>('[data-position]')].find((row) =>
        row.textContent?.includes('GuidebookPasswordSet'),
      )?.dataset.position,
  );
  expect(position).toBeDefined();
  await page.click(`[data-position="${position}"]`);
  await page.waitForSelector('[data-causation-chain] button');
  await page.waitForFunction(() => document.querySelectorAll('[data-causation-chain] button').length === 3);
  const json = await page.$eval('[data-event-json]', (element) => element.textContent ?? '');
  expect(json).toContain('[redacted]');
  expect(json).not.toContain('busan-2026');
}

async function showAsOf(page: Page, label: string, expectedTitle: string): Promise<void> {
  await page.type('input[name="guidebookId"]', guidebookId);
  // datetime-local in the browser's zone, to the second
  const local = await page.evaluate((iso) => {
    const date = new Date(iso);
    return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  }, between);
  await page.$eval(
    'input[name="at"]',
    (input, value) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    local,
  );
  await clickButton(page, label);
  await page.waitForSelector('[data-as-of-title]');
  expect(await page.$eval('[data-as-of-title]', (element) => element.textContent)).toBe(expectedTitle);
}

describe('the event explorer in a browser', () => {
  it('filters, inspects an event with its causation chain and shows a guidebook as it was (ko, 1280 px)', async () => {
    const page = await adminPage('kr');
    await openAt(
      page,
      `${product.baseUrl}/admin/events?stream=guidebook-${guidebookId}`,
      '[role="table"] [data-position]',
    );
    await waitForText(page, '이벤트 탐색기');
    await inspectPasswordEvent(page);
    await waitForText(page, '공유 비밀번호를 설정');
    await showAsOf(page, '보기', '부산 1박 2일');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'event-explorer-ko-1280');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.close();
  });

  it('does the same in English (en, 1280 px)', async () => {
    const page = await adminPage('en');
    await openAt(page, `${product.baseUrl}/admin/events`, 'input[name="stream"]');
    await waitForText(page, 'Event explorer');
    await page.type('input[name="stream"]', `guidebook-${guidebookId}`);
    await clickButton(page, 'Search');
    await page.waitForFunction(() => document.querySelectorAll('[role="table"] [data-position]').length === 3);
    await inspectPasswordEvent(page);
    await waitForText(page, 'set the share password');
    await showAsOf(page, 'Show', '부산 1박 2일');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'event-explorer-en-1280');
    await page.close();
  });

  it("shows a message's change history on its admin screen, in Korean and English", async () => {
    for (const language of ['kr', 'en'] as const) {
      const page = await adminPage(language);
      await openAt(
        page,
        `${product.baseUrl}/admin/messages/${messageId}`,
        '[data-audit-timeline] [data-audit-position]',
      );
      await waitForText(page, language === 'kr' ? '관리자' : 'Admin');
      await waitForText(page, language === 'kr' ? '공지를 저장' : 'saved the message');
      expect(await page.$$eval('[data-audit-position]', (items) => items.length)).toBe(2);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `event-explorer-audit-timeline-${language === 'kr' ? 'ko' : 'en'}-1280`);
      await page.close();
    }
    expect(pageErrors).toEqual([]);
  });
});
