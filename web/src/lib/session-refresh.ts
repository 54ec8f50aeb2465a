import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { userViewSchema, type SessionUser } from '@pocketguide/contracts';
import { isApiError, type ApiClient } from './api-client.ts';
import { useApiClient } from './api-client-context.tsx';
import { useSessionStore } from './session-context.tsx';
import type { SessionStore } from './session.ts';

/**
 * The session is written once, at sign-in; the plan it names changes later (a payment, an administrator, an
 * expiry). So the subscription fields are read again from the server when the app comes back into view, when the
 * reader moves to another page, and at once after a refusal for want of a subscription: the plan label and the
 * screens that go by it follow the server without signing in again.
 */

export const SUBSCRIPTION_FIELDS = [
  'subscription',
  'subscriptionType',
  'expiresAt',
  'paymentMethod',
] as const satisfies readonly (keyof SessionUser)[];
type SubscriptionFields = Pick<SessionUser, (typeof SUBSCRIPTION_FIELDS)[number]>;

/** Focus and navigation read the plan at most this often; a refusal reads it at once. */
export const SESSION_REFRESH_INTERVAL_MS = 15_000;

/** Fired on the window by `useRefreshSession`'s callback; `useSessionRefresh` answers it. */
export const SESSION_REFRESH_EVENT = 'pocketguide:session-refresh';

/** GET /api/users/{id} and keep its subscription fields; an answer for someone who has since signed out is dropped. */
export async function refreshSubscription(api: ApiClient, store: SessionStore, signal?: AbortSignal): Promise<boolean> {
  const session = store.get();
  if (!session) return false;
  const { data } = await api.request({
    path: `/users/${encodeURIComponent(session.id)}`,
    schema: userViewSchema,
    ...(signal ? { signal } : {}),
  });
  const now = store.get();
  if (!now || now.id !== session.id) return false;
  const changes: Partial<SubscriptionFields> = {};
  for (const field of SUBSCRIPTION_FIELDS) {
    if (data[field] !== now[field]) Object.assign(changes, { [field]: data[field] });
  }
  if (Object.keys(changes).length === 0) return false;
  store.update(changes);
  return true;
}

const isSubscriptionRefusal = (error: unknown) =>
  isApiError(error) && error.status === 403 && error.code === 'subscription_required';

/** Keeps the session's plan current; mounted once, in the root layout. */
export function useSessionRefresh(): void {
  const store = useSessionStore();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const lastAsked = useRef(Number.NEGATIVE_INFINITY);

  const refresh = useCallback(
    (force: boolean) => {
      if (!store.get()) return;
      const now = Date.now();
      if (!force && now - lastAsked.current < SESSION_REFRESH_INTERVAL_MS) return;
      lastAsked.current = now;
      // A failure changes nothing: the stored plan stays, and the next focus or page asks again.
      refreshSubscription(api, store).catch(() => {
        lastAsked.current = Number.NEGATIVE_INFINITY;
      });
    },
    [api, store],
  );

  // every page the reader moves to (and the first)
  useEffect(() => refresh(false), [pathname, refresh]);

  useEffect(() => {
    const onFocus = () => refresh(false);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh(false);
    };
    const onRequest = () => refresh(true);
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener(SESSION_REFRESH_EVENT, onRequest);
    // a refusal for want of a subscription, from any query or mutation: the plan here may be out of date
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isSubscriptionRefusal(event.action.error))
        refresh(true);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isSubscriptionRefusal(event.action.error))
        refresh(true);
    });
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener(SESSION_REFRESH_EVENT, onRequest);
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, refresh]);
}

/** For a screen that met a refusal outside react-query (the editor's Publish): read the plan again now. */
export function useRefreshSession(): () => void {
  return useCallback(() => {
    window.dispatchEvent(new Event(SESSION_REFRESH_EVENT));
  }, []);
}
