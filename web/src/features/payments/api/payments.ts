import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PAYMENTS_PAGE_SIZE } from '@pocketguide/contracts';
import { receiptSchema, type Receipt } from '@pocketguide/contracts/payment/receipts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { lastWriteOf, noteLastWrite, useLastWrite } from '../../../lib/last-write.ts';
import {
  orderPageSchema,
  orderSchema,
  paymentDeletedSchema,
  paymentRefundedSchema,
  paymentsConfigSchema,
  type Order,
  type OrderPage,
  type PaymentRefunded,
} from './payment-schemas.ts';

export const paymentsKeys = {
  all: ['payments'] as const,
  config: ['payments', 'config'] as const,
  mine: (page: number) => ['payments', 'list', 'mine', page] as const,
  ofUser: (userId: string, page: number) => ['payments', 'list', 'user', userId, page] as const,
  everyone: (page: number) => ['payments', 'list', 'all', page] as const,
  detail: (merchantUid: string) => ['payments', 'detail', merchantUid] as const,
  /** the log position of this browser's last payment write: lists read at least up to it */
  after: ['payments', 'after'] as const,
};

/** Lists asked after a write this browser made wait for the read model to show it. */
function afterOf(queryClient: QueryClient): number | undefined {
  return lastWriteOf(queryClient, paymentsKeys.after);
}

/** Called after a purchase, a refund, a deletion…: every payment screen reads again, at least up to `position`. */
export function notePaymentWrite(queryClient: QueryClient, position: number | undefined): void {
  if (position !== undefined) noteLastWrite(queryClient, paymentsKeys.after, position);
  void queryClient.invalidateQueries({ queryKey: ['payments', 'list'] });
  void queryClient.invalidateQueries({ queryKey: ['payments', 'detail'] });
}

async function getPage(
  api: ApiClient,
  path: string,
  page: number,
  after: number | undefined,
  signal: AbortSignal,
): Promise<OrderPage> {
  const { data } = await api.request({
    path,
    query: { page, limit: PAYMENTS_PAGE_SIZE, after },
    schema: orderPageSchema,
    signal,
  });
  return data;
}

/** The log position of this browser's last payment write, watched: a screen showing its effects reads after it. */
export function useLastPaymentWrite(): number | undefined {
  return useLastWrite(paymentsKeys.after);
}

/** GET /api/payments/config: the debug window or PortOne's. Read once per visit. */
export function usePaymentsConfig() {
  const api = useApiClient();
  return useQuery({
    queryKey: paymentsKeys.config,
    queryFn: async ({ signal }) =>
      (await api.request({ path: '/payments/config', schema: paymentsConfigSchema, signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/payments?page&limit=10: the signed-in person's own payments. */
export function useMyPayments(page: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: paymentsKeys.mine(page),
    queryFn: ({ signal }) => getPage(api, '/payments', page, afterOf(queryClient), signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/payments/user/{userId}?page&limit=10 (oneself or an administrator). */
export function useUserPayments(userId: string, page: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: paymentsKeys.ofUser(userId, page),
    queryFn: ({ signal }) =>
      getPage(api, `/payments/user/${encodeURIComponent(userId)}`, page, afterOf(queryClient), signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/payments/all?page&limit=10 (administrators). */
export function useAllPayments(page: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: paymentsKeys.everyone(page),
    queryFn: ({ signal }) => getPage(api, '/payments/all', page, afterOf(queryClient), signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/payments/{merchantUid} (its owner or an administrator). */
export function usePayment(merchantUid: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: paymentsKeys.detail(merchantUid),
    queryFn: async ({ signal }): Promise<Order> =>
      (
        await api.request({
          path: `/payments/${encodeURIComponent(merchantUid)}`,
          query: { after: afterOf(queryClient) },
          schema: orderSchema,
          signal,
        })
      ).data,
  });
}

/** GET /api/payments/{merchantUid}/receipt (its owner or an administrator). */
export function useReceipt(merchantUid: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...paymentsKeys.detail(merchantUid), 'receipt'],
    queryFn: async ({ signal }): Promise<Receipt> =>
      (
        await api.request({
          path: `/payments/${encodeURIComponent(merchantUid)}/receipt`,
          query: { after: afterOf(queryClient) },
          schema: receiptSchema,
          signal,
        })
      ).data,
  });
}

/** DELETE /api/payments/{merchantUid} (administrators): gone for good. */
export function useDeletePayment() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (merchantUid: string) => {
      const { data } = await api.request({
        method: 'DELETE',
        path: `/payments/${encodeURIComponent(merchantUid)}`,
        schema: paymentDeletedSchema,
      });
      return { merchantUid, position: data.position };
    },
    onSuccess: ({ merchantUid, position }) => {
      queryClient.removeQueries({ queryKey: paymentsKeys.detail(merchantUid) });
      notePaymentWrite(queryClient, position);
    },
  });
}

/** POST /api/payments/refund (administrators): `amount` omitted refunds whatever is left. */
export function useRefundPayment() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ merchantUid, amount }: { merchantUid: string; amount?: number }): Promise<PaymentRefunded> =>
      (
        await api.request({
          method: 'POST',
          path: '/payments/refund',
          body: amount === undefined ? { merchantUid } : { merchantUid, amount },
          schema: paymentRefundedSchema,
        })
      ).data,
    onSuccess: (answer) => {
      noteLastWrite(queryClient, paymentsKeys.after, answer.position);
      // the detail shows the refund at once, before the read model has caught up
      queryClient.setQueryData<Order>(paymentsKeys.detail(answer.merchantUid), (order) => {
        if (!order) return order;
        const cancelAmount = answer.cancelAmount;
        return {
          ...order,
          refundedAt: answer.refundedAt,
          cancelAmount,
          status: cancelAmount >= order.amount ? 'refunded' : 'partially-refunded',
          paymentData: order.paymentData ? { ...order.paymentData, cancel_amount: cancelAmount } : order.paymentData,
        };
      });
      void queryClient.invalidateQueries({ queryKey: ['payments', 'list'] });
    },
  });
}
