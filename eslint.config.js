import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The layers (README, "How to change it"): contracts ← platform ← services (command-api, projections, query-api,
 * workers) ← deploy. A layer imports only the layers to its left; services do not import each other; nothing in
 * the product imports deploy, the web app or the test helpers. Imports are resolved to files (package exports and
 * workspace links included), so `@pocketguide/x/...` and `../../x/...` are caught alike.
 */
const root = import.meta.dirname;
const services = ['command-api', 'projections', 'query-api', 'workers'];
const outside = ['deploy', 'web', 'bench', 'scripts'];

/**
 * Crossings that exist on purpose, each with its reason. Paths are relative to the folder the rule forbids.
 */
const allowed = {
  // The admin dashboard answers "as of a past date" by replaying the log through the dashboard projector itself
  // (query-api/src/admin/dashboard-routes.ts): a second copy of the projector would drift from the read model.
  queryApiUsesDashboardProjector: ['./src/dashboard'],
  // The billing worker's tests drive the real billing commands (command-api) to check what the worker sends.
  workersTestsUseBillingCommands: ['./src/payment'],
};

const layerZones = [
  { target: './contracts', from: ['./platform', ...services.map((s) => `./${s}`), ...outside.map((s) => `./${s}`), './test-support'], message: 'contracts is the bottom layer: it imports no other workspace.' },
  { target: './platform', from: [...services.map((s) => `./${s}`), ...outside.map((s) => `./${s}`)], message: 'platform (ports and adapters) imports only contracts.' },
  ...services.map((service) => ({
    target: `./${service}`,
    from: [...services.filter((s) => s !== service).map((s) => `./${s}`), ...outside.map((s) => `./${s}`)],
    message: `${service} imports contracts and platform, never another service, deploy or the web app.`,
  })),
  { target: './web', from: ['./platform', ...services.map((s) => `./${s}`), './deploy', './bench', './scripts'], message: 'The web app talks to the services over HTTP; it imports only contracts.' },
];

/**
 * Web features (web/src/features/<area>) do not import each other; `app/` composes them. A feature that others
 * use offers a public entry (`index.ts`) and is imported only through it. The crossings below predate the rule;
 * each names why it stays.
 */
const features = [
  'admin-users', 'audit', 'auth', 'dashboard', 'editor', 'editor-items', 'event-explorer', 'feedback',
  'guidebook-lists', 'icons', 'insights', 'landing', 'messages', 'payments', 'subscription', 'users',
];
/** feature → the other features' files it may import (paths relative to web/src/features), each with its reason. */
const featureExceptions = {
  // Every editor item plugs into the editor through its item contract (the props, commands and undo rules an item
  // gets): editor-items is the editor's plug-in folder, split out for size, not a separate feature.
  // The same holds for how a part is selected and focused: a touch selects on the tap, a new part takes the focus
  // (press-to-select, focus-new-part), one behaviour for the editor's own parts and the items alike; and for how an
  // important item is marked (important-badge: the frame draws the badge above most items, a card inside itself).
  'editor-items': ['editor/item-contract.ts', 'editor/press-to-select.ts', 'editor/focus-new-part.ts', 'editor/important-badge.tsx'],
  // The admin's user detail shows the same user read as the member's own account page, and the payment wording.
  'admin-users': ['users/api/get-user.ts', 'payments/payment-text.ts'],
  // The revenue charts label payments with the payments feature's words (one wording for a payment state).
  dashboard: ['payments/payment-text.ts'],
  // A payment's detail loads the audit timeline lazily, as its own small chunk: the component file, not the index.
  payments: ['audit/components/audit-timeline.tsx'],
  // Subscribing is paying: the stepper uses the payments feature's requests, list, wording and test orders.
  subscription: ['payments/api/payments.ts', 'payments/api/payment-schemas.ts', 'payments/components/payment-list.tsx', 'payments/payment-text.ts', 'payments/testing/orders.ts'],
};
const featureZones = features.flatMap((feature) =>
  features
    .filter((other) => other !== feature)
    .map((other) => ({
      target: `./web/src/features/${feature}`,
      from: `./web/src/features/${other}`,
      except: [
        './index.ts',
        ...(featureExceptions[feature] ?? []).filter((path) => path.startsWith(`${other}/`)).map((path) => `./${path.slice(other.length + 1)}`),
      ],
      message: `A feature imports another only through its public entry (web/src/features/${other}/index.ts); app/ composes features.`,
    })),
);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'test-output/**', 'data/**', 'web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // contracts is shared with the browser: no Node built-ins there.
    files: ['contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['node:*'] }] },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], conditionNames: ['import', 'default'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...layerZones, ...featureZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['query-api/src/admin/dashboard-routes.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', {
        basePath: root,
        zones: [...layerZones.filter((z) => z.target !== './query-api'), {
          target: './query-api',
          from: [...services.filter((s) => s !== 'query-api' && s !== 'projections').map((s) => `./${s}`), ...outside.map((s) => `./${s}`)],
        }, { target: './query-api', from: './projections', except: allowed.queryApiUsesDashboardProjector }],
      }],
    },
  },
  {
    files: ['workers/src/billing/billing-worker.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', {
        basePath: root,
        zones: [...layerZones.filter((z) => z.target !== './workers'), {
          target: './workers',
          from: [...services.filter((s) => s !== 'workers' && s !== 'command-api').map((s) => `./${s}`), ...outside.map((s) => `./${s}`)],
        }, { target: './workers', from: './command-api', except: allowed.workersTestsUseBillingCommands }],
      }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Type-aware promise rules: a promise nobody awaits hides its failure; one passed where a void callback is
    // expected (an event handler) is dropped the same way.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
);
