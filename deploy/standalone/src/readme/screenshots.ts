// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * `npm run screenshots`: the README's pictures of the product, taken from the real thing. It starts the whole
 * product on a fresh data folder with the built web app (run `npm run build:web` first), makes an author with a
 * subscription and three published guidebooks in the gallery, and photographs six screens in Korean and English
 * with the browser tests' helpers. Each picture is written to docs/screenshots/<screen>-<ko|en>.webp, compressed
 * until it is under 200 KB.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'puppeteer-core';
import { builtWebDist, launchBrowser } from '../../../../test-support/browser.ts';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from '../../test/testing/accounts.ts';
import { DESKTOP, signInBrowser } from '../../test/testing/editor-browser.ts';

const outDir = resolve(import.meta.dirname, '../../../../docs/screenshots');
const PHONE = { width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const MAX_BYTES = 200 * 1024;
type Language = 'ko' | 'en';

async function api(
  product: StartedWithAdmin,
  who: SignedIn,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const answer = await fetch(`${product.baseUrl}/api${path}`, {
    method,
    headers: { ...bearer(who.token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text}`);
  return text === '' ? null : (JSON.parse(text) as unknown);
}

/** A calm cover picture (sky, sea, hills) drawn here, so the pictures need no photo from anywhere. */
function coverImage(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,78%)"/><stop offset="1" stop-color="hsl(${hue + 20},60%,92%)"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#sky)"/>
    <circle cx="930" cy="190" r="90" fill="hsl(40,95%,70%)"/>
    <path d="M0 520 Q 250 380 520 500 T 1200 470 V 800 H 0 Z" fill="hsl(${hue + 120},35%,48%)"/>
    <path d="M0 610 Q 300 540 640 620 T 1200 600 V 800 H 0 Z" fill="hsl(${hue},55%,42%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

type Published = { id: string; uuid: string };

async function publishedGuidebook(
  product: StartedWithAdmin,
  author: SignedIn,
  title: string,
  hue: number,
): Promise<Published> {
  // the sample alone (a posted title would make the document from the parts), then renamed with its cover as a picture
  const made = (await api(product, author, 'POST', '/guidebooks', { source: 'sample' })) as {
    _id: string;
    uuid: string;
  };
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await coverImage(hue))], { type: 'image/jpeg' }), 'cover.jpg');
  const upload = await fetch(`${product.baseUrl}/api/guidebooks/${made._id}/header/image`, {
    method: 'POST',
    headers: bearer(author.token),
    body: form,
  });
  if (!upload.ok) throw new Error(`cover upload answered ${upload.status}: ${await upload.text()}`);
  const { position } = (await upload.json()) as { position: number };
  const { revision, subheader } = (await api(product, author, 'GET', `/guidebooks/${made._id}?after=${position}`)) as {
    revision: number;
    subheader: { title: unknown };
  };
  // the cover's title says the guidebook's name too, as an author would write it (the sample's first line, retitled)
  const coverTitle = JSON.parse(
    JSON.stringify(subheader.title).replace(/"text":"[^"]*"/, JSON.stringify({ text: title }).slice(1, -1)),
  ) as unknown;
  const renamed = await fetch(`${product.baseUrl}/api/guidebooks/${made._id}`, {
    method: 'PATCH',
    headers: { ...bearer(author.token), 'content-type': 'application/json', 'if-match': String(revision) },
    body: JSON.stringify({
      patches: [
        { op: 'replace', path: ['title'], value: title },
        { op: 'replace', path: ['subheader', 'title'], value: coverTitle },
        { op: 'replace', path: ['header', 'type'], value: 'image' },
      ],
    }),
  });
  if (!renamed.ok) throw new Error(`rename answered ${renamed.status}: ${await renamed.text()}`);
  await api(product, author, 'PUT', `/guidebooks/${made._id}/publish`);
  await api(product, author, 'PATCH', `/guidebooks/${made._id}/public-gallery`, { isPublicGallery: true });
  return { id: made._id, uuid: made.uuid };
}

/** Waits until the gallery shows a thumbnail for each guidebook (the thumbnail worker draws them), at most a minute. */
async function thumbnailsDrawn(product: StartedWithAdmin, count: number): Promise<boolean> {
  for (let waited = 0; waited < 60_000; waited += 1000) {
    const page = (await (await fetch(`${product.baseUrl}/api/guidebooks/public-gallery`)).json()) as {
      items?: Array<{ thumbnailUrl: string | null }>;
    };
    if ((page.items ?? []).filter((item) => item.thumbnailUrl).length >= count) return true;
    await new Promise((done) => setTimeout(done, 1000));
  }
  return false;
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForNetworkIdle({ idleTime: 400, timeout: 20_000 }).catch(() => undefined);
}

/** The viewport as WebP, smaller in quality (then in size) until it is under 200 KB. */
async function save(page: Page, name: string): Promise<string> {
  await settle(page);
  const png = await page.screenshot({ type: 'png' });
  const path = join(outDir, `${name}.webp`);
  const viewport = page.viewport();
  const width = viewport ? viewport.width : DESKTOP.width;
  for (const quality of [80, 70, 60, 50]) {
    await sharp(png)
      .resize({ width: Math.min(width, 1280) })
      .webp({ quality, effort: 6 })
      .toFile(path);
    if (statSync(path).size < MAX_BYTES) break;
  }
  const bytes = statSync(path).size;
  if (bytes >= MAX_BYTES) throw new Error(`${path} is ${bytes} bytes even at quality 50`);
  console.log(`${name}.webp ${Math.round(bytes / 1024)} KB`);
  return path;
}

async function newPage(browser: Browser, language: Language, phone = false): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(phone ? PHONE : DESKTOP);
  await page.evaluateOnNewDocument((lang) => localStorage.setItem('pocketguide.language', lang), language);
  return page;
}

async function signedInPage(
  browser: Browser,
  product: StartedWithAdmin,
  who: SignedIn,
  language: Language,
): Promise<Page> {
  const page = await newPage(browser, language);
  await signInBrowser(page, product.baseUrl, who, language === 'ko' ? 'kr' : 'en');
  return page;
}

async function main(): Promise<void> {
  const webDist = builtWebDist();
  const dataDir = mkdtempSync(join(tmpdir(), 'pocketguide-screenshots-'));
  mkdirSync(outDir, { recursive: true });
  const product = await startWithAdmin('readme-screenshots', {
    dataDir,
    webDist,
    env: { GUIDEBOOK_WRITES_PER_MINUTE: '100000' },
  });
  const browser = await launchBrowser();
  try {
    const author = await product.newUser('readme-author');
    for (const name of ['readme-reader-1', 'readme-reader-2', 'readme-reader-3', 'readme-reader-4'])
      await product.newUser(name);
    await api(product, product.admin, 'POST', '/subscriptions/admin/subscribe', {
      customerUid: author.user.id,
      plan: 'standard',
    });
    const books = [
      await publishedGuidebook(product, author, '제주 3박 4일 가족 여행', 195),
      await publishedGuidebook(product, author, 'Kyoto in Autumn', 20),
      await publishedGuidebook(product, author, '부산 바다 산책', 210),
    ];
    const [first] = books;
    if (!first) throw new Error('no guidebook made');
    if (!(await thumbnailsDrawn(product, books.length)))
      console.warn('thumbnails were not all drawn within a minute: the gallery shows placeholders');

    for (const language of ['ko', 'en'] as const) {
      const landing = await newPage(browser, language);
      await landing.setCookie({ name: 'pocketguide.language', value: language, url: product.baseUrl });
      await landing.goto(`${product.baseUrl}/`, { waitUntil: 'networkidle0' });
      await save(landing, `landing-${language}`);
      await landing.browserContext().close();

      const editor = await signedInPage(browser, product, author, language);
      await editor.goto(`${product.baseUrl}/guidebooks/edit/${first.id}`, { waitUntil: 'domcontentloaded' });
      await editor.waitForSelector('[role="toolbar"]', { timeout: 30_000 });
      await save(editor, `editor-${language}`);

      await editor.goto(`${product.baseUrl}/public-guidebooks`, { waitUntil: 'domcontentloaded' });
      await editor.waitForSelector('[data-gallery-count]', { timeout: 30_000 });
      await save(editor, `gallery-${language}`);

      await editor.goto(`${product.baseUrl}/settings/subscription`, { waitUntil: 'domcontentloaded' });
      await editor.waitForSelector('[data-step]', { timeout: 30_000 });
      await save(editor, `subscription-${language}`);
      await editor.browserContext().close();

      const reader = await newPage(browser, language, true);
      await reader.goto(`${product.baseUrl}/m/${language === 'ko' ? first.uuid : (books[1] ?? first).uuid}`, {
        waitUntil: 'networkidle0',
      });
      await save(reader, `reader-phone-${language}`);
      await reader.browserContext().close();

      const admin = await signedInPage(browser, product, product.admin, language);
      await admin.goto(`${product.baseUrl}/admin/dashboard`, { waitUntil: 'domcontentloaded' });
      await admin.waitForSelector('[data-testid="dashboard"] ul[aria-label]', { timeout: 30_000 });
      await admin
        .waitForFunction(() => document.querySelectorAll('.recharts-line-curve').length === 3, { timeout: 30_000 })
        .catch(() => undefined);
      await save(admin, `dashboard-${language}`);
      await admin.browserContext().close();
    }
  } finally {
    await browser.close();
    await product.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
