import { getPriority, setPriority } from 'node:os';

/**
 * How much lower than the serving process the projections process runs (issue 24): the OS niceness it adds to its
 * parent's. On a machine whose cores are all busy, the scheduler then gives the HTTP process the CPU first, so a
 * reader's page never waits behind a burst of projection (readers never wait behind writers' folding); the child
 * still gets every cycle the serving process leaves, so on a machine with room it runs as fast as before.
 */
export const BACKGROUND_NICENESS = 10;

/** Linux's lowest priority (highest niceness) */
const LOWEST = 19;

/**
 * Lowers this process's OS priority by `BACKGROUND_NICENESS` below `parentNiceness` (the serving process's, which it
 * forked from), and answers the niceness set. Lowering one's own priority needs no privilege; should the OS refuse,
 * the process goes on at its priority and says so in `warn`.
 */
export function lowerOwnPriority(
  parentNiceness = getPriority(),
  warn: (message: string) => void = console.warn,
): number {
  const wanted = Math.min(LOWEST, parentNiceness + BACKGROUND_NICENESS);
  try {
    setPriority(wanted);
    return getPriority();
  } catch (error) {
    warn(`the projections process keeps its priority: ${error instanceof Error ? error.message : String(error)}`);
    return getPriority();
  }
}
