import { defineConfig } from 'vitest/config';

// Test tiers by file name: `*.test.ts` unit (pure, fast), `*.int.test.ts` integration (real SQLite files, real
// HTTP servers, containers when a runtime exists), `*.e2e.test.ts` browser journeys (system Chromium).
const ignored = ['**/node_modules/**', '**/dist/**'];

export default defineConfig({
  test: {
    globalSetup: ['./test-support/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            '{contracts,platform,command-api,projections,query-api,workers,deploy,scripts,test-support,bench}/**/*.test.ts',
          ],
          exclude: [...ignored, '**/*.int.test.ts', '**/*.e2e.test.ts'],
          environment: 'node',
          // a few pure tests are CPU-heavy by design (scrypt at OWASP's cost, a day's quota of events folded):
          // well under a second alone, past vitest's 5 s default with two workers on a shared 2-core machine
          testTimeout: 30_000,
        },
      },
      'web/vite.config.ts',
      {
        extends: true,
        test: {
          name: 'int',
          include: ['**/*.int.test.ts'],
          exclude: ignored,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['**/*.e2e.test.ts'],
          exclude: ignored,
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Files may run side by side (E2E_WORKERS for npm test; one by default): each file starts its own product
          // on its own data folder and port 0, and its own Chromium with its own profile, so they share nothing.
        },
      },
    ],
  },
});
