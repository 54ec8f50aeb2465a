import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  USERS_PAGE_SIZE,
  accountAckSchema,
  adminSubscriptionAnswerSchema,
  adminUserActivitySchema,
  userListSchema,
  userUpdatedSchema,
  type UserView,
} from '@pocketguide/contracts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { userQueryKey, type CachedUser } from '../../users/api/get-user.ts';
import type { AdminUserFilters } from '../user-filters.ts';

export const adminUsersQueryKey = ['users', 'admin-list'] as const;
export const userActivityQueryKey = (userId: string) => ['users', 'activity', userId] as const;

/** GET users (administrators): a page of ten, by search, plan, status and "joined today"; `after` reads a write first. */
export function useAdminUsers(filters: AdminUserFilters, after?: number) {
  const api = useApiClient();
  const { page, search, subscriptionType, status, role, paid, today } = filters;
  return useQuery({
    queryKey: [...adminUsersQueryKey, page, search, subscriptionType, status, role, paid, today, after ?? null],
    queryFn: async ({ signal }) =>
      (
        await api.request({
          path: '/users',
          query: {
            page,
            limit: USERS_PAGE_SIZE,
            search: search || undefined,
            subscriptionType: subscriptionType === 'all' ? undefined : subscriptionType,
            status: status === 'all' ? undefined : status,
            role: role === 'all' ? undefined : role,
            paid: paid ? 'true' : undefined,
            today: today ? 'true' : undefined,
            after,
          },
          schema: userListSchema,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** GET admin/users/{userId}/activity: the counts of the activity overview. */
export function useUserActivity(userId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: userActivityQueryKey(userId),
    queryFn: async ({ signal }) => {
      // after this browser changed the user, read the activity as of that change
      const after = queryClient.getQueryData<CachedUser>(userQueryKey(userId))?.position;
      return (
        await api.request({
          path: `/admin/users/${encodeURIComponent(userId)}/activity`,
          query: { after },
          schema: adminUserActivitySchema,
          signal,
        })
      ).data;
    },
    enabled,
  });
}

/** What an administrator can do to an account from its detail (spec 3 §2.6). */
export type AdminUserAction =
  | { type: 'hide' }
  | { type: 'unhide' }
  | { type: 'delete' }
  | { type: 'subscribe-one-month' }
  | { type: 'unsubscribe' }
  | { type: 'change-plan'; plan: 'standard' | 'pro' | 'business' }
  | { type: 'schedule-payment' };

const SUBSCRIPTION_PATHS = {
  'subscribe-one-month': '/subscriptions/admin/subscribe-one-month',
  unsubscribe: '/subscriptions/admin/unsubscribe',
  'change-plan': '/subscriptions/admin/change-plan',
  'schedule-payment': '/subscriptions/admin/schedule-payment',
} as const;

/** `{ user, position }` of every action but delete; delete answers its position only. */
export type AdminUserActionResult = { user: UserView | null; position: number | undefined };

/**
 * One administrator action on one account. Afterwards the account is read again as of the action's position (the
 * detail, its activity and the list), so the screen shows the user as the server now has it.
 */
export function useAdminUserAction(userId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: AdminUserAction): Promise<AdminUserActionResult> => {
      const path = `/users/${encodeURIComponent(userId)}`;
      switch (action.type) {
        case 'hide':
        case 'unhide': {
          const { data } = await api.request({
            method: 'PATCH',
            path,
            body: { isHidden: action.type === 'hide' },
            schema: userUpdatedSchema,
          });
          const { position, ...user } = data;
          return { user, position };
        }
        case 'delete': {
          const { data } = await api.request({ method: 'DELETE', path, schema: accountAckSchema });
          return { user: null, position: data.position };
        }
        default: {
          const body =
            action.type === 'change-plan' ? { customerUid: userId, plan: action.plan } : { customerUid: userId };
          const { data } = await api.request({
            method: 'POST',
            path: SUBSCRIPTION_PATHS[action.type],
            body,
            schema: adminSubscriptionAnswerSchema,
          });
          return { user: data.user, position: data.position };
        }
      }
    },
    onSuccess: async ({ user, position }) => {
      if (user === null) {
        queryClient.removeQueries({ queryKey: userQueryKey(userId) });
        queryClient.removeQueries({ queryKey: userActivityQueryKey(userId) });
        await queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
        return;
      }
      // shown at once, then read again after the write (the cached position makes the refetch wait for it)
      queryClient.setQueryData<CachedUser>(userQueryKey(userId), {
        ...user,
        ...(position === undefined ? {} : { position }),
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: userActivityQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
      ]);
    },
    // the detail shows a failed action itself, in its own words (never only a log line)
    meta: { handlesNetworkError: true },
  });
}
