// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceOf } from '@pocketguide/contracts';
import { builtWebDist, launchBrowser, screenshot, WAIT_MS } from '../../../test-support/browser.ts';
import en from '../../../web/src/locales/en.json' with { type: 'json' };
import ko from '../../../web/src/locales/ko.json' with { type: 'json' };
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { clickButton, signInBrowser, waitForText } from './testing/editor-browser.ts';

/**
 * After a purchase the person is back where they were (issue 23): a mini subscriber with three guidebooks published
 * tries to publish a fourth; the editor refuses on the plan's limit and offers Standard; they pay for it (the DEBUG
 * provider: no window) and land in the same editor with a success message, where the publish now goes through. A
 * return address that is not a path of this site is ignored. In Korean and English.
 */

type Texts = typeof ko;
type Lang = 'ko' | 'en';

let product: StartedWithAdmin;
let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  product = await startWithAdmin('purchase-return-e2e', { webDist: builtWebDist() });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.app.close();
});

const json = (who: SignedIn) => ({ 'content-type': 'application/json', ...bearer(who.token) });

async function api<T>(who: SignedIn, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${product.baseUrl}/api${path}`, { method, headers: json(who), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A mini subscriber (bought through the DEBUG provider) with three of four guidebooks published: at the limit. */
async function miniAtItsLimit(lang: Lang): Promise<{ person: SignedIn; fourth: string }> {
  const person = await product.newUser(`purchase-return-${lang}`);
  const merchantUid = `pg_purchase_${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
  const price = priceOf('mini', new Date());
  await api(person, 'POST', '/subscriptions/subscribe', { customer_uid: `pg_card_${person.user.id}_1`, merchant_uid: merchantUid, imp_uid: `imp_debug_${merchantUid}_${price}`, plan: 'mini', billingCycle: 'month', DEBUG: true });
  const ids: string[] = [];
  for (let i = 1; i <= 4; i++) ids.push((await api<{ _id: string }>(person, 'POST', '/guidebooks', { title: `Guide ${i}` }))._id);
  for (const id of ids.slice(0, 3)) await api(person, 'PUT', `/guidebooks/${id}/publish`);
  return { person, fourth: ids[3]! };
}

/** Waits until the read side shows the guidebook published (the browser's publish answered already). */
async function becomesPublished(person: SignedIn, guidebookId: string): Promise<boolean> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const response = await fetch(`${product.baseUrl}/api/guidebooks/${guidebookId}`, { headers: bearer(person.token) });
    if (((await response.json()) as { published?: boolean }).published === true) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function openAs(session: SignedIn, lang: Lang): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  await signInBrowser(page, product.baseUrl, session, lang === 'ko' ? 'kr' : 'en');
  return page;
}

