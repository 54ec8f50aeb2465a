import { existsSync } from 'node:fs';

/**
 * The thumbnail renderer port: loads a reader's page and returns a PNG of its first screen. The adapter is
 * `chromium-thumbnail-renderer.ts` (system Chromium through puppeteer-core); tests of the worker use a fake.
 * It lives beside the worker rather than in platform because the worker is its only user and owns the browser
 * dependency.
 */
export interface ThumbnailRenderer {
  /** throws `PageNotRenderableError` when the page does not answer 200 (unpublished, deleted) */
  render(url: string): Promise<Buffer>;
  /** closes the browser; a render after it fails */
  close(): Promise<void>;
}

/** The page answered something else than the guidebook (404 once unpublished or deleted): trying again will not help. */
export class PageNotRenderableError extends Error {
  override readonly name = 'PageNotRenderableError';
  constructor(
    readonly url: string,
    readonly status: number | null,
  ) {
    super(`${url} answered ${status ?? 'nothing'}`);
  }
}

export const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
] as const;

export type ChromiumLookup = { found: true; path: string } | { found: false; reason: string };

/** `CHROMIUM_PATH` when set (it must exist), else the first system browser found. */
export function findChromium(
  chromiumPath: string | undefined,
  exists: (path: string) => boolean = existsSync,
): ChromiumLookup {
  if (chromiumPath) {
    return exists(chromiumPath)
      ? { found: true, path: chromiumPath }
      : { found: false, reason: `CHROMIUM_PATH ${chromiumPath} does not exist` };
  }
  const path = CHROMIUM_CANDIDATES.find((candidate) => exists(candidate));
  if (path) return { found: true, path };
  return {
    found: false,
    reason: `No Chromium found: set CHROMIUM_PATH or install one of ${CHROMIUM_CANDIDATES.join(', ')}`,
  };
}
