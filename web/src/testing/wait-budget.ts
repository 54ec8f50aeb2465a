import { waitBudgetMs } from '../../../test-support/wait-budget.ts';

/**
 * The tests' one wait budget (`TEST_WAIT_MS`, else 10 s, 30 s under CI), read from vitest's environment. Testing
 * Library's `findBy…` and `waitFor` use it by default (setup-tests.ts); `WAIT` is the same as an option object.
 */
export const WAIT_MS = waitBudgetMs(import.meta.env as Readonly<Record<string, string | undefined>>);
export const WAIT = { timeout: WAIT_MS };
