import { TooManyRequestsError } from '../http/errors.ts';

/**
 * Limits failed password checks (ASVS 2.2.1: at most 100 failures an hour per account). Three sliding windows:
 * - one account from one address: 10 in 15 minutes (a person mistyping; an attacker on one victim);
 * - one account from anywhere: 100 in an hour (a distributed attack on one victim);
 * - one address on any accounts: 300 in an hour (one attacker trying many accounts).
 * A success clears the account-and-address window only, so a correct guess does not reset the others.
 *
 * The counts live in this process's memory: right for the embedded run. Scaled out, each replica counts on its
 * own (the effective limit multiplies by the replica count), so a shared store (Redis INCR with expiry, or a
 * MongoDB TTL collection) would take the place of the Map behind the same three calls.
 */
export type RateLimitRule = { name: string; limit: number; windowMs: number; key(account: string, address: string): string };

export const DEFAULT_LOGIN_RULES: readonly RateLimitRule[] = [
  { name: 'account-address', limit: 10, windowMs: 15 * 60_000, key: (account, address) => `aa:${account}|${address}` },
  { name: 'account', limit: 100, windowMs: 60 * 60_000, key: (account) => `a:${account}` },
  { name: 'address', limit: 300, windowMs: 60 * 60_000, key: (_account, address) => `ip:${address}` },
];

export interface LoginRateLimiter {
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
        throw new TooManyRequestsError(`${message} (try again in ${minutes} minute${minutes === 1 ? '' : 's'})`, retryAfterMs / 1000);
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
  };
}
