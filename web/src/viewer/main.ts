// The server inlines this stylesheet into the first response; the fonts come later (see `loadFonts`).
import './viewer.css';
import {
  renderScreen,
  screenKey,
  viewerLinks,
  type ViewerLinks,
  type ViewerScreen,
} from '@pocketguide/contracts/viewer/render-viewer';
import {
  VIEWER_DATA_ELEMENT_ID,
  VIEWER_PASSWORD_HEADER,
  parseViewerPath,
  viewerApi,
  type LockedViewerGuidebook,
  type ViewerAnswer,
  type ViewerGuidebook,
  type ViewerRoute,
} from '@pocketguide/contracts/viewer/viewer-shapes';
import { VIEWER_TEXTS, viewerLanguage, type ViewerLanguage } from '@pocketguide/contracts/viewer/viewer-texts';
import type { InteractiveMap } from './interactive-map.ts';
import { forgetUnlocked, keepForOffline, keepUnlocked, unlockedFromCache } from './offline.ts';
import { forgetPassword, rememberPassword, rememberedPassword } from './remembered-passwords.ts';
import { openShareSheet } from './share.ts';
import { pageShown } from './reading.ts';
import { rememberCheck, restoreChecks } from './checklist.ts';

/**
 * The readers' viewer (spec 1 §2 Viewer, §4): plain DOM, no framework, so that a phone on a slow network gets a
 * page in one round trip and a script of a few kilobytes. The server has usually drawn the first screen already
 * (`query-api/src/viewer`); the script then only binds its handlers, and draws the later screens with the same
 * renderer.
 */

const root =
  document.getElementById('viewer') ??
  document.body.appendChild(Object.assign(document.createElement('div'), { id: 'viewer', className: 'pg-root' }));
const explicitLanguage = new URLSearchParams(location.search).get('lang');
const readerLanguages = navigator.languages?.length ? navigator.languages : [navigator.language];
let lang: ViewerLanguage = viewerLanguage(explicitLanguage, readerLanguages);
let texts = VIEWER_TEXTS[lang];
document.documentElement.lang = lang;

/** The buttons follow the guidebook's language once its answer is known (as the server chose for its first screen). */
function adoptLanguage(answer: { language?: ViewerLanguage | undefined }): void {
  lang = viewerLanguage(explicitLanguage, readerLanguages, answer.language ?? null);
  texts = VIEWER_TEXTS[lang];
  document.documentElement.lang = lang;
}

// ---------------------------------------------------------------- fonts

/**
 * Pretendard arrives after the page has loaded on a first visit: a Korean page needs a dozen subsets (some 300 KB)
 * that would otherwise share a slow connection with the cover picture. Text shows at once in the system's Korean
 * font and swaps when they arrive. Once this browser has them (HTTP cache, offline cache), they load at once.
 */
const FONTS_KEY = 'pocketguide.viewer.fonts';
function loadFonts(): void {
  void import('./fonts.ts').then(
    () => {
      try {
        localStorage.setItem(FONTS_KEY, '1');
      } catch {
        // Without storage the next visit just waits for the load again.
      }
    },
    () => undefined,
  );
}
let fontsCached = false;
try {
  fontsCached = localStorage.getItem(FONTS_KEY) === '1';
} catch {
  // blocked storage: treat as a first visit
}
if (fontsCached || document.readyState === 'complete') loadFonts();
else window.addEventListener('load', loadFonts, { once: true });

/** Where the signed-in web app keeps its session (web/src/lib/session.ts); read directly to keep zod out of here. */
const SESSION_STORAGE_KEY = 'pocketguide.session';

let route: ViewerRoute | null = parseViewerPath(location.pathname);
let guidebook: ViewerGuidebook | null = null;

// ---------------------------------------------------------------- drawing

