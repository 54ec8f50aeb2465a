import type { Order } from './api/payment-schemas.ts';

/** Spec 2 §9: the receipt opens in an 800 × 600 popup. */
export const RECEIPT_POPUP_FEATURES = 'width=800,height=600';

export type ReceiptProblem = 'notLoaded' | 'noReceipt' | 'invalidUrl' | 'popupFailed';

/** The provider's receipt address of a payment, when it has one. */
export function receiptUrlOf(order: Order): string | null {
  return order.receiptUrl ?? order.paymentData?.receipt_url ?? null;
}

/**
 * Opens a payment's receipt in a popup, or says why it cannot (spec 2 §5: payment data not loaded, no receipt URL,
 * an invalid URL, or a popup the browser refused). Only http(s) addresses are opened.
 */
export function openReceipt(order: Order | undefined, open: typeof window.open = (...args) => window.open(...args)): ReceiptProblem | null {
  if (!order) return 'notLoaded';
  const url = receiptUrlOf(order);
  if (!url) return 'noReceipt';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'invalidUrl';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'invalidUrl';
  try {
    const popup = open(parsed.href, 'pocketguide-receipt', RECEIPT_POPUP_FEATURES);
    if (!popup) return 'popupFailed';
    try {
      // the receipt page never gets a handle on this one
      popup.opener = null;
    } catch {
      // some browsers refuse the assignment; the popup is open all the same
    }
    return null;
  } catch {
    return 'popupFailed';
  }
}
