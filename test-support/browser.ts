// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * System Chromium for browser tests, driven by puppeteer-core (no bundled browser download). Each launch gets a
 * fresh profile in a temp folder, removed on close, so runs never share cookies or storage.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { TimeoutError, type BoundingBox, type Browser, type HTTPResponse, type Page } from 'puppeteer-core';
import { waitBudgetMs } from './wait-budget.ts';

/** The one wait budget (`TEST_WAIT_MS`; see wait-budget.ts) for the browser helpers and journeys. */
export const WAIT_MS = waitBudgetMs(process.env);

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export const screenshotDir = resolve(import.meta.dirname, '../test-output/screenshots');

/** `CHROMIUM_PATH` wins; otherwise the first system browser found. */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  const found = CANDIDATES.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`No Chromium found: set CHROMIUM_PATH or install one of ${CANDIDATES.join(', ')}`);
  return found;
}

/** `extraArgs`: more Chromium switches, e.g. the editor bench's vsync and frame-rate limit off. */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'pocketguide-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      `--user-data-dir=${userDataDir}`,
      ...extraArgs,
    ],
  });
  // Remove the profile once Chromium has exited (on disconnect it may still be writing to it).
  browser.process()?.once('exit', () => {
    try {
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    } catch {
      // A leftover temp folder is not worth failing a test run for.
    }
  });
  return browser;
}

/**
 * Opens `address` and waits, within the wait budget, until `ready` (a selector) shows: the thing the next step
 * reads or uses, and one only the running app draws. A screen the server sends drawn (the front door, the app's
 * signed-in screens, the viewer) is on screen before its script has it, and a click on it then lands on inert HTML:
 * `ready` is then the front door's take-over mark (`frontDoorLive`), or what the screen draws from its data, or the
 * header's signed-in side (drawn only once the app has taken the page over). It waits for the load event and that,
 * not for `networkidle0`, which always waits out a further 500 ms of silence after the last request and is not
 * the condition any test needs. Returns the document's response.
 */
export async function openAt(page: Page, address: string, ready: string): Promise<HTTPResponse | null> {
  const response = await page.goto(address, { waitUntil: 'load', timeout: WAIT_MS });
  await showing(page, ready);
  return response;
}

/** Reloads the page and waits until `ready` shows, as `openAt` does. */
export async function reloadAt(page: Page, ready: string): Promise<HTTPResponse | null> {
  const response = await page.reload({ waitUntil: 'load', timeout: WAIT_MS });
  await showing(page, ready);
  return response;
}

/** `ready` on the front door (built drawn, then taken over by its script): once the script has it (front-door.tsx). */
export const frontDoorLive = (ready: string): string => `html[data-hydrated] ${ready}`;

/** The header's signed-in side: the app draws it only once it has taken a drawn screen over (app-header.tsx). */
export const SIGNED_IN_APP = 'header [data-profile-menu]';

/**
 * Waits until a signed-in screen of the app has done all it does by itself: taken over (the person's own header side
 * drawn), Pretendard in (asked for once the page has loaded and the browser is idle, and marked `pocketguide.appFonts`
 * by main.tsx; or had from an earlier visit by the first lines, `data-fonts`), no font still loading, and every picture
 * it asked for come. An error, a policy violation or a layout shift of any of that has been reported two frames later: a condition,
 * where `networkidle0` waits for 500 ms of network silence.
 */
export async function signedInAppSettled(page: Page): Promise<void> {
  await page.waitForSelector(SIGNED_IN_APP, { timeout: WAIT_MS });
  await page.waitForFunction(
    () =>
      // (a lazy picture away from the screen is not asked for: it never completes while it stays there)
      [...document.images].every((image) => image.complete || image.loading === 'lazy'),
    { timeout: WAIT_MS },
  );
  await appFontsApplied(page);
}

/**
 * The app's own fonts are on the page: asked for by its first lines (`data-fonts`, a browser that had them) or,
 * on a drawn screen, after the load once the browser is idle (web/src/main.tsx, which notes them in storage once
 * they are in), and none is still loading; then two frames. A measurement of the layout taken before that can be
 * compared only with one taken in the same font: the system font's line boxes differ from Pretendard's.
 */
export async function appFontsApplied(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (document.documentElement.dataset.fonts !== undefined || localStorage.getItem('pocketguide.appFonts') === '1') &&
      document.fonts.status === 'loaded',
    { timeout: WAIT_MS },
  );
  await framesDrawn(page);
}

async function showing(page: Page, ready: string): Promise<void> {
  await page.waitForSelector(ready, { visible: true, timeout: WAIT_MS }).catch((error: unknown) => {
    throw new Error(`${page.url()} did not show ${ready} within ${WAIT_MS} ms`, { cause: error });
  });
}

/** Saves a full-page PNG to test-output/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`) as `${string}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Waits until the page has come to rest, so a screenshot shows what a person sees: the page-load progress bar gone,
 * every CSS transition and finite animation ended (an endless spinner is left turning), and two frames drawn. It
 * waits for those things themselves rather than a fixed time, so it costs what they take (often nothing) and fails
 * loudly after the wait budget when something never stops moving. Fonts are the caller's (`document.fonts.ready`).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const bar = document.querySelector('[data-testid="page-progress"]');
      if (bar && getComputedStyle(bar).opacity !== '0') return false;
      // getAnimations() brings styles up to date first, so a transition a resize or a class just started is seen
      return document
        .getAnimations()
        .every(
          (animation) =>
            (animation.playState !== 'running' && !animation.pending) ||
            animation.effect?.getComputedTiming().endTime === Infinity,
        );
    },
    { timeout: WAIT_MS, polling: 'raf' },
  );
  await framesDrawn(page);
}

/** Waits until the page has drawn two more frames: whatever the last change caused is painted and reported. */
export async function framesDrawn(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(undefined)))),
  );
}