function journey(lang: Lang) {
  const L: Texts = lang === 'ko' ? ko : (en as Texts);
  const won = (amount: number) => (lang === 'en' ? `₩${amount.toLocaleString('en-US')}` : `${amount.toLocaleString('ko-KR')}원`);

  describe(`back to the publish after paying, in ${lang === 'ko' ? 'Korean' : 'English'}`, () => {
    it('refused on the plan limit, offered Standard, paid, back in the same editor with a success message, then published', async () => {
      const { person, fourth } = await miniAtItsLimit(lang);
      const page = await openAs(person, lang);
      const editorPath = `/guidebooks/edit/${fourth}`;
      await page.goto(`${product.baseUrl}${editorPath}`, { waitUntil: 'domcontentloaded' });
      // the guidebook is loaded in the editor (its title shown) before its publish is asked for
      await page.waitForFunction(() => document.querySelector<HTMLInputElement>('#guidebook-title')?.value === 'Guide 4', { timeout: WAIT_MS });
      await clickButton(page, L.editor.menu.publish);
      // the refusal names the plan that publishes more, and offers it
      await page.waitForSelector('[data-offered-plan="standard"]', { timeout: WAIT_MS });
      await screenshot(page, `purchase-return-limit-${lang}`);
      await clickButton(page, L.editor.confirm.changePlan.replace('{{plan}}', L.plans.standard));

      // the purchase step, Standard chosen, carrying the way back
      await page.waitForSelector('[data-step="purchase"]', { timeout: WAIT_MS });
      const url = new URL(page.url());
      expect(url.pathname).toBe('/settings/subscription');
      expect(url.searchParams.get('plan')).toBe('standard');
      expect(url.searchParams.get('return')).toBe(editorPath);
      expect(await page.$eval('input[name="plan"][value="standard"]', (input) => (input as HTMLInputElement).checked)).toBe(true);
      // a running plan is upgraded: only the larger plans are offered
      expect(await page.$$eval('input[name="plan"]', (inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(['standard', 'pro', 'business']);
      await waitForText(page, L.subscription.purchase.upgradeHeading);
      await screenshot(page, `purchase-return-purchase-${lang}`);

      await clickButton(page, L.subscription.purchase.pay.replace('{{amount}}', won(priceOf('standard', new Date()))));
      // back in the editor the publish was refused in, told that it worked
      await page.waitForFunction((path) => location.pathname === path, { timeout: WAIT_MS }, editorPath);
      await waitForText(page, L.subscription.purchase.doneReturn.replace('{{plan}}', L.plans.standard));
      await screenshot(page, `purchase-return-back-${lang}`);

      await clickButton(page, L.editor.menu.publish);
      await waitForText(page, L.editor.toast.published);
      expect(await becomesPublished(person, fourth)).toBe(true);
      const me = await api<{ subscription: boolean; subscriptionType: string }>(person, 'GET', `/users/${person.user.id}`);
      expect(me).toMatchObject({ subscription: true, subscriptionType: 'standard' });
      await page.browserContext().close();

      // the administrator's page of this member's payments: both purchases, each with its receipt, at 1280 and 390 px
      const admin = await openAs(product.admin, lang);
      await admin.goto(`${product.baseUrl}/admin/users/${person.user.id}/payments`, { waitUntil: 'domcontentloaded' });
      await admin.waitForFunction(() => document.querySelectorAll('a[data-receipt-of]').length === 2, { timeout: WAIT_MS });
      await waitForText(admin, L.payments.userList.backToUser);
      for (const [width, height] of [[1280, 900], [390, 844]] as const) {
        await admin.setViewport({ width, height });
        await screenshot(admin, `admin-user-payments-${lang}-${width}`);
        expect(await admin.evaluate(() => document.documentElement.scrollWidth), `at ${width} px`).toBeLessThanOrEqual(width);
      }
      // a member without payments: the empty state
      const newcomer = await product.newUser(`purchase-return-none-${lang}`);
      await admin.goto(`${product.baseUrl}/admin/users/${newcomer.user.id}/payments`, { waitUntil: 'domcontentloaded' });
      await waitForText(admin, L.payments.list.empty);
      await screenshot(admin, `admin-user-payments-empty-${lang}-390`);
      await admin.browserContext().close();
    });

    it('a return address that is not a path of this site is ignored: closing stays on the subscription screen', async () => {
      const person = await product.newUser(`purchase-return-forged-${lang}`);
      const page = await openAs(person, lang);
      await page.goto(`${product.baseUrl}/settings/subscription?step=purchase&plan=pro&return=${encodeURIComponent('//evil.example/guidebooks')}`, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('[data-step="purchase"]', { timeout: WAIT_MS });
      expect(await page.$eval('input[name="plan"][value="pro"]', (input) => (input as HTMLInputElement).checked)).toBe(true);
      // no way back is offered, and Close leaves the person on this site's subscription screen
      await clickButton(page, L.common.close, '[data-step="purchase"]');
      await page.waitForSelector('[data-step="free"]', { timeout: WAIT_MS });
      expect(new URL(page.url()).host).toBe(new URL(product.baseUrl).host);
      await page.browserContext().close();
    });
  });
}

journey('ko');
journey('en');

describe('no page errors', () => {
  it('the pages threw nothing', () => {
    expect(pageErrors).toEqual([]);
  });
});