function show(screen: ViewerScreen, links: ViewerLinks = { cover: '/', content: () => '/' }): void {
  const key = screenKey(screen, lang);
  const drawn = root.firstElementChild instanceof HTMLElement && root.firstElementChild.dataset.screen === key;
  // What the server drew is exactly what this would draw: keep it (and the pictures it is loading).
  if (!drawn) {
    removeMaps();
    root.innerHTML = renderScreen(screen, { lang, texts, links });
  }
  if (screen.kind === 'gate') bindGate();
  if (screen.kind === 'cover' || screen.kind === 'content') {
    const page =
      screen.kind === 'content'
        ? screen.guidebook.document.contents.find((content) => content._id === screen.contentId)
        : undefined;
    document.title = page ? `${page.title} · ${screen.guidebook.title}` : screen.guidebook.title;
    restoreChecks(root, screen.guidebook.uuid);
    // Readers' pages count in the author's insights; an author's preview and the built-in sample do not.
    if (route?.mode !== 'preview' && screen.guidebook.published && screen.guidebook.uuid !== 'sample') {
      pageShown(screen.guidebook.uuid, screen.kind === 'content' ? screen.contentId : 'cover');
    }
  } else if (screen.kind === 'not-found') {
    document.title = `${texts.notFoundTitle} · ${texts.brand}`;
  }
  updateFloat();
}

function showGuidebook(): void {
  if (!route || !guidebook) return;
  const links = viewerLinks(route, guidebook);
  show(
    route.contentId === null
      ? { kind: 'cover', guidebook }
      : { kind: 'content', guidebook, contentId: route.contentId },
    links,
  );
}

// ---------------------------------------------------------------- status line (offline, saved for offline)

let statusTimer: ReturnType<typeof setTimeout> | undefined;
function setStatus(message: string | null, sticky = false): void {
  let status = document.querySelector<HTMLElement>('.pg-status');
  if (!status) {
    status = Object.assign(document.createElement('div'), { className: 'pg-status', role: 'status' });
    status.setAttribute('aria-live', 'polite');
    document.body.append(status);
  }
  clearTimeout(statusTimer);
  status.textContent = message ?? '';
  status.hidden = message === null;
  status.classList.toggle('is-offline', sticky);
  if (message !== null && !sticky)
    statusTimer = setTimeout(() => setStatus(navigator.onLine ? null : texts.offline, !navigator.onLine), 4000);
}

const showOffline = () => setStatus(texts.offline, true);
window.addEventListener('offline', showOffline);
window.addEventListener('online', () => setStatus(null));

/**
 * A page the service worker answered may be its offline copy, and `navigator.onLine` does not always know (a
 * captive portal, an emulated or flaky network): one small request, which the worker never answers, tells.
 */
function checkReachable(): void {
  if (!navigator.serviceWorker?.controller) return;
  void fetch('/api/health', { method: 'HEAD', cache: 'no-store' }).then(
    (response) => {
      if (response.status >= 500) showOffline();
    },
    () => showOffline(),
  );
}

// ---------------------------------------------------------------- requests

type Unlocked =
  { ok: true; guidebook: ViewerGuidebook } | { ok: false; reason: 'incorrect' | 'too-many' | 'network' | 'not-found' };

function sessionToken(): string | null {
  try {
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as { token?: unknown } | null;
    return typeof stored?.token === 'string' ? stored.token : null;
  } catch {
    return null;
  }
}

async function request(path: string, init: RequestInit = {}): Promise<Response | null> {
  try {
    return await fetch(`/api${path}`, { ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch {
    return null;
  }
}

async function fetchPreview(id: string, password: string | null): Promise<Response | null> {
  const token = sessionToken();
  if (!token) {
    location.assign('/login');
    return null;
  }
  return request(viewerApi.preview(id), {
    headers: {
      Authorization: `Bearer ${token}`,
      ...(password === null ? {} : { [VIEWER_PASSWORD_HEADER]: encodeURIComponent(password) }),
    },
  });
}

async function unlock(current: ViewerRoute, locked: LockedViewerGuidebook, password: string): Promise<Unlocked> {
  const response =
    current.mode === 'preview'
      ? await fetchPreview(current.id, password)
      : await request(viewerApi.unlock(locked.uuid), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ password }),
        });
  if (!response) return { ok: false, reason: 'network' };
  if (response.status === 429) return { ok: false, reason: 'too-many' };
  if (response.status === 403) return { ok: false, reason: 'incorrect' };
  if (response.status === 404) return { ok: false, reason: 'not-found' };
  if (!response.ok) return { ok: false, reason: 'network' };
  const answer = (await response.json()) as ViewerAnswer;
  return answer.locked ? { ok: false, reason: 'incorrect' } : { ok: true, guidebook: answer };
}

