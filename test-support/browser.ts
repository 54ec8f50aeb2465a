/**
 * System Chromium for browser tests, driven by puppeteer-core (no bundled browser download). Each launch gets a
 * fresh profile in a temp folder, removed on close, so runs never share cookies or storage.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
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

export async function launchBrowser(): Promise<Browser> {
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

/** Saves a full-page PNG to test-output/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`) as `${string}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * The built web app the browser tests serve: `WEB_DIST` (the server's own setting) when set, e.g. a build in a
 * folder no parallel `vite build` is rewriting; otherwise web/dist.
 */
export function builtWebDist(): string {
  return process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : resolve(import.meta.dirname, '../web/dist');
}
