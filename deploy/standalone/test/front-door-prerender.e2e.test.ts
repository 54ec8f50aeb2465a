// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * The front door drawn at build time (issue 11, fast front door), in Chromium on the built app: `/`, `/login` and
 * `/signup` arrive drawn, in the language this browser chose (a cookie the web app keeps); the script that makes
 * them work and Pretendard's files are asked for only after the first paint, and the script takes over the very
 * elements it was sent (hydration, no second drawing, no error); a signed-in visitor never sees the page; once this
 * browser has Pretendard, the next visit draws in it from the start.
 */
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  builtWebDist,
  frontDoorLive,
  launchBrowser,
  openAt,
  screenshot,
  WAIT_MS,
} from '../../../test-support/browser.ts';
import en from '../../../web/src/locales/en.json' with { type: 'json' };
import ko from '../../../web/src/locales/ko.json' with { type: 'json' };
import { startWithAdmin, type StartedWithAdmin } from './testing/accounts.ts';

let product: StartedWithAdmin;
let browser: Browser;

beforeAll(async () => {
  product = await startWithAdmin('front-door-prerender', { webDist: builtWebDist() });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.app.close();
});

const HEADINGS = {
  '/': { ko: ko.landing.hero.title, en: en.landing.hero.title },
  '/login': { ko: ko.login.heading, en: en.login.heading },
  '/signup': { ko: ko.signup.heading, en: en.signup.heading },
} as const;

async function freshPage(context?: BrowserContext): Promise<{ page: Page; problems: string[] }> {
  const page = await (context ?? (await browser.createBrowserContext())).newPage();
  await page.setViewport({ width: 390, height: 844 });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warn') problems.push(message.text());
  });
  return { page, problems };
}

const origin = () => new URL(product.baseUrl);

/** This browser has fetched Pretendard for next time: start.tsx marks it once the last of the page's files has come. */
async function fontsFetched(page: Page): Promise<void> {
  await page.waitForFunction(() => localStorage.getItem('pocketguide.fonts') === '1', { timeout: WAIT_MS });
}

