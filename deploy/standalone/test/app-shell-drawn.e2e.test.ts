// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * The app's signed-in screens drawn before their script (issue 20: every signed-in screen, cold, on a phone, as the
 * front door already is), in Chromium on the built app. The HTML of `/guidebooks/recent`, the editor, `/admin` and
 * `/public-guidebooks` holds the screen itself (the header, the page's title, the room its data will fill) and no
 * script before it: the app's script is asked for after the first paint, by the page's first lines, which the policy
 * allows by their hash. Signed in, the app takes over the very elements it was sent (hydration: no second drawing,
 * no error, no policy violation), the largest paint is the drawn title's text, and nothing on screen moves when the
 * data arrives (layout shifts measured in the page by a PerformanceObserver). Someone signed out never sees a signed-in
 * screen drawn: they are sent to the front door.
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  builtWebDist,
  launchBrowser,
  openAt,
  screenshot,
  signedInAppSettled,
  WAIT_MS,
} from '../../../test-support/browser.ts';
import en from '../../../web/src/locales/en.json' with { type: 'json' };
import ko from '../../../web/src/locales/ko.json' with { type: 'json' };
import { bearer, startWithAdmin, type StartedWithAdmin } from './testing/accounts.ts';

let product: StartedWithAdmin;
let browser: Browser;
let guidebookId: string;

