import type { Plugin } from 'vite';

/**
 * @pocketguide/contracts is imported through its index, which re-exports every schema; each module builds its zod
 * schemas when it is evaluated, which a bundler must keep unless told that the module does nothing else. This tells
 * it (for the build only), so a page gets the contracts modules it uses and not the editor's document schemas:
 * smaller chunks and less start-up work (issue 11, fast app shell). zod-in-browsers.ts is the one module that is
 * imported for its effect (it sets zod's configuration), and keeps it.
 */
const CONTRACTS_MODULE = /\/contracts\/src\/.+\.ts$/;
const HAS_EFFECT = /\/contracts\/src\/zod-in-browsers\.ts$/;

export function pureContracts(): Plugin {
  return {
    name: 'pocketguide:pure-contracts',
    apply: 'build',
    transform: {
      filter: { id: CONTRACTS_MODULE },
      handler(code, id) {
        if (HAS_EFFECT.test(id)) return null;
        return { code, map: null, moduleSideEffects: false };
      },
    },
  };
}
