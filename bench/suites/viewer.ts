import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import express from 'express';
import lighthouse from 'lighthouse';
import { startStandalone } from '@pocketguide/standalone/app';
import { viewerAssetPaths } from '@pocketguide/query-api/viewer/viewer-assets';
import { chromiumPath } from '../../test-support/browser.ts';
import {
  BENCH_ADMIN,
  benchDir,
  loadTest,
  percentile,
  publishedSample,
  root,
  signInAdmin,
  type Figure,
  type SuiteResult,
} from '../support.ts';

/**
 * The readers' viewer with the published sample guidebook:
 * - `GET /api/viewer/{uuid}` requests/s and latency beside a bare express handler answering a constant JSON of the
 *   same size, both loaded by autocannon from a second process in this run (aim: at least 0.7 of the bare one);
 * - the JavaScript a reader downloads on every page (the viewer entry and what it loads: the fonts' loader, Vite's
 *   preload helper), gzipped (aim: under 80 KB); apart from it, the interactive map's lazy chunk (Leaflet, its
 *   styles and the map module) that only a tap on 'Show map' fetches; and a check that none of the web app's own
 *   chunks or libraries (router, query cache, i18next, zod, editor) is among either;
 * - Lighthouse 12, mobile preset with its default simulated throttling, on `/m/{uuid}` in the system Chromium:
 *   performance score and LCP (aims: 95 and under 1.5 s), the median of `runs`.
 */
