import { TooManyRequestsError } from '../http/errors.ts';

/**
 * Limits failed password checks. Two sliding windows:
 * - one account from one address: 10 in 15 minutes (a person mistyping; an attacker on one victim);
 * - one address on any accounts: 300 in an hour (one attacker trying many accounts).
 * There is no window for an account from everywhere: it would let anyone lock the owner out from their own
 * address by failing 100 times from elsewhere. A distributed attack on one account is bounded per address, and
 * the scrypt cost of each guess.
 *
 * An attempt is reserved before the password is checked (`attempt`): the check and the count are one synchronous
 * step, so parallel guesses cannot all pass the check before any is counted. A success takes its reservation back
 * and clears the account-and-address window; a failure leaves it counted.
 *
 * The counts live in this process's memory: right for the embedded run. Scaled out, each replica counts on its
 * own (the effective limit multiplies by the replica count), so a shared store (Redis INCR with expiry, or a
 * MongoDB TTL collection) would take the place of the Map behind the same calls.
 */
export type RateLimitRule = {
  name: string;
  limit: number;
  windowMs: number;
  key(account: string, address: string): string;
};

export const DEFAULT_LOGIN_RULES: readonly RateLimitRule[] = [
  { name: 'account-address', limit: 10, windowMs: 15 * 60_000, key: (account, address) => `aa:${account}|${address}` },
  { name: 'address', limit: 300, windowMs: 60 * 60_000, key: (_account, address) => `ip:${address}` },
];

export interface LoginRateLimiter {
  /**
   * Reserves one attempt: throws 429 (with Retry-After) when a window is full, else counts it at once as a
   * failure. Call `succeeded()` on the answer when the password was right.
   */
  attempt(account: string, address: string): { succeeded(): void };
  /** throws 429 (with Retry-After) when a window is full */
  check(account: string, address: string): void;
  recordFailure(account: string, address: string): void;
  recordSuccess(account: string, address: string): void;
}

export function createLoginRateLimiter(
  options: { rules?: readonly RateLimitRule[]; now?: () => number; maxKeys?: number; message?: string } = {},
): LoginRateLimiter {
  const rules = options.rules ?? DEFAULT_LOGIN_RULES;
  const now = options.now ?? Date.now;
  // A bound on memory: past it the least recently failed keys are forgotten first.
  const maxKeys = options.maxKeys ?? 100_000;
  const message = options.message ?? 'Too many failed login attempts. Please try again later.';
  const failures = new Map<string, number[]>();

  const recent = (key: string, windowMs: number, at: number): number[] => {
    const times = failures.get(key);
    if (!times) return [];
    const kept = times.filter((time) => at - time < windowMs);
    if (kept.length === 0) failures.delete(key);
    else if (kept.length !== times.length) failures.set(key, kept);
    return kept;
  };

  return {
    check(account, address) {
      const at = now();
      let retryAfterMs = 0;
      for (const rule of rules) {
        const times = recent(rule.key(account, address), rule.windowMs, at);
        if (times.length < rule.limit) continue;
        // The window frees a slot when the oldest failure that fills it leaves.
        const oldest = times[times.length - rule.limit] ?? at;
        retryAfterMs = Math.max(retryAfterMs, oldest + rule.windowMs - at);
      }
      if (retryAfterMs > 0) {
        const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
        throw new TooManyRequestsError(
          `${message} (try again in ${minutes} minute${minutes === 1 ? '' : 's'})`,
          retryAfterMs / 1000,
        );
      }
    },
    recordFailure(account, address) {
      const at = now();
      for (const rule of rules) {
        const key = rule.key(account, address);
        const times = recent(key, rule.windowMs, at);
        failures.delete(key);
        failures.set(key, [...times.slice(-(rule.limit - 1)), at]);
      }
      while (failures.size > maxKeys) {
        const oldestKey = failures.keys().next().value;
        if (oldestKey === undefined) break;
        failures.delete(oldestKey);
      }
    },
    recordSuccess(account, address) {
      const first = rules[0];
      if (first) failures.delete(first.key(account, address));
    },
    attempt(account, address) {
      this.check(account, address);
      this.recordFailure(account, address);
      const at = failures.get(rules[0]?.key(account, address) ?? '')?.at(-1);
      return {
        succeeded: () => {
          // The reservation was not a failure: take it back from every window, and clear the first.
          for (const rule of rules) {
            const key = rule.key(account, address);
            const times = failures.get(key);
            const index = times?.lastIndexOf(at ?? Number.NaN) ?? -1;
            if (times && index >= 0) times.splice(index, 1);
          }
          this.recordSuccess(account, address);
        },
      };
    },
  };
}
