import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { frontDoorRoutes } from './front-door-routes.ts';

const POLICY = "default-src 'self'; script-src 'self' https://dapi.kakao.com; style-src 'self' 'unsafe-inline'";

/** An app as http-app.ts mounts it: the security headers, the front door, then the app's fallback. */
async function serve(webDist: string) {
  const app = express();
  app.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', POLICY);
    next();
  });
  app.use(frontDoorRoutes(webDist));
  app.get(/.*/, (_req, res) => void res.type('html').send('the app'));
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

const HASH = "'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='";

/** A build with the pages drawn in Korean and English (web/scripts/front-door.ts writes the same shapes). */
function preRenderedBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'front-door-'));
  writeFileSync(join(dist, 'front.html'), 'the front door, not drawn');
  for (const language of ['ko', 'en']) {
    mkdirSync(join(dist, 'front', language), { recursive: true });
    for (const page of ['index', 'login', 'signup'])
      writeFileSync(join(dist, 'front', language, `${page}.html`), `${language} ${page}`);
  }
  const pages = Object.fromEntries(
    ['ko', 'en'].map((language) => [
      language,
      {
        '/': `front/${language}/index.html`,
        '/login': `front/${language}/login.html`,
        '/signup': `front/${language}/signup.html`,
      },
    ]),
  );
  writeFileSync(
    join(dist, 'front', 'pages.json'),
    JSON.stringify({ languageCookie: 'pocketguide.language', defaultLanguage: 'ko', pages, scriptHashes: [HASH] }),
  );
  return dist;
}

describe('the front door’s pages', () => {
  it('/, /login and /signup get the page drawn in Korean when no language was chosen; every other address the app', async () => {
    const server = await serve(preRenderedBuild());
    try {
      expect(await server.get('/')).toBe('ko index');
      for (const path of ['/login', '/login/', '/login?verified=1'])
        expect(await server.get(path), path).toBe('ko login');
      expect(await server.get('/signup')).toBe('ko signup');
      for (const path of ['/terms', '/guidebooks/recent', '/login/extra', '/signup-later', '/reset-password/x'])
        expect(await server.get(path), path).toBe('the app');
    } finally {
      server.close();
    }
  });

  it('the language cookie picks the page’s language; an unknown one is Korean; caches are told it varies by cookie', async () => {
    const server = await serve(preRenderedBuild());
    try {
      expect(await server.get('/login', 'pocketguide.language=en')).toBe('en login');
      expect(await server.get('/', 'other=1; pocketguide.language=en')).toBe('en index');
      expect(await server.get('/signup', 'pocketguide.language=fr')).toBe('ko signup');
      expect(await server.get('/signup', 'pocketguide.language=__proto__')).toBe('ko signup');
      const answer = await server.fetch('/login', 'pocketguide.language=en');
      expect(answer.headers.get('vary')).toMatch(/cookie/i);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
    } finally {
      server.close();
    }
  });

  it('allows the pages’ inline first lines by their hash, and nothing else inline', async () => {
    const server = await serve(preRenderedBuild());
    try {
      const policy = (await server.fetch('/login')).headers.get('content-security-policy') ?? '';
      expect(policy).toBe(
        `default-src 'self'; script-src 'self' https://dapi.kakao.com ${HASH}; style-src 'self' 'unsafe-inline'`,
      );
    } finally {
      server.close();
    }
  });

  it('a build with front.html but no drawn pages serves front.html; an unreadable list is treated as none', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'front-door-'));
    writeFileSync(join(dist, 'front.html'), 'the front door');
    const server = await serve(dist);
    try {
      for (const path of ['/', '/login', '/signup']) expect(await server.get(path), path).toBe('the front door');
      mkdirSync(join(dist, 'front'));
      writeFileSync(join(dist, 'front', 'pages.json'), '{ half a file');
      expect(await server.get('/login')).toBe('the front door');
      expect((await server.fetch('/login')).headers.get('content-security-policy')).toBe(POLICY);
    } finally {
      server.close();
    }
  });

  it('a build without the front door leaves them to the app', async () => {
    const server = await serve(mkdtempSync(join(tmpdir(), 'front-door-')));
    try {
      expect(await server.get('/login')).toBe('the app');
    } finally {
      server.close();
    }
  });
});
