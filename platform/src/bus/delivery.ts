import { setTimeout as sleep } from 'node:timers/promises';
import type { RecordedEvent } from '../event-store/event-store.ts';

/** Shared by the workers' buses and the Kafka relay: how a failing delivery is retried and reported. */

export type BackoffOptions = {
  /** delay after the first failure; doubles on each further failure */
  initialDelayMs: number;
  maxDelayMs: number;
  /** aborting ends the retries (the task is not attempted again) */
  signal: AbortSignal;
  onFailure(error: unknown, attempt: number): void;
  /** called every few seconds while waiting, e.g. a Kafka consumer's heartbeat so the group keeps the member */
  keepAlive?: () => Promise<void>;
};

const KEEP_ALIVE_EVERY_MS = 3000;

/**
 * Runs `task` until it succeeds: at-least-once delivery means a failing event is retried, never skipped.
 * Returns false when the signal aborted before a success.
 */
export async function retryWithBackoff(task: () => Promise<void>, options: BackoffOptions): Promise<boolean> {
  for (let attempt = 1; !options.signal.aborted; attempt += 1) {
    try {
      await task();
      return true;
    } catch (error) {
      options.onFailure(error, attempt);
    }
    let remaining = Math.min(options.initialDelayMs * 2 ** (attempt - 1), options.maxDelayMs);
    try {
      while (remaining > 0) {
        const slice = options.keepAlive ? Math.min(remaining, KEEP_ALIVE_EVERY_MS) : remaining;
        await sleep(slice, undefined, { signal: options.signal });
        remaining -= slice;
        if (options.keepAlive) await options.keepAlive();
      }
    } catch (error) {
      if (options.signal.aborted) return false;
      throw error;
    }
  }
  return false;
}

export type WorkerErrorContext = { worker: string; event?: RecordedEvent; attempt?: number };

export function logWorkerError(error: unknown, context: WorkerErrorContext): void {
  const where = context.event ? ` on ${context.event.type} at position ${context.event.position}` : '';
  const attempt = context.attempt ? ` (attempt ${context.attempt})` : '';
  console.error(`[workers] ${context.worker} failed${where}${attempt}:`, error);
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
