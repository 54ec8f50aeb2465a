/**
 * The one wait budget of the tests that wait for something to appear (a browser showing a text, a process
 * answering): `TEST_WAIT_MS` when set, else 10 s on a workstation and 30 s under CI (`CI` set), where the machine
 * is shared. Every such wait uses it, so a slow machine is fixed in one place rather than test by test.
 * Node tests read it as `WAIT_MS` (test-support/browser.ts), the web app's tests through Testing Library's
 * `asyncUtilTimeout` (web/src/testing/setup-tests.ts). Pure, so both projects can check it.
 */
export function waitBudgetMs(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env.TEST_WAIT_MS?.trim();
  if (raw) {
    const ms = Number(raw);
    if (!Number.isInteger(ms) || ms < 100)
      throw new Error(`TEST_WAIT_MS must be a whole number of milliseconds, at least 100 (got "${raw}")`);
    return ms;
  }
  return env.CI ? 30_000 : 10_000;
}
