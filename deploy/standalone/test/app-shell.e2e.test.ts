import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtWebDist, frontDoorLive, launchBrowser, openAt, WAIT_MS } from '../../../test-support/browser.ts';
import { startWithAdmin, type StartedWithAdmin } from './testing/accounts.ts';

/**
 * The signed-out pages' first load (issue 11, fast app shell), in Chromium on the built app: every script comes
 * compressed (brotli; all but a few tiny ones) and none of them holds the editor's libraries (Slate, react-dnd, Leaflet, recharts) or its
 * chunks, which load only on signed-in pages; and what `/login` fetches stays far under the 825 KB of script it
 * took uncompressed before (bench: `npm run bench -- app-shell` measures it exactly).
 */

let product: StartedWithAdmin;
let browser: Browser;

beforeAll(async () => {
  product = await startWithAdmin('app-shell', { webDist: builtWebDist() });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.app.close();
});

/** Fingerprints of the editor's libraries in built code (a bare 'slate' would find `translate`). */
const EDITOR_LIBRARIES: readonly [string, RegExp][] = [
  ['Slate', /data-slate-|\bSlate\b/],
  ['react-dnd', /react-dnd|__REACT_DND/],
  ['Leaflet', /leaflet-container|\bLeaflet\b/],
  ['recharts', /recharts/],
];
/** The chunks Vite names after the editor's modules. */
const EDITOR_CHUNKS = /\/assets\/(guidebook-editor|leaflet-map-view|interactive-map|rich-text|editor)[\w-]*\.js$/;

type Script = { path: string; encoding: string | undefined; wireBytes: number; text: string };

/** The same-origin scripts a tab with an empty cache fetches for `path` until the network is idle. */
/** What each page shows once its script has it: every script its start asks for has come by then. */
const LIVE: Record<string, string> = {
  '/': frontDoorLive('main'),
  '/login': frontDoorLive('main form'),
  '/signup': frontDoorLive('main form'),
  '/reset-password/not-a-real-token': 'main h1',
  // the gallery's answer drawn: its count, or (no public guidebook here) its empty state
  '/public-guidebooks': '[data-gallery-count], [data-gallery-end], main .border-dashed',
};

/**
 * Opens `path` and waits until it has asked for every script it asks for by itself: its screen live (the front door
 * asks for nothing more), and on the app's pages its fonts, which come through a script of their own after the first
 * paint, unless the page's first lines had them from an earlier visit (`data-fonts`).
 */
async function openUntilItsOwnLoadsAreDone(page: Page, path: string): Promise<void> {
  const live = LIVE[path];
  if (!live) throw new Error(`no live mark named for ${path}`);
  await openAt(page, `${product.baseUrl}${path}`, live);
  if (live.startsWith(frontDoorLive(''))) return;
  await page.waitForFunction(
    () => document.documentElement.dataset.fonts !== undefined || localStorage.getItem('pocketguide.appFonts') === '1',
    { timeout: WAIT_MS },
  );
}

async function firstLoadScripts(path: string): Promise<Script[]> {
  const page = await browser.newPage();
  try {
    // a first visit: nothing from the earlier tests' cache (the assets are cached for a year)
    await page.setCacheEnabled(false);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    // bytes on the wire per script, as this session's own network events tell them
    const scriptRequests = new Map<string, string>();
    const wire = new Map<string, number>();
    cdp.on('Network.responseReceived', (event) =>
      scriptRequests.set(event.requestId, new URL(event.response.url).pathname),
    );
    cdp.on('Network.loadingFinished', (event) => {
      const scriptPath = scriptRequests.get(event.requestId);
      if (scriptPath) wire.set(scriptPath, event.encodedDataLength);
    });
    const responses: { path: string; encoding: string | undefined; text: Promise<string> }[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== new URL(product.baseUrl).origin || !/^\/assets\/.+\.js$/.test(url.pathname)) return;
      responses.push({ path: url.pathname, encoding: response.headers()['content-encoding'], text: response.text() });
    });
    await openUntilItsOwnLoadsAreDone(page, path);
    return await Promise.all(
      responses.map(async ({ path: scriptPath, encoding, text }) => ({
        path: scriptPath,
        encoding,
        text: await text,
        wireBytes: wire.get(scriptPath) ?? 0,
      })),
    );
  } finally {
    await page.close();
  }
}

describe('signed-out first load', () => {
  it.each(['/', '/login', '/signup', '/reset-password/not-a-real-token', '/public-guidebooks'])(
    '%s: brotli scripts, none of the editor’s',
    async (path) => {
      const scripts = await firstLoadScripts(path);
      expect(scripts.length).toBeGreaterThan(0);
      // the build compresses every script that shrinks by it (all but a few tiny ones)
      expect(
        scripts.filter((script) => script.text.length >= 1024 && script.encoding !== 'br').map((script) => script.path),
      ).toEqual([]);
      expect(scripts.filter((script) => script.encoding === 'br').length).toBeGreaterThan(scripts.length / 2);
      expect(scripts.map((script) => script.path).filter((script) => EDITOR_CHUNKS.test(script))).toEqual([]);
      const text = scripts.map((script) => script.text).join('\n');
      expect(EDITOR_LIBRARIES.filter(([, marker]) => marker.test(text)).map(([name]) => name)).toEqual([]);
    },
  );

  it('/login: its scripts take under 300 KB on the wire (825 KB before compression and the split)', async () => {
    const scripts = await firstLoadScripts('/login');
    const wireBytes = scripts.reduce((sum, script) => sum + script.wireBytes, 0);
    expect(wireBytes).toBeGreaterThan(0);
    expect(wireBytes).toBeLessThan(300 * 1024);
  });

  it('/, /login and /signup load the front door’s own entry, under 150 KB gzipped, without the app’s router or query cache', async () => {
    for (const path of ['/', '/login', '/signup']) {
      const scripts = await firstLoadScripts(path);
      expect(
        scripts.map((script) => script.path).filter((script) => /\/assets\/main-/.test(script)),
        path,
      ).toEqual([]);
      const gzipped = scripts.reduce((sum, script) => sum + gzipSync(script.text, { level: 9 }).length, 0);
      expect(gzipped, `${path}: first-load JavaScript, gzipped`).toBeLessThan(150 * 1024);
      const text = scripts.map((script) => script.text).join('\n');
      // fingerprints of react-router's data router and the query cache, which only the app needs
      expect(/useNavigation must be used within a data router|No QueryClient set/.test(text), path).toBe(false);
    }
  });

  it('the markers would find the editor: its lazy chunk, named by the app’s entry, holds Slate and react-dnd', async () => {
    // the app's own page (the signed-out ones are the front door's)
    const html = await (await fetch(`${product.baseUrl}/guidebooks/recent`)).text();
    const entry = /src="(\/assets\/main-[\w-]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const entryText = await (await fetch(`${product.baseUrl}${entry}`)).text();
    const editorChunk = /(guidebook-editor-[\w-]+\.js)/.exec(entryText)?.[1];
    expect(editorChunk).toBeDefined();
    const editorText = await (await fetch(`${product.baseUrl}/assets/${editorChunk}`)).text();
    expect(EDITOR_LIBRARIES.filter(([, marker]) => marker.test(editorText)).map(([name]) => name)).toEqual(
      expect.arrayContaining(['Slate', 'react-dnd']),
    );
  });
});
