import { stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * The built web app's files, compressed (issue 11, fast app shell). The build writes a brotli (`.br`) and a gzip
 * (`.gz`) copy beside every text file (web/scripts/precompress.ts); this serves the copy the browser accepts
 * (`Accept-Encoding`, brotli first), with the original's Content-Type and `Vary: Accept-Encoding`, and the original
 * itself to a client that takes neither or when no copy exists (images, fonts: already compressed). A copy older
 * than its original (a build that wrote the file again without compressing it) is not used.
 *
 * Caching: `immutable` files (the hashed names under /assets/) are kept a year by browsers and proxies; the rest
 * (index.html, the favicon, the viewer's service worker) always revalidate (`no-cache`), so a deploy shows at once.
 * ETag and Last-Modified come from the file actually sent, so each encoding has its own validators.
 */

export type Encoding = 'br' | 'gzip';

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

/**
 * The encodings of `available` the request accepts, best first: by `q` value, brotli before gzip when equal.
 * `*` covers an encoding the header does not name; `q=0` refuses one. No header at all accepts none (identity).
 */
export function acceptedEncodings(
  header: string | undefined,
  available: readonly Encoding[] = ['br', 'gzip'],
): Encoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() === 'q') q = Number(value);
    }
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(q) ? q : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const order: readonly Encoding[] = ['br', 'gzip'];
  return available
    .filter((encoding) => weightOf(encoding) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a) || order.indexOf(a) - order.indexOf(b));
}

export type StaticFilesOptions = {
  /** hashed names: cached for a year (`immutable`); otherwise `no-cache` */
  immutable: boolean;
  /** a missing file is a 404 (problem details) rather than the next handler's business (the SPA fallback) */
  fallthrough?: boolean;
};

async function fileStats(path: string): Promise<Stats | null> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/**
 * Sends `file` (an absolute path to an existing file) or its compressed copy as the request accepts, with the
 * caching `immutable` asks for. Calls `next` with the error if reading fails before anything was sent.
 */
export async function sendStaticFile(
  req: Request,
  res: Response,
  next: NextFunction,
  file: string,
  original: Stats,
  immutable: boolean,
): Promise<void> {
  let chosen: { path: string; encoding: Encoding } | null = null;
  for (const encoding of acceptedEncodings(req.get('accept-encoding'))) {
    const path = `${file}${SUFFIX[encoding]}`;
    const copy = await fileStats(path);
    if (copy && copy.mtimeMs >= original.mtimeMs) {
      chosen = { path, encoding };
      break;
    }
  }
  // Vary whenever a compressed copy exists, whether or not this client takes it: a cache must not hand the
  // identity answer to a browser that accepts brotli, nor brotli to one that does not.
  const compressible =
    chosen !== null ||
    (await fileStats(`${file}${SUFFIX.br}`)) !== null ||
    (await fileStats(`${file}${SUFFIX.gzip}`)) !== null;
  if (compressible) res.vary('Accept-Encoding');
  res.type(extname(file));
  if (chosen) res.setHeader('Content-Encoding', chosen.encoding);
  res.setHeader('Cache-Control', immutable ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL);
  res.sendFile(
    chosen?.path ?? file,
    { cacheControl: false, dotfiles: 'allow', acceptRanges: chosen === null },
    (error?: Error) => {
      if (!error) return;
      if (res.headersSent) return next(error);
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      res.removeHeader('Cache-Control');
      next(error);
    },
  );
}

/** The absolute path `requestPath` names under `root`, or null for one outside it, hidden, or not decodable. */
export function fileUnder(root: string, requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  if (decoded.split('/').some((segment) => segment.startsWith('.'))) return null;
  const file = resolve(root, `.${decoded.startsWith('/') ? '' : '/'}${decoded}`);
  return file.startsWith(`${resolve(root)}${sep}`) ? file : null;
}

/** express.static for a built web app, serving the compressed copies the build wrote (see above). */
export function staticFiles(root: string, { immutable, fallthrough = true }: StaticFilesOptions): RequestHandler {
  const notFound = (next: NextFunction) =>
    fallthrough ? next() : next(Object.assign(new Error('Not Found'), { status: 404 }));
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      if (fallthrough) return next();
      // as serve-static answers it
      res.status(405).setHeader('Allow', 'GET, HEAD').setHeader('Content-Length', '0').end();
      return;
    }
    const file = fileUnder(root, req.path);
    // the compressed copies are served in the original's place, never under their own names
    if (!file || file.endsWith(SUFFIX.br) || file.endsWith(SUFFIX.gzip)) return notFound(next);
    fileStats(file)
      .then((stats) => (stats ? sendStaticFile(req, res, next, file, stats, immutable) : notFound(next)), next)
      .catch(next);
  };
}

/** The single-page app's fallback: index.html (compressed when a copy exists), always revalidated. */
export function spaFallback(indexHtml: string): RequestHandler {
  return (req, res, next) => {
    fileStats(indexHtml)
      .then((stats) => (stats ? sendStaticFile(req, res, next, indexHtml, stats, false) : next()))
      .catch(next);
  };
}