// ---------------------------------------------------------------- the password gate (spec 1 §4, §5)

let lockedGuidebook: LockedViewerGuidebook | null = null;

function opened(book: ViewerGuidebook, password: string | null): void {
  adoptLanguage(book);
  guidebook = book;
  lockedGuidebook = null;
  if (password !== null) {
    rememberPassword(book.uuid, password);
    void keepUnlocked(book);
  }
  showGuidebook();
  scheduleOffline();
}

function bindGate(): void {
  const form = root.querySelector<HTMLFormElement>('form[data-gate]');
  const input = form?.querySelector<HTMLInputElement>('input[name="password"]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const error = form?.querySelector<HTMLElement>('.pg-gate-error');
  if (!form || !input || !button || !error || form.dataset.bound) return;
  form.dataset.bound = 'true';
  let verifying = false;
  const update = () => {
    button.disabled = verifying || input.value.trim() === '';
    button.textContent = verifying ? texts.passwordVerifying : texts.passwordSubmit;
  };
  // The message clears as soon as the reader types or comes back to the field.
  input.addEventListener('input', () => {
    error.textContent = '';
    update();
  });
  input.addEventListener('focus', () => (error.textContent = ''));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.disabled || !route || !lockedGuidebook) return;
    const password = input.value;
    verifying = true;
    update();
    void unlock(route, lockedGuidebook, password).then(async (result) => {
      verifying = false;
      if (result.ok) {
        opened(result.guidebook, password);
        return;
      }
      if (result.reason === 'not-found') {
        show({ kind: 'not-found' });
        return;
      }
      if (result.reason === 'network' && lockedGuidebook && rememberedPassword(lockedGuidebook.uuid) === password) {
        const kept = await unlockedFromCache(lockedGuidebook.uuid);
        if (kept) {
          opened(kept, null);
          return;
        }
      }
      // A wrong password empties the field (spec 1 §5); the field keeps its focus, so the message stays until typing.
      if (result.reason === 'incorrect') input.value = '';
      error.textContent =
        result.reason === 'incorrect'
          ? texts.incorrectPassword
          : result.reason === 'too-many'
            ? texts.tooManyAttempts
            : texts.unlockFailed;
      update();
    });
  });
  update();
}

async function openLocked(current: ViewerRoute, locked: LockedViewerGuidebook): Promise<void> {
  adoptLanguage(locked);
  lockedGuidebook = locked;
  const remembered = rememberedPassword(locked.uuid);
  if (remembered === null) {
    show({ kind: 'gate', title: locked.title });
    return;
  }
  // Opens silently with the remembered password; the gate shows only if it no longer opens the guidebook.
  show({ kind: 'loading' });
  const result = await unlock(current, locked, remembered);
  if (result.ok) {
    opened(result.guidebook, remembered);
    return;
  }
  if (result.reason === 'network') {
    const kept = await unlockedFromCache(locked.uuid);
    if (kept) {
      opened(kept, null);
      if (!navigator.onLine) showOffline();
      return;
    }
  }
  if (result.reason === 'incorrect') {
    forgetPassword(locked.uuid);
    void forgetUnlocked(locked.uuid);
  }
  if (result.reason === 'not-found') {
    show({ kind: 'not-found' });
    return;
  }
  show({ kind: 'gate', title: locked.title });
}

// ---------------------------------------------------------------- offline

