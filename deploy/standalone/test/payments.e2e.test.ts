// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceOf } from '@pocketguide/contracts';
import { builtWebDist, launchBrowser, screenshot, settled, WAIT_MS } from '../../../test-support/browser.ts';
import en from '../../../web/src/locales/en.json' with { type: 'json' };
import ko from '../../../web/src/locales/ko.json' with { type: 'json' };
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { clickButton, signInBrowser, waitForText } from './testing/editor-browser.ts';

/**
 * Payments in a browser (spec 2 §2, §4): a person buys a plan with the DEBUG provider (no payment window), sees it
 * in the payment history, opens it, asks for the receipt, and unsubscribes; an administrator finds the payment in
 * /admin/payments and refunds part of it, then the rest. In Korean and English; every screen shot at 1280 and
 * 390 px (test-output/screenshots/payments-<screen>-<lang>-<width>.png).
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

type Texts = typeof ko;
type Lang = 'ko' | 'en';

let product: StartedWithAdmin;
let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  product = await startWithAdmin('payments-e2e', { webDist: builtWebDist() });
  browser = await launchBrowser();
  // the browser learns which payment window to open from the real route (the DEBUG provider here)
  const config = await fetch(`${product.baseUrl}/api/payments/config`);
  expect(config.status).toBe(200);
  expect(await config.json()).toMatchObject({ provider: 'debug' });
});

afterAll(async () => {
  await browser?.close();
  await product?.app.close();
});

async function openAs(session: SignedIn, lang: Lang): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(DESKTOP);
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  await signInBrowser(page, product.baseUrl, session, lang === 'ko' ? 'kr' : 'en');
  return page;
}

/** Full-page shots at 1280 and 390 px; nothing may stick out sideways on the phone. */
async function shootBoth(page: Page, name: string): Promise<void> {
  const settle = async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    // fonts.ready can stay pending in headless Chromium here; three seconds is plenty for bundled fonts
    await page.evaluate(() => Promise.race([document.fonts.ready, new Promise((done) => setTimeout(done, 3000))]));
    await settled(page);
  };
  await settle();
  await screenshot(page, `${name}-1280`);
  await page.setViewport(PHONE);
  await settle();
  await screenshot(page, `${name}-390`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 390 px`).toBeLessThanOrEqual(
    PHONE.width,
  );
  await page.setViewport(DESKTOP);
}

const stepShown = (page: Page, step: string) => page.waitForSelector(`[data-step="${step}"]`, { timeout: 15_000 });

async function serverUser(
  userId: string,
): Promise<{ subscription: boolean; subscriptionType: string; paymentMethod: string | null }> {
  const response = await fetch(`${product.baseUrl}/api/users/${userId}`, { headers: bearer(product.admin.token) });
  return (await response.json()) as { subscription: boolean; subscriptionType: string; paymentMethod: string | null };
}

async function serverOrders(
  userId: string,
): Promise<Array<{ merchantUid: string; amount: number; status: string; cancelAmount: number }>> {
  const response = await fetch(`${product.baseUrl}/api/payments/user/${userId}`, {
    headers: bearer(product.admin.token),
  });
  return (
    (await response.json()) as {
      orders: Array<{ merchantUid: string; amount: number; status: string; cancelAmount: number }>;
    }
  ).orders;
}

async function clickLink(page: Page, name: string): Promise<void> {
  await page.waitForFunction(
    (label) =>
      [...document.querySelectorAll('a')].some(
        (link) => (link.getAttribute('aria-label') ?? link.textContent?.trim()) === label,
      ),
    { timeout: WAIT_MS },
    name,
  );
  await page.evaluate((label) => {
    [...document.querySelectorAll('a')]
      .find((link) => (link.getAttribute('aria-label') ?? link.textContent?.trim()) === label)
      ?.click();
  }, name);
}

function journey(lang: Lang) {
  const L: Texts = lang === 'ko' ? ko : (en as Texts);
  const won = (amount: number) =>
    lang === 'en' ? `₩${amount.toLocaleString('en-US')}` : `${amount.toLocaleString('ko-KR')}원`;
  let person: SignedIn;
  let merchantUid = '';

  describe(`payments in ${lang === 'ko' ? 'Korean' : 'English'}`, () => {
    beforeAll(async () => {
      person = await product.newUser(`payments-e2e-${lang}`, {
        name: lang === 'ko' ? '김결제' : 'Jamie Pay',
        companyName: lang === 'ko' ? '제주여행사' : 'Jeju Trails',
      });
    });

    it('buys the standard plan (DEBUG), sees it in the history, opens it and asks for the receipt, then unsubscribes', async () => {
      const page = await openAs(person, lang);
      await page.goto(`${product.baseUrl}/settings/subscription`, { waitUntil: 'domcontentloaded' });
      await stepShown(page, 'free');
      await waitForText(page, L.subscription.free.banner);
      await shootBoth(page, `payments-free-${lang}`);

      await clickButton(page, L.subscription.actions.subscribe);
      await stepShown(page, 'purchase');
      const price = priceOf('standard', new Date());
      await waitForText(page, L.payments.serverMessages.yearly);
      await shootBoth(page, `payments-purchase-${lang}`);

      await clickButton(page, L.subscription.purchase.pay.replace('{{amount}}', won(price)));
      await stepShown(page, 'paid');
      await waitForText(page, L.subscription.paid.banner.replace('{{plan}}', L.plans.standard));
      expect(await serverUser(person.user.id)).toMatchObject({ subscription: true, subscriptionType: 'standard' });
      await shootBoth(page, `payments-paid-${lang}`);

      await clickButton(page, L.subscription.actions.history);
      await stepShown(page, 'paymentHistory');
      await page.waitForSelector('[data-step="paymentHistory"] tbody tr', { timeout: 15_000 });
      await waitForText(page, won(price));
      await shootBoth(page, `payments-history-${lang}`);

      const orders = await serverOrders(person.user.id);
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ amount: price, status: 'paid' });
      merchantUid = orders[0]!.merchantUid;

      await clickLink(page, L.payments.list.open.replace('{{number}}', '1'));
      await page.waitForFunction(
        (uid) => location.pathname.endsWith(`/payments/${uid}`),
        { timeout: WAIT_MS },
        merchantUid,
      );
      await waitForText(page, L.payments.detail.heading);
      await waitForText(page, lang === 'ko' ? '김결제' : 'Jamie Pay');
      // a person sees no administrator actions
      expect(
        await page.evaluate(
          (label) => [...document.querySelectorAll('button')].some((button) => button.textContent?.trim() === label),
          L.payments.detail.refund,
        ),
      ).toBe(false);
      await shootBoth(page, `payments-detail-${lang}`);

      // the receipt opens in the spec's popup: our own printable page, supply value and VAT as Korean receipts show them
      const popup = page
        .browserContext()
        .waitForTarget((target) => target.url().endsWith(`/payments/${merchantUid}/receipt`), { timeout: WAIT_MS });
      await clickButton(page, L.payments.detail.receipt);
      const receipt = await (await popup).page();
      if (!receipt) throw new Error('the receipt popup has no page');
      await waitForText(receipt, L.payments.receipt.supply);
      await waitForText(receipt, L.payments.receipt.vat);
      await receipt.close();

      await clickLink(page, L.payments.detail.back);
      await stepShown(page, 'paymentHistory');
      await page.goto(`${product.baseUrl}/settings/subscription`, { waitUntil: 'domcontentloaded' });
      await stepShown(page, 'paid');
      await clickButton(page, L.subscription.actions.unsubscribe);
      await stepShown(page, 'unsubscribe');
      await waitForText(page, L.subscription.unsubscribe.noteData);
      await shootBoth(page, `payments-unsubscribe-${lang}`);
      await clickButton(page, L.subscription.actions.unsubscribe, '[data-step="unsubscribe"]');
      await stepShown(page, 'paid');
      await page.waitForFunction(
        (label) => ![...document.querySelectorAll('button')].some((button) => button.textContent?.trim() === label),
        { timeout: WAIT_MS },
        L.subscription.actions.unsubscribe,
      );
      expect(await serverUser(person.user.id)).toMatchObject({ subscription: false, subscriptionType: 'standard' });
      await shootBoth(page, `payments-unsubscribed-${lang}`);
      await page.browserContext().close();
    });

    it('an administrator finds the payment in /admin/payments and refunds part of it, then the rest', async () => {
      expect(merchantUid).not.toBe('');
      const page = await openAs(product.admin, lang);
      await page.goto(`${product.baseUrl}/admin/payments`, { waitUntil: 'domcontentloaded' });
      await waitForText(page, L.payments.admin.heading);
      await page.waitForSelector(`tr[data-merchant-uid="${merchantUid}"]`, { timeout: 15_000 });
      await shootBoth(page, `payments-admin-list-${lang}`);

      await page.evaluate(
        (uid) =>
          document.querySelector<HTMLAnchorElement>(`tr[data-merchant-uid="${uid}"] a[href*="/payments/"]`)?.click(),
        merchantUid,
      );
      await waitForText(page, L.payments.detail.userPayments);
      const price = priceOf('standard', new Date());

      await clickButton(page, L.payments.detail.refund);
      await page.waitForSelector('[role="dialog"]');
      await page.click('[role="dialog"] input[value="partial"]');
      await page.type('[role="dialog"] input[name="refundAmount"]', '10000');
      await shootBoth(page, `payments-refund-dialog-${lang}`);
      await clickButton(page, L.payments.refund.confirm, '[role="dialog"]');
      await page.waitForFunction(() => !document.querySelector('[role="dialog"]'), { timeout: 15_000 });
      await waitForText(page, L.payments.status['partially-refunded']);
      expect((await serverOrders(person.user.id))[0]).toMatchObject({
        status: 'partially-refunded',
        cancelAmount: 10_000,
      });
      await shootBoth(page, `payments-refunded-partly-${lang}`);

      await clickButton(page, L.payments.detail.refund);
      await page.waitForSelector('[role="dialog"]');
      await waitForText(page, L.payments.refund.full.replace('{{amount}}', won(price - 10_000)));
      await clickButton(page, L.payments.refund.confirm, '[role="dialog"]');
      await page.waitForFunction(() => !document.querySelector('[role="dialog"]'), { timeout: 15_000 });
      await waitForText(page, L.payments.status.refunded);
      expect(
        await page.evaluate(
          (label) => [...document.querySelectorAll('button')].some((button) => button.textContent?.trim() === label),
          L.payments.detail.refund,
        ),
      ).toBe(false);
      expect((await serverOrders(person.user.id))[0]).toMatchObject({ status: 'refunded', cancelAmount: price });
      await shootBoth(page, `payments-refunded-${lang}`);
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
