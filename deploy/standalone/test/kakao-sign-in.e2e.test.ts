// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * Kakao sign-in from the login page (issue 24), in a real Chromium against a real server: the button sends the
 * browser to Kakao's login page with a random `state`; Kakao sends it back to /login/kakao with a code; the page
 * checks the state and the server exchanges the code with the REST API key and client secret only it holds. Kakao
 * is out of reach from this machine, so its three addresses (the authorization page, the token exchange, the user
 * API) are answered by a local server that behaves as Kakao documents them; the product, the pages and the browser
 * are the real ones.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  WAIT_MS,
  builtWebDist,
  frontDoorLive,
  launchBrowser,
  openAt,
  screenshot,
} from '../../../test-support/browser.ts';
import { startWithAdmin, type StartedWithAdmin } from './testing/accounts.ts';

/** where the web app keeps the signed-in person (web/src/lib/session.ts) */
const SESSION_KEY = 'pocketguide.session';
const REST_API_KEY = 'kakaorestkey0123456789abcdef';
const CLIENT_SECRET = 'kakao-client-secret-e2e';
const PHONE = { width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
const DESKTOP = { width: 1280, height: 900 };

/** The person at Kakao's login page: who they are, and whether they agree or cancel. */
let kakaoPerson: { id: number; email: string; nickname: string; cancels: boolean };
const codes = new Map<string, { token: string; redirectUri: string }>();
const profiles = new Map<
  string,
  { id: number; kakao_account: { email: string; is_email_verified: true; profile: { nickname: string } } }
>();
const authorizations: URLSearchParams[] = [];
let kakao: Server;
let product: StartedWithAdmin;
let browser: Browser;

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body));
}

