import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { appShell } from './scripts/app-shell.ts';
import { frontDoor } from './scripts/front-door.ts';
import { precompress } from './scripts/precompress.ts';
import { pureContracts } from './scripts/pure-contracts.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const NODE_MODULES = /[\\/]node_modules[\\/]/;
// The readers' viewer entry and its modules: kept out of the app's shell chunks,
// which the viewer must never load (bench/suites/viewer.ts checks it).
// (contracts/src/insights/reading-shapes.ts: the reading beacons' names, which the app's contracts index also
// exports: left out of the shell, it is a small chunk of its own rather than a reason for the viewer to load the app's.)
const VIEWER_FILES =
  /[\\/]src[\\/]viewer[\\/]|[\\/]viewer\.html$|[\\/]contracts[\\/]src[\\/]insights[\\/]reading-shapes\.ts$/;
// Vite's own modules both entries use (the preload helper, the modulepreload polyfill): one small chunk of their own
const VITE_HELPERS = /^\0|^vite[\\/]|[\\/]vite[\\/](preload-helper|modulepreload-polyfill)/;
const inShell = (id: string) => !VIEWER_FILES.test(id) && !VITE_HELPERS.test(id);

export default defineConfig({
  // The root vitest config loads this file as a project, so paths are anchored here, not to the caller's cwd.
  root,
  // frontDoor: the signed-out pages' own small entry (front.html), built after the app into the same folder;
  // appShell: the app's screens drawn into copies of index.html (issue 20), after the app's build;
  // precompress: brotli and gzip copies of the build's text files, which the server sends (static-files.ts)
  plugins: [
    react(),
    tailwindcss(),
    pureContracts(),
    frontDoor(() => [react(), tailwindcss(), pureContracts()]),
    appShell(() => [react(), tailwindcss(), pureContracts()]),
    precompress(),
  ],
  // contracts and web each have a copy of zod installed; the browser needs only one.
  resolve: { dedupe: ['zod'] },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Two entries: the app, and the readers' viewer (viewer.html), which shares none of the app's code.
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        viewer: fileURLToPath(new URL('./viewer.html', import.meta.url)),
      },
      output: {
        // What the app's entry imports statically (React, the router, i18n, the query cache, the shell) goes in two
        // chunks, libraries and the app's own, rather than twenty small ones: on a phone each request costs a
        // round trip (issue 11). The pages stay in their own lazy chunks; the viewer's files are left out, it shares
        // none of the app's code.
        codeSplitting: {
          groups: [
            // what the viewer shares with the app stays out of the shell's chunks: Vite's helpers, the fonts' styles
            { name: 'preload-helper', test: VITE_HELPERS, priority: 3 },
            { name: 'pretendard', test: /[\\/]node_modules[\\/]pretendard[\\/]/, priority: 3 },
            { name: 'shell-libs', test: (id) => NODE_MODULES.test(id) && inShell(id), tags: ['$initial'], priority: 2 },
            { name: 'shell', test: inShell, tags: ['$initial'], priority: 1 },
            // The pages' icons and Radix's parts (menus, dialogs, popovers) in one file each rather than a file per
            // icon or per part: a drawn screen asks for its files all at once (web/scripts/app-shell.ts), and on a
            // phone each request is a round trip, each <link> added a main-thread cost (issue 20). The viewer uses
            // neither.
            { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/, priority: 1 },
            {
              name: 'radix',
              test: /[\\/]node_modules[\\/](@radix-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|@floating-ui)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['src/testing/setup-tests.ts'],
    // a file's first test loads lazy route chunks; under full-suite load that alone can pass the 5 s default
    testTimeout: 30_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
