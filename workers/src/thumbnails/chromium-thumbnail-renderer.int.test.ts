import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChromiumThumbnailRenderer } from './chromium-thumbnail-renderer.ts';
import { PageNotRenderableError, findChromium, type ThumbnailRenderer } from './thumbnail-renderer.ts';

const chromium = findChromium(process.env.CHROMIUM_PATH);
if (!chromium.found) console.warn(`[chromium-thumbnail-renderer] skipped: ${chromium.reason}`);

/** A reader's page stand-in: a coloured first screen, a same-origin picture, and a picture from elsewhere. */
const PAGE = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<style>body{margin:0;background:#0e7268;color:#fff;font:24px sans-serif}img{display:block;width:100%;height:300px}</style></head>
<body><h1>제주 3박 4일</h1><img id="own" src="/pic.png"><img id="far" src="https://example.invalid/never.png">
<script>document.body.dataset.sw = String('serviceWorker' in navigator);</script></body></html>`;

describe.skipIf(!chromium.found)('the Chromium thumbnail renderer (system Chromium)', () => {
  let server: Server;
  let base: string;
  let renderer: ThumbnailRenderer;
  const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
  let picture: Buffer;

  beforeAll(async () => {
    picture = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      if (req.url?.startsWith('/m/tagged')) {
        // As the viewer answers: with an ETag, and 304 to a browser that already holds this version.
        if (req.headers['if-none-match'] === '"v1"') res.writeHead(304, { etag: '"v1"' }).end();
        else
          res
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag: '"v1"', 'cache-control': 'no-cache' })
            .end(PAGE);
      } else if (req.url?.startsWith('/m/book')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      } else if (req.url === '/pic.png') {
        res.writeHead(200, { 'content-type': 'image/png' }).end(picture);
      } else {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    renderer = createChromiumThumbnailRenderer({ executablePath: chromium.found ? chromium.path : '' });
  });
  afterAll(async () => {
    await renderer?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('draws the first screen at 435 × 800 CSS pixels, twice the density, with its same-origin picture, marked as a rendering', async () => {
    const png = await renderer.render(`${base}/m/book?lang=ko`);
    const { width, height, format } = await sharp(png).metadata();
    expect({ width, height, format }).toEqual({ width: 870, height: 1600, format: 'png' });
    // The top left is the page's background; the picture (red) is drawn below the heading.
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    expect(pixel(2, 2)).toEqual([0x0e, 0x72, 0x68]);
    const red = Array.from({ length: 400 }, (_, y) => pixel(400, 150 + y * 2)).some(
      ([r, g, b]) => r! > 200 && g! < 50 && b! < 50,
    );
    expect(red).toBe(true);
    const page = seen.find((request) => request.url.startsWith('/m/book'));
    expect(page?.headers['x-thumbnail-render']).toBe('1');
    expect(seen.some((request) => request.url === '/pic.png')).toBe(true);
  });

  it('a page that is not there is not drawn: PageNotRenderableError with its status', async () => {
    await expect(renderer.render(`${base}/m/missing`)).rejects.toBeInstanceOf(PageNotRenderableError);
    await expect(renderer.render(`${base}/m/missing`)).rejects.toMatchObject({ status: 404 });
  });

  it('draws the same unchanged page again (the server answers the kept copy with 304)', async () => {
    const first = await renderer.render(`${base}/m/tagged`);
    const again = await renderer.render(`${base}/m/tagged`);
    expect(
      seen.filter((request) => request.url === '/m/tagged').map((request) => request.headers['if-none-match'] ?? null),
    ).toEqual([null, '"v1"']);
    expect((await sharp(again).metadata()).width).toBe(870);
    expect(again.length).toBeGreaterThan(0);
    expect(first.length).toBeGreaterThan(0);
  });

  it('draws one page at a time in the same browser: three at once all succeed', async () => {
    const started = Date.now();
    const pngs = await Promise.all([1, 2, 3].map((n) => renderer.render(`${base}/m/book?n=${n}`)));
    expect(pngs.every((png) => png.length > 1000)).toBe(true);
    console.log(`[chromium-thumbnail-renderer] three renders in ${Date.now() - started} ms with a warm browser`);
  });
});

describe('findChromium', () => {
  it('takes CHROMIUM_PATH when it exists, else the first system browser, else says why not', () => {
    expect(findChromium('/opt/chrome', (path) => path === '/opt/chrome')).toEqual({ found: true, path: '/opt/chrome' });
    expect(findChromium('/opt/chrome', () => false)).toEqual({
      found: false,
      reason: 'CHROMIUM_PATH /opt/chrome does not exist',
    });
    expect(findChromium(undefined, (path) => path === '/usr/bin/chromium-browser')).toEqual({
      found: true,
      path: '/usr/bin/chromium-browser',
    });
    expect(findChromium(undefined, () => false)).toMatchObject({
      found: false,
      reason: expect.stringContaining('No Chromium found'),
    });
  });
});
