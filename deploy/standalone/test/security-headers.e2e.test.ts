// The callbacks given to page.evaluate run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtWebDist, frontDoorLive, launchBrowser, openAt, WAIT_MS } from '../../../test-support/browser.ts';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { signInBrowser, waitForSaved } from './testing/editor-browser.ts';

/**
 * Security headers (issue: hardening): each surface answers with nosniff, a Referrer-Policy and a
 * Content-Security-Policy with frame-ancestors; HSTS only over https. In Chromium the front door, the editor and a
 * reader's page run under their policies without a single violation.
 */

let product: StartedWithAdmin;
let browser: Browser;
let author: SignedIn;
let guidebook: { _id: string; uuid: string };

beforeAll(async () => {
  product = await startWithAdmin('security-headers', { webDist: builtWebDist(), env: { TRUST_PROXY: 'loopback' } });
  author = await product.newUser('headers-author');
  const headers = { 'content-type': 'application/json', ...bearer(product.admin.token) };
  await fetch(`${product.baseUrl}/api/subscriptions/admin/subscribe`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ customerUid: author.user.id }),
  });
  const created = (await (
    await fetch(`${product.baseUrl}/api/guidebooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(author.token) },
      body: JSON.stringify({ source: 'sample' }),
    })
  ).json()) as { _id: string; uuid: string };
  guidebook = created;
  await fetch(`${product.baseUrl}/api/guidebooks/${created._id}/publish`, {
    method: 'PUT',
    headers: bearer(author.token),
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.app.close();
});

describe('headers on every surface', () => {
  it.each([
    ['the app', '/', /frame-ancestors 'self'/],
    ['the login page', '/login', /script-src 'self'/],
    ['an asset', '/favicon.svg', /frame-ancestors 'self'/],
    ['the API', '/api/health', /default-src 'none'; frame-ancestors 'none'/],
    ['a refusal', '/api/guidebooks', /default-src 'none'/],
    ['a reader’s page', '/m/{uuid}', /frame-ancestors 'self'/],
  ])('%s', async (_name, path, policy) => {
    const response = await fetch(`${product.baseUrl}${path.replace('{uuid}', guidebook.uuid)}`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('content-security-policy')).toMatch(policy);
    expect(response.headers.get('content-security-policy')).not.toMatch(/'unsafe-eval'/);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('HSTS when the request came over https (through a trusted proxy)', async () => {
    const response = await fetch(`${product.baseUrl}/login`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('the app refuses plain http images and scripts from other hosts', async () => {
    const policy = (await fetch(`${product.baseUrl}/`)).headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/img-src 'self' data: blob: https:(;|$)/);
    expect(policy).not.toMatch(/img-src[^;]*\shttp:/);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });
});

describe('the product runs under its policies', () => {
  async function watched(): Promise<{ page: Page; violations: string[] }> {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.evaluateOnNewDocument(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`Refused to load: ${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    return { page, violations };
  }

  /**
   * A page has done all it does by itself once its fonts (asked for after its first paint, the last thing it loads)
   * are in and it has marked so in localStorage: a violation anywhere before that has been reported.
   */
  async function fontsIn(page: Page, mark: string): Promise<void> {
    await page.waitForFunction((key) => localStorage.getItem(key) === '1', { timeout: WAIT_MS }, mark);
  }

  it('the front door, the login page, the editor and the reader’s page raise no violation', async () => {
    const { page, violations } = await watched();
    await openAt(page, `${product.baseUrl}/`, frontDoorLive('main a[href="/signup"]'));
    await fontsIn(page, 'pocketguide.fonts');
    await openAt(page, `${product.baseUrl}/login`, frontDoorLive('input[name="email"]'));
    await signInBrowser(page, product.baseUrl, author, 'kr');
    await openAt(page, `${product.baseUrl}/guidebooks/edit/${guidebook._id}`, '#guidebook-title');
    await waitForSaved(page);
    // (the front door's fonts are this browser's now: the app's first lines ask for them before its first paint)
    await page.evaluate(() => document.fonts.ready);
    await openAt(page, `${product.baseUrl}/m/${guidebook.uuid}`, '.pg-cover img');
    await fontsIn(page, 'pocketguide.viewer.fonts');
    expect(violations).toEqual([]);
    await page.close();
  });
});