beforeAll(async () => {
  product = await startWithAdmin('app-shell-drawn', { webDist: builtWebDist() });
  const headers = { 'content-type': 'application/json', ...bearer(product.admin.token) };
  const created = (await (
    await fetch(`${product.baseUrl}/api/guidebooks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ source: 'sample' }),
    })
  ).json()) as { _id: string };
  guidebookId = created._id;
  await fetch(`${product.baseUrl}/api/guidebooks/${guidebookId}/publish`, {
    method: 'PUT',
    headers: bearer(product.admin.token),
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.app.close();
});

type Screen = {
  path: () => string;
  /** the page's own title, as the HTML draws it */
  heading: string;
  /** what shows once the screen's data has arrived */
  loaded: string;
  /** the drawn text that stays the largest paint (the editor's is its cover picture, which comes with its data) */
  largest?: string;
};

const SCREENS: Record<string, Screen> = {
  recent: {
    path: () => '/guidebooks/recent',
    heading: ko.guidebookLists.recent.title,
    loaded: '#recent-cards-heading',
    largest: ko.guidebookLists.recent.description,
  },
  editor: { path: () => `/guidebooks/edit/${guidebookId}`, heading: '', loaded: '#guidebook-title' },
  admin: {
    path: () => '/admin',
    heading: ko.dashboard.title,
    loaded: '[data-testid="dashboard"] ul[aria-label] a',
    largest: ko.dashboard.subtitle,
  },
  gallery: {
    path: () => '/public-guidebooks',
    heading: ko.publicGallery.title,
    loaded: '[data-gallery-count], [data-gallery-end], main .border-dashed',
  },
};

const origin = () => new URL(product.baseUrl);

/** A phone, signed in as the administrator (the session as the app keeps it), written where no app code runs. */
async function signedInPhone(language: 'kr' | 'en' = 'kr'): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  await page.goto(`${product.baseUrl}/favicon.svg`);
  await page.evaluate(
    (stored) => {
      localStorage.setItem('pocketguide.session', stored);
      localStorage.setItem('pocketguide.updateBanner.1.1.0.hidden', '1');
    },
    JSON.stringify({ ...product.admin.user, token: product.admin.token, language }),
  );
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) problems.push(message.text());
  });
  await page.evaluateOnNewDocument(() => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node: Node | null }> };
    const seen = window as unknown as {
      shifts: Array<{ value: number; moved: string[] }>;
      largest: Element[];
      drawn: { h1: Element | null; footer: Element | null; header: Element | null };
    };
    seen.shifts = [];
    seen.largest = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map(({ node }) =>
          node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName),
        );
        seen.shifts.push({ value: entry.value, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element: Element | null }>)
        if (entry.element) seen.largest.push(entry.element);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    document.addEventListener('DOMContentLoaded', () => {
      seen.drawn = {
        h1: document.querySelector('main h1'),
        footer: document.querySelector('main ~ footer'),
        header: document.querySelector('header'),
      };
    });
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Refused to load: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return { page, problems };
}

describe('signed-in screens arrive drawn', () => {
  it.each(Object.keys(SCREENS))(
    '%s: the HTML holds the screen and no script before it; its first lines are allowed by hash',
    async (name) => {
      const screen = SCREENS[name]!;
      const response = await fetch(`${product.baseUrl}${screen.path()}`);
      const html = await response.text();
      const head = html.slice(0, html.indexOf('<body>'));
      const root = html.slice(html.indexOf('<div id="root"'));
      expect(root).toMatch(/^<div id="root" data-drawn="[\w-]+" data-language="ko"/);
      // the shell: the header bar (drawn once per kind of visitor), the page's title, the footer
      expect(root).toMatch(/<header class="sticky top-0/);
      expect(root).toContain('data-shell-variant="admin"');
      if (screen.heading) expect(root).toContain(`>${screen.heading}</h1>`);
      expect(root).toContain('<footer');
      // no script to wait for before the first paint: the app's entry is asked for by the first lines, after it
      expect(head).not.toMatch(/<script[^>]*\bsrc=/);
      expect(html).not.toMatch(/<script type="module"/);
      expect(head).toContain('first-contentful-paint');
      expect(head).toMatch(/s\.src="\/assets\/main-[\w-]+\.js"/);
      const scripts = /script-src [^;]*/.exec(response.headers.get('content-security-policy') ?? '')?.[0] ?? '';
      expect(scripts).toMatch(/^script-src 'self'.* 'sha256-/);
      expect(scripts).not.toContain("'unsafe-inline'");
    },
  );

  it.each(Object.keys(SCREENS))(
    '%s: signed in, the app takes over the drawn elements, and nothing moves when the data arrives',
    async (name) => {
      const screen = SCREENS[name]!;
      const { page, problems } = await signedInPhone();
      await openAt(page, `${product.baseUrl}${screen.path()}`, screen.loaded);
      // what the server sent is what the app drew into: the same elements (hydration), the drawing's marks left alone
      await page.waitForFunction(() => document.querySelector('header [data-shell-variant]') === null, {
        timeout: WAIT_MS,
      });
      const same = await page.evaluate(() => {
        const { drawn } = window as unknown as {
          drawn: { h1: Element | null; footer: Element | null; header: Element | null };
        };
        return {
          h1: drawn.h1 === document.querySelector('main h1'),
          footer: drawn.footer === document.querySelector('main ~ footer'),
          header: drawn.header === document.querySelector('header'),
        };
      });
      expect(same.footer).toBe(true);
      expect(same.header).toBe(true);
      if (screen.heading) expect(same.h1).toBe(true);
      // the signed-in side of the header is the person's own (their initial), drawn after the taking over; the last
      // change the page makes by itself is Pretendard applied once the page has loaded: two frames after all that,
      // its layout shift, if any, has been reported
      await signedInAppSettled(page);
      // (what moves at all is the words, a little, when Pretendard replaces the system's font in place: well under 0.1)
      const shifts = await page.evaluate(
        () => (window as unknown as { shifts: Array<{ value: number; moved: string[] }> }).shifts,
      );
      expect(
        shifts.reduce((sum, shift) => sum + shift.value, 0),
        `${name}: layout shifts ${JSON.stringify(shifts)}`,
      ).toBeLessThan(0.05);
      if (screen.largest) {
        const largest = await page.evaluate(() => {
          const { largest } = window as unknown as { largest: Element[] };
          const last = largest.at(-1);
          return { text: last?.textContent ?? '', connected: last?.isConnected ?? false };
        });
        expect(largest).toEqual({ text: screen.largest, connected: true });
      }
      expect(problems).toEqual([]);
      await screenshot(page, `app-shell-drawn-${name}-390`);
      await page.browserContext().close();
    },
  );

  it.each(['recent', 'editor', 'gallery'])(
    '%s: the screen’s first data call is asked by its first lines, before the app’s entry, and only once',
    async (name) => {
      const screen = SCREENS[name]!;
      const call: string | undefined = {
        recent: '/api/guidebooks/recent?limit=3',
        editor: `/api/guidebooks/${guidebookId}`,
        gallery: '/api/guidebooks/public-gallery?page=1&limit=20',
      }[name];
      if (!call) throw new Error(`no first data call named for ${name}`);
      const { page, problems } = await signedInPhone();
      const asked: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        asked.push(`${url.pathname}${url.search}`);
      });
      await openAt(page, `${product.baseUrl}${screen.path()}`, screen.loaded);
      // a second ask would come with the app's start: all of it is done once the page has done its own work
      await signedInAppSettled(page);
      // the app took the first lines' answer over (web/src/lib/early-answer.ts) rather than asking again
      expect(asked.filter((address) => address === call)).toHaveLength(1);
      const entry = asked.findIndex((address) => /^\/assets\/main-[\w-]+\.js$/.test(address));
      expect(entry).toBeGreaterThan(-1);
      expect(asked.indexOf(call)).toBeLessThan(entry);
      expect(problems).toEqual([]);
      await page.browserContext().close();
    },
  );

  it('with the English cookie and an English session the screen arrives in English and is taken over as it is', async () => {
    const { page, problems } = await signedInPhone('en');
    await page
      .browserContext()
      .setCookie({ name: 'pocketguide.language', value: 'en', domain: origin().hostname, path: '/' });
    await openAt(page, `${product.baseUrl}/guidebooks/recent`, SCREENS.recent!.loaded);
    expect(await page.$eval('main h1', (h1) => h1.textContent)).toBe(en.guidebookLists.recent.title);
    expect(
      await page.evaluate(
        () => (window as unknown as { drawn: { h1: Element | null } }).drawn.h1 === document.querySelector('main h1'),
      ),
    ).toBe(true);
    await signedInAppSettled(page);
    expect(problems).toEqual([]);
    await page.browserContext().close();
  });

  it('a session in another language than the drawing: the drawing stays hidden and the app draws the screen in the session’s', async () => {
    const { page, problems } = await signedInPhone('en');
    await page.evaluateOnNewDocument(() => {
      document.addEventListener('DOMContentLoaded', () => {
        sessionStorage.setItem('drawn-visibility', getComputedStyle(document.getElementById('root')!).visibility);
      });
    });
    await page.goto(`${product.baseUrl}/guidebooks/recent`, { waitUntil: 'load' });
    await page.waitForFunction(
      (title) => document.querySelector('main h1')?.textContent === title,
      { timeout: WAIT_MS },
      en.guidebookLists.recent.title,
    );
    expect(await page.evaluate(() => sessionStorage.getItem('drawn-visibility'))).toBe('hidden');
    expect(await page.$eval('#root', (root) => getComputedStyle(root).visibility)).toBe('visible');
    await signedInAppSettled(page);
    expect(problems).toEqual([]);
    await page.browserContext().close();
  });

  it('an address with a query the drawing knew nothing of (`?asOf=`) is drawn anew by the app, without an error', async () => {
    const { page, problems } = await signedInPhone();
    await page.goto(`${product.baseUrl}/admin/dashboard?asOf=2026-10-15`, { waitUntil: 'load' });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="dashboard-as-of"]')?.textContent?.includes('2026.10.15'),
      { timeout: WAIT_MS },
    );
    expect(
      await page.evaluate(
        () => (window as unknown as { drawn: { h1: Element | null } }).drawn.h1 === document.querySelector('main h1'),
      ),
    ).toBe(false);
    await signedInAppSettled(page);
    expect(problems).toEqual([]);
    await page.browserContext().close();
  });

  it('someone signed out never sees a signed-in screen drawn: they are sent to the front door', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.evaluateOnNewDocument(() => {
      if (location.pathname !== '/guidebooks/recent') return;
      document.addEventListener('DOMContentLoaded', () => {
        sessionStorage.setItem('drawn-visibility', getComputedStyle(document.getElementById('root')!).visibility);
      });
    });
    await page.goto(`${product.baseUrl}/guidebooks/recent`);
    await page.waitForFunction(() => location.pathname === '/', { timeout: WAIT_MS });
    expect(await page.evaluate(() => sessionStorage.getItem('drawn-visibility'))).toBe('hidden');
    await context.close();
  });
});
