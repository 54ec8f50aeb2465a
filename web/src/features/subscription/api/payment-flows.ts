import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BillingCycle } from '@pocketguide/contracts';
import { priceOf, type PurchasablePlan } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useSession } from '../../../lib/session-context.tsx';
import { paymentsConfigSchema, type PaymentsConfig } from '../../payments/api/payment-schemas.ts';
import { paymentsKeys } from '../../payments/api/payments.ts';
import { newPaymentId, openPaymentWindow } from '../payment-window.ts';
import { changePaymentMethod, subscribe, useKeepSubscriptionAnswer } from './subscription.ts';

/** Where a payment is: the provider's window open, or the server checking what was paid. */
export type PaymentPhase = 'idle' | 'window' | 'confirming';

function useConfig(api: ApiClient) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.fetchQuery({
      queryKey: paymentsKeys.config,
      queryFn: async ({ signal }): Promise<PaymentsConfig> =>
        (await api.request({ path: '/payments/config', schema: paymentsConfigSchema, signal })).data,
      staleTime: Number.POSITIVE_INFINITY,
    });
}

/**
 * Buying a plan (spec 2 §4): the card window (or DEBUG's faked ids), then POST subscriptions/subscribe (or
 * subscribe-one-month); the answer re-authenticates. The amount is the price in effect today, VAT included.
 */
export function usePurchase() {
  const api = useApiClient();
  const session = useSession();
  const config = useConfig(api);
  const keep = useKeepSubscriptionAnswer();
  const { t } = useTranslation();
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const mutation = useMutation({
    mutationFn: async ({ plan, billingCycle }: { plan: PurchasablePlan; billingCycle: BillingCycle }) => {
      if (!session) throw new Error('signed out');
      try {
        setPhase('window');
        const settings = await config();
        const paid = await openPaymentWindow(settings, {
          merchantUid: newPaymentId(plan === 'onemonth' ? 'onemonth' : 'purchase'),
          customerUid: newPaymentId('card', session.id),
          name: t('subscription.purchase.itemName', { plan: t(`plans.${plan}`) }),
          amount: priceOf(plan, new Date()),
          buyerEmail: session.email,
          buyerName: session.name,
        });
        setPhase('confirming');
        return await subscribe(api, { ...paid, plan, billingCycle });
      } finally {
        setPhase('idle');
      }
    },
    onSuccess: keep,
  });
  return { ...mutation, phase };
}

/**
 * Changing the card on file (spec 2 §7): the window issues a new billing key without charging (amount 0), then
 * POST subscriptions/change-payment-method, where the server checks the card with a 100-won charge it cancels at
 * once (spec 2 §9); the answer re-authenticates.
 */
export function useChangeCard() {
  const api = useApiClient();
  const session = useSession();
  const config = useConfig(api);
  const keep = useKeepSubscriptionAnswer();
  const { t } = useTranslation();
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const mutation = useMutation({
    mutationFn: async () => {
      if (!session) throw new Error('signed out');
      try {
        setPhase('window');
        const settings = await config();
        const paid = await openPaymentWindow(settings, {
          merchantUid: newPaymentId('cardcheck'),
          customerUid: newPaymentId('card', session.id),
          name: t('subscription.changeCard.itemName'),
          amount: 0,
          buyerEmail: session.email,
          buyerName: session.name,
        });
        setPhase('confirming');
        return await changePaymentMethod(api, {
          customer_uid: paid.customer_uid,
          imp_uid: paid.imp_uid,
          ...(paid.DEBUG ? { DEBUG: true as const } : {}),
        });
      } finally {
        setPhase('idle');
      }
    },
    onSuccess: keep,
  });
  return { ...mutation, phase };
}
