import type { Request, RequestHandler } from 'express';
import { TooManyRequestsError } from './errors.ts';

/**
 * Quotas: how much one key (a person, an address) may do in a window. Unlike the failed-login limits these count
 * every request, successful or not: they bound what one caller can make the server store or send.
 *
 * Each rule is a sliding window counted in two fixed buckets (this window's and the previous one's, weighted by
 * how much of it still overlaps): constant memory per key whatever the amounts, and never more than the limit in
 * any window of that length by more than one bucket's rounding. `take` checks every rule and then counts in all of
 * them in one synchronous step, so parallel requests cannot all pass the check before any is counted; a refused
 * request counts nothing.
 *
 * In process memory, as the failed-login limits: scaled out, each replica counts on its own.
 */
export type QuotaRule = {
  /** what the amount is, for the message: requests, bytes */
  limit: number;
  windowMs: number;
  message: string;
};

type Buckets = { start: number; current: number; previous: number };

export interface Quota {
  /**
   * Counts `amount` (default 1; or one amount per rule, in the rules' order) for `key` in every rule, or throws
   * 429 with Retry-After and counts nothing in any rule.
   */
  take(key: string, amount?: number | readonly number[]): void;
}

export function createQuota(options: { rules: readonly QuotaRule[]; now?: () => number; maxKeys?: number }): Quota {
  const { rules } = options;
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 100_000;
  const counters = rules.map(() => new Map<string, Buckets>());

  function bucketsAt(map: Map<string, Buckets>, key: string, windowMs: number, at: number): Buckets {
    const start = at - (at % windowMs);
    const found = map.get(key);
    if (!found) return { start, current: 0, previous: 0 };
    if (found.start === start) return found;
    // one window on: this window's count becomes the previous; further on, both are forgotten
    const previous = found.start === start - windowMs ? found.current : 0;
    return { start, current: 0, previous };
  }

  function used(buckets: Buckets, windowMs: number, at: number): number {
    const overlap = 1 - (at - buckets.start) / windowMs;
    return buckets.current + buckets.previous * overlap;
  }

  // Kept lean (no closure per call, a bucket counted in place): a beacon's quota is taken a thousand times a second
  // (issue 24).
  return {
    take(key, amount = 1) {
      const at = now();
      const found: Array<Buckets | undefined> = [];
      for (let index = 0; index < rules.length; index++) {
        const rule = rules[index]!;
        const buckets = bucketsAt(counters[index]!, key, rule.windowMs, at);
        found.push(buckets);
        const wanted = typeof amount === 'number' ? amount : (amount[index] ?? 0);
        if (used(buckets, rule.windowMs, at) + wanted <= rule.limit) continue;
        // the window frees room as the previous bucket slides out; at worst when this one ends
        const retryAfterMs = buckets.start + rule.windowMs - at;
        throw new TooManyRequestsError(rule.message, Math.max(1, retryAfterMs / 1000));
      }
      for (let index = 0; index < rules.length; index++) {
        const map = counters[index]!;
        const buckets = found[index]!;
        const wanted = typeof amount === 'number' ? amount : (amount[index] ?? 0);
        // the key moves to the newest end (the memory bound forgets the oldest first); a bucket of this window is
        // counted in place, one of a new window replaces it
        const counted = map.get(key) === buckets ? buckets : { ...buckets };
        counted.current += wanted;
        map.delete(key);
        map.set(key, counted);
        if (map.size > maxKeys) map.delete(map.keys().next().value as string);
      }
    },
  };
}

/** Express middleware over a quota: `keyOf` names who is counted (undefined: not counted), `amountOf` how much. */
export function quotaMiddleware(
  quota: Quota,
  keyOf: (req: Request) => string | undefined,
  amountOf: (req: Request) => number | readonly number[] = () => 1,
): RequestHandler {
  return (req, _res, next) => {
    const key = keyOf(req);
    if (key === undefined) {
      next();
      return;
    }
    try {
      quota.take(key, amountOf(req));
    } catch (error) {
      next(error);
      return;
    }
    next();
  };
}

/** The request body's declared size in bytes (0 when none is declared; oversized bodies are refused elsewhere). */
export function declaredBodyBytes(req: Request): number {
  const length = Number(req.get('content-length') ?? 0);
  return Number.isFinite(length) && length > 0 ? length : 0;
}
