import type { Doc, ReadStore } from '@pocketguide/platform/read-store/read-store';
import { WAIT_MS } from '../../../test-support/browser.ts';
import type { ProjectionRunner } from '../projection-runner.ts';
import { allProjectors } from '../registry.ts';

export type ReadModels = Record<string, { checkpoint: number | null; docs: Doc[] }>;

/** Every read model of the registry as a read store holds it: its checkpoint and its documents by id. */
export async function allReadModels(readStore: ReadStore): Promise<ReadModels> {
  const all: ReadModels = {};
  for (const projector of allProjectors) {
    all[projector.name] = {
      checkpoint: await readStore.getCheckpoint(projector.name),
      docs: await readStore.collection(projector.collection).find({}, { sort: { id: 1 } }),
    };
  }
  return all;
}

/**
 * Waits until every projector of a running runner has reached `head`. A long log may take longer than the wait
 * budget (WAIT_MS) as a whole: what fails is the runner standing still for that long.
 */
export async function waitUntilCaughtUp(runner: ProjectionRunner, head: number): Promise<void> {
  let reached = -1;
  let movedAt = Date.now();
  for (;;) {
    const statuses = await runner.status();
    const failed = statuses.find((status) => status.state === 'failed');
    if (failed) throw new Error(`projector ${failed.name} failed: ${failed.lastError ?? '?'}`);
    const lowest = Math.min(...statuses.map((status) => status.checkpoint ?? 0));
    if (lowest >= head) return;
    if (lowest > reached) {
      reached = lowest;
      movedAt = Date.now();
    } else if (Date.now() - movedAt > WAIT_MS) {
      throw new Error(`the runner stood at ${lowest} of ${head} for ${WAIT_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
