import { Router } from 'express';
import type { EventStore } from '../event-store/event-store.ts';
import type { ReadStore } from '../read-store/read-store.ts';
import type { WorkerLag } from '../bus/worker-bus.ts';

export type ProjectorHealth = {
  name: string;
  checkpoint: number | null;
  lag: number;
  state: string;
  lastError?: string;
};

export type HealthSources = {
  eventStore: EventStore;
  readStore: ReadStore;
  projectors?: () => Promise<readonly ProjectorHealth[]>;
  workers?: () => Promise<readonly WorkerLag[]>;
  /** a projector or worker further behind than this is reported as lagging (global-log position units) */
  lagWarning?: number;
};

type PartStatus = { status: 'ok' | 'down'; error?: string };

async function probe(check: () => Promise<void>): Promise<PartStatus> {
  try {
    await check();
    return { status: 'ok' };
  } catch (error) {
    return { status: 'down', error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * GET /health: each part's state. 200 when the stores answer and nothing has failed; 503 otherwise, so a load
 * balancer stops sending traffic. Lag is reported, not judged: a rebuild legitimately lags.
 */
export function healthRoutes(sources: HealthSources): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const [eventStore, readStore, headPosition] = await Promise.all([
      probe(() => sources.eventStore.ping()),
      probe(() => sources.readStore.ping()),
      sources.eventStore.headPosition().catch(() => null),
    ]);
    const projectors = sources.projectors ? await sources.projectors().catch(() => []) : [];
    const workers = sources.workers ? await sources.workers().catch(() => []) : [];
    const failed =
      eventStore.status === 'down' ||
      readStore.status === 'down' ||
      projectors.some((p) => p.state === 'failed') ||
      workers.some((w) => w.lastError !== undefined);
    res.status(failed ? 503 : 200).json({
      status: failed ? 'degraded' : 'ok',
      eventStore: { ...eventStore, headPosition },
      readStore,
      projectors,
      workers,
    });
  });
  return router;
}