describe('the front door arrives drawn', () => {
  it.each(['/', '/login', '/signup'] as const)(
    '%s: with scripts off it shows its page, in Korean and, with the language cookie, in English',
    async (path) => {
      const { page } = await freshPage();
      await page.setJavaScriptEnabled(false);
      await page.goto(`${product.baseUrl}${path}`);
      expect(await page.$eval('h1', (h1) => (h1 as HTMLElement).innerText.replace(/\s+/g, ' '))).toBe(
        HEADINGS[path].ko.replace(/\s+/g, ' '),
      );
      expect(await page.$eval('html', (html) => html.lang)).toBe('ko');
      await page
        .browserContext()
        .setCookie({ name: 'pocketguide.language', value: 'en', domain: origin().hostname, path: '/' });
      await page.goto(`${product.baseUrl}${path}`);
      expect(await page.$eval('h1', (h1) => (h1 as HTMLElement).innerText.replace(/\s+/g, ' '))).toBe(
        HEADINGS[path].en.replace(/\s+/g, ' '),
      );
      expect(await page.$eval('html', (html) => html.lang)).toBe('en');
      expect(await page.title()).toContain('PocketGuide');
      await screenshot(page, `front-door-no-script${path === '/' ? '-landing' : path.replace('/', '-')}-en-390`);
      await page.browserContext().close();
    },
  );

  it.each(['/', '/login', '/signup'] as const)(
    '%s: the script and the fonts come after the first paint, and the script takes over the same elements',
    async (path) => {
      const { page, problems } = await freshPage();
      // the elements as the HTML made them, before any script of the page's own ran
      await page.evaluateOnNewDocument(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { drawn: unknown }).drawn = {
            main: document.querySelector('main'),
            h1: document.querySelector('h1'),
          };
        });
      });
      // taken over, and the fonts fetched for next time (marked once the last file has come: start.tsx)
      await openAt(page, `${product.baseUrl}${path}`, frontDoorLive('main h1'));
      await fontsFetched(page);
      const order = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const started = (pattern: RegExp) =>
          resources.filter((entry) => pattern.test(entry.name)).map((entry) => entry.startTime);
        return { paint, scripts: started(/\/assets\/[\w-]+\.js$/), fonts: started(/\.woff2$/) };
      });
      expect(order.scripts.length).toBeGreaterThan(0);
      expect(Math.min(...order.scripts)).toBeGreaterThanOrEqual(order.paint);
      for (const font of order.fonts) expect(font).toBeGreaterThanOrEqual(order.paint);
      // the fonts are fetched for next time, at the lowest priority, and this visit keeps the system's fonts
      expect(order.fonts.length).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.dataset.fonts)).toBeUndefined();
      const same = await page.evaluate(() => {
        const drawn = (window as unknown as { drawn: { main: Element; h1: Element } }).drawn;
        return drawn.main === document.querySelector('main') && drawn.h1 === document.querySelector('h1');
      });
      expect(same).toBe(true);
      expect(problems).toEqual([]);
      await page.browserContext().close();
    },
  );

  it('before the script has taken the page over, sending the login form goes nowhere (no password in an address)', async () => {
    const { page } = await freshPage();
    // the script never arrives (a very slow network, held at its worst)
    await page.setRequestInterception(true);
    page.on('request', (request) =>
      /\/assets\/[\w-]+\.js$/.test(new URL(request.url()).pathname) ? void request.abort() : void request.continue(),
    );
    // every submit the page sees, and whether something held it back (the first lines' listener comes first)
    await page.evaluateOnNewDocument(() => {
      const seen = window as unknown as { submits: boolean[] };
      seen.submits = [];
      window.addEventListener('submit', (event) => seen.submits.push(event.defaultPrevented));
    });
    await page.goto(`${product.baseUrl}/login`, { waitUntil: 'load' });
    await page.type('input[name="email"]', 'someone@example.com');
    await page.type('input[name="password"]', 'Secret1!pw');
    await page.keyboard.press('Enter');
    await page.click('main button[type="submit"]');
    // both sends reached the form and were held (a send not held would leave for the address as the page's
    // next task), rather than a pause that hopes to outlast a navigation
    const submits = await page.waitForFunction(
      () => {
        const { submits: seen } = window as unknown as { submits: boolean[] };
        return seen.length === 2 && seen;
      },
      { timeout: WAIT_MS },
    );
    expect(await submits.jsonValue()).toEqual([true, true]);
    expect(page.url()).toBe(`${product.baseUrl}/login`);
    expect(await page.$eval('input[name="password"]', (input) => (input as HTMLInputElement).value)).toBe('Secret1!pw');
    await page.browserContext().close();
  });

  it('the page works once taken over: the login form refuses empty fields with the spec’s messages', async () => {
    const { page, problems } = await freshPage();
    await openAt(page, `${product.baseUrl}/login`, frontDoorLive('main button[type="submit"]'));
    await page.click('main button[type="submit"]');
    await page.waitForFunction(
      (text) => document.body.innerText.includes(text),
      { timeout: WAIT_MS },
      ko.account.messages.emailRequired,
    );
    expect(problems).toEqual([]);
    await page.browserContext().close();
  });

  it('choosing English sets the cookie, so the next load arrives in English; a first visit that chose it before is drawn anew in it', async () => {
    const { page, problems } = await freshPage();
    await openAt(page, `${product.baseUrl}/login`, frontDoorLive('button[lang="en"]'));
    await page.click('button[lang="en"]');
    await page.waitForFunction(
      (text) => document.querySelector('h1')?.textContent === text,
      { timeout: WAIT_MS },
      en.login.heading,
    );
    const cookies = await page.browserContext().cookies();
    expect(cookies.find((cookie) => cookie.name === 'pocketguide.language')?.value).toBe('en');
    const html = await page.evaluate(async () => (await fetch('/login')).text());
    expect(html).toContain(`<h1 class="text-xl font-bold text-neutral-900 sm:text-2xl">${en.login.heading}</h1>`);

    // a browser that chose English before the cookie existed: the Korean page is drawn again in English
    const second = await freshPage();
    await second.page.evaluateOnNewDocument(() => localStorage.setItem('pocketguide.language', 'en'));
    await openAt(second.page, `${product.baseUrl}/signup`, frontDoorLive('main h1'));
    expect(await second.page.$eval('h1', (h1) => h1.textContent)).toBe(en.signup.heading);
    expect(await second.page.$eval('html', (element) => element.lang)).toBe('en');
    expect([...problems, ...second.problems]).toEqual([]);
    await page.browserContext().close();
    await second.page.browserContext().close();
  });

  it('someone signed in is sent on to the app without the page being shown', async () => {
    const { page } = await freshPage();
    await openAt(page, `${product.baseUrl}/login`, frontDoorLive('input[name="email"]'));
    await page.type('input[name="email"]', 'admin@example.com');
    await page.type('input[name="password"]', 'Admin1!pass');
    await page.click('main button[type="submit"]');
    await page.waitForFunction(() => location.pathname.startsWith('/admin'), { timeout: WAIT_MS });
    await page.evaluateOnNewDocument(() => {
      if (location.pathname !== '/') return;
      document.addEventListener('DOMContentLoaded', () => {
        sessionStorage.setItem('landing-visibility', getComputedStyle(document.getElementById('root')!).visibility);
      });
    });
    await page.goto(`${product.baseUrl}/`);
    await page.waitForFunction(() => location.pathname.startsWith('/admin'), { timeout: WAIT_MS });
    expect(await page.evaluate(() => sessionStorage.getItem('landing-visibility'))).toBe('hidden');
    await page.browserContext().close();
  });

  it('once this browser has Pretendard, the next visit asks for it before the first paint and draws in it', async () => {
    const context = await browser.createBrowserContext();
    const first = await freshPage(context);
    await openAt(first.page, `${product.baseUrl}/login`, frontDoorLive('main h1'));
    await fontsFetched(first.page);
    await first.page.close();

    const { page, problems } = await freshPage(context);
    await openAt(page, `${product.baseUrl}/login`, frontDoorLive('main h1'));
    expect(await page.evaluate(() => document.documentElement.dataset.fonts)).toBe('');
    await page.evaluate(() => document.fonts.ready);
    const heading = await page.evaluate(() => {
      const h1 = document.querySelector('h1')!;
      return {
        family: getComputedStyle(h1).fontFamily,
        loaded: [...document.fonts].some((font) => font.family.includes('Pretendard') && font.status === 'loaded'),
      };
    });
    expect(heading.family).toContain('Pretendard');
    expect(heading.loaded).toBe(true);
    expect(problems).toEqual([]);
    await screenshot(page, 'front-door-second-visit-login-ko-390');
    await context.close();
  });
});
