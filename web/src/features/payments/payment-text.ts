import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_MESSAGES } from '@pocketguide/contracts';
import { isApiError, isNetworkError } from '../../lib/api-client.ts';
import type { Order } from './api/payment-schemas.ts';
import { isTransfer } from './api/payment-schemas.ts';

/** Won amounts for the reader's language: 50,000원 / ₩50,000. */
export function formatWon(amount: number, language: string): string {
  if (language === 'en') return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'KRW' }).format(amount);
  return `${new Intl.NumberFormat('ko-KR').format(amount)}원`;
}

/** The generic codes whose texts would say less than the server's own message about a payment refusal. */
const VAGUE_CODES = new Set(['conflict', 'validation_failed', 'forbidden', 'not_found', 'HTTP_400', 'HTTP_409']);

const paymentMessageKeys = Object.entries(PAYMENT_MESSAGES) as [keyof typeof PAYMENT_MESSAGES, string][];

/**
 * The text shown for a failed purchase, card change, unsubscription, refund or deletion (the issue shows them,
 * where the spec only logged them): the spec's and the server's payment texts in the reader's language, a payment
 * window's own message as it came, else the code's text or the server's message.
 */
export function usePaymentErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (error instanceof Error && error.name === 'PaymentWindowError') {
        if (error.message === 'iamport did not load') return t('payments.errors.windowNotLoaded');
        return error.message
          ? t('payments.errors.window', { message: error.message })
          : t('payments.errors.windowClosed');
      }
      if (isNetworkError(error)) return t('errors.network');
      if (!isApiError(error)) return t('errors.generic');
      // a purchase refused after it was paid says so, then that its payment was cancelled and refunded
      const refunded = error.message.endsWith(` ${PAYMENT_MESSAGES.notGrantedRefunded}`);
      const message = refunded
        ? error.message.slice(0, -PAYMENT_MESSAGES.notGrantedRefunded.length - 1)
        : error.message;
      const known = paymentMessageKeys.find(([, text]) => text === message || text === error.detail);
      if (known) {
        const text = t(`payments.serverMessages.${known[0]}`);
        return refunded ? `${text} ${t('payments.serverMessages.notGrantedRefunded')}` : text;
      }
      const codes: Record<string, string> = t('errors.codes', { returnObjects: true });
      if (codes[error.code] && !VAGUE_CODES.has(error.code)) return codes[error.code]!;
      return error.message || t('errors.generic');
    },
    [t],
  );
}

/** How a payment was made: the card's name, a bank transfer (no provider data, spec 2 §3), or the method's name. */
export function useMethodLabel(): (order: Order) => string {
  const { t } = useTranslation();
  return useCallback(
    (order: Order) => {
      if (isTransfer(order) || order.method === 'transfer') return t('payments.method.transfer');
      const card = order.paymentData?.card_name;
      if (order.method === 'card') return card ? t('payments.method.cardNamed', { card }) : t('payments.method.card');
      return order.method || t('payments.method.card');
    },
    [t],
  );
}

/** The date a payment shows: when it was paid, else when it was asked for. */
export const dateOf = (order: Order): string => order.paidAt ?? order.createdAt;
