import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithAdmin, type StartedWithAdmin } from './testing/accounts.ts';

/**
 * The web app's files compressed (issue 11, fast app shell): the build writes brotli and gzip copies beside each
 * text file, and the server sends the one the browser accepts, with the original's type, `Vary: Accept-Encoding`,
 * a year's immutable caching for the hashed /assets/ files and `no-cache` for the HTML. A built app is faked here
 * (a few files and their copies) so the server's side is tested alone; the e2e test loads the real build.
 */

let product: StartedWithAdmin;
const script = `export const greeting = ${JSON.stringify('안녕하세요 '.repeat(400))};\n`;
const html = `<!doctype html><html lang="ko"><head><script type="module" src="/assets/main-Ab12Cd34.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;

beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'pocketguide-web-'));
  mkdirSync(join(webDist, 'assets'));
  const write = (path: string, text: string, copies = true) => {
    writeFileSync(join(webDist, path), text);
    if (!copies) return;
    writeFileSync(join(webDist, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(webDist, `${path}.gz`), gzipSync(text));
  };
  write('index.html', html);
  write('assets/main-Ab12Cd34.js', script);
  write('assets/main-Ef56Gh78.css', `body{color:red}${' '.repeat(2000)}`);
  write('assets/tiny-Zz99Yy88.js', 'export {};\n', false);
  write('favicon.svg', `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(2000)}</svg>`);
  product = await startWithAdmin('static-compression', { webDist });
});
afterAll(() => product?.app.close());

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A request whose body is returned as sent (fetch would decompress it). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((done, fail) => {
    request(`${product.baseUrl}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', fail)
      .end();
  });
}

describe('hashed assets', () => {
  it('brotli to a browser that takes it, cached for a year, immutable', async () => {
    const answer = await get('/assets/main-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(script) / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('gzip to one that takes only gzip, the file itself to one that takes neither', async () => {
    const gzip = await get('/assets/main-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const refusedBrotli = await get('/assets/main-Ab12Cd34.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(refusedBrotli.headers['content-encoding']).toBe('gzip');
    const identity = await get('/assets/main-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(script);
    expect(identity.headers.vary).toMatch(/Accept-Encoding/i);
    expect(identity.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('styles keep their type; a file without copies is sent as it is', async () => {
    const css = await get('/assets/main-Ef56Gh78.css', { 'accept-encoding': 'br' });
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    const tiny = await get('/assets/tiny-Zz99Yy88.js', { 'accept-encoding': 'br' });
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers.vary ?? '').not.toMatch(/Accept-Encoding/i);
  });

  it('each encoding revalidates on its own validators (304), HEAD sends no body', async () => {
    const first = await get('/assets/main-Ab12Cd34.js', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    const again = await get('/assets/main-Ab12Cd34.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    const gzip = await get('/assets/main-Ab12Cd34.js', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gzip.status).toBe(200);
    const head = await get('/assets/main-Ab12Cd34.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });

  it('a missing asset is a 404 problem, not the app page; the copies are not served under their own names', async () => {
    for (const path of ['/assets/gone-00000000.js', '/assets/main-Ab12Cd34.js.br', '/assets/main-Ab12Cd34.js.gz']) {
      const answer = await get(path, { 'accept-encoding': 'br' });
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-type'], path).toMatch(/application\/problem\+json/);
      expect(answer.headers['content-encoding'], path).toBeUndefined();
    }
  });

  it('the security headers stay on', async () => {
    const answer = await get('/assets/main-Ab12Cd34.js', { 'accept-encoding': 'br' });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
  });
});

describe('the app page', () => {
  it.each(['/', '/login', '/guidebooks/recent', '/index.html'])(
    '%s: index.html in brotli, always revalidated',
    async (path) => {
      const answer = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(answer.headers['content-security-policy']).toMatch(/script-src 'self'/);
      expect(brotliDecompressSync(answer.body).toString()).toBe(html);
    },
  );

  it('to a client that takes no compression, the page itself', async () => {
    const answer = await get('/login');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(html);
  });

  it('other files at the top revalidate too (favicon), compressed when they have copies', async () => {
    const answer = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(answer.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('no path leaves the folder', async () => {
    const answer = await get('/%2e%2e/%2e%2e/etc/passwd', { 'accept-encoding': 'br' });
    expect(answer.body.toString()).not.toMatch(/root:/);
  });
});
