import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Router } from 'express';
import { sendStaticFile } from '@pocketguide/platform/http/static-files';
import { allowScripts, isScriptHashList, languageCookie, manifestReader } from './front-door-routes.ts';

/**
 * The app's drawn screens (issue 20: every signed-in screen, cold, draws before its script, as the front door does).
 * The build renders each in each language (web/scripts/app-shell.ts) and lists them in `app/pages.json` with the
 * addresses each is for (`:name` standing for one segment): for those, this sends the drawing in the language of the
 * visitor's cookie (Korean without one; `Vary: Cookie`), its inline first lines allowed by their hashes. Who is
 * signed in is not the server's to know here (the session is in the browser): the page's first lines show what
 * fits. Compressed and revalidated like index.html. Any other address, or a build without the list, falls through
 * to index.html.
 */
export function appShellRoutes(webDist: string): Router {
  const router = Router();
  const manifest = manifestReader(resolve(webDist, 'app/pages.json'), parseManifest);
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    manifest()
      .then(async (pages) => {
        const path = req.path.length > 1 ? req.path.replace(/\/$/, '') : req.path;
        const page = pages?.pages.find((candidate) => candidate.patterns.some((pattern) => pattern.test(path)));
        if (!pages || !page) return next();
        const wanted = languageCookie(req, pages.languageCookie);
        const name =
          page.files[wanted !== undefined && Object.hasOwn(page.files, wanted) ? wanted : pages.defaultLanguage];
        const file = name ? resolve(webDist, name) : undefined;
        const stats = file ? await stat(file).catch(() => null) : null;
        if (!file || !stats?.isFile()) return next();
        res.vary('Cookie');
        allowScripts(res, pages.scriptHashes);
        await sendStaticFile(req, res, next, file, stats, false);
      })
      .catch(next);
  });
  return router;
}

type Page = { name: string; patterns: RegExp[]; files: Record<string, string | undefined> };
type Manifest = { languageCookie: string; defaultLanguage: string; pages: Page[]; scriptHashes: string[] };

/** `/guidebooks/edit/:guidebookId` → a pattern for the whole path, each `:name` one segment of anything but `/`. */
export function addressPattern(address: string): RegExp {
  const source = address
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

type ManifestFile = { languageCookie?: unknown; defaultLanguage?: unknown; pages?: unknown; scriptHashes?: unknown };

export function parseManifest(text: string): Manifest | null {
  try {
    const value = JSON.parse(text) as ManifestFile;
    const hashes = isScriptHashList(value.scriptHashes);
    if (
      typeof value.languageCookie !== 'string' ||
      typeof value.defaultLanguage !== 'string' ||
      !Array.isArray(value.pages) ||
      !hashes
    )
      return null;
    const pages: Page[] = [];
    for (const page of value.pages as Array<{ name?: unknown; serves?: unknown; files?: unknown }>) {
      const serves =
        Array.isArray(page.serves) &&
        page.serves.every((address) => typeof address === 'string' && address.startsWith('/'))
          ? (page.serves as string[])
          : null;
      if (typeof page.name !== 'string' || !serves || typeof page.files !== 'object' || page.files === null)
        return null;
      const files = Object.fromEntries(
        Object.entries(page.files).filter(
          (entry): entry is [string, string] =>
            typeof entry[1] === 'string' && /^app\/[\w-]+\/[\w-]+\.html$/.test(entry[1]),
        ),
      );
      pages.push({ name: page.name, patterns: serves.map(addressPattern), files });
    }
    return {
      languageCookie: value.languageCookie,
      defaultLanguage: value.defaultLanguage,
      pages,
      scriptHashes: value.scriptHashes as string[],
    };
  } catch {
    return null; // a half-written file: index.html until the build finishes
  }
}
