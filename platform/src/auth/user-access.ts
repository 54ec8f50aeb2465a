import type { EventStore } from '../event-store/event-store.ts';
import { resumingSubscription } from '../event-store/resuming-source.ts';

/**
 * What every authenticated request checks: does the token's user still exist, may it still use the service, and
 * with which role now (a demoted administrator loses admin calls at once, whatever the token says).
 */
export type UserAccess = {
  role: string;
  status: 'active' | 'not-activated' | 'hidden' | 'deleted';
  /** tokens issued under an older version (before a password change or reset) are refused */
  sessionVersion: number;
  /** sessions that signed out and whose tokens have not expired yet */
  endedSessions: readonly string[];
};

export interface UserAccessLookup {
  get(userId: string): Promise<UserAccess | null>;
}

export interface UserAccessCache extends UserAccessLookup {
  /** forget one user's entry: called right after a command changed it, so the next request loads it afresh */
  invalidate(userId: string): void;
}

/** The events after which a cached entry is stale. */
export const USER_ACCESS_EVENTS = [
  'UserActivated',
  'UserHidden',
  'UserUnhidden',
  'UserRoleChanged',
  'UserDeleted',
  'PasswordChanged',
  'PasswordResetCompleted',
  'UserSignedOut',
] as const;

/**
 * A small cache in front of the source of truth (`load` folds the user's stream). Freshness:
 * - in this process, routes that hide, delete or change a role call `invalidate` before they answer, so the
 *   user's next request is refused at once;
 * - changes made by other processes (another replica, the admin CLI) arrive through `followUserAccessChanges`,
 *   a subscription to the log: on EventStoreDB that is a push, milliseconds behind; on a shared SQLite file it is
 *   the subscription's poll interval;
 * - and every entry expires after `ttlMs` anyway, the bound if a subscription ever falls behind.
 */
export function createUserAccessCache(options: {
  load(userId: string): Promise<UserAccess | null>;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}): UserAccessCache {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: UserAccess | null; until: number }>();
  // A load that started before an invalidation must not store its (older) answer afterwards.
  const generations = new Map<string, number>();

  return {
    async get(userId) {
      const cached = entries.get(userId);
      if (cached && cached.until > now()) return cached.value;
      const generation = generations.get(userId) ?? 0;
      const value = await options.load(userId);
      if ((generations.get(userId) ?? 0) === generation) {
        entries.delete(userId);
        entries.set(userId, { value, until: now() + ttlMs });
        while (entries.size > maxEntries) {
          const oldest = entries.keys().next().value;
          if (oldest === undefined) break;
          entries.delete(oldest);
        }
      }
      return value;
    },
    invalidate(userId) {
      entries.delete(userId);
      generations.set(userId, (generations.get(userId) ?? 0) + 1);
      if (generations.size > maxEntries) generations.clear();
    },
  };
}

export type UserAccessFollowerStatus = { position: number | null; lastError?: string };

/**
 * Invalidates cached entries as access-changing events reach the log, from now on. Stops with the signal. A
 * dropped subscription is opened again from the last event seen, so no change is missed; `status` (if given) is
 * kept current for /api/health.
 */
export async function followUserAccessChanges(
  eventStore: EventStore,
  cache: UserAccessCache,
  signal: AbortSignal,
  options: { status?: UserAccessFollowerStatus; initialDelayMs?: number; onDrop?: (error: unknown) => void } = {},
): Promise<void> {
  const status = options.status ?? { position: null };
  const after = await eventStore.headPosition();
  status.position = after;
  const subscription = resumingSubscription(eventStore, {
    after,
    signal,
    filter: { eventTypes: USER_ACCESS_EVENTS },
    ...(options.initialDelayMs !== undefined ? { initialDelayMs: options.initialDelayMs } : {}),
    onDrop: ({ error }) => {
      status.lastError = error instanceof Error ? error.message : String(error);
      options.onDrop?.(error);
    },
  });
  for await (const event of subscription) {
    const userId = (event.data as { userId?: unknown }).userId;
    if (typeof userId === 'string') cache.invalidate(userId);
    status.position = event.position;
    delete status.lastError;
  }
}
