import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type InlineConfig, type Plugin, type PluginOption } from 'vite';

/**
 * The front door's build (issue 11, fast front door): `/`, `/login` and `/signup` for signed-out visitors come from
 * their own entry, front.html (web/src/front-door), built into the same folder as the app once the app's build has
 * written it. It renders the app's own pages and components, but with small stand-ins for the libraries a
 * signed-out visitor does not need (react-router, i18next, the query cache, sonner: web/src/front-door/shims), so
 * its first load is React, zod and the two pages' code rather than the whole app shell. A second build because a
 * bundler resolves a package one way per build: the app keeps the real libraries.
 *
 * Then each page is rendered to HTML in each language (web/src/front-door/render.tsx, built for Node) and written
 * as `front/<language>/<page>.html` over front.html, so a first visit draws the page before any script has run;
 * the server picks the file (query-api/src/front-door).
 */

const shims = fileURLToPath(new URL('../src/front-door/shims/', import.meta.url));

/** Bare package name → its stand-in, for the front door's build only. */
export const FRONT_DOOR_SHIMS: Record<string, string> = {
  'react-router': resolve(shims, 'react-router.tsx'),
  'react-i18next': resolve(shims, 'react-i18next.tsx'),
  i18next: resolve(shims, 'i18next.ts'),
  '@tanstack/react-query': resolve(shims, 'react-query.ts'),
  sonner: resolve(shims, 'sonner.tsx'),
};

const PRETENDARD_CSS = /[\\/]pretendard[\\/].+\.css$/;

/**
 * Pretendard in the front door shows only when this browser already has it (`font-display: optional`): on a first
 * visit the pages stay in the system's Korean font rather than laying themselves out again as each of a dozen
 * subsets arrives (each time a long task on a phone: issue 11). The files still download, so the app, after
 * sign-in, and the next visit have them at once. The app itself keeps `swap`.
 */
export function optionalFonts(): Plugin {
  return {
    name: 'pocketguide:front-door-optional-fonts',
    transform: {
      filter: { id: PRETENDARD_CSS },
      handler: (code) => ({ code: code.replaceAll(/font-display:\s*swap/g, 'font-display: optional'), map: null }),
    },
  };
}

/** Where a pre-rendered page is written, under the build's folder. */
export function prerenderedFile(language: string, path: string): string {
  return `front/${language}/${path === '/' ? 'index' : path.replace(/^\//, '')}.html`;
}

/**
 * What the server needs to send the pre-rendered pages (query-api/src/front-door reads it from
 * `front/pages.json`): each language's file per address, the cookie that names the visitor's language, and the
 * CSP hashes of the pages' inline scripts (one set of first lines, the same on every page).
 */
export type FrontDoorManifest = {
  languageCookie: string;
  defaultLanguage: string;
  pages: Record<string, Record<string, string>>;
  scriptHashes: string[];
};

export const FRONT_DOOR_MANIFEST = 'front/pages.json';

/** The CSP source of each inline `<script>` in `html` ('sha256-…'), as a browser hashes it. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
  return [...new Set(hashes)];
}

type Page = { html: string; title: string; description: string };

type RenderModule = {
  LANGUAGE_COOKIE: string;
  DEFAULT_LANGUAGE: string;
  PRERENDERED_LANGUAGES: readonly string[];
  PRERENDERED_PATHS: readonly string[];
  renderFrontDoorPage(path: string, language: string): Page;
  firstLines(fontsStylesheet: string | undefined): string;
};

type FontFile = { url: string; ranges: [number, number][] };

/** The font files of a built @font-face stylesheet with the characters each covers (`unicode-range`). */
export function fontFiles(css: string): FontFile[] {
  const files: FontFile[] = [];
  for (const [, body = ''] of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const url = /src:\s*url\(["']?([^"')]+)["']?\)/.exec(body)?.[1];
    const range = /unicode-range:\s*([^;]+)/.exec(body)?.[1];
    if (!url) continue;
    const ranges = (range ?? 'U+0-10FFFF').split(',').map((part): [number, number] => {
      const [from = '0', to] = part.trim().replace(/^U\+/i, '').split('-');
      if (to !== undefined) return [parseInt(from, 16), parseInt(to, 16)];
      // U+4?? is U+400-4FF
      return [parseInt(from.replaceAll('?', '0'), 16), parseInt(from.replaceAll('?', 'F'), 16)];
    });
    files.push({ url, ranges });
  }
  return files;
}

/** The files of `fonts` a page needs for the text of `html` (tags and attributes aside, the title included). */
export function fontFilesFor(html: string, fonts: readonly FontFile[]): string[] {
  const text = html.replace(/<[^>]*>/g, ' ');
  const codePoints = new Set([...text].map((character) => character.codePointAt(0) ?? 0));
  return fonts
    .filter(({ ranges }) => [...codePoints].some((point) => ranges.some(([from, to]) => point >= from && point <= to)))
    .map(({ url }) => url);
}

/**
 * The module script `src` (and the files it imports, `preloads`, asked for beside it rather than one after the
 * other), asked for once the page has been drawn, its first contentful paint shown: neither their download nor their
 * evaluation and the hydration can then hold back the first paint, on any network. A page opened in a background
 * tab draws nothing: there they are asked for at once; a browser that does not report paints asks in the task after
 * the first frame; and none waits more than three seconds.
 */
export function afterFirstPaint(src: string, preloads: readonly string[] = []): string {
  return runAfterFirstPaint(
    `${JSON.stringify(preloads)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});` +
      `var s=document.createElement("script");s.type="module";s.src=${JSON.stringify(src)};document.head.appendChild(s)`,
  );
}

