import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  // The root vitest config loads this file as a project, so paths are anchored here, not to the caller's cwd.
  root,
  plugins: [react(), tailwindcss()],
  // contracts and web each have a copy of zod installed; the browser needs only one.
  resolve: { dedupe: ['zod'] },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Two entries: the app, and the readers' viewer (viewer.html), which shares none of the app's code.
    rolldownOptions: {
      input: { main: fileURLToPath(new URL('./index.html', import.meta.url)), viewer: fileURLToPath(new URL('./viewer.html', import.meta.url)) },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup-tests.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
