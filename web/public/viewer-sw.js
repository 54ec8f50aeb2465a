/*
 * PocketGuide viewer service worker, scoped to /m/ (registered by web/src/viewer/offline.ts).
 *
 * - Pages (/m/...) and the viewer API (GET /api/viewer/...): network first, so updates arrive whenever the reader
 *   is online; the cached copy answers when the network does not. A content page never visited as a page falls
 *   back to its guidebook's cover page: the page carries the whole guidebook, and the script draws the address.
 * - Hashed assets (/assets/...), pictures and icons: cache first (their names change when their content does, or
 *   they are pictures that are replaced under new names). That includes the interactive map's lazy chunk (Leaflet
 *   and its styles), kept once a reader has opened a map.
 * - Other origins are never answered nor kept here: the map's OpenStreetMap tiles go to the network as the browser
 *   would send them (their cache is the browser's, under OpenStreetMap's own headers), and so does YouTube.
 * - After a guidebook opened, the page sends { type: 'keep', urls } and the worker stores them, answering
 *   { ok } on the message port. Those fetches say so in a header, so the server does not count them as views.
 *
 * Plain JavaScript in public/: it must keep one stable address, and it imports nothing.
 */
const VERSION = 'v1';
const PAGES = `pg-viewer-pages-${VERSION}`;
const ASSETS = `pg-viewer-assets-${VERSION}`;
const KEEP = [PAGES, ASSETS, 'pg-viewer-unlocked-v1'];
const PREFETCH_HEADER = 'X-Viewer-Prefetch';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('pg-viewer-') && !KEEP.includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

const isPage = (url) => url.pathname.startsWith('/m/');
const isViewerApi = (url) => url.pathname.startsWith('/api/viewer/') && !url.pathname.endsWith('/unlock');
const isAsset = (url) => /^\/(assets|icons|sample|media)\//.test(url.pathname) || url.pathname === '/favicon.svg';

/** The cover page of the guidebook a /m/ address belongs to. */
const coverOf = (url) => {
  const match = /^\/m\/([^/]+)/.exec(url.pathname);
  return match ? `/m/${match[1]}` : null;
};

async function networkFirst(request, url) {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(url.pathname + url.search, response.clone());
    return response;
  } catch (error) {
    const cached =
      (await cache.match(url.pathname + url.search)) ??
      (await cache.match(url.pathname, { ignoreSearch: true })) ??
      (isPage(url) && coverOf(url) ? await cache.match(coverOf(url), { ignoreSearch: true }) : undefined);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request, url) {
  const cache = await caches.open(ASSETS);
  const cached = await cache.match(url.pathname);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(url.pathname, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' ? isPage(url) : isViewerApi(url)) event.respondWith(networkFirst(request, url));
  else if (isAsset(url)) event.respondWith(cacheFirst(request, url));
});

async function keep(urls) {
  const pages = await caches.open(PAGES);
  const assets = await caches.open(ASSETS);
  let ok = true;
  await Promise.all(
    urls.map(async (path) => {
      try {
        const url = new URL(path, self.location.origin);
        if (url.origin !== self.location.origin) return;
        const page = isPage(url) || isViewerApi(url);
        const cache = page ? pages : assets;
        const key = page ? url.pathname + url.search : url.pathname;
        if (!page && (await cache.match(key))) return;
        const response = await fetch(url.href, { headers: { [PREFETCH_HEADER]: 'offline' }, credentials: 'same-origin' });
        if (response.ok) await cache.put(key, response);
        else if (page) ok = false;
      } catch {
        ok = false;
      }
    }),
  );
  return ok;
}

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep' || !Array.isArray(data.urls)) return;
  const port = event.ports[0];
  event.waitUntil(
    keep(data.urls.filter((url) => typeof url === 'string')).then(
      (ok) => port?.postMessage({ ok }),
      () => port?.postMessage({ ok: false }),
    ),
  );
});