/** An inline script running `load` (script text) once, at the moment `afterFirstPaint` describes. */
export function runAfterFirstPaint(load: string): string {
  return (
    '<script>(function(){var done=false;function go(){if(done)return;done=true;' +
    load +
    '}if(document.visibilityState==="hidden")return go();setTimeout(go,3000);' +
    'var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){' +
    'new P(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();setTimeout(go)}}).observe({type:"paint",buffered:true})' +
    '}else requestAnimationFrame(function(){setTimeout(go)})})()</script>'
  );
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** front.html (as built, with its hashed script and stylesheet) with one page drawn into it. */
export function fillTemplate(
  template: string,
  page: Page,
  path: string,
  language: string,
  firstLines: string,
  fonts: readonly FontFile[] = [],
): string {
  const fontsToFetch = fontFilesFor(`${page.title} ${page.html}`, fonts).join(' ');
  // the entry's own imports, which the build asks for in the head: they come with the entry, after the first paint
  const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    ([, href = '']) => href,
  );
  const filled = template
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace(/\s*<!--[\s\S]*?-->/g, '')
    // (functions, not strings: a `$` in a text must stay a `$`)
    .replace(/<html lang="[^"]*">/, () => `<html lang="${language}">`)
    // the page arrives drawn: the script that makes it work is asked for once it has been (afterFirstPaint)
    .replace(
      /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_tag, src: string) => `\n    ${afterFirstPaint(src, preloads)}`,
    )
    .replace(/<meta charset="UTF-8" \/>/, (charset) => `${charset}\n    ${firstLines}`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${page.title}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      () => `<meta name="description" content="${escapeAttribute(page.description)}" />`,
    )
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" data-prerendered="${escapeAttribute(path)}" data-language="${language}" data-font-files="${escapeAttribute(fontsToFetch)}">${page.html}</div>`,
    );
  if (!filled.includes('data-prerendered='))
    throw new Error('front.html has no empty <div id="root"></div> to draw the page into');
  return filled;
}

/** The Vite plugin: after the app's build has written its files, builds front.html into the same folder, then pre-renders it. */
export function frontDoor(plugins: () => PluginOption[]): Plugin {
  let root = '';
  let outDir = '';
  let mode = 'production';
  const aliases = () =>
    Object.entries(FRONT_DOOR_SHIMS).map(([name, replacement]) => ({
      find: new RegExp(`^${name.replace('/', '\\/')}$`),
      replacement,
    }));
  // the stylesheet of web/src/front-door/fonts.ts as the client build names it, for the pages' first lines
  let fontsStylesheet: string | undefined;
  const findFontsStylesheet: Plugin = {
    name: 'pocketguide:front-door-fonts-stylesheet',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !output.facadeModuleId?.endsWith('/src/front-door/fonts.ts')) continue;
        const [css] = output.viteMetadata?.importedCss ?? [];
        fontsStylesheet = css ? `/${css}` : undefined;
      }
    },
  };
  return {
    name: 'pocketguide:front-door',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      mode = config.mode;
    },
    async writeBundle() {
      // what both builds share: this folder, no config file and no public files of their own, the shims
      const common = (): InlineConfig => ({
        configFile: false,
        root,
        mode,
        logLevel: 'warn',
        publicDir: false,
        resolve: { dedupe: ['zod'], alias: aliases() },
      });
      await build({
        ...common(),
        plugins: [...plugins(), optionalFonts(), findFontsStylesheet],
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          sourcemap: process.env.FRONT_SOURCEMAP === '1',
          // fonts.ts: Pretendard's stylesheet on its own, which the pages' first lines ask for (first-lines.ts)
          rolldownOptions: {
            input: { front: resolve(root, 'front.html'), fonts: resolve(root, 'src/front-door/fonts.ts') },
          },
        },
      });

      // the same pages for Node, everything bundled in, in a folder of its own that is gone afterwards
      const ssrDir = await mkdtemp(join(tmpdir(), 'pocketguide-front-door-'));
      try {
        await build({
          ...common(),
          plugins: plugins(),
          ssr: { noExternal: true, target: 'node' },
          build: {
            ssr: resolve(root, 'src/front-door/render.tsx'),
            outDir: ssrDir,
            emptyOutDir: true,
            copyPublicDir: false,
            rolldownOptions: { output: { entryFileNames: 'render.mjs', codeSplitting: false } },
          },
        });
        const render = (await import(pathToFileURL(join(ssrDir, 'render.mjs')).href)) as RenderModule;
        const template = await readFile(join(outDir, 'front.html'), 'utf8');
        if (!fontsStylesheet) throw new Error('the front door build wrote no stylesheet for src/front-door/fonts.ts');
        const fonts = fontFiles(await readFile(join(outDir, fontsStylesheet), 'utf8'));
        const manifest: FrontDoorManifest = {
          languageCookie: render.LANGUAGE_COOKIE,
          defaultLanguage: render.DEFAULT_LANGUAGE,
          pages: {},
          scriptHashes: [],
        };
        for (const language of render.PRERENDERED_LANGUAGES) {
          const pages: Record<string, string> = (manifest.pages[language] = {});
          for (const path of render.PRERENDERED_PATHS) {
            const name = prerenderedFile(language, path);
            const html = fillTemplate(
              template,
              render.renderFrontDoorPage(path, language),
              path,
              language,
              render.firstLines(fontsStylesheet),
              fonts,
            );
            await mkdir(dirname(join(outDir, name)), { recursive: true });
            await writeFile(join(outDir, name), html);
            pages[path] = name;
            manifest.scriptHashes = [...new Set([...manifest.scriptHashes, ...inlineScriptHashes(html)])];
          }
        }
        await writeFile(join(outDir, FRONT_DOOR_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
      } finally {
        await rm(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
