// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Accounts end to end, in Korean and in English: the whole product in this process, the built web app in system
 * Chromium, mails read from the dev outbox as a person would read their inbox. Sign up → verify → log in → edit
 * the profile and portrait → change the password → sign out → forgot password → reset → log in; plus the
 * administrator's landing. Screenshots of every screen at 1280 and 390 px go to test-output/screenshots/
 * (`accounts-<screen>-<lang>-<width>.png`). Needs `npm run build -w @pocketguide/web` first.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, ElementHandle, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { launchBrowser, screenshot, builtWebDist, WAIT_MS } from '../../../test-support/browser.ts';
import en from '../../../web/src/locales/en.json' with { type: 'json' };
import ko from '../../../web/src/locales/ko.json' with { type: 'json' };
import { startStandalone, type RunningStandalone } from './app.ts';
import { TEST_ACCOUNT_ENV, linkIn, waitForMail } from './testing/accounts.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');
const webDist = builtWebDist();
const scratch = resolve(repoRoot, 'test-output/tmp');

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const NARROWEST = { width: 360, height: 740 };
const ADMIN_EMAIL = 'e2e-admin@example.com';
const ADMIN_PASSWORD = 'Admin1!pass';

type Texts = typeof ko;
type Lang = 'ko' | 'en';

let app: RunningStandalone | undefined;
let browser: Browser | undefined;
let portraitPath: string;

