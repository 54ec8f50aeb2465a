import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Router, type Request, type Response } from 'express';
import { sendStaticFile, spaFallback } from '@pocketguide/platform/http/static-files';

/** The signed-out visitor's pages (issue 11, fast front door): the landing, the login and the sign-up screen. */
export const FRONT_DOOR_PATHS = ['/', '/login', '/signup'] as const;

/**
 * `/`, `/login` and `/signup` get the front door (web/front.html, built beside the app's index.html:
 * web/scripts/front-door.ts) rather than the whole app: drawn at build time in each language, so a first visit
 * shows the page before any script runs. The build lists the files in `front/pages.json`; the visitor's language
 * comes from the cookie the web app keeps (Korean without one), hence `Vary: Cookie`. The pages' one inline script
 * (what a signed-in visitor or a closed banner must not see drawn) is allowed by its hash. Compressed and
 * revalidated like index.html. A build without the pages (an older one) gets front.html, and one without that
 * leaves these addresses to the app's fallback. The page's script sends anyone already signed in on to the app,
 * as the app's own guards would.
 */
export function frontDoorRoutes(webDist: string): Router {
  const router = Router({ strict: false });
  const manifest = manifestReader(resolve(webDist, 'front/pages.json'), parseManifest);
  const shell = spaFallback(resolve(webDist, 'front.html'));
  router.get([...FRONT_DOOR_PATHS], (req, res, next) => {
    manifest()
      .then(async (pages) => {
        const path = req.path.length > 1 ? req.path.replace(/\/$/, '') : req.path;
        const language = pages ? languageOf(req, pages) : undefined;
        const name = pages && language ? pages.pages[language]?.[path] : undefined;
        const file = name ? resolve(webDist, name) : undefined;
        const stats = file ? await stat(file).catch(() => null) : null;
        if (!pages || !file || !stats?.isFile()) return shell(req, res, next);
        res.vary('Cookie');
        allowScripts(res, pages.scriptHashes);
        await sendStaticFile(req, res, next, file, stats, false);
      })
      .catch(next);
  });
  return router;
}

type Manifest = {
  languageCookie: string;
  defaultLanguage: string;
  pages: Record<string, Record<string, string> | undefined>;
  scriptHashes: string[];
};

/**
 * A build's list of drawn pages, read with `parse` and read again only when the file changes (a new build under a
 * running server); the front door's and the app's drawn screens each have one.
 */
export function manifestReader<M>(file: string, parse: (text: string) => M | null): () => Promise<M | null> {
  let cached: { mtimeMs: number; manifest: M | null } | null = null;
  return async () => {
    const stats = await stat(file).catch(() => null);
    if (!stats) return null;
    if (cached?.mtimeMs !== stats.mtimeMs)
      cached = { mtimeMs: stats.mtimeMs, manifest: parse(await readFile(file, 'utf8')) };
    return cached.manifest;
  };
}

/** Whether a build list's `scriptHashes` are CSP source hashes (`'sha256-…'`), as the pages' first lines are allowed by. */
export function isScriptHashList(value: unknown): value is string[] {
  return (
    Array.isArray(value) && value.every((hash) => typeof hash === 'string' && /^'sha256-[A-Za-z0-9+/=]+'$/.test(hash))
  );
}

function parseManifest(text: string): Manifest | null {
  try {
    const value = JSON.parse(text) as Partial<Manifest>;
    const hashes = isScriptHashList(value.scriptHashes);
    if (
      typeof value.languageCookie !== 'string' ||
      typeof value.defaultLanguage !== 'string' ||
      typeof value.pages !== 'object' ||
      !hashes
    )
      return null;
    return value as Manifest;
  } catch {
    return null; // a half-written file: the shell until the build finishes
  }
}

/** The language the visitor's cookie names, when the build drew the pages in it; else the default. */
function languageOf(req: Request, manifest: Manifest): string {
  const wanted = languageCookie(req, manifest.languageCookie);
  return wanted !== undefined && Object.hasOwn(manifest.pages, wanted) ? wanted : manifest.defaultLanguage;
}

/** The value of the language cookie the web app keeps (`name`), if the request carries it. */
export function languageCookie(req: Request, name: string): string | undefined {
  return cookie(req.get('cookie'), name);
}

function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The app's policy (security-headers.ts, already set) with the pages' inline scripts allowed by hash. */
export function allowScripts(res: Response, hashes: readonly string[]): void {
  const policy = res.getHeader('Content-Security-Policy');
  if (typeof policy !== 'string' || hashes.length === 0) return;
  res.setHeader(
    'Content-Security-Policy',
    policy.replace(
      /(^|;\s*)(script-src [^;]*)/,
      (_directive, start: string, sources: string) => `${start}${sources} ${hashes.join(' ')}`,
    ),
  );
}
