import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type PluginOption } from 'vite';
import { fontFiles, fontFilesFor, inlineScriptHashes, runAfterFirstPaint } from './front-door.ts';

/**
 * The app's drawn screens (issue 20: every signed-in screen, cold, on a phone, is drawn before its script, as the
 * front door is). After the app's build has written index.html and its chunks, this renders each screen listed in
 * web/src/app/shell/drawn-pages.ts in each language (web/src/app/shell/render.tsx, built for Node) and writes it as
 * `app/<language>/<name>.html` over index.html, with `app/pages.json` for the server
 * (query-api/src/front-door/app-shell-routes.ts). In each file:
 * - the screen, drawn (the shell, the header for each kind of visitor, the page's title and the shapes its data
 *   will fill), and the first lines that pick what shows from the stored session (first-lines.ts);
 * - no script in the head: the entry, every file it imports and the screen's own chunks (its route, the header's
 *   signed-in side) are asked for all at once, once the first contentful paint has been shown, so neither their
 *   download nor their start-up holds back the first paint, and the screen's files do not wait for the entry's to
 *   be run before they are even asked for;
 * - no font file before the first paint: the script asks for Pretendard once it has drawn (main.tsx), unless this
 *   browser has it already (then the first lines ask for it before the first paint, from the cache).
 */

export type AppShellManifest = {
  languageCookie: string;
  defaultLanguage: string;
  /** in order: the first whose pattern matches the address is sent */
  pages: Array<{ name: string; serves: string[]; files: Record<string, string> }>;
  scriptHashes: string[];
};

export const APP_SHELL_MANIFEST = 'app/pages.json';

type DrawnPage = {
  name: string;
  path: string;
  serves: readonly string[];
  audience: string;
  modules: readonly string[];
  early?: 'recent' | 'gallery' | 'editor';
};

type RenderModule = {
  DRAWN_PAGES: readonly DrawnPage[];
  DRAWN_LANGUAGES: readonly string[];
  SIGNED_IN_MODULES: readonly string[];
  START_MODULES: readonly string[];
  TEXT_MODULES: Readonly<Record<string, string>>;
  DEFAULT_LANGUAGE: string;
  LANGUAGE_COOKIE: string;
  renderDrawnPage(page: DrawnPage, language: string): Promise<{ html: string; title: string }>;
  appFirstLines(fontsStylesheet: string | undefined, early?: DrawnPage['early']): string;
};

type ChunkFacts = { file: string; imports: string[]; css: string[] };

/** A chunk's file and every file it imports statically, deepest first, with their stylesheets. */
export function filesOf(
  start: string,
  chunks: ReadonlyMap<string, ChunkFacts>,
): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (file: string) => {
    if (scripts.includes(file)) return;
    const chunk = chunks.get(file);
    if (!chunk) throw new Error(`no chunk ${file} in the build`);
    for (const imported of chunk.imports) visit(imported);
    scripts.push(file);
    for (const css of chunk.css) styles.add(css);
  };
  visit(start);
  return { scripts, styles: [...styles] };
}

/**
 * The app's module entry `src` with the files to ask for beside it (`preloads`, and `signedIn` for a visitor the
 * first lines found signed in), and the stylesheets those bring, asked for once the page has been drawn: as the
 * front door's afterFirstPaint (front-door.ts), the first contentful paint shown, or at once in a background tab,
 * and never more than three seconds later.
 */
export function appAfterFirstPaint(
  src: string,
  preloads: readonly string[],
  signedIn: readonly string[],
  styles: readonly string[],
): string {
  return runAfterFirstPaint(
    `var p=${JSON.stringify(preloads)};if(document.documentElement.dataset.shell!=="guest")p=p.concat(${JSON.stringify(signedIn)});` +
      'p.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});' +
      `${JSON.stringify(styles)}.forEach(function(h){var l=document.createElement("link");l.rel="stylesheet";l.href=h;document.head.appendChild(l)});` +
      `var s=document.createElement("script");s.type="module";s.src=${JSON.stringify(src)};document.head.appendChild(s)`,
  );
}

const escapeText = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