/**
 * The built web app the browser tests serve: `WEB_DIST` (the server's own setting) when set, e.g. a build in a
 * folder no parallel `vite build` is rewriting; otherwise web/dist.
 */
export function builtWebDist(): string {
  return process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : resolve(import.meta.dirname, '../web/dist');
}

/** Where on a drop target the mouse goes: the part of it that means before or after, along the list's axis. */
export interface DropPoint {
  /** the drop target (re-read on every move: it can move while the button is down) */
  target: string;
  side: 'before' | 'after';
  /** 'y' for a column of items, 'x' for a row of tiles */
  axis: 'x' | 'y';
}

/** What the drag's watcher leaves on the page's window. */
interface DragWatch {
  dragSeenAt?: [number, number] | null;
  dragWatcher?: (event: DragEvent) => void;
}

/** How long each look for the drop line waits before the mouse moves again. */
const FOLLOW_MS = 100;

/**
 * A native HTML5 drag with the mouse, made as a person makes it: press on `handle`, move onto the target's
 * before or after part, and keep the mouse on that part until `over` (the target's drop line) shows; then
 * `whileOver` runs (a screenshot) and the button is released, always, also on a failure.
 *
 * The mouse follows the target because the page can move under a held button: a picture above the target loads
 * and pushes it down, or Chromium scrolls the page because the mouse is near the window's edge. Chromium sends
 * `dragover` only when the mouse moves, never while it rests, so a drag that stopped over the wrong place stays
 * there: a journey in CI waited 30 s for a line that was drawn on a neighbour. Each look re-reads the target's box
 * and moves to it by a pixel or two, so the drag ends where the target is now, within the wait budget, and the
 * caller still checks the order it produced.
 */
export async function dragWithMouse(
  page: Page,
  handle: string,
  drop: DropPoint,
  over: string,
  whileOver?: () => Promise<void>,
): Promise<void> {
  const start = await page.$(handle);
  const from = await start?.boundingBox();
  if (!from) throw new Error(`the drag handle ${handle} is not shown`);
  const partOf = (box: BoundingBox) => {
    const [lo, hi] = drop.side === 'before' ? [0, 0.5] : [0.5, 1];
    return drop.axis === 'y'
      ? { left: box.x, right: box.x + box.width, top: box.y + box.height * lo, bottom: box.y + box.height * hi }
      : { left: box.x + box.width * lo, right: box.x + box.width * hi, top: box.y, bottom: box.y + box.height };
  };
  const targetBox = async () => {
    const box = await (await page.$(drop.target))?.boundingBox();
    if (!box) throw new Error(`the drop target ${drop.target} is not shown`);
    return box;
  };
  // the middle of the target's part (a fifth in from its end), moved a pixel across the axis by `nudge`
  const aimAt = (box: BoundingBox, nudge: number) => {
    const at = drop.side === 'before' ? 0.2 : 0.8;
    return drop.axis === 'y'
      ? { x: box.x + box.width / 2 + nudge, y: box.y + box.height * at }
      : { x: box.x + box.width * at, y: box.y + box.height / 2 + nudge };
  };
  // where the page last saw the drag (a listener that only looks): a release before the page has seen the drag
  // at the mouse's last place drops with the state of the place before, often nothing
  await page.evaluate(() => {
    const seen = window as unknown as DragWatch;
    seen.dragSeenAt = null;
    // one listener per document, also when the document was rewritten in the same window (and lost its listeners)
    if (seen.dragWatcher) document.removeEventListener('dragover', seen.dragWatcher, true);
    seen.dragWatcher = (event) => (seen.dragSeenAt = [event.clientX, event.clientY]);
    document.addEventListener('dragover', seen.dragWatcher, true);
  });
  const seenHere = async ({ x, y }: { x: number; y: number }) => {
    const at = await page.evaluate(() => (window as unknown as DragWatch).dragSeenAt ?? null);
    return at !== null && Math.abs(at[0] - x) <= 1 && Math.abs(at[1] - y) <= 1;
  };
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  try {
    let mouse = aimAt(await targetBox(), 0);
    await page.mouse.move(mouse.x, mouse.y, { steps: 12 });
    const deadline = Date.now() + WAIT_MS;
    for (let look = 1; ; look++) {
      // done when the line shows, the mouse is still on the target's part and the page has seen the drag there: a
      // line drawn before the target moved is stale, and a release there would drop on whatever is under it now
      const part = partOf(await targetBox());
      const onPart = mouse.x >= part.left && mouse.x < part.right && mouse.y >= part.top && mouse.y < part.bottom;
      if (onPart && (await page.$(over)) && (await seenHere(mouse))) break;
      if (Date.now() > deadline) {
        const under = await page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.outerHTML.slice(0, 160) ?? 'nothing',
          mouse,
        );
        const seen = await page.evaluate(() => (window as unknown as DragWatch).dragSeenAt ?? null);
        throw new Error(
          `no drop line ${over} within ${WAIT_MS} ms of dragging (line ${(await page.$(over)) ? 'shown' : 'not shown'}, ` +
            `mouse at ${Math.round(mouse.x)},${Math.round(mouse.y)}, the page saw the drag last at ${JSON.stringify(seen)}); ` +
            `under the mouse: ${under}`,
        );
      }
      mouse = aimAt(await targetBox(), look % 2 === 0 ? 1 : -1);
      await page.mouse.move(mouse.x, mouse.y, { steps: 2 });
      await page.waitForSelector(over, { timeout: FOLLOW_MS }).catch((error: unknown) => {
        if (!(error instanceof TimeoutError)) throw error;
      });
    }
    await whileOver?.();
  } finally {
    await page.mouse.up();
  }
}