let offlineScheduled = false;
function scheduleOffline(): void {
  if (offlineScheduled || route?.mode !== 'mobile') return;
  offlineScheduled = true;
  // After the page has loaded, so that caching never competes with what the reader is waiting for.
  // The fonts too: they arrive after the load, so the list waits for them.
  const run = () =>
    void Promise.race([document.fonts.ready, new Promise((resolve) => setTimeout(resolve, 3000))])
      .then(() => keepForOffline(guidebook))
      .then((kept) => {
        // Said once per version of a guidebook, not at every visit.
        if (!kept || !navigator.onLine || !guidebook) return;
        const key = `pocketguide.viewer.saved.${guidebook.uuid}`;
        try {
          if (localStorage.getItem(key) === guidebook.updatedAt) return;
          localStorage.setItem(key, guidebook.updatedAt);
        } catch {
          // No storage: say it anyway.
        }
        setStatus(`${texts.savedOffline} ✓`);
      })
      .catch(() => undefined);
  if (document.readyState === 'complete') setTimeout(run, 1000);
  else window.addEventListener('load', () => setTimeout(run, 1000), { once: true });
}

// ---------------------------------------------------------------- interactive maps

/** Maps opened on the screen shown; taken down (with Leaflet's listeners) when another screen replaces it. */
const liveMaps = new Set<InteractiveMap>();
function removeMaps(): void {
  for (const live of liveMaps) live.remove();
  liveMaps.clear();
}

/**
 * 'Show map' on a map card: Leaflet, its styles and the map module arrive as one lazy chunk on this first tap (the
 * service worker keeps it like any hashed asset), then OpenStreetMap's tiles. Until then nothing leaves the site.
 */
async function showMap(button: HTMLButtonElement): Promise<void> {
  const box = button.closest<HTMLElement>('.pg-map-box');
  const label = button.querySelector('span');
  if (!box || button.disabled) return;
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  if (label) label.textContent = texts.loading;
  try {
    const { mountInteractiveMap } = await import('./interactive-map.ts');
    // The reader may have moved on to another screen meanwhile.
    if (!box.isConnected || box.classList.contains('is-live')) return;
    const { lat, lon, level, address = '' } = button.dataset;
    liveMaps.add(
      mountInteractiveMap(box, { latitude: Number(lat), longitude: Number(lon), level: Number(level), address }, texts),
    );
  } catch {
    // The chunk could not load (offline before any map was opened): the card and its link stay; the reader may retry.
    setStatus(texts.mapUnavailable);
    button.disabled = false;
    if (label) label.textContent = texts.showMap;
  } finally {
    button.removeAttribute('aria-busy');
  }
}

// ---------------------------------------------------------------- navigation and interactions

function updateFloat(): void {
  const float = root.querySelector<HTMLElement>('[data-float]');
  // Spec 1 §2: the scroll-to-top and back pair appears after more than 100 px.
  if (float) float.hidden = window.scrollY <= 100;
}
window.addEventListener('scroll', updateFloat, { passive: true });

type HistoryState = { pgDepth: number; scrollY?: number };
const historyState = (): HistoryState => {
  const state: unknown = history.state;
  return state !== null && typeof state === 'object' && typeof (state as HistoryState).pgDepth === 'number'
    ? (state as HistoryState)
    : { pgDepth: 0 };
};
if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
history.replaceState({ ...historyState() }, '');

function sameGuidebook(target: ViewerRoute): boolean {
  if (!guidebook) return false;
  return target.mode === 'mobile' ? target.uuid === guidebook.uuid : target.id === guidebook.id;
}

function navigate(href: string): void {
  const url = new URL(href, location.href);
  const target = parseViewerPath(url.pathname);
  if (!target || url.origin !== location.origin || !sameGuidebook(target)) {
    location.assign(url.href);
    return;
  }
  const state = historyState();
  history.replaceState({ ...state, scrollY: window.scrollY }, '');
  history.pushState({ pgDepth: state.pgDepth + 1 }, '', url.pathname + location.search);
  route = target;
  showGuidebook();
  window.scrollTo(0, 0);
}

