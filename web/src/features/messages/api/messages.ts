import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  BELL_MESSAGES,
  MESSAGE_PAGE_SIZE,
  messagePageSchema,
  messageSchema,
  messageWrittenSchema,
  type MessageAudience,
  type MessageContent,
  type MessageType,
} from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { noteLastWrite, useLastWrite } from '../../../lib/last-write.ts';

export const messagesQueryKey = ['messages'] as const;
/** The bell and the banner look for new messages this often, and whenever the window gets the focus back. */
const INBOX_POLL_MS = 60_000;

export function inboxQueryOptions(api: ApiClient, page: number, limit = MESSAGE_PAGE_SIZE) {
  return queryOptions({
    queryKey: [...messagesQueryKey, 'inbox', page, limit],
    queryFn: async ({ signal }) =>
      (await api.request({ path: '/messages', query: { page, limit }, schema: messagePageSchema, signal })).data,
  });
}

/** GET messages: the signed-in member's received messages, newest first. */
export function useInbox(page: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...inboxQueryOptions(useApiClient(), page), placeholderData: keepPreviousData, enabled });
}

/**
 * The newest messages for the bell and the banner: more than the bell's three, so a dismissed one does not hide
 * an undismissed notification behind it.
 */
export function useLatestMessages({ enabled }: { enabled: boolean }) {
  return useQuery({
    ...inboxQueryOptions(useApiClient(), 1, BELL_MESSAGES * 4),
    enabled,
    refetchInterval: INBOX_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** GET messages/{id}: one received message. */
export function useInboxMessage(messageId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...messagesQueryKey, 'inbox-message', messageId],
    queryFn: async ({ signal }) =>
      (await api.request({ path: `/messages/${encodeURIComponent(messageId)}`, schema: messageSchema, signal })).data,
  });
}

/** POST messages/{id}/dismiss: kept on the server, so every device agrees. */
export function useDismissMessage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (messageId: string) =>
      (
        await api.request({
          method: 'POST',
          path: `/messages/${encodeURIComponent(messageId)}/dismiss`,
          schema: z.object({ _id: z.string(), position: z.number() }),
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...messagesQueryKey, 'inbox'] }),
  });
}

export type AdminMessageFilters = { page: number; users: MessageAudience | 'all'; type: MessageType | 'all' };

/** GET admin/messages: every message, newest first, by audience and type. */
export function useAdminMessages({ page, users, type }: AdminMessageFilters) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...messagesQueryKey, 'admin', page, users, type],
    queryFn: async ({ signal }) =>
      (
        await api.request({
          path: '/admin/messages',
          query: {
            page,
            limit: MESSAGE_PAGE_SIZE,
            users: users === 'all' ? undefined : users,
            type: type === 'all' ? undefined : type,
          },
          schema: messagePageSchema,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useAdminMessage(messageId: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...messagesQueryKey, 'admin-message', messageId],
    queryFn: async ({ signal }) =>
      (
        await api.request({
          path: `/admin/messages/${encodeURIComponent(messageId ?? '')}`,
          schema: messageSchema,
          signal,
        })
      ).data,
    enabled: messageId !== null,
  });
}

/**
 * POST admin/messages (a new one) or PUT admin/messages/{id}; `showing` sends (true) or takes back (false). The
 * message is then read as it stands after the write (read-your-writes), so the form shows its new status at once.
 */
export function useWriteMessage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      messageId,
      content,
      showing,
    }: {
      messageId: string | null;
      content: MessageContent;
      showing?: boolean;
    }) => {
      const { data: written } = await api.request({
        method: messageId === null ? 'POST' : 'PUT',
        path: messageId === null ? '/admin/messages' : `/admin/messages/${encodeURIComponent(messageId)}`,
        body: { ...content, ...(showing === undefined ? {} : { showing }) },
        schema: messageWrittenSchema,
      });
      const { data: message } = await api.request({
        path: `/admin/messages/${encodeURIComponent(written._id)}`,
        query: { after: written.position },
        schema: messageSchema,
      });
      queryClient.setQueryData([...messagesQueryKey, 'admin-message', written._id], message);
      noteLastWrite(queryClient, lastWriteKey(written._id), written.position);
      return message;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...messagesQueryKey, 'admin'] }),
  });
}

const lastWriteKey = (messageId: string) => [...messagesQueryKey, 'last-write', messageId];

/**
 * The log position of this browser's last save or send of a message, watched: its change history reads after it,
 * so a save or a send shows there at once rather than on the next reload.
 */
export function useLastMessageWrite(messageId: string): number | undefined {
  return useLastWrite(lastWriteKey(messageId));
}

/** DELETE messages/{id}: answered 204. */
export function useDeleteMessage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (messageId: string) => {
      await api.request({ method: 'DELETE', path: `/messages/${encodeURIComponent(messageId)}`, schema: z.unknown() });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesQueryKey }),
  });
}
