// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { launchBrowser, screenshot } from '../../../test-support/browser.ts';
import { startWithAdmin, type StartedWithAdmin } from './testing/accounts.ts';

/**
 * /api/docs in a real browser (Swagger UI takes a while to lay out a hundred operations on a busy machine: the wait is long): Swagger UI, served from here, draws the generated document under the page's own
 * Content-Security-Policy, asks no other host for anything and breaks no rule of the policy.
 */

let product: StartedWithAdmin;
let browser: Browser;

beforeAll(async () => {
  product = await startWithAdmin('api-docs');
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await product?.app.close();
});

describe('/api/docs', () => {
  it('draws every tag of the document with nothing fetched from elsewhere and no policy broken', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    const elsewhere: string[] = [];
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(product.baseUrl) && !request.url().startsWith('data:'))
        elsewhere.push(request.url());
    });
    page.on('requestfailed', (request) =>
      problems.push(`failed ${request.url()} ${request.failure()?.errorText ?? ''}`),
    );
    const answer = await page.goto(`${product.baseUrl}/api/docs`, { waitUntil: 'domcontentloaded' });
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.waitForSelector('.opblock-tag', { timeout: 100_000 }).catch((error: unknown) => {
      throw new Error(`${String(error)}: ${problems.join(' | ')}`);
    });
    const tags = await page.$$eval('.opblock-tag', (nodes) => nodes.map((node) => node.getAttribute('data-tag')));
    expect(tags).toEqual(
      expect.arrayContaining(['accounts', 'guidebooks', 'viewer', 'payments', 'back office', 'event explorer']),
    );
    expect(await page.$eval('.info .title', (node) => node.textContent)).toContain('PocketGuide API');
    await screenshot(page, 'api-docs-1280');
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  }, 150_000);
});