type Fill = {
  drawn: { html: string; title: string };
  /** the Pretendard files the drawing's words need (main.tsx fetches them before it switches to the font) */
  fontFiles: readonly string[];
  language: string;
  audience: string;
  firstLines: string;
  /** the screen's own files, beyond what the entry imports */
  pageScripts: readonly string[];
  signedInScripts: readonly string[];
  styles: readonly string[];
};

/** index.html (as built: its entry, the entry's imports, its stylesheet) with one screen drawn into it. */
export function fillAppTemplate(
  template: string,
  { drawn, fontFiles: fonts, language, audience, firstLines, pageScripts, signedInScripts, styles }: Fill,
): string {
  const entryImports = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    ([, href = '']) => href,
  );
  // the entry's own stylesheet is in the head already: linked again, it would be applied again (a whole new layout)
  const linked = new Set(
    [...template.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)">/g)].map(([, href = '']) => href),
  );
  const newStyles = styles.filter((style) => !linked.has(style));
  const filled = template
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace(/\s*<!--[\s\S]*?-->/g, '')
    .replace(/<html lang="[^"]*">/, () => `<html lang="${language}">`)
    .replace(
      /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_tag, src: string) =>
        `\n    ${appAfterFirstPaint(src, [...entryImports, ...pageScripts], signedInScripts, newStyles)}`,
    )
    .replace(/<meta charset="UTF-8" \/>/, (charset) => `${charset}\n    ${firstLines}`)
    // a screen whose first frame names no title (the editor: its guidebook's comes with the data) keeps the app's
    // own, as index.html gives every other address: an empty <title> leaves the tab and screen readers nameless
    .replace(/<title>([^<]*)<\/title>/, (tag) => (drawn.title ? `<title>${escapeText(drawn.title)}</title>` : tag))
    .replace(
      /<div id="root">.*<\/div>/,
      () =>
        `<div id="root" data-drawn="${escapeAttribute(audience)}" data-language="${language}" data-font-files="${escapeAttribute(fonts.join(' '))}">${drawn.html}</div>`,
    );
  if (!filled.includes('data-drawn='))
    throw new Error('index.html has no one-line <div id="root">…</div> to draw the screen into');
  if (!filled.includes(`s.src=`)) throw new Error('index.html has no module entry to ask for after the first paint');
  return filled;
}

