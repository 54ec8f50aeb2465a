import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { addressPattern, appShellRoutes, parseManifest } from './app-shell-routes.ts';

const POLICY = "default-src 'self'; script-src 'self' https://dapi.kakao.com; style-src 'self' 'unsafe-inline'";
const HASH = "'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='";

/** An app as http-app.ts mounts it: the security headers, the drawn screens, then the app's fallback. */
async function serve(webDist: string) {
  const app = express();
  app.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', POLICY);
    next();
  });
  app.use(appShellRoutes(webDist));
  app.get(/.*/, (_req, res) => void res.type('html').send('index.html'));
  const server = app.listen(0);
  await new Promise((done) => server.once('listening', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    fetch: (path: string, cookie?: string) => fetch(`${base}${path}`, cookie ? { headers: { cookie } } : {}),
    get: (path: string, cookie?: string) =>
      fetch(`${base}${path}`, cookie ? { headers: { cookie } } : {}).then((response) => response.text()),
    close: () => server.close(),
  };
}

/** A build with two screens drawn in Korean and English (web/scripts/app-shell.ts writes the same shapes). */
function drawnBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'app-shell-'));
  for (const language of ['ko', 'en']) {
    mkdirSync(join(dist, 'app', language), { recursive: true });
    for (const page of ['guidebooks-recent', 'guidebook-editor'])
      writeFileSync(join(dist, 'app', language, `${page}.html`), `${language} ${page}`);
  }
  const files = (page: string) => ({ ko: `app/ko/${page}.html`, en: `app/en/${page}.html` });
  const pages = [
    { name: 'guidebooks-recent', serves: ['/guidebooks/recent'], files: files('guidebooks-recent') },
    {
      name: 'guidebook-editor',
      serves: ['/guidebooks/edit/:guidebookId', '/guidebooks/edit/:guidebookId/contents/:contentId'],
      files: files('guidebook-editor'),
    },
  ];
  writeFileSync(
    join(dist, 'app', 'pages.json'),
    JSON.stringify({ languageCookie: 'pocketguide.language', defaultLanguage: 'ko', pages, scriptHashes: [HASH] }),
  );
  return dist;
}

describe('the app’s drawn screens (issue 20)', () => {
  it('sends each listed address its drawing, in Korean without a language cookie; any other address the app', async () => {
    const server = await serve(drawnBuild());
    try {
      for (const path of ['/guidebooks/recent', '/guidebooks/recent/', '/guidebooks/recent?search=x'])
        expect(await server.get(path), path).toBe('ko guidebooks-recent');
      for (const path of ['/guidebooks/edit/abc', '/guidebooks/edit/abc/contents/def'])
        expect(await server.get(path), path).toBe('ko guidebook-editor');
      for (const path of [
        '/guidebooks',
        '/guidebooks/edit',
        '/guidebooks/edit/abc/insights',
        '/guidebooks/recent/more',
        '/terms',
      ])
        expect(await server.get(path), path).toBe('index.html');
    } finally {
      server.close();
    }
  });

  it('the language cookie picks the drawing’s language, an unknown one gets Korean; caches are told it varies by cookie; its first lines are allowed by hash', async () => {
    const server = await serve(drawnBuild());
    try {
      expect(await server.get('/guidebooks/recent', 'pocketguide.language=en')).toBe('en guidebooks-recent');
      expect(await server.get('/guidebooks/recent', 'other=1; pocketguide.language=fr')).toBe('ko guidebooks-recent');
      const response = await server.fetch('/guidebooks/edit/abc', 'pocketguide.language=en');
      expect(response.headers.get('vary')).toMatch(/Cookie/i);
      expect(response.headers.get('content-security-policy')).toBe(
        POLICY.replace("script-src 'self' https://dapi.kakao.com", `script-src 'self' https://dapi.kakao.com ${HASH}`),
      );
      // revalidated, like index.html
      expect(response.headers.get('cache-control')).toBe('no-cache');
    } finally {
      server.close();
    }
  });

  it('a build without the list, or with a broken one, leaves every address to the app', async () => {
    const none = await serve(mkdtempSync(join(tmpdir(), 'app-shell-none-')));
    const broken = drawnBuild();
    writeFileSync(join(broken, 'app', 'pages.json'), '{"languageCookie":');
    const half = await serve(broken);
    try {
      expect(await none.get('/guidebooks/recent')).toBe('index.html');
      expect(await half.get('/guidebooks/recent')).toBe('index.html');
    } finally {
      none.close();
      half.close();
    }
  });

  it('reads a pattern per address, one segment for each `:name`, and only files under app/', () => {
    expect(addressPattern('/guidebooks/edit/:guidebookId').test('/guidebooks/edit/a-b_c')).toBe(true);
    expect(addressPattern('/guidebooks/edit/:guidebookId').test('/guidebooks/edit/a/b')).toBe(false);
    expect(addressPattern('/public-guidebooks').test('/public-guidebooksx')).toBe(false);
    const manifest = parseManifest(
      JSON.stringify({
        languageCookie: 'c',
        defaultLanguage: 'ko',
        scriptHashes: [],
        pages: [{ name: 'x', serves: ['/x'], files: { ko: 'app/ko/x.html', en: '../secret.html' } }],
      }),
    );
    expect(manifest?.pages[0]?.files).toEqual({ ko: 'app/ko/x.html' });
    expect(
      parseManifest(
        JSON.stringify({ languageCookie: 'c', defaultLanguage: 'ko', scriptHashes: ["'unsafe-inline'"], pages: [] }),
      ),
    ).toBeNull();
  });
});
