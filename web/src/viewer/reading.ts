import {
  MAX_READS_PER_BEACON,
  READING_SOURCE_PARAM,
  type BeaconRead,
  type ReadingDevice,
  type ReadingSource,
} from '@pocketguide/contracts/insights/reading-shapes';

/**
 * Reading beacons (issue 24): which page a reader opens, how long it stays in view, where the reader came from, on
 * what kind of device, and whether it was read offline. No cookie and no id: the tab's session is one flag in
 * sessionStorage (is this its first page?), and the server keeps nothing that names the reader. Reads are batched:
 * one request carries every read queued for a guidebook (up to 50), sent when the page is hidden or left (with
 * `navigator.sendBeacon`, which the browser delivers after the page is gone; its body is text/plain, which the
 * server takes), 15 seconds after a page opens (with `fetch(keepalive)`, so a failure keeps the reads), and when the
 * connection comes back; reads made offline wait in localStorage with their real times (at most 200). A reader
 * turning pages for a minute sends a handful of requests, not one a page (issue 24).
 *
 * Time on a page counts only while the page is visible: hiding the tab ends it and showing it again starts anew.
 */

const QUEUE_KEY = 'pocketguide.viewer.reads';
const SESSION_KEY = 'pocketguide.viewer.session';
const MAX_QUEUED = 200;
const SEND_DELAY_MS = 15_000;

type Queued = { uuid: string; read: BeaconRead };

const SOURCES: readonly ReadingSource[] = ['qr', 'link', 'gallery', 'kakao', 'other'];

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? localStorage : sessionStorage;
  } catch {
    return null;
  }
}

/** Where this tab's reader came from: the address's `?src=`, else KakaoTalk by its referrer or in-app browser, else other. */
function sourceOf(): ReadingSource {
  const session = storage('session');
  const kept = session?.getItem(`${SESSION_KEY}.source`);
  if (kept && (SOURCES as readonly string[]).includes(kept)) return kept as ReadingSource;
  const asked = new URLSearchParams(location.search).get(READING_SOURCE_PARAM);
  const source: ReadingSource =
    asked && (SOURCES as readonly string[]).includes(asked)
      ? (asked as ReadingSource)
      : /kakao/i.test(document.referrer) || /KAKAOTALK/i.test(navigator.userAgent)
        ? 'kakao'
        : 'other';
  session?.setItem(`${SESSION_KEY}.source`, source);
  return source;
}

function deviceOf(): ReadingDevice {
  const coarse = matchMedia('(pointer: coarse)').matches;
  const shortest = Math.min(screen.width, screen.height);
  if (coarse && shortest < 600) return 'phone';
  if (coarse && shortest < 1100) return 'tablet';
  return 'desktop';
}

function loadQueue(): Queued[] {
  try {
    const stored = JSON.parse(storage('local')?.getItem(QUEUE_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as Queued[]) : [];
  } catch {
    return [];
  }
}

function saveQueue(queue: readonly Queued[]): void {
  try {
    if (queue.length === 0) storage('local')?.removeItem(QUEUE_KEY);
    else storage('local')?.setItem(QUEUE_KEY, JSON.stringify(queue.slice(-MAX_QUEUED)));
  } catch {
    // Full or blocked storage: these reads are lost, which costs a count, never a page.
  }
}

let queue: Queued[] = [];
let current: { uuid: string; page: string; visibleSince: number | null; offline: boolean } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let started = false;

function enqueue(uuid: string, read: BeaconRead): void {
  queue.push({ uuid, read });
  if (queue.length > MAX_QUEUED) queue = queue.slice(-MAX_QUEUED);
}

/**
 * Sends what is queued, a beacon per guidebook; what cannot be sent now is kept for later. `leaving`: the page is
 * being hidden or left, so the browser is asked to deliver it afterwards (`sendBeacon`), falling back to `fetch`.
 */
function send(leaving = false): void {
  clearTimeout(timer);
  timer = undefined;
  const pending = [...loadQueue(), ...queue];
  queue = [];
  saveQueue([]);
  if (pending.length === 0) return;
  if (!navigator.onLine) {
    saveQueue(pending);
    return;
  }
  const byGuidebook = new Map<string, BeaconRead[]>();
  for (const { uuid, read } of pending) byGuidebook.set(uuid, [...(byGuidebook.get(uuid) ?? []), read]);
  for (const [uuid, reads] of byGuidebook) {
    for (let start = 0; start < reads.length; start += MAX_READS_PER_BEACON) {
      const slice = reads.slice(start, start + MAX_READS_PER_BEACON);
      const body = JSON.stringify({ uuid, reads: slice });
      if (leaving && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon('/api/reading', body)) continue;
      void fetch('/api/reading', {
        method: 'POST',
        keepalive: true,
        headers: { 'Content-Type': 'application/json' },
        body,
      }).then(
        (response) => {
          // A refusal of the server's (bad, unknown, too many) is final; only a failure to reach it is kept.
          if (response.status >= 500) saveQueue([...loadQueue(), ...slice.map((read) => ({ uuid, read }))]);
        },
        () => saveQueue([...loadQueue(), ...slice.map((read) => ({ uuid, read }))]),
      );
    }
  }
}

function sendSoon(): void {
  timer ??= setTimeout(() => send(), SEND_DELAY_MS);
}

/** Ends the time on the current page (if it was in view) as a `time` read. */
function endVisible(): void {
  if (!current || current.visibleSince === null) return;
  const ms = Math.round(performance.now() - current.visibleSince);
  current.visibleSince = null;
  if (ms >= 500)
    enqueue(current.uuid, {
      kind: 'time',
      page: current.page,
      at: new Date().toISOString(),
      ms,
      offline: current.offline,
    });
}

function start(): void {
  if (started) return;
  started = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      endVisible();
      send(true);
    } else if (current) {
      current.visibleSince = performance.now();
    }
  });
  window.addEventListener('pagehide', () => {
    endVisible();
    send(true);
  });
  window.addEventListener('online', () => send());
  // Reads left from an earlier offline visit go out now.
  if (loadQueue().length > 0) sendSoon();
}

/**
 * A page of a published guidebook is in front of a reader: `page` is the content page's id, or `cover`. Showing
 * the same page again (a redraw) is not a new read.
 */
export function pageShown(uuid: string, page: string): void {
  start();
  if (current?.uuid === uuid && current.page === page) return;
  endVisible();
  const session = storage('session');
  const first = session?.getItem(SESSION_KEY) === null;
  session?.setItem(SESSION_KEY, '1');
  const offline = !navigator.onLine;
  current = { uuid, page, visibleSince: document.visibilityState === 'visible' ? performance.now() : null, offline };
  enqueue(uuid, {
    kind: 'open',
    page,
    at: new Date().toISOString(),
    source: sourceOf(),
    device: deviceOf(),
    offline,
    first: first || session === null,
  });
  sendSoon();
}
