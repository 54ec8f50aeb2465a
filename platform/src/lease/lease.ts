/**
 * Leases: exactly one replica runs a singleton task (each worker, the billing tick) at a time. A lease is a named
 * row with a holder and an expiry; the holder renews it well before it expires, and another replica takes it over
 * once it has expired (its holder died, or lost its connection for longer than the lease lasts).
 *
 * Adapters: `sqlite-lease-store.ts` (one machine: the standalone product, a shared data folder),
 * `postgres-lease-store.ts` and `mongodb-lease-store.ts` (the database's clock decides expiry, so replicas' clocks
 * need not agree). All are proven by `lease-store.contract.ts`.
 */

export interface LeaseStore {
  /**
   * Takes the lease when nobody holds it, its holder's lease expired, or `holder` already holds it (then this
   * renews it). True when `holder` holds it for `ttlMs` from now.
   */
  tryAcquire(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up at once (a stopping replica), if `holder` holds it. */
  release(name: string, holder: string): Promise<void>;
  /** The current holder of an unexpired lease, or null. */
  holderOf(name: string): Promise<string | null>;
  /**
   * The fencing token of `holder`'s unexpired lease, or null when it does not hold it. The token rises each time the
   * lease changes hands (never on a renewal, never back after a release), so a resource that remembers the highest
   * token it has seen can refuse a holder that paused past its expiry while another took over.
   */
  fencingToken(name: string, holder: string): Promise<number | null>;
  close(): Promise<void>;
}

export type LeaseRunnerOptions = {
  store: LeaseStore;
  name: string;
  /** unique per process, e.g. hostname + pid + a random suffix */
  holder: string;
  ttlMs?: number;
  /** how often the lease is renewed (held) or tried (not held); default a third of the ttl */
  intervalMs?: number;
  /** starts the task; called when the lease is taken */
  start(): Promise<void>;
  /** stops the task; called when the lease is lost or the runner stops */
  stop(): Promise<void>;
  onError?: (error: unknown) => void;
};

export type LeaseRunnerStatus = { name: string; holder: string; held: boolean; lastError?: string };

export interface LeaseRunner {
  /** tries once at once, then on every interval; resolves after the first try */
  start(): Promise<void>;
  /** stops the task if it runs here, and gives the lease up */
  stop(): Promise<void>;
  status(): LeaseRunnerStatus;
}

/**
 * Runs a task only while this process holds its lease. A renewal that fails (the store is unreachable, or another
 * holder took an expired lease) stops the task at once: it is better to run nothing for a moment than twice.
 */
export function createLeaseRunner(options: LeaseRunnerOptions): LeaseRunner {
  const ttlMs = options.ttlMs ?? 15_000;
  const intervalMs = options.intervalMs ?? Math.max(1, Math.floor(ttlMs / 3));
  let held = false;
  let stopped = false;
  let lastError: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();

  async function tick(): Promise<void> {
    if (stopped) return;
    let holds = false;
    try {
      holds = await options.store.tryAcquire(options.name, options.holder, ttlMs);
      lastError = undefined;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      options.onError?.(error);
    }
    if (stopped) return;
    if (holds && !held) {
      held = true;
      try {
        await options.start();
      } catch (error) {
        held = false;
        lastError = error instanceof Error ? error.message : String(error);
        options.onError?.(error);
        await options.store.release(options.name, options.holder).catch(() => undefined);
      }
    } else if (!holds && held) {
      held = false;
      await options.stop().catch((error: unknown) => options.onError?.(error));
    }
  }

  const schedule = (): void => {
    round = round.then(tick);
  };

  return {
    async start() {
      stopped = false;
      schedule();
      await round;
      timer = setInterval(schedule, intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await round;
      if (held) {
        held = false;
        await options.stop().catch((error: unknown) => options.onError?.(error));
        await options.store.release(options.name, options.holder).catch((error: unknown) => options.onError?.(error));
      }
    },
    status() {
      return { name: options.name, holder: options.holder, held, ...(lastError === undefined ? {} : { lastError }) };
    },
  };
}
