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

/**
 * A long-lived subscription or singleton that is not a projector or a worker: the Kafka relay, the user-access
 * follower, the workers' lease. `failed` states and a current `lastError` make the service degraded.
 */
export type SubscriptionHealth = {
  name: string;
  state: string;
  checkpoint?: number | null;
  lag?: number;
  lastError?: string;
  [detail: string]: unknown;
};

/**
 * The snapshots this process's command handlers wrote or skipped. A snapshot is a cache: one larger than the event
 * store accepts is skipped (that stream only loads slower), counted here, and does not make the service degraded.
 */
export type SnapshotHealth = {
  written: number;
  /** skipped because they were larger than the event store accepts */
  tooLarge: number;
  /** not written for another reason (the store refused or did not answer); a lost race is not counted */
  failed: number;
  /** the size limit checked before writing one (the event store's), null when there is none */
  maxBytes: number | null;
  lastTooLarge?: { streamId: string; bytes: number | null; maxBytes: number; at: string };
};

export type HealthSources = {
  eventStore: EventStore;
  readStore: ReadStore;
  projectors?: () => Promise<readonly ProjectorHealth[]>;
  workers?: () => Promise<readonly WorkerLag[]>;
  subscriptions?: () => Promise<readonly SubscriptionHealth[]>;
  snapshots?: () => SnapshotHealth;
  /** a store whose ping has not answered within this is reported down (default 3000 ms) */
  pingTimeoutMs?: number;
  /** a projector or worker further behind than this is reported as lagging (global-log position units) */
  lagWarning?: number;
};

type PartStatus = { status: 'ok' | 'down'; error?: string };

/** A check that neither answers nor fails within `timeoutMs` (a hung server) counts as down. */
async function probe(check: () => Promise<void>, timeoutMs: number): Promise<PartStatus> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { status: 'ok' };
  } catch (error) {
    return { status: 'down', error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /health: each part's state. 200 when the stores answer and nothing has failed; 503 otherwise, so a load
 * balancer stops sending traffic. Lag is reported, not judged: a rebuild legitimately lags.
 */
export function healthRoutes(sources: HealthSources): Router {
  const router = Router();
  const pingTimeoutMs = sources.pingTimeoutMs ?? 3000;
  router.get('/health', async (_req, res) => {
    const [eventStore, readStore, headPosition] = await Promise.all([
      probe(() => sources.eventStore.ping(), pingTimeoutMs),
      probe(() => sources.readStore.ping(), pingTimeoutMs),
      sources.eventStore.headPosition().catch(() => null),
    ]);
    const projectors = sources.projectors ? await sources.projectors().catch(() => []) : [];
    const workers = sources.workers ? await sources.workers().catch(() => []) : [];
    const subscriptions = sources.subscriptions
      ? await sources.subscriptions().catch((error: unknown): SubscriptionHealth[] => [
          {
            name: 'subscriptions',
            state: 'unknown',
            lastError: error instanceof Error ? error.message : String(error),
          },
        ])
      : [];
    const failed =
      eventStore.status === 'down' ||
      readStore.status === 'down' ||
      // `stopped` while the service runs: its subscription ended (cleanly or not) and nothing is applied any more
      projectors.some((p) => p.state === 'failed' || p.state === 'stopped') ||
      workers.some((w) => w.lastError !== undefined) ||
      subscriptions.some((sub) => sub.state === 'failed' || sub.lastError !== undefined);
    res.status(failed ? 503 : 200).json({
      status: failed ? 'degraded' : 'ok',
      eventStore: { ...eventStore, headPosition },
      readStore,
      projectors,
      workers,
      subscriptions,
      ...(sources.snapshots ? { snapshots: sources.snapshots() } : {}),
    });
  });
  return router;
}
