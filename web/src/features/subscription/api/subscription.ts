import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  subscriptionAnswerSchema,
  toSessionUser,
  type BillingCycle,
  type SubscriptionAnswer,
} from '@pocketguide/contracts';
import type { PurchasablePlan } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useSessionStore } from '../../../lib/session-context.tsx';
import { notePaymentWrite } from '../../payments/api/payments.ts';

/**
 * The subscription calls a person makes (spec 2 §7, payments design). Each answers the account as it is now and a
 * new token; the session is replaced with them, as a sign-in does ("re-authenticated from the response").
 */
export { subscriptionAnswerSchema, type SubscriptionAnswer };

/** What the payment window gave back (or the faked ids in DEBUG mode). */
export type PaidWindow = { customer_uid: string; merchant_uid: string; imp_uid: string; DEBUG?: true };

export type Purchase = PaidWindow & { plan: PurchasablePlan; billingCycle: BillingCycle };

export async function subscribe(api: ApiClient, purchase: Purchase): Promise<SubscriptionAnswer> {
  const path = purchase.plan === 'onemonth' ? '/subscriptions/subscribe-one-month' : '/subscriptions/subscribe';
  return (await api.request({ method: 'POST', path, body: purchase, schema: subscriptionAnswerSchema })).data;
}

export async function changePaymentMethod(
  api: ApiClient,
  paid: Omit<PaidWindow, 'merchant_uid'>,
): Promise<SubscriptionAnswer> {
  return (
    await api.request({
      method: 'POST',
      path: '/subscriptions/change-payment-method',
      body: paid,
      schema: subscriptionAnswerSchema,
    })
  ).data;
}

export async function unsubscribe(api: ApiClient): Promise<SubscriptionAnswer> {
  return (await api.request({ method: 'POST', path: '/subscriptions/unsubscribe', schema: subscriptionAnswerSchema }))
    .data;
}

/** Keeps an answer the way sign-in keeps one (the language aside), and has every payment list read again. */
export function useKeepSubscriptionAnswer() {
  const store = useSessionStore();
  const queryClient = useQueryClient();
  return (answer: SubscriptionAnswer) => {
    // the language being read stays: a payment is no reason to switch it (the account's may lag this browser's)
    const language = store.get()?.language ?? answer.user.language;
    store.signIn({ token: answer.token, user: { ...toSessionUser(answer.user), language } });
    notePaymentWrite(queryClient, answer.position);
    void queryClient.invalidateQueries({ queryKey: ['users', 'detail', answer.user.id] });
  };
}

export function useUnsubscribe() {
  const api = useApiClient();
  const keep = useKeepSubscriptionAnswer();
  return useMutation({ mutationFn: () => unsubscribe(api), onSuccess: keep });
}
