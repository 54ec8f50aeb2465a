import { imageSetsOf } from '@pocketguide/contracts/viewer/render-items';
import { safeAsset } from '@pocketguide/contracts/viewer/html';
import type { ViewerGuidebook } from '@pocketguide/contracts/viewer/viewer-shapes';

/**
 * Offline reading of `/m/…` (the service worker is `public/viewer-sw.js`, scoped to `/m/`). After a guidebook
 * opened, the page asks the worker to keep what reopening it needs: this page, the script, styles and fonts the
 * page loaded, and every picture and icon of the guidebook. The worker then answers pages and the document
 * network-first (updates arrive when online) and assets and pictures cache-first.
 */

export const SERVICE_WORKER_URL = '/viewer-sw.js';
export const SERVICE_WORKER_SCOPE = '/m/';
/** Where an unlocked guidebook's answer is kept for offline reopening (a POST answer cannot be cached as is). */
export const UNLOCKED_CACHE = 'pg-viewer-unlocked-v1';
export const unlockedKey = (uuid: string) => `/api/viewer/${encodeURIComponent(uuid)}/unlocked`;

export const offlineSupported = () => 'serviceWorker' in navigator && 'caches' in window && window.isSecureContext;

/** Everything the page needs again, same-origin only. */
export function urlsToKeep(guidebook: ViewerGuidebook | null): string[] {
  const urls = new Set<string>([
    location.pathname + location.search,
    `/m/${encodeURIComponent(guidebook?.uuid ?? '')}`,
  ]);
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin === location.origin && /^\/(assets|icons|sample|media)\/|^\/favicon\.svg$/.test(url.pathname))
      urls.add(url.pathname);
  }
  if (guidebook) {
    for (const image of imageSetsOf(guidebook.document)) {
      for (const src of [image.small, image.medium, image.large]) {
        const safe = safeAsset(src);
        if (safe && safe.startsWith('/')) urls.add(safe);
      }
    }
    for (const page of guidebook.document.contents) {
      const icon = safeAsset(page.icon) ?? `/icons/default/${page.contentType}.svg`;
      if (icon.startsWith('/')) urls.add(icon);
    }
  }
  return [...urls].filter((url) => url !== '/m/');
}

/** Registers the worker and asks it to keep the guidebook; resolves true once it is kept. */
export async function keepForOffline(guidebook: ViewerGuidebook | null): Promise<boolean> {
  if (!offlineSupported()) return false;
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  const ready = await navigator.serviceWorker.ready;
  const worker = ready.active ?? registration.active;
  if (!worker) return false;
  const channel = new MessageChannel();
  const answered = new Promise<boolean>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<{ ok?: boolean }>) => resolve(event.data.ok === true);
    setTimeout(() => resolve(false), 30_000);
  });
  worker.postMessage({ type: 'keep', urls: urlsToKeep(guidebook) }, [channel.port2]);
  return answered;
}

/** Keeps an unlocked guidebook for reopening without a network (only on this device, which knew the password). */
export async function keepUnlocked(guidebook: ViewerGuidebook): Promise<void> {
  if (!offlineSupported()) return;
  try {
    const cache = await caches.open(UNLOCKED_CACHE);
    await cache.put(
      unlockedKey(guidebook.uuid),
      new Response(JSON.stringify(guidebook), { headers: { 'Content-Type': 'application/json' } }),
    );
  } catch {
    // No room: the guidebook still opens online.
  }
}

export async function unlockedFromCache(uuid: string): Promise<ViewerGuidebook | null> {
  if (!('caches' in window)) return null;
  try {
    const cache = await caches.open(UNLOCKED_CACHE);
    const response = await cache.match(unlockedKey(uuid));
    return response ? ((await response.json()) as ViewerGuidebook) : null;
  } catch {
    return null;
  }
}

export async function forgetUnlocked(uuid: string): Promise<void> {
  if (!('caches' in window)) return;
  try {
    await (await caches.open(UNLOCKED_CACHE)).delete(unlockedKey(uuid));
  } catch {
    // nothing kept
  }
}
