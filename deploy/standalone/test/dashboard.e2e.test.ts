import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { DashboardSummary } from '@pocketguide/contracts/dashboard/dashboard-summary';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import {
  generateHistory,
  scaleRates,
  SMALL_HISTORY_RATES,
  type HistoryEvent,
} from '@pocketguide/projections/dashboard/dashboard-history';
import { reportingDay } from '@pocketguide/projections/dashboard/dashboard-docs';
import {
  builtWebDist,
  frontDoorLive,
  launchBrowser,
  openAt,
  screenshot,
  settled,
  WAIT_MS,
} from '../../../test-support/browser.ts';
import { bearer, startWithAdmin, TEST_ADMIN, type StartedWithAdmin } from './testing/accounts.ts';

/**
 * The dashboard in Chromium on the built app, over a product with 14 months of history (written into the log
 * before the server starts, as an import from an older system would be, with the times it happened): the live
 * figures, the charts, the "as of" view, in Korean and English at 1280 and 390 px.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };
const DAY_MS = 86_400_000;

let product: StartedWithAdmin;
let browser: Browser;
const problems: string[] = [];

async function seededDataDir(): Promise<string> {
  const dataDir = resolve(import.meta.dirname, '../../../test-output/tmp', `dashboard-e2e-${randomUUID()}`);
  mkdirSync(dataDir, { recursive: true });
  const days = 425;
  const from = new Date(Date.parse(`${reportingDay(new Date(Date.now() - days * DAY_MS))}T00:00:00+09:00`));
  const all: HistoryEvent[] = [];
  generateHistory({ seed: 7, from, days, rates: scaleRates(SMALL_HISTORY_RATES, 4) }, (day) => void all.push(...day));
  const path = resolve(dataDir, 'events.sqlite');
  const store = createSqliteEventStore({ path });
  const ids: Array<[string, string]> = [];
  // appended in chunks of concurrent calls (the store commits them in one transaction, in call order)
  for (let start = 0; start < all.length; start += 500) {
    await Promise.all(
      all.slice(start, start + 500).map((event) => {
        const id = randomUUID();
        ids.push([id, event.recordedAt]);
        return store.appendToStream(event.streamId, [{ id, type: event.type, data: event.data }]);
      }),
    );
  }
  await store.close();
  // the log says when each event happened: the import keeps those times
  const db = new Database(path);
  const update = db.prepare('UPDATE events SET recorded_at = ? WHERE id = ?');
  db.transaction(() => ids.forEach(([id, at]) => update.run(at, id)))();
  db.close();
  return dataDir;
}

beforeAll(async () => {
  // no workers: the seeded gallery guidebooks would all be drawn as thumbnails, which this test does not need
  product = await startWithAdmin('dashboard-e2e', {
    dataDir: await seededDataDir(),
    webDist: builtWebDist(),
    env: { ROLES: 'command-api,query-api,projections,relay' },
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await product?.app.close();
});

async function freshPage(): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(DESKTOP);
  await page.evaluateOnNewDocument(() => localStorage.setItem('pocketguide.updateBanner.1.1.0.hidden', '1'));
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return page;
}

async function logIn(page: Page): Promise<void> {
  // the form is sent by the script (a plain form would go as a GET): typed into once the script has the page
  await openAt(page, `${product.baseUrl}/login`, frontDoorLive('input[name="email"]'));
  await page.type('input[name="email"]', TEST_ADMIN.email);
  await page.type('input[name="password"]', TEST_ADMIN.password);
  await page.click('main button[type="submit"]');
  await page.waitForFunction(() => location.pathname === '/admin/dashboard', { timeout: WAIT_MS });
}

/** Waits for the figures and the three drawn charts. */
async function dashboardShown(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="dashboard"] ul[aria-label] a', { timeout: WAIT_MS });
  await page.waitForFunction(() => document.querySelectorAll('.recharts-line-curve').length === 3, {
    timeout: WAIT_MS,
  });
  await page.evaluate(() => document.fonts.ready);
  await settled(page);
}