window.addEventListener('popstate', () => {
  const target = parseViewerPath(location.pathname);
  if (!target || !guidebook || !sameGuidebook(target)) {
    location.reload();
    return;
  }
  route = target;
  showGuidebook();
  window.scrollTo(0, historyState().scrollY ?? 0);
});

document.addEventListener('change', (event) => {
  if (event.target instanceof HTMLInputElement && event.target.dataset.check !== undefined && guidebook)
    rememberCheck(event.target, guidebook.uuid);
});

document.addEventListener('click', (event) => {
  if (!(event.target instanceof Element)) return;
  const action = event.target.closest<HTMLElement>('[data-action]');
  if (action?.dataset.action === 'share' && (guidebook || lockedGuidebook)) {
    const book = guidebook ?? lockedGuidebook;
    if (!book) return;
    const published = guidebook ? guidebook.published : true;
    openShareSheet({ shareUrl: book.shareUrl, qrSrc: published ? `/api${viewerApi.qr(book.uuid)}` : null, texts });
    return;
  }
  if (action?.dataset.action === 'top') {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    return;
  }
  const video = event.target.closest<HTMLButtonElement>('button[data-video]');
  if (video?.dataset.video) {
    // The player (and YouTube's requests) only once the reader asks for it.
    const frame = document.createElement('iframe');
    frame.src = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.dataset.video)}?autoplay=1&rel=0`;
    frame.title = 'YouTube';
    frame.allow = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture';
    frame.allowFullscreen = true;
    frame.className = 'pg-video-frame';
    video.replaceWith(frame);
    return;
  }
  const mapButton = event.target.closest<HTMLButtonElement>('button[data-map]');
  if (mapButton) {
    void showMap(mapButton);
    return;
  }
  const link = event.target.closest<HTMLAnchorElement>('a[data-nav]');
  if (
    !link ||
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return;
  event.preventDefault();
  // Back goes back in history when we came from this guidebook's cover, so the cover keeps its scroll position.
  if (link.hasAttribute('data-back') && historyState().pgDepth > 0) history.back();
  else navigate(link.href);
});

// ---------------------------------------------------------------- start

function inlineAnswer(): ViewerAnswer | null {
  const element = document.getElementById(VIEWER_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ViewerAnswer;
  } catch {
    return null;
  }
}

async function fetchAnswer(current: ViewerRoute): Promise<ViewerAnswer | 'not-found' | 'offline'> {
  const response =
    current.mode === 'preview'
      ? await fetchPreview(current.id, null)
      : await request(current.mode === 'mobile' ? viewerApi.guidebook(current.uuid) : viewerApi.byId(current.id));
  if (!response) return 'offline';
  if (!response.ok) return response.status === 403 ? 'not-found' : response.status >= 500 ? 'offline' : 'not-found';
  return (await response.json()) as ViewerAnswer;
}

async function start(): Promise<void> {
  if (!navigator.onLine) showOffline();
  else checkReachable();
  const current = route;
  if (!current) {
    show({ kind: 'not-found' });
    return;
  }
  const drawn = root.firstElementChild instanceof HTMLElement ? (root.firstElementChild.dataset.screen ?? '') : '';
  const inline = inlineAnswer();
  if (drawn.startsWith('not-found') && !inline) {
    show({ kind: 'not-found' });
    return;
  }
  let answer: ViewerAnswer | 'not-found' | 'offline' | null = inline;
  if (!answer) {
    show({ kind: 'loading' });
    answer = await fetchAnswer(current);
  }
  if (answer === 'not-found') {
    show({ kind: 'not-found' });
    return;
  }
  if (answer === 'offline') {
    const kept = current.mode === 'mobile' ? await unlockedFromCache(current.uuid) : null;
    if (kept) opened(kept, null);
    else show({ kind: 'not-found' });
    showOffline();
    return;
  }
  if (answer.locked) {
    await openLocked(current, answer);
    return;
  }
  opened(answer, null);
}

void start();
