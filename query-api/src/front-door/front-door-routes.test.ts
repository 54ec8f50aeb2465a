import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { frontDoorRoutes } from './front-door-routes.ts';

/** An app as http-app.ts mounts it: the front door, then the app's fallback. */
async function serve(webDist: string) {
  const app = express();
  app.use(frontDoorRoutes(webDist));
  app.get(/.*/, (_req, res) => void res.type('html').send('the app'));
  const server = app.listen(0);
  await new Promise((done) => server.once('listening', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { get: (path: string) => fetch(`${base}${path}`).then((response) => response.text()), close: () => server.close() };
}

describe('the front door’s pages', () => {
  it('/, /login and /signup get front.html; every other address the app', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'front-door-'));
    writeFileSync(join(dist, 'front.html'), 'the front door');
    const server = await serve(dist);
    try {
      for (const path of ['/', '/login', '/login/', '/signup', '/login?verified=1']) expect(await server.get(path), path).toBe('the front door');
      for (const path of ['/terms', '/guidebooks/recent', '/login/extra', '/signup-later', '/reset-password/x']) expect(await server.get(path), path).toBe('the app');
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
