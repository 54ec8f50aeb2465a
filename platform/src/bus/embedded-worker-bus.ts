import { matchesFilter, type EventStore } from '../event-store/event-store.ts';
import { pullBatches } from '../event-store/pull-batches.ts';
import type { ReadStore } from '../read-store/read-store.ts';
import { resumingSubscription } from '../event-store/resuming-source.ts';
import { errorMessage, logWorkerError, retryWithBackoff, type WorkerErrorContext } from './delivery.ts';
import type { Worker, WorkerBus, WorkerLag } from './worker-bus.ts';

/**
 * The embedded bus: each worker pulls the log through its own checkpointed subscription, in process. A handler is
 * awaited before the next event is handled (back-pressure and per-stream order), the checkpoint is saved after
 * each handled event, and a failing handler is retried on the same event with a growing delay: delivery is at
 * least once and nothing is skipped.
 */
export type EmbeddedWorkerBusOptions = {
  eventStore: EventStore;
  readStore: ReadStore;
  /** delay before the first retry of a failed event; doubles on each failure up to `maxRetryDelayMs` */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  onError?: (error: unknown, context: WorkerErrorContext) => void;
};

/** Events are pulled this many at most at a time; ignored ones move the checkpoint once per batch. */
const PULL_BATCH_SIZE = 100;

export function workerCheckpointName(workerName: string): string {
  return `worker:${workerName}`;
}

type Running = {
  worker: Worker;
  abort: AbortController;
  done: Promise<void>;
  checkpoint: number | null;
  lastError?: string;
};

export function createEmbeddedWorkerBus(options: EmbeddedWorkerBusOptions): WorkerBus {
  const { eventStore, readStore } = options;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000;
  const onError = options.onError ?? logWorkerError;
  const running = new Map<string, Running>();

  async function consume(entry: Running): Promise<void> {
    const { worker, abort } = entry;
    const key = workerCheckpointName(worker.name);
    // Unfiltered: events the worker ignores still advance its checkpoint, so its lag reads 0 once caught up.
    // A dropped subscription is opened again from the last event delivered (with backoff), and shows in health.
    const subscription = resumingSubscription(eventStore, {
      ...(entry.checkpoint !== null ? { after: entry.checkpoint } : {}),
      signal: abort.signal,
      initialDelayMs: retryDelayMs,
      maxDelayMs: maxRetryDelayMs,
      onDrop: ({ error }) => {
        entry.lastError = errorMessage(error);
        onError(error, { worker: worker.name });
      },
    });
    const save = async (position: number) => {
      await readStore.saveCheckpoint(key, position);
      entry.checkpoint = position;
    };

    for await (const { events } of pullBatches(subscription, PULL_BATCH_SIZE)) {
      let ignoredUpTo: number | null = null;
      for (const event of events) {
        if (!matchesFilter(event, worker.filter)) {
          ignoredUpTo = event.position;
          continue;
        }
        const handled = await retryWithBackoff(() => worker.handle(event), {
          initialDelayMs: retryDelayMs,
          maxDelayMs: maxRetryDelayMs,
          signal: abort.signal,
          onFailure: (error, attempt) => {
            entry.lastError = errorMessage(error);
            onError(error, { worker: worker.name, event, attempt });
          },
        });
        // Stopped while the event kept failing: the checkpoint stays before it, so the next start retries it.
        if (!handled) return;
        delete entry.lastError;
        ignoredUpTo = null;
        await save(event.position);
      }
      if (ignoredUpTo !== null) await save(ignoredUpTo);
    }
  }

  return {
    async start(workers) {
      const names = new Set(running.keys());
      for (const worker of workers) {
        if (names.has(worker.name)) throw new Error(`Worker "${worker.name}" is already running`);
        names.add(worker.name);
      }
      for (const worker of workers) {
        const entry: Running = {
          worker,
          abort: new AbortController(),
          done: Promise.resolve(),
          checkpoint: await readStore.getCheckpoint(workerCheckpointName(worker.name)),
        };
        entry.done = consume(entry).catch((error: unknown) => {
          // Only the stores fail here (handler errors are retried): report it, keep the process up.
          entry.lastError = errorMessage(error);
          onError(error, { worker: worker.name });
        });
        running.set(worker.name, entry);
      }
    },

    async stop() {
      const entries = [...running.values()];
      for (const entry of entries) entry.abort.abort();
      await Promise.all(entries.map((entry) => entry.done));
      running.clear();
    },

    async status() {
      const head = await eventStore.headPosition();
      return [...running.values()].map((entry): WorkerLag => ({
        name: entry.worker.name,
        checkpoint: entry.checkpoint,
        lag: Math.max(0, head - (entry.checkpoint ?? 0)),
        ...(entry.lastError === undefined ? {} : { lastError: entry.lastError }),
      }));
    },
  };
}
