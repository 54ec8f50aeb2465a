import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { build, type Plugin, type PluginOption } from 'vite';

/**
 * The front door's build (issue 11, fast front door): `/`, `/login` and `/signup` for signed-out visitors come from
 * their own entry, front.html (web/src/front-door), built into the same folder as the app once the app's build has
 * written it. It renders the app's own pages and components, but with small stand-ins for the libraries a
 * signed-out visitor does not need (react-router, i18next, the query cache, sonner: web/src/front-door/shims), so
 * its first load is React, zod and the two pages' code rather than the whole app shell. A second build because a
 * bundler resolves a package one way per build: the app keeps the real libraries.
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

/** The Vite plugin: after the app's build has written its files, builds front.html into the same folder. */
export function frontDoor(plugins: () => PluginOption[]): Plugin {
  let root = '';
  let outDir = '';
  let mode = 'production';
  return {
    name: 'pocketguide:front-door',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      mode = config.mode;
    },
    async writeBundle() {
      await build({
        configFile: false,
        root,
        mode,
        logLevel: 'warn',
        publicDir: false,
        plugins: [...plugins(), optionalFonts()],
        resolve: {
          dedupe: ['zod'],
          alias: Object.entries(FRONT_DOOR_SHIMS).map(([name, replacement]) => ({ find: new RegExp(`^${name.replace('/', '\\/')}$`), replacement })),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          rolldownOptions: { input: { front: resolve(root, 'front.html') } },
        },
      });
    },
  };
}