beforeAll(async () => {
  if (!existsSync(resolve(webDist, 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build -w @pocketguide/web` before the e2e tests');
  }
  mkdirSync(scratch, { recursive: true });
  const dataDir = mkdtempSync(join(scratch, 'accounts-e2e-'));
  app = await startStandalone({
    port: 0,
    dataDir,
    webDist,
    env: { LOG_LEVEL: 'warn', ADMIN_EMAIL, ADMIN_PASSWORD, ...TEST_ACCOUNT_ENV },
  });
  // A portrait to upload: a coral pin on teal, drawn here so the test carries no binary file.
  portraitPath = join(dataDir, 'portrait.png');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320"><rect width="320" height="320" fill="#0e7268"/>' +
    '<circle cx="160" cy="140" r="70" fill="#f26b4b"/><circle cx="160" cy="140" r="26" fill="#fff"/></svg>';
  writeFileSync(portraitPath, await sharp(Buffer.from(svg)).png().toBuffer());
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** One person's journey in one language, in its own browser context (no shared storage with the other). */
function journey(lang: Lang) {
  const L: Texts = lang === 'ko' ? ko : (en as Texts);
  const email = `journey-${lang}-${Date.now()}@example.com`;
  const password = 'Secret1!x';
  const newPassword = 'Changed2@x';
  const resetTo = 'Reset3#pw';
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  const url = (path: string) => `${app!.url}${path}`;
  const shoot = (screen: string) => shootBoth(page, `accounts-${screen}-${lang}`);

  describe(`accounts in ${lang === 'ko' ? 'Korean' : 'English'}`, () => {
    beforeAll(async () => {
      context = await browser!.createBrowserContext();
      page = await context.newPage();
      await page.setViewport(DESKTOP);
      page.on('pageerror', (error) => problems.push(String(error)));
      page.on('console', (message) => {
        // Refusals the journey provokes on purpose (a wrong password) show as failed loads; those are expected.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
      });
      page.on('request', (request) => {
        const address = request.url();
        if (!address.startsWith(app!.url) && !address.startsWith('data:') && !address.startsWith('blob:')) problems.push(`foreign request ${address}`);
      });
    });
    afterAll(async () => {
      await context?.close();
    });

    it('the login screen, in its language, with the update banner that can be put away for good', async () => {
      onTestFailed(() => void screenshot(page, `accounts-failure-${lang}`));
      await page.goto(url('/login'), { waitUntil: 'networkidle0' });
      if (lang === 'en') {
        await page.click('button[lang="en"]');
        await waitForText(page, L.login.heading);
      }
      expect(await page.$eval('html', (html) => html.lang)).toBe(lang);
      expect(await page.title()).toBe(`${L.login.pageTitle} · ${L.app.name}`);
      await waitForText(page, L.updateBanner.title);
      await shoot('login');

      // closing is enough: it stays closed for this version (no separate "don't show again")
      await page.click(`button[aria-label="${L.updateBanner.close}"]`);
      await waitForNoText(page, L.updateBanner.title);
      await page.reload({ waitUntil: 'networkidle0' });
      await waitForText(page, L.login.heading);
      expect(await page.evaluate(() => document.body.innerText)).not.toContain(L.updateBanner.title);
    });

    it('signup: the spec messages on the fields, then a welcome asking to verify', async () => {
      onTestFailed(() => void screenshot(page, `accounts-failure-${lang}`));
      await page.click('main a[href="/signup"]');
      await waitForText(page, L.signup.heading);
      await shoot('signup');

      await clickText(page, 'button[type="submit"]', L.signup.submit);
      await page.waitForSelector('input[name="email"][aria-invalid="true"]');
      expect(await describedByText(page, 'input[name="email"]')).toBe(L.account.messages.emailRequired);
      expect(await describedByText(page, 'input[name="name"]')).toBe(L.account.messages.required);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
      await page.type('input[name="email"]', 'not-an-email');
      await page.type('input[name="password"]', 'short');
      await page.type('input[name="confirmPassword"]', 'other');
      await page.type('input[name="companyPhone"]', '123');
      await page.type('input[name="companyWebsite"]', 'not a url');
      await page.waitForFunction(() => document.querySelector('input[name="email"]')?.getAttribute('aria-describedby') !== null);
      expect(await describedByText(page, 'input[name="email"]')).toBe(L.account.messages.emailInvalid);
      expect(await describedByText(page, 'input[name="password"]')).toContain(L.account.messages.passwordTooShort);
      expect(await describedByText(page, 'input[name="confirmPassword"]')).toBe(L.account.messages.signupPasswordMismatch);
      expect(await describedByText(page, 'input[name="companyPhone"]')).toBe(L.account.messages.phoneInvalid);
      expect(await describedByText(page, 'input[name="companyWebsite"]')).toBe(L.account.messages.urlInvalid);
      await shoot('signup-errors');

      await fill(page, 'input[name="email"]', email);
      await fill(page, 'input[name="password"]', password);
      await fill(page, 'input[name="confirmPassword"]', password);
      await fill(page, 'input[name="name"]', lang === 'ko' ? '김여행' : 'Jane Traveller');
      await fill(page, 'input[name="companyName"]', lang === 'ko' ? '(주)포켓트래블' : 'Pocket Travel Co');
      await fill(page, 'input[name="companyAddress"]', lang === 'ko' ? '서울특별시 중구 세종대로 110' : '110 Sejong-daero, Seoul');
      await fill(page, 'input[name="companyPhone"]', '02-1234-5678');
      await fill(page, 'input[name="companyWebsite"]', 'pocket-travel.example.com');
      await page.click('input[name="agreeToTerms"]');
      await clickText(page, 'button[type="submit"]', L.signup.submit);
      await waitForText(page, L.signup.welcome.heading);
      await waitForText(page, email);
      await shoot('signup-welcome');
    });

    it('the mailed link verifies the email and lands on the login screen with the verified message', async () => {
      onTestFailed(() => void screenshot(page, `accounts-failure-${lang}`));
      const mail = await waitForMail(app!.url, email);
      await page.goto(url(pathOf(linkIn(mail, '/users/activate/'))), { waitUntil: 'networkidle0' });
      await page.waitForFunction(() => location.pathname === '/login' && location.search === '?verified=1');
      await waitForText(page, L.login.verified);
      await shoot('login-verified');

      await page.goto(url('/users/activate/nobody%40example.com/abc'), { waitUntil: 'networkidle0' });
      await waitForText(page, L.account.messages.activationInvalid);
      await shoot('activate-invalid');
    });

    it('a wrong password is refused with the spec text; the right one opens the guidebooks', async () => {
      onTestFailed(() => void screenshot(page, `accounts-failure-${lang}`));
      await page.goto(url('/login'), { waitUntil: 'networkidle0' });
      await page.type('input[name="email"]', email);
      await page.type('input[name="password"]', 'Wrong1!pw');
      await clickText(page, 'button[type="submit"]', L.login.submit);
      await waitForText(page, L.account.messages.badCredentials);
      await shoot('login-error');

      await fill(page, 'input[name="password"]', password);
      await clickText(page, 'button[type="submit"]', L.login.submit);
      await page.waitForFunction(() => location.pathname === '/guidebooks/recent');
      await waitForText(page, L.guidebookLists.recent.empty.title);
      expect(await page.$eval('html', (html) => html.lang)).toBe(lang);
      await shoot('guidebooks');
    });

    it('the profile menu, and the profile saved with the spec messages', async () => {
      onTestFailed(() => void screenshot(page, `accounts-failure-${lang}`));
      await page.click('button[data-profile-menu]');
      await page.waitForSelector('[role="menu"]');
      await waitForText(page, L.plans.free);
      await screenshot(page, `accounts-profile-menu-${lang}-1280`);
      await clickText(page, '[role="menuitem"]', L.profileMenu.settings);
      await page.waitForFunction(() => location.pathname === '/settings/profile');
      // The form shows once the profile has loaded, filled in.
      await page.waitForFunction(() => ((document.querySelector('input[name="companyName"]') as HTMLInputElement | null)?.value ?? '') !== '');
      expect(await page.$eval('input[name="email"]', (input) => (input as HTMLInputElement).readOnly)).toBe(true);
      await shoot('settings-profile');

      await fill(page, 'input[name="companyName"]', '');
      await fill(page, 'input[name="mobile"]', '0101');
      await clickText(page, 'button[type="submit"]', L.settings.profile.submit);
      await page.waitForSelector('input[name="companyName"][aria-invalid="true"]');
      expect(await describedByText(page, 'input[name="companyName"]')).toBe(L.account.messages.required);
      expect(await describedByText(page, 'input[name="mobile"]')).toBe(L.account.messages.phoneInvalid);
      await shoot('settings-profile-errors');

      const newName = lang === 'ko' ? '김여행 대표' : 'Jane T. Traveller';
      await fill(page, 'input[name="name"]', newName);
      await fill(page, 'input[name="companyName"]', lang === 'ko' ? '(주)포켓트래블 서울' : 'Pocket Travel Seoul');
      await fill(page, 'input[name="mobile"]', '010-9876-5432');
      await clickText(page, 'button[type="submit"]', L.settings.profile.submit);
      await waitForText(page, L.account.messages.profileUpdated);
      // The header shows the saved name at once: the answer replaced the session's profile.
      await page.waitForFunction(
        (name) => document.querySelector('button[data-profile-menu]')?.textContent?.includes(name) === true,
        {},
        newName,
      );
      await page.reload({ waitUntil: 'networkidle0' });
      await page.waitForFunction((name) => (document.querySelector('input[name="name"]') as HTMLInputElement | null)?.value === name, {}, newName);
    });

    it('a new portrait through the upload dialog shows in the header', async () => {
      onTestFailed(() => void screenshot(page, `accounts-failure-${lang}`));
      await page.click('button[data-profile-menu]');
      await clickText(page, '[role="menuitem"]', L.profileMenu.editPortrait);
      await page.waitForSelector('[role="dialog"]');
      const input = (await page.$('[role="dialog"] input[type="file"]')) as ElementHandle<HTMLInputElement>;
      await input.uploadFile(portraitPath);
      await page.waitForSelector(`[role="dialog"] img[alt="${L.portrait.previewAlt}"]`);
      await shoot('portrait');
      await clickText(page, '[role="dialog"] button', L.portrait.upload);
      await waitForText(page, L.portrait.success);
      await page.waitForFunction(
        // the new address, and the picture behind it loaded (its src changes before its bytes arrive)
        () => {
          const img = document.querySelector<HTMLImageElement>('button[data-profile-menu] img');
          return img?.getAttribute('src')?.startsWith('/media/') === true && img.complete && img.naturalWidth > 0;
        },
        {},
      );
      const loaded = await page.$eval('button[data-profile-menu] img', (img) => (img as HTMLImageElement).naturalWidth);
      expect(loaded).toBeGreaterThan(0);
    });

    it('the password change: mismatch refused, then changed', async () => {
      onTestFailed(() => void screenshot(page, `accounts-failure-${lang}`));
      await clickText(page, 'nav a', L.settings.menu.changePassword);
      await page.waitForFunction(() => location.pathname === '/settings/change-password');
      await shoot('settings-change-password');

      await page.type('input[name="oldPassword"]', password);
      await page.type('input[name="newPassword"]', newPassword);
      await page.type('input[name="confirmPassword"]', 'Other9!xx');
      await clickText(page, 'button[type="submit"]', L.settings.changePassword.submit);
      await page.waitForSelector('input[name="confirmPassword"][aria-invalid="true"]');
      expect(await describedByText(page, 'input[name="confirmPassword"]')).toBe(L.account.messages.changePasswordMismatch);
      await shoot('settings-change-password-errors');

      await fill(page, 'input[name="confirmPassword"]', newPassword);
      await clickText(page, 'button[type="submit"]', L.settings.changePassword.submit);
      await waitForText(page, L.account.messages.passwordChanged);
      expect(await page.$eval('input[name="oldPassword"]', (element) => (element as HTMLInputElement).value)).toBe('');

      await clickText(page, 'nav a', L.settings.menu.subscription);
      await waitForText(page, L.subscription.free.banner);
      await shoot('settings-subscription');
    });

    it('sign out returns to the front door, which leads to the login screen; the forgot-password panel sends a reset link', async () => {
      onTestFailed(() => void screenshot(page, `accounts-failure-${lang}`));
      await page.click('button[data-profile-menu]');
      await clickText(page, '[role="menuitem"]', L.profileMenu.signOut);
      await page.waitForFunction(() => location.pathname === '/');
      await waitForText(page, L.landing.hero.signup);
      await page.click('main a[href="/login"]');
      await waitForText(page, L.login.heading);
      expect(await page.evaluate(() => localStorage.getItem('pocketguide.session'))).toBeNull();

      // The old password no longer works; the new one would, but this person has forgotten it.
      await clickText(page, 'button', L.login.forgot.toggle);
      await page.waitForSelector('#login-forgot-panel input');
      await clickText(page, '#login-forgot-panel button[type="submit"]', L.login.forgot.submit);
      await waitForText(page, L.account.messages.forgotEmailRequired);
      await page.type('#login-forgot-panel input', email);
      await clickText(page, '#login-forgot-panel button[type="submit"]', L.login.forgot.submit);
      await waitForText(page, L.account.messages.resetRequested);
      await shoot('forgot-password');
    });

    it('the reset mail opens the reset page; the new password works, and the link is then spent', async () => {
      onTestFailed(() => void screenshot(page, `accounts-failure-${lang}`));
      const mail = await waitForMail(app!.url, email, (m) => m.text.includes('/reset-password/'));
      const resetPath = pathOf(linkIn(mail, '/reset-password/'));
      await page.goto(url(resetPath), { waitUntil: 'networkidle0' });
      await waitForText(page, L.resetPassword.heading);
      await shoot('reset-password');

      await page.type('input[name="password"]', resetTo);
      await page.type('input[name="confirmPassword"]', resetTo);
      await clickText(page, 'button[type="submit"]', L.resetPassword.submit);
      await waitForText(page, L.account.messages.passwordReset);
      await shoot('reset-password-done');

      await page.goto(url(resetPath), { waitUntil: 'networkidle0' });
      await waitForText(page, L.account.messages.linkInvalid);
      await shoot('reset-password-invalid');

      await page.goto(url('/login'), { waitUntil: 'networkidle0' });
      await page.type('input[name="email"]', email);
      await page.type('input[name="password"]', resetTo);
      await clickText(page, 'button[type="submit"]', L.login.submit);
      await page.waitForFunction(() => location.pathname === '/guidebooks/recent');
      // Back where the person works, in the language their account keeps.
      expect(await page.$eval('html', (html) => html.lang)).toBe(lang);
      // The back office is not theirs: /admin sends them back to their guidebooks.
      await page.goto(url('/admin/users'), { waitUntil: 'networkidle0' });
      await page.waitForFunction(() => location.pathname === '/guidebooks/recent');
      expect(problems).toEqual([]);
    });
  });
}

journey('ko');
journey('en');

describe('the administrator', () => {
  it('lands on the admin dashboard with the admin menu and the administrator label', async () => {
    const context = await browser!.createBrowserContext();
    const page = await context.newPage();
    onTestFailed(() => void screenshot(page, 'accounts-failure-admin'));
    try {
      await page.setViewport(DESKTOP);
      await page.goto(`${app!.url}/login`, { waitUntil: 'networkidle0' });
      await page.type('input[name="email"]', ADMIN_EMAIL);
      await page.type('input[name="password"]', ADMIN_PASSWORD);
      await clickText(page, 'button[type="submit"]', ko.login.submit);
      await page.waitForFunction(() => location.pathname === '/admin/dashboard');
      await waitForText(page, ko.admin.heading);
      await waitForText(page, ko.nav.admin.payments);
      await shootBoth(page, 'accounts-admin-dashboard-ko');
      await page.click('button[data-profile-menu]');
      await waitForText(page, ko.profileMenu.systemAdministrator);
      await screenshot(page, 'accounts-admin-profile-menu-ko-1280');
      await page.keyboard.press('Escape');

      await page.click('button[lang="en"]');
      await waitForText(page, en.admin.heading);
      await shootBoth(page, 'accounts-admin-dashboard-en');
    } finally {
      await context.close();
    }
  });
});

/** Screenshots at 1280 and 390 px, then back to the desktop size. */
async function shootBoth(page: Page, name: string): Promise<void> {
  await settle(page);
  await screenshot(page, `${name}-1280`);
  await page.setViewport(PHONE);
  await settle(page);
  await screenshot(page, `${name}-390`);
  // The narrowest phone the product supports: nothing may stick out sideways.
  await page.setViewport(NARROWEST);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 360 px`).toBeLessThanOrEqual(NARROWEST.width);
  await page.setViewport(DESKTOP);
}

/** Lets transitions (toasts, the progress bar) finish, so screenshots show what a person sees. */
async function settle(page: Page): Promise<void> {
  // A full-page shot of a scrolled page draws the sticky header where the viewport was: start from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready);
  await new Promise((done) => setTimeout(done, 450));
}

function pathOf(link: string): string {
  const parsed = new URL(link);
  return `${parsed.pathname}${parsed.search}`;
}

async function waitForText(page: Page, text: string): Promise<void> {
  await page.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout: WAIT_MS }, text);
}

async function waitForNoText(page: Page, text: string): Promise<void> {
  await page.waitForFunction((wanted) => !document.body.innerText.includes(wanted), { timeout: WAIT_MS }, text);
}

/** Clicks the first visible element matching `selector` whose text is `text`. */
async function clickText(page: Page, selector: string, text: string): Promise<void> {
  const handle = await page.waitForFunction(
    (sel, wanted) =>
      [...document.querySelectorAll<HTMLElement>(sel)].find(
        (element) => element.offsetParent !== null && element.textContent?.trim() === wanted,
      ) ?? false,
    { timeout: WAIT_MS },
    selector,
    text,
  );
  const element = handle.asElement() as ElementHandle<Element> | null;
  if (!element) throw new Error(`no ${selector} reading ${text}`);
  await element.click();
}

/** Replaces a field's value the way a person would: select all, then type. */
async function fill(page: Page, selector: string, value: string): Promise<void> {
  await page.click(selector, { count: 3 });
  await page.keyboard.press('Backspace');
  if (value !== '') await page.type(selector, value);
}

async function describedByText(page: Page, selector: string): Promise<string | undefined> {
  return page.$eval(selector, (element) => {
    const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
    const text = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
    return text || undefined;
  });
}
