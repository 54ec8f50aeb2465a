import type { Worker } from '@pocketguide/platform/bus/worker-bus';

export type WorkerDeps = Record<string, never>;

/** Every worker the product runs; each reacts to events and changes state only by sending commands. */
export function allWorkers(_deps: WorkerDeps): Worker[] {
  return [];
}