export async function viewerSuite(seconds = 5, connections = 16, runs = 3): Promise<SuiteResult> {
  const webDist = resolve(root, 'web/dist');
  if (!existsSync(resolve(webDist, 'viewer.html')))
    throw new Error('web/dist/viewer.html is missing: run `npm run build -w @pocketguide/web` first');
  const app = await startStandalone({
    port: 0,
    dataDir: benchDir('viewer'),
    webDist,
    env: { LOG_LEVEL: 'warn', ...BENCH_ADMIN },
  });
  const bare = express();
  let server: ReturnType<typeof bare.listen> | undefined;
  try {
    const { uuid, position } = await publishedSample(app.url, await signInAdmin(app.url));
    const apiUrl = `${app.url}/api/viewer/${uuid}`;
    const document = await (await fetch(`${apiUrl}?after=${position}`)).text();

    // ---- the viewer API beside a bare handler
    bare.get('/doc', (_req, res) => {
      res.json(JSON.parse(document) as unknown);
    });
    server = bare.listen(0);
    await once(server, 'listening');
    const bareUrl = `http://localhost:${(server.address() as AddressInfo).port}/doc`;
    await loadTest(bareUrl, 1, connections);
    await loadTest(apiUrl, 1, connections);
    const baseline = await loadTest(bareUrl, seconds, connections);
    const measured = await loadTest(apiUrl, seconds, connections);
    if (measured.non2xx > 0 || measured.errors > 0)
      throw new Error(`viewer API had ${measured.non2xx} non-2xx and ${measured.errors} errors`);

    // ---- what a reader's browser downloads: the viewer's script and every chunk it loads on every page (the fonts'
    // included), and apart from them the interactive map's chunk, fetched only when a reader taps 'Show map'.
    const { initial, map } = viewerChunks(webDist);
    const initialJs = initial.filter((path) => path.endsWith('.js'));
    const mapJs = map.filter((path) => path.endsWith('.js'));
    if (mapJs.length === 0)
      throw new Error(
        'the interactive map’s lazy chunk (/assets/interactive-map-*.js) is not among the viewer’s files',
      );
    const gzipped = (paths: readonly string[]) =>
      paths.reduce((sum, path) => sum + gzipSync(readFileSync(resolve(webDist, `.${path}`))).length, 0);
    const jsGzip = gzipped(initialJs);
    const mapJsGzip = gzipped(mapJs);
    const mapCssGzip = gzipped(map.filter((path) => path.endsWith('.css')));
    // None of the app's own chunks (Vite's small preload helper is shared by design), and none of its libraries:
    // fingerprints of React, react-router, TanStack Query, i18next, zod and Slate (its `data-slate-…` attributes and
    // messages; a bare 'slate' would find Leaflet's `translate`).
    const loaded = [...initialJs, ...mapJs];
    const indexHtml = readFileSync(resolve(webDist, 'index.html'), 'utf8');
    const appChunks = new Set(
      [...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]),
    );
    const shared = loaded.filter((script) => appChunks.has(script) && !/\/assets\/preload-helper-/.test(script));
    const scriptText = loaded.map((script) => readFileSync(resolve(webDist, `.${script}`), 'utf8')).join('\n');
    const markers: readonly [string, RegExp][] = [
      ['React', /react\.transitional\.element/],
      ['react-router', /__reactRouter/],
      ['TanStack Query', /QueryClient/],
      ['i18next', /i18next/],
      ['zod', /ZodError/],
      ['Slate', /data-slate-|\bSlate\b/],
    ];
    const foreign = markers.filter(([, marker]) => marker.test(scriptText)).map(([name]) => name);
    // fetch() would decompress; the bytes on the wire are what a phone waits for.
    const pageBytes = await new Promise<number>((done, fail) => {
      get(`${app.url}/m/${uuid}`, { headers: { 'accept-encoding': 'br' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => done(bytes));
      }).on('error', fail);
    });

    // ---- Lighthouse, mobile
    const scores: number[] = [];
    const lcps: number[] = [];
    for (let run = 0; run < runs; run++) {
      const chrome = await chromeLauncher.launch({
        chromePath: chromiumPath(),
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      });
      try {
        const result = await lighthouse(`${app.url}/m/${uuid}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error('Lighthouse gave no result');
        scores.push(Math.round((result.lhr.categories.performance?.score ?? 0) * 100));
        lcps.push(result.lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
      } finally {
        chrome.kill();
      }
    }
    const median = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      );

    const base = { name: 'bare express, constant JSON of the same size', value: baseline.requestsPerSecond };
    const figures: Figure[] = [
      { name: 'bare express requests/s', value: baseline.requestsPerSecond, unit: 'req/s' },
      {
        name: 'viewer API requests/s',
        value: measured.requestsPerSecond,
        unit: 'req/s',
        baseline: base,
        ratio: measured.requestsPerSecond / baseline.requestsPerSecond,
        aim: '>= 0.7',
      },
      {
        name: 'viewer API latency p50',
        value: measured.latencyP50Ms,
        unit: 'ms',
        baseline: { name: 'bare p50', value: baseline.latencyP50Ms },
      },
      {
        name: 'viewer API latency p99',
        value: measured.latencyP99Ms,
        unit: 'ms',
        baseline: { name: 'bare p99', value: baseline.latencyP99Ms },
      },
      { name: 'viewer document size', value: Buffer.byteLength(document), unit: 'bytes' },
      {
        name: `viewer JavaScript at first load, gzipped (${initialJs.length} files)`,
        value: jsGzip / 1024,
        unit: 'KB',
        aim: '< 80',
      },
      {
        name: `interactive map chunk on tap (Leaflet + map module), JavaScript gzipped (${mapJs.length} files)`,
        value: mapJsGzip / 1024,
        unit: 'KB',
      },
      {
        name: 'interactive map chunk on tap, CSS gzipped (Leaflet’s styles and the map’s)',
        value: mapCssGzip / 1024,
        unit: 'KB',
      },
      {
        name: 'web app chunks or libraries in the viewer',
        value: shared.length + foreign.length,
        unit: foreign.concat(shared).join(', ') || 'none',
        aim: '0',
      },
      {
        name: 'first response of /m/{uuid} on the wire (brotli; styles and guidebook inlined)',
        value: pageBytes / 1024,
        unit: 'KB',
      },
      {
        name: `Lighthouse mobile performance (median of ${runs})`,
        value: median(scores),
        unit: `score (runs: ${scores.join(', ')})`,
        aim: '>= 95',
      },
      {
        name: `Lighthouse mobile LCP (median of ${runs})`,
        value: median(lcps) / 1000,
        unit: `s (runs: ${lcps.map((lcp) => (lcp / 1000).toFixed(2)).join(', ')})`,
        aim: '< 1.5',
      },
    ];
    return { suite: 'readers’ viewer (sample guidebook)', figures };
  } finally {
    server?.close();
    await app.close();
  }
}

/** Where the interactive map's lazy chunk starts (web/src/viewer/interactive-map.ts). */
const MAP_CHUNK = /^\/assets\/interactive-map-[\w-]+\.js$/;
const NAMED = /(?:^|[^\w.-])(?:\.\/|assets\/)([\w.-]+\.(?:js|css))/g;

/**
 * The `/assets/…` files a built script names, split by when they load: `always` (static imports, and lazy ones
 * other than the map's: the fonts), `onTap` (the map's chunk and what Vite preloads with it: its styles). Vite
 * lists each lazy import's files in one table (`__vite__mapDeps`, the imported chunk first) and names a group of
 * it at each `import()`.
 */
function namedBy(file: string): { always: string[]; onTap: string[] } {
  const text = readFileSync(file, 'utf8');
  const table = /m\.f=\[([^\]]*)\]/.exec(text);
  const entries = table
    ? [...(table[1] ?? '').matchAll(/"assets\/([\w.-]+)"/g)].map(([, name = '']) => `/assets/${name}`)
    : [];
  const rest = table ? text.replace(table[0], '') : text;
  const always = [...rest.matchAll(NAMED)]
    .map(([, name = '']) => `/assets/${name}`)
    .filter((path) => !MAP_CHUNK.test(path));
  const onTap = [...rest.matchAll(NAMED)]
    .map(([, name = '']) => `/assets/${name}`)
    .filter((path) => MAP_CHUNK.test(path));
  for (const [, indices = ''] of rest.matchAll(/__vite__mapDeps\(\[([\d,\s]*)\]\)/g)) {
    const group = indices
      .split(',')
      .map((index) => entries[Number(index)])
      .filter((path): path is string => path !== undefined);
    (group[0] !== undefined && MAP_CHUNK.test(group[0]) ? onTap : always).push(...group);
  }
  return { always, onTap };
}

/**
 * The viewer's `/assets/…` files (those viewerAssetPaths serves: the template's tags and all they import, lazily or
 * not), split into what every page loads and what only the interactive map brings: what the template reaches
 * without the map's lazy import, and the rest of what that import reaches.
 */
export function viewerChunks(webDist: string): { initial: string[]; map: string[] } {
  const all = viewerAssetPaths(webDist);
  const named = new Map<string, { always: string[]; onTap: string[] }>();
  const of = (path: string) => {
    let found = named.get(path);
    if (!found) {
      const raw = path.endsWith('.js') ? namedBy(resolve(webDist, `.${path}`)) : { always: [], onTap: [] };
      found = { always: raw.always.filter((next) => all.has(next)), onTap: raw.onTap.filter((next) => all.has(next)) };
      named.set(path, found);
    }
    return found;
  };
  const reach = (from: readonly string[], known: ReadonlySet<string> = new Set()) => {
    const seen = new Set<string>();
    const pending = from.filter((path) => !known.has(path));
    while (pending.length > 0) {
      const path = pending.pop() ?? '';
      if (seen.has(path) || known.has(path)) continue;
      seen.add(path);
      pending.push(...of(path).always);
    }
    return seen;
  };
  const template = readFileSync(resolve(webDist, 'viewer.html'), 'utf8');
  const tags = [...template.matchAll(/(?:src|href)="(\/assets\/[\w.-]+\.(?:js|css))"/g)].map(([, path = '']) => path);
  const initial = reach(tags);
  const map = reach(
    [...initial].flatMap((path) => of(path).onTap),
    initial,
  );
  return { initial: [...initial], map: [...map] };
}
