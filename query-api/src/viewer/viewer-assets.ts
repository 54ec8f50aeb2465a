import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';

/**
 * The viewer's own script and styles, compressed. The app serves its built files with express.static, which does
 * not compress; a reader on a phone should not download 34 KB of script where 12 KB will do. Only the files the
 * viewer's entry names (and the chunks its script loads) are handled here; anything else falls through to the
 * static files. Hashed names never change content, so each is compressed once and kept for a year by browsers.
 */

type Compressed = { type: string; raw: Buffer; br: Buffer; gzip: Buffer };

/** How long a look at the viewer's build stands for: a rebuild shows within this, readers never pay a stat each. */
export const BUILT_AT_RECHECK_MS = 1000;
const lastBuilt = new Map<string, { checkedAt: number; at: number }>();

/**
 * When the viewer's entry was last built (0 when it is not): what decides that cached reads of it are stale. Looked
 * at on disk at most every BUILT_AT_RECHECK_MS per folder (issue 20: a `stat` per reader's page was 3 % of the
 * serving CPU); `now` is for tests.
 */
export function builtAt(webDist: string, now = Date.now()): number {
  const seen = lastBuilt.get(webDist);
  if (seen && now - seen.checkedAt < BUILT_AT_RECHECK_MS && now >= seen.checkedAt) return seen.at;
  let at = 0;
  try {
    at = statSync(resolve(webDist, 'viewer.html')).mtimeMs;
  } catch {
    at = 0;
  }
  if (lastBuilt.size > 100) lastBuilt.clear();
  lastBuilt.set(webDist, { checkedAt: now, at });
  return at;
}

/** `/assets/…` paths the viewer loads: the template's tags, then whatever those scripts import. */
export function viewerAssetPaths(webDist: string): Set<string> {
  const template = resolve(webDist, 'viewer.html');
  const paths = new Set<string>();
  if (!existsSync(template)) return paths;
  const html = readFileSync(template, 'utf8');
  for (const [, path = ''] of html.matchAll(/(?:src|href)="(\/assets\/[\w.-]+\.(?:js|css))"/g)) paths.add(path);
  const pending = [...paths].filter((path) => path.endsWith('.js'));
  while (pending.length > 0) {
    const file = resolve(webDist, `.${pending.pop() ?? ''}`);
    if (!existsSync(file)) continue;
    for (const [, name = ''] of readFileSync(file, 'utf8').matchAll(
      /(?:^|[^\w.-])(?:\.\/|assets\/)([\w.-]+\.(?:js|css))/g,
    )) {
      const path = `/assets/${name}`;
      if (paths.has(path) || !existsSync(resolve(webDist, `.${path}`))) continue;
      paths.add(path);
      if (path.endsWith('.js')) pending.push(path);
    }
  }
  return paths;
}

export function compressedViewerAssets(webDist: string): RequestHandler {
  let allowed: { at: number; paths: Set<string> } | undefined;
  const cache = new Map<string, Compressed>();
  return (req, res, next) => {
    // Read when first asked and after every build: the web app may be built after the server started.
    const at = builtAt(webDist);
    if (allowed?.at !== at) allowed = { at, paths: viewerAssetPaths(webDist) };
    const path = `/assets${req.path}`;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !allowed.paths.has(path)) return next();
    let entry = cache.get(path);
    if (!entry) {
      const raw = readFileSync(resolve(webDist, `.${path}`));
      entry = {
        type: path.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
        raw,
        br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(raw, { level: 9 }),
      };
      cache.set(path, entry);
    }
    const accepts = req.get('accept-encoding') ?? '';
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    res.setHeader('Content-Type', entry.type);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Vary', 'Accept-Encoding');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.send(encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.raw);
  };
}