/** The Vite plugin: after the app's build has written its files, draws the screens into copies of index.html. */
export function appShell(plugins: () => PluginOption[]): Plugin {
  let root = '';
  let outDir = '';
  let mode = 'production';
  // every chunk of the app's build by file, and the file of each module a chunk is the facade of
  const chunks = new Map<string, ChunkFacts>();
  const chunkOfModule = new Map<string, string>();
  return {
    name: 'pocketguide:app-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      mode = config.mode;
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, {
          file: output.fileName,
          imports: output.imports,
          css: [...(output.viteMetadata?.importedCss ?? [])],
        });
        if (output.facadeModuleId)
          chunkOfModule.set(relative(root, output.facadeModuleId).replaceAll('\\', '/'), output.fileName);
      }
    },
    // after the front door's build (a hook the plugins otherwise run side by side): one more build at a time
    writeBundle: { sequential: true, handler: writeDrawnPages },
  };

  async function writeDrawnPages(): Promise<void> {
    {
      const ssrDir = await mkdtemp(join(tmpdir(), 'pocketguide-app-shell-'));
      try {
        await build({
          configFile: false,
          root,
          mode,
          logLevel: 'warn',
          publicDir: false,
          plugins: plugins(),
          resolve: { dedupe: ['zod'] },
          ssr: { noExternal: true, target: 'node' },
          build: {
            ssr: resolve(root, 'src/app/shell/render.tsx'),
            outDir: ssrDir,
            emptyOutDir: true,
            copyPublicDir: false,
            // the routes' modules stay in chunks of their own, loaded only for the screens drawn
            rolldownOptions: { output: { entryFileNames: 'render.mjs' } },
          },
        });
        const render = (await import(pathToFileURL(join(ssrDir, 'render.mjs')).href)) as RenderModule;
        const template = await readFile(join(outDir, 'index.html'), 'utf8');
        const entryFiles = new Set(
          [...template.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(([, file = '']) => file),
        );
        const filesFor = (modules: readonly string[]) => {
          const scripts = new Set<string>();
          const styles = new Set<string>();
          for (const module of modules) {
            // (a package's module by the end of its path: the build sees it under node_modules, wherever that is)
            const file = chunkOfModule.get(module) ?? [...chunkOfModule].find(([id]) => id.endsWith(`/${module}`))?.[1];
            if (!file) throw new Error(`the build has no chunk for ${module} (drawn-pages.ts names it)`);
            const found = filesOf(file, chunks);
            for (const script of found.scripts) if (!entryFiles.has(script)) scripts.add(`/${script}`);
            for (const style of found.styles) styles.add(`/${style}`);
          }
          return { scripts: [...scripts], styles: [...styles] };
        };
        const fontsChunk = chunkOfModule.get('src/app/shell/fonts.ts');
        const fontsStylesheet = fontsChunk ? filesOf(fontsChunk, chunks).styles[0] : undefined;
        if (!fontsStylesheet) throw new Error('the app build wrote no stylesheet for src/app/shell/fonts.ts');
        const fonts = fontFiles(await readFile(join(outDir, fontsStylesheet), 'utf8'));
        const signedIn = filesFor(render.SIGNED_IN_MODULES);
        const start = filesFor(render.START_MODULES);
        // index.html (every screen not drawn) asks for them with the entry too, rather than once the entry has run
        const startLinks = start.scripts
          .map((script) => `<link rel="modulepreload" crossorigin href="${script}">`)
          .join('\n    ');
        if (startLinks)
          await writeFile(
            join(outDir, 'index.html'),
            template.replace(
              /(<script type="module" crossorigin src="[^"]+"><\/script>)/,
              (tag: string) => `${tag}\n    ${startLinks}`,
            ),
          );

        const manifest: AppShellManifest = {
          languageCookie: render.LANGUAGE_COOKIE,
          defaultLanguage: render.DEFAULT_LANGUAGE,
          pages: [],
          scriptHashes: [],
        };
        for (const page of render.DRAWN_PAGES) {
          const own = filesFor(page.modules);
          for (const script of start.scripts) if (!own.scripts.includes(script)) own.scripts.unshift(script);
          // a signed-in screen's visitor is signed in (or is sent on); on one for anyone, only the first lines know
          const signedInExtra = signedIn.scripts.filter((script) => !own.scripts.includes(script));
          const alwaysSignedIn = page.audience !== 'anyone';
          const files: Record<string, string> = {};
          const firstLines = render.appFirstLines(`/${fontsStylesheet}`, page.early);
          for (const language of render.DRAWN_LANGUAGES) {
            const drawn = await render.renderDrawnPage(page, language);
            // the texts of the language drawn (the app's start fetches them: lib/i18n.ts), asked for with the rest
            const texts = render.TEXT_MODULES[language];
            if (!texts) throw new Error(`drawn-pages.ts names no texts for ${language}`);
            const textScripts = filesFor([texts]).scripts.filter((script) => !own.scripts.includes(script));
            const html = fillAppTemplate(template, {
              drawn,
              fontFiles: fontFilesFor(`${drawn.title} ${drawn.html}`, fonts),
              language,
              audience: page.audience,
              firstLines,
              pageScripts: [...own.scripts, ...textScripts, ...(alwaysSignedIn ? signedInExtra : [])],
              signedInScripts: alwaysSignedIn ? [] : signedInExtra,
              styles: [...new Set([...own.styles, ...signedIn.styles])],
            });
            const name = `app/${language}/${page.name}.html`;
            await mkdir(dirname(join(outDir, name)), { recursive: true });
            await writeFile(join(outDir, name), html);
            files[language] = name;
            manifest.scriptHashes = [...new Set([...manifest.scriptHashes, ...inlineScriptHashes(html)])];
          }
          manifest.pages.push({ name: page.name, serves: [...page.serves], files });
        }
        await writeFile(join(outDir, APP_SHELL_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
      } finally {
        await rm(ssrDir, { recursive: true, force: true });
      }
    }
  }
}
