// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * KakaoTalk sharing (issue 24), on two real servers: one without a Kakao key, where no Kakao button is drawn
 * (reader's share sheet, editor's share dialog) and the reader's page neither names nor allows Kakao's SDK; one with
 * `KAKAO_JS_APP_KEY`, where the reader's share sheet and the editor's share dialog show "KakaoTalk으로 공유" and
 * the press loads Kakao's SDK from Kakao's CDN, then shares the address with `?src=kakao`. The machine has no way
 * out to Kakao's CDN, so the browser is answered, for that one address, by a stand-in SDK that records what it was
 * asked to share (the only stand-in here: the servers, the pages, the beacons and the insights are the real ones).
 * A reader who opens the shared address is then counted under KakaoTalk in the author's insights.
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { readingStream, type RecordedRead } from '@pocketguide/contracts';
import type { RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import {
  WAIT_MS,
  builtWebDist,
  framesDrawn,
  frontDoorLive,
  launchBrowser,
  openAt,
  screenshot,
} from '../../../test-support/browser.ts';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { clickButton, signInBrowser } from './testing/editor-browser.ts';

const PHONE = { width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
const DESKTOP = { width: 1280, height: 900 };
const PHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const KAKAO_KEY = '0123456789abcdef0123456789abcdef';
const KAKAO_CDN = 'https://t1.kakaocdn.net/';
/** What Kakao's SDK offers that the buttons use, recording each share in `window.kakaoShared`. */
const STAND_IN_SDK = `window.kakaoShared = [];
window.Kakao = { key: null, init(key) { this.key = key; }, isInitialized() { return this.key !== null; },
  Share: { sendScrap(options) { window.kakaoShared.push({ key: window.Kakao.key, url: options.requestUrl }); } } };`;

type Product = { product: StartedWithAdmin; author: SignedIn; guidebook: { id: string; uuid: string } };

let browser: Browser;
let plain: Product;
let kakao: Product;
const pageErrors: string[] = [];

async function api(
  product: StartedWithAdmin,
  path: string,
  who: SignedIn,
  method = 'GET',
  body?: unknown,
): Promise<Response> {
  return fetch(`${product.baseUrl}/api${path}`, {
    method,
    headers: { ...bearer(who.token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A server, an author with a plan, and a guidebook: published (`publish`) or left for the editor to publish. */
async function start(name: string, env: Record<string, string>, publish: boolean): Promise<Product> {
  const product = await startWithAdmin(name, {
    webDist: builtWebDist(),
    env: { READING_FLUSH_INTERVAL_MS: '200', ...env },
  });
  const author = await product.newUser(`${name}-author`);
  expect(
    (await api(product, '/subscriptions/admin/subscribe', product.admin, 'POST', { customerUid: author.user.id }))
      .status,
  ).toBe(200);
  const created = (await (await api(product, '/guidebooks', author, 'POST', { source: 'sample' })).json()) as {
    _id: string;
    uuid: string;
  };
  if (publish) {
    const published = await api(product, `/guidebooks/${created._id}/publish`, author, 'PUT');
    const { position } = (await published.json()) as { position: number };
    await api(product, `/viewer/preview/${created._id}?after=${position}`, author);
  }
  return { product, author, guidebook: { id: created._id, uuid: created.uuid } };
}

beforeAll(async () => {
  [plain, kakao] = await Promise.all([
    start('kakao-none-e2e', {}, false),
    start('kakao-key-e2e', { KAKAO_JS_APP_KEY: KAKAO_KEY }, false),
  ]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await plain?.product.app.close();
  await kakao?.product.app.close();
});

/** A page whose requests to Kakao's CDN get the stand-in SDK (and are counted); every other request goes out as is. */
type Tab = {
  page: Page;
  cdnRequests: string[];
  configAnswers: number[];
  hide(): Promise<void>;
  close(): Promise<void>;
};

async function pageWithKakaoCdn(viewport: typeof PHONE | typeof DESKTOP): Promise<Tab> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  if (viewport === PHONE) await page.setUserAgent(PHONE_AGENT);
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${String(error)}`));
  const cdnRequests: string[] = [];
  const configAnswers: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/kakao/config') configAnswers.push(response.status());
  });
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.url().startsWith(KAKAO_CDN)) {
      cdnRequests.push(request.url());
      void request.respond({
        status: 200,
        contentType: 'text/javascript',
        headers: { 'access-control-allow-origin': '*' },
        body: STAND_IN_SDK,
      });
    } else void request.continue();
  });
  // another tab in front: this page is hidden, as when a reader switches apps (the viewer sends its reads then)
  const hide = async () => {
    await (await context.newPage()).bringToFront();
    await page.waitForFunction(() => document.visibilityState === 'hidden');
  };
  return { page, cdnRequests, configAnswers, hide, close: () => context.close() };
}

async function openShareSheet(page: Page): Promise<void> {
  await page.waitForSelector('[data-action="share"]', { visible: true });
  await page.click('[data-action="share"]');
  await page.waitForSelector('.pg-sheet [data-action="copy"]', { visible: true });
}

async function reads(product: Product): Promise<RecordedRead[]> {
  const found: RecordedEvent[] = [];
  for await (const event of product.product.app.eventStore.readStream(readingStream(product.guidebook.id)))
    found.push(event);
  return found.flatMap((event) => (event.data as { reads: RecordedRead[] }).reads);
}

async function publishInEditor(
  product: Product,
  language: 'kr' | 'en',
  viewport: typeof PHONE | typeof DESKTOP,
): Promise<Tab> {
  const tab = await pageWithKakaoCdn(viewport);
  await signInBrowser(tab.page, product.product.baseUrl, product.author, language);
  await tab.page.goto(`${product.product.baseUrl}/guidebooks/edit/${product.guidebook.id}`, { waitUntil: 'load' });
  await clickButton(tab.page, language === 'en' ? 'Publish' : '게시');
  await tab.page.waitForSelector('#published-url', { visible: true });
  return tab;
}

describe('KakaoTalk share', () => {
  it('without a Kakao key: no Kakao button in the editor’s share dialog or the reader’s share sheet, and no Kakao in the page (en, 1280 and 390)', async () => {
    expect(await (await fetch(`${plain.product.baseUrl}/api/kakao/config`)).json()).toEqual({
      jsAppKey: null,
      signIn: null,
    });
    // and no Kakao sign-in either: a code has nothing to be exchanged with
    const codeLogin = await fetch(`${plain.product.baseUrl}/api/auth/kakao/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'c', redirectUri: `${plain.product.baseUrl}/login/kakao` }),
    });
    expect(codeLogin.status).toBe(404);
    const login = await pageWithKakaoCdn(DESKTOP);
    // the page asks the server whether Kakao is configured once its script has it: the answer (none here) is
    // in, and drawn (two frames), before the absence of a Kakao button means anything
    const kakaoAsked = login.page.waitForResponse((response) => response.url().endsWith('/api/kakao/config'), {
      timeout: WAIT_MS,
    });
    await openAt(login.page, `${plain.product.baseUrl}/login`, frontDoorLive('form button[type="submit"]'));
    await kakaoAsked;
    await framesDrawn(login.page);
    expect(await login.page.evaluate(() => document.body.innerText)).not.toMatch(/Kakao|카카오/);
    await login.close();
    const editor = await publishInEditor(plain, 'en', DESKTOP);
    onTestFailed(async () => void (await screenshot(editor.page, 'kakao-none-editor-failure')));
    // the dialog is drawn whole (its link is there) and has no Kakao button, now or once the key was asked
    await editor.page.waitForFunction(() =>
      (document.querySelector<HTMLInputElement>('#published-url')?.value ?? '').includes('/m/'),
    );
    await editor.page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/api/kakao/config')),
    );
    expect(editor.configAnswers).toEqual([200]);
    await framesDrawn(editor.page);
    expect(await editor.page.$('[data-testid="kakao-share"]')).toBeNull();
    expect(await editor.page.$('#published-url')).not.toBeNull();
    await editor.close();

    const reader = await pageWithKakaoCdn(PHONE);
    const answer = await reader.page.goto(`${plain.product.baseUrl}/m/${plain.guidebook.uuid}?lang=en`, {
      waitUntil: 'load',
    });
    expect(answer?.headers()['content-security-policy']).not.toContain('kakao');
    expect(await reader.page.$('meta[name="pg-kakao-key"]')).toBeNull();
    await openShareSheet(reader.page);
    expect(await reader.page.$('[data-action="kakao"]')).toBeNull();
    expect(reader.cdnRequests).toEqual([]);
    await reader.close();
    expect(pageErrors).toEqual([]);
  });

  it('with a key: the editor’s share dialog shares on KakaoTalk with ?src=kakao, Kakao’s SDK fetched only on the press (ko, 1280 and 390)', async () => {
    expect(await (await fetch(`${kakao.product.baseUrl}/api/kakao/config`)).json()).toEqual({
      jsAppKey: KAKAO_KEY,
      signIn: null,
    });
    const editor = await publishInEditor(kakao, 'kr', DESKTOP);
    onTestFailed(async () => void (await screenshot(editor.page, 'kakao-editor-failure')));
    const button = await editor.page.waitForSelector('[data-testid="kakao-share"]', { visible: true });
    expect(await button!.evaluate((element) => element.textContent)).toBe('카카오톡으로 공유');
    expect(editor.cdnRequests, 'the SDK waits for the press').toEqual([]);
    await screenshot(editor.page, 'kakao-editor-dialog-ko-1280');
    await button!.click();
    const shared = await editor.page.waitForFunction(
      () => (window as unknown as { kakaoShared?: unknown[] }).kakaoShared?.[0],
    );
    const share = (await shared.jsonValue()) as { key: string; url: string };
    expect(share.key).toBe(KAKAO_KEY);
    expect(share.url).toBe(`${kakao.product.baseUrl}/m/${kakao.guidebook.uuid}?src=kakao`);
    expect(editor.cdnRequests).toHaveLength(1);
    await editor.close();

    // the same dialog on a phone: the button is inside the screen
    const phone = await pageWithKakaoCdn(PHONE);
    await signInBrowser(phone.page, kakao.product.baseUrl, kakao.author, 'kr');
    await phone.page.goto(`${kakao.product.baseUrl}/guidebooks/edit/${kakao.guidebook.id}`, { waitUntil: 'load' });
    // published already: unpublish and publish again brings the dialog up
    await clickButton(phone.page, '게시 취소');
    await clickButton(phone.page, '게시 취소', '[role="dialog"]');
    await clickButton(phone.page, '게시');
    const onPhone = await phone.page.waitForSelector('[data-testid="kakao-share"]', { visible: true });
    const box = await onPhone!.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone.page, 'kakao-editor-dialog-ko-390');
    await phone.close();
    expect(pageErrors).toEqual([]);
  });

  it('with a key: the reader shares on KakaoTalk, and the next reader who opens it is counted under KakaoTalk (ko 390, en 1280)', async () => {
    const reader = await pageWithKakaoCdn(PHONE);
    onTestFailed(async () => void (await screenshot(reader.page, 'kakao-reader-failure')));
    const answer = await reader.page.goto(`${kakao.product.baseUrl}/m/${kakao.guidebook.uuid}?src=qr`, {
      waitUntil: 'load',
    });
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self' https://t1.kakaocdn.net");
    expect(await reader.page.$eval('meta[name="pg-kakao-key"]', (meta) => meta.getAttribute('content'))).toBe(
      KAKAO_KEY,
    );
    await openShareSheet(reader.page);
    const button = await reader.page.waitForSelector('.pg-sheet [data-action="kakao"]', { visible: true });
    expect(await button!.evaluate((element) => element.textContent)).toBe('카카오톡으로 공유');
    expect(reader.cdnRequests, 'the SDK waits for the press').toEqual([]);
    await screenshot(reader.page, 'kakao-reader-sheet-ko-390');
    await button!.tap();
    const shared = await reader.page.waitForFunction(
      () => (window as unknown as { kakaoShared?: unknown[] }).kakaoShared?.[0],
    );
    const { url } = (await shared.jsonValue()) as { url: string };
    expect(url).toBe(`${kakao.product.baseUrl}/m/${kakao.guidebook.uuid}?src=kakao`);
    // the copied link is still counted as a link
    expect(await reader.page.$eval('.pg-share-url', (input) => (input as HTMLInputElement).value)).toMatch(
      /\?src=link$/,
    );
    await reader.hide();

    // a friend opens what was shared, on a desktop in English
    const friend = await pageWithKakaoCdn(DESKTOP);
    await friend.page.setUserAgent(
      PHONE_AGENT.replace('iPhone; CPU iPhone OS 17_0 like Mac OS X', 'Macintosh; Intel Mac OS X 14_0'),
    );
    await friend.page.goto(`${url}&lang=en`, { waitUntil: 'load' });
    await openShareSheet(friend.page);
    expect(await friend.page.$eval('.pg-sheet [data-action="kakao"]', (element) => element.textContent)).toBe(
      'Share on KakaoTalk',
    );
    await screenshot(friend.page, 'kakao-reader-sheet-en-1280');
    await friend.hide();

    const deadline = Date.now() + 20_000;
    let opens: RecordedRead[] = [];
    while (Date.now() < deadline) {
      opens = (await reads(kakao)).filter((read) => read.kind === 'open' && read.first);
      if (opens.length >= 2) break;
      await new Promise((done) => setTimeout(done, 100));
    }
    await friend.close();
    expect(opens.map((read) => (read.kind === 'open' ? read.source : null)).sort()).toEqual(['kakao', 'qr']);
    // and the author's insights count it under KakaoTalk
    let sources: Record<string, number> = {};
    while (Date.now() < deadline + 10_000) {
      const insights = await api(kakao.product, `/guidebooks/${kakao.guidebook.id}/insights`, kakao.author);
      expect(insights.status).toBe(200);
      sources = ((await insights.json()) as { sources: Record<string, number> }).sources;
      if (sources.kakao === 1) break;
      await new Promise((done) => setTimeout(done, 100));
    }
    expect(sources).toMatchObject({ kakao: 1, qr: 1 });
    await reader.close();
    expect(pageErrors).toEqual([]);
  });
});