beforeAll(async () => {
  kakao = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://kakao.test');
    if (req.method === 'GET' && url.pathname === '/oauth/authorize') {
      // Kakao's login page: the person signs in and agrees (or cancels), and Kakao sends them back
      authorizations.push(url.searchParams);
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (kakaoPerson.cancels) back.searchParams.set('error', 'access_denied');
      else {
        const code = `code-${randomUUID()}`;
        const token = `token-${randomUUID()}`;
        codes.set(code, { token, redirectUri: url.searchParams.get('redirect_uri') ?? '' });
        profiles.set(token, {
          id: kakaoPerson.id,
          kakao_account: {
            email: kakaoPerson.email,
            is_email_verified: true,
            profile: { nickname: kakaoPerson.nickname },
          },
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        if (form.get('client_id') !== REST_API_KEY || form.get('client_secret') !== CLIENT_SECRET)
          return json(res, 401, { error: 'invalid_client' });
        const issued = codes.get(form.get('code') ?? '');
        if (!issued || issued.redirectUri !== form.get('redirect_uri'))
          return json(res, 400, { error: 'invalid_grant', error_code: 'KOE320' });
        codes.delete(form.get('code') ?? '');
        json(res, 200, { token_type: 'bearer', access_token: issued.token, expires_in: 21599 });
      });
      return;
    }
    const profile =
      url.pathname === '/v2/user/me'
        ? profiles.get(req.headers.authorization?.replace(/^Bearer /, '') ?? '')
        : undefined;
    if (!profile) return json(res, 401, { msg: 'this access token does not exist', code: -401 });
    json(res, 200, profile);
  });
  kakao.listen(0, '127.0.0.1');
  await once(kakao, 'listening');
  const kakaoBase = `http://127.0.0.1:${(kakao.address() as AddressInfo).port}`;
  product = await startWithAdmin('kakao-sign-in-e2e', {
    webDist: builtWebDist(),
    env: {
      KAKAO_AUTH_BASE: kakaoBase,
      KAKAO_API_BASE: kakaoBase,
      KAKAO_REST_API_KEY: REST_API_KEY,
      KAKAO_CLIENT_SECRET: CLIENT_SECRET,
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.app.close();
  await new Promise<void>((done) => kakao?.close(() => done()));
});

async function openLogin(
  viewport: typeof PHONE | typeof DESKTOP,
  language: 'ko' | 'en',
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.setViewport(viewport);
  await page.evaluateOnNewDocument((lang) => localStorage.setItem('pocketguide.language', lang), language);
  await openAt(page, `${product.baseUrl}/login`, frontDoorLive('input[name="email"]'));
  return { page, errors };
}

const storedSession = (page: Page) => page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
const bodyText = (page: Page) => page.evaluate(() => document.body.innerText);

describe('Kakao sign-in from the login page', () => {
  it('a first-time reader taps "카카오 로그인" on a phone, agrees at Kakao, and lands signed in with a new account (ko, 390 px)', async () => {
    kakaoPerson = {
      id: 9_100_001,
      email: `kakao-e2e-${randomUUID().slice(0, 8)}@kakao.com`,
      nickname: '이하은',
      cancels: false,
    };
    const { page, errors } = await openLogin(PHONE, 'ko');
    onTestFailed(async () => void (await screenshot(page, 'kakao-sign-in-failure-ko-390')));
    const button = page.locator('button ::-p-text(카카오 로그인)').setTimeout(WAIT_MS);
    await button.wait();
    await screenshot(page, 'kakao-sign-in-login-ko-390');
    const [handle] = await Promise.all([page.waitForNavigation({ timeout: WAIT_MS }), button.click()]);
    expect(handle).not.toBeNull();
    // Kakao was asked with the REST API key, this site's return address and a random state
    const asked = authorizations.at(-1)!;
    expect(asked.get('client_id')).toBe(REST_API_KEY);
    expect(asked.get('response_type')).toBe('code');
    expect(asked.get('redirect_uri')).toBe(`${product.baseUrl}/login/kakao`);
    expect(asked.get('state')).toMatch(/^[0-9a-f]{32}$/);
    // back from Kakao, the page signs in and the anonymous-only guard sends the person home
    await page.waitForFunction(() => !location.pathname.startsWith('/login'), { timeout: WAIT_MS });
    const session = JSON.parse((await storedSession(page)) ?? 'null') as { email: string; name: string } | null;
    expect(session).toMatchObject({ email: kakaoPerson.email, name: '이하은' });
    await screenshot(page, 'kakao-sign-in-home-ko-390');
    expect(errors).toEqual([]);
    await page.browserContext().close();
  });

  it('cancelling at Kakao comes back with a clear message and a way back, and signs nobody in (en, 1280 px)', async () => {
    kakaoPerson = {
      id: 9_100_002,
      email: `kakao-cancel-${randomUUID().slice(0, 8)}@kakao.com`,
      nickname: 'Mina',
      cancels: true,
    };
    const { page } = await openLogin(DESKTOP, 'en');
    onTestFailed(async () => void (await screenshot(page, 'kakao-sign-in-failure-en-1280')));
    await Promise.all([
      page.waitForNavigation({ timeout: WAIT_MS }),
      page.locator('button ::-p-text(Log in with Kakao)').setTimeout(WAIT_MS).click(),
    ]);
    await page.waitForFunction(() => document.body.innerText.includes('You cancelled the Kakao login.'), {
      timeout: WAIT_MS,
    });
    expect(await storedSession(page)).toBeNull();
    await screenshot(page, 'kakao-sign-in-cancelled-en-1280');
    await page.locator('a ::-p-text(Back to the login page)').setTimeout(WAIT_MS).click();
    await page.waitForFunction(() => location.pathname === '/login', { timeout: WAIT_MS });
    await page.browserContext().close();
  });

  it('a code sent in a link (a state this window never sent) is refused before it reaches the server', async () => {
    kakaoPerson = {
      id: 9_100_003,
      email: `kakao-forged-${randomUUID().slice(0, 8)}@kakao.com`,
      nickname: 'Attacker',
      cancels: false,
    };
    const { page } = await openLogin(DESKTOP, 'en');
    // an attacker's own code, sent to the victim in a link
    const code = `code-${randomUUID()}`;
    codes.set(code, { token: 'attacker-token', redirectUri: `${product.baseUrl}/login/kakao` });
    await page.goto(`${product.baseUrl}/login/kakao?code=${code}&state=${'0'.repeat(32)}`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.body.innerText.includes('did not start in this window'), {
      timeout: WAIT_MS,
    });
    expect(await storedSession(page)).toBeNull();
    // the code was never spent: the page did not send it
    expect(codes.has(code)).toBe(true);
    expect(await bodyText(page)).toContain('Back to the login page');
    await page.browserContext().close();
  });
});
