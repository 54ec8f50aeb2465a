import puppeteer, { type Browser, type HTTPRequest } from 'puppeteer-core';
import { THUMBNAIL_RENDER_HEADER, THUMBNAIL_VIEWPORT } from '@pocketguide/contracts';
import { PageNotRenderableError, type ThumbnailRenderer } from './thumbnail-renderer.ts';

/**
 * The Chromium adapter of the renderer port, and the only module that speaks to the browser. One headless browser
 * is launched on the first render and kept for the next ones (launching costs about a second); one page is drawn
 * at a time, each in a fresh tab closed afterwards. A browser that crashed is launched again on the next render.
 *
 * What the page may do while it is drawn:
 * - only requests to the page's own origin (and data:/blob:) go out: the picture never waits on, or tells, anyone
 *   else (a YouTube facade, OpenStreetMap), and rendering works offline;
 * - no service worker (the viewer's offline copy, and its 'saved for offline' notice, are for readers);
 * - the fonts load at once (the viewer otherwise waits for the page's load event to fetch them);
 * - every request says `X-Thumbnail-Render`, so the page is not counted as a reader's view.
 */
export type ChromiumThumbnailRendererOptions = {
  executablePath: string;
  /** the page's size in CSS pixels and its density (default: the mobile design width, 435 × 800 at 2×) */
  viewport?: { width: number; height: number; deviceScaleFactor: number };
  /** longest wait for the page and its pictures (default 20 s) */
  timeoutMs?: number;
};

/** Quiet network for this long means the page has loaded what it will (every request is to the local server). */
const IDLE_MS = 150;

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--hide-scrollbars',
  '--mute-audio',
];

/** Runs in the page before its own script (a string: this package is not compiled against the DOM's types). */
const BEFORE_PAGE_SCRIPT = `
  try { delete Navigator.prototype.serviceWorker; } catch (error) {}
  try { localStorage.setItem('pocketguide.viewer.fonts', '1'); } catch (error) {}
`;

/** Waits for the fonts and every picture on the page to be ready to paint. */
const SETTLE_SCRIPT = `Promise.all([
  document.fonts ? document.fonts.ready : null,
  ...Array.from(document.images).map((image) => (image.complete ? null : image.decode().catch(() => null))),
]).then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))`;

export function createChromiumThumbnailRenderer(options: ChromiumThumbnailRendererOptions): ThumbnailRenderer {
  const viewport = options.viewport ?? THUMBNAIL_VIEWPORT;
  const timeoutMs = options.timeoutMs ?? 20_000;
  let browser: Promise<Browser> | null = null;
  let turn: Promise<unknown> = Promise.resolve();
  let closed = false;

  function launched(): Promise<Browser> {
    if (browser) return browser;
    const launching = puppeteer.launch({ executablePath: options.executablePath, headless: true, args: LAUNCH_ARGS });
    browser = launching;
    launching.then(
      (running) =>
        running.once('disconnected', () => {
          if (browser === launching) browser = null;
        }),
      () => {
        if (browser === launching) browser = null;
      },
    );
    return launching;
  }

  async function draw(url: string): Promise<Buffer> {
    if (closed) throw new Error('The thumbnail renderer is closed');
    const origin = new URL(url).origin;
    const page = await (await launched()).newPage();
    try {
      await page.setViewport(viewport);
      await page.setExtraHTTPHeaders({ [THUMBNAIL_RENDER_HEADER]: '1' });
      await page.evaluateOnNewDocument(BEFORE_PAGE_SCRIPT);
      await page.setRequestInterception(true);
      page.on('request', (request: HTTPRequest) => {
        if (request.isInterceptResolutionHandled()) return;
        const target = request.url();
        const allowed = target.startsWith('data:') || target.startsWith('blob:') || new URL(target).origin === origin;
        void (allowed ? request.continue() : request.abort('blockedbyclient'));
      });
      const response = await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
      // 304: the browser kept this page from an earlier drawing and the server says it is unchanged (its ETag).
      const status = response?.status() ?? null;
      if (status !== 200 && status !== 304) throw new PageNotRenderableError(url, status);
      // The script's late requests (the font files) finish; then every picture and font is ready to paint.
      await page.waitForNetworkIdle({ idleTime: IDLE_MS, timeout: timeoutMs });
      await page.evaluate(SETTLE_SCRIPT);
      return Buffer.from(await page.screenshot({ type: 'png' }));
    } finally {
      await page.close().catch(() => undefined);
    }
  }

  return {
    render(url) {
      // One page at a time: the next render starts when the previous one has finished, however it ended.
      const result = turn.then(() => draw(url));
      turn = result.catch(() => undefined);
      return result;
    },
    async close() {
      closed = true;
      await turn;
      const running = browser;
      browser = null;
      if (running) await (await running.catch(() => null))?.close().catch(() => undefined);
    },
  };
}