async function shootBoth(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-1280`);
  await page.setViewport(PHONE);
  await settled(page);
  await screenshot(page, `${name}-390`);
  await page.setViewport(DESKTOP);
  await settled(page);
}

async function apiSummary(query = ''): Promise<DashboardSummary> {
  const response = await fetch(`${product.baseUrl}/api/admin/dashboard${query}`, {
    headers: bearer(product.admin.token),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as DashboardSummary;
}

const cardTexts = (page: Page) =>
  page.$$eval('[data-testid="dashboard"] ul[aria-label] > li', (items) => items.map((item) => item.textContent ?? ''));

describe('the dashboard in the browser', () => {
  it('shows the live figures and the three charts, in Korean and English, at 1280 and 390 px', async () => {
    const page = await freshPage();
    onTestFailed(async () => void (await screenshot(page, 'dashboard-failure-live')));
    await logIn(page);
    await dashboardShown(page);
    const summary = await apiSummary();
    expect(summary.usersTotal).toBeGreaterThan(50);
    const cards = await cardTexts(page);
    expect(cards[0]).toContain(`${summary.usersTotal.toLocaleString('ko-KR')}명`);
    expect(cards[2]).toContain(`유료 전환율 ${summary.conversionRate.toFixed(1)}%`);
    // each chart is 300 px high
    const heights = await page.$$eval('.recharts-responsive-container', (charts) =>
      charts.map((chart) => Math.round(chart.getBoundingClientRect().height)),
    );
    expect(heights).toEqual([300, 300, 300]);
    // nothing is wider than the screen
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewport(viewport);
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await page.setViewport(DESKTOP);
    await dashboardShown(page);
    await shootBoth(page, 'dashboard-ko');

    await page.click('button[lang="en"]');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Admin dashboard');
    await dashboardShown(page);
    expect((await cardTexts(page))[2]).toContain(`Conversion ${summary.conversionRate.toFixed(1)}%`);
    await shootBoth(page, 'dashboard-en');
    // the language is the administrator's setting: put it back for the next test
    await page.click('button[lang="ko"]');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === '관리자 대시보드');
    expect(problems).toEqual([]);
  }, 90_000);

  it('shows the dashboard as it was at the end of a day picked in the calendar', async () => {
    const page = await freshPage();
    onTestFailed(async () => void (await screenshot(page, 'dashboard-failure-as-of')));
    await logIn(page);
    await dashboardShown(page);
    await page.click('[data-testid="dashboard-as-of"]');
    await page.waitForSelector('.rdp-root');
    await screenshot(page, 'dashboard-as-of-picker-ko-1280');
    // the calendar opens on this month: go back one month (its caption says so once its days are drawn) and pick
    // its 15th
    const shownMonth = await page.$eval('.rdp-caption_label', (label) => label.textContent);
    await page.click('.rdp-button_previous');
    await page.waitForFunction(
      (before) => document.querySelector('.rdp-caption_label')?.textContent !== before,
      { timeout: WAIT_MS },
      shownMonth,
    );
    const picked = await page.evaluate(() => {
      const button = [...document.querySelectorAll<HTMLButtonElement>('.rdp-day_button')].find(
        (day) => day.textContent === '15',
      );
      button?.click();
      return Boolean(button);
    });
    expect(picked).toBe(true);
    await page.waitForFunction(() => new URL(location.href).searchParams.has('asOf'));
    const asOf = await page.evaluate(() => new URL(location.href).searchParams.get('asOf')!);
    expect(asOf).toMatch(/^\d{4}-\d{2}-15$/);
    await page.waitForFunction(
      (day) => document.body.innerText.includes(`${day} 하루가 끝난 시점의 대시보드입니다`),
      { timeout: WAIT_MS },
      asOf.replaceAll('-', '.'),
    );
    await dashboardShown(page);
    const then = await apiSummary(`?asOf=${asOf}`);
    const now = await apiSummary();
    expect(then.replayed).toBe(true);
    expect(then.usersTotal).toBeLessThan(now.usersTotal);
    expect((await cardTexts(page))[0]).toContain(`${then.usersTotal.toLocaleString('ko-KR')}명`);
    await shootBoth(page, 'dashboard-as-of-ko');
    expect(problems).toEqual([]);
  }, 90_000);
});
