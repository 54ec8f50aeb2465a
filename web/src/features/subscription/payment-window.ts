import type { PaymentsConfig } from '../payments/api/payment-schemas.ts';
import type { PaidWindow } from './api/subscription.ts';

/**
 * The card payment window (spec 2 §7): PortOne's (iamport) `IMP.request_pay` with a billing key (`customer_uid`), so
 * the server can charge the card again each month. In DEBUG mode (the server's debug provider) no window opens and
 * the ids are faked; the server honours `DEBUG` only when its own provider is the debug one.
 *
 * The script comes from PortOne's CDN, so the app's Content-Security-Policy must allow https://cdn.iamport.kr
 * (and the payment window's frames) when the server runs with PortOne.
 */
export const IAMPORT_SCRIPT_URL = 'https://cdn.iamport.kr/v1/iamport.js';

export type PayRequest = {
  /** our id of this payment */
  merchantUid: string;
  /** the billing key to issue with this payment */
  customerUid: string;
  name: string;
  amount: number;
  buyerEmail: string;
  buyerName: string;
};

type IamportAnswer = {
  success?: boolean;
  error_code?: string;
  error_msg?: string;
  imp_uid?: string | null;
  merchant_uid?: string;
};
type Iamport = {
  init(code: string): void;
  request_pay(params: Record<string, unknown>, callback: (answer: IamportAnswer) => void): void;
};

declare global {
  interface Window {
    IMP?: Iamport;
  }
}

/** The window closed without a payment (declined, cancelled by the person…): its message is shown as it is. */
export class PaymentWindowError extends Error {
  override readonly name = 'PaymentWindowError';
}

let loading: Promise<Iamport> | null = null;

/** Adds PortOne's script once per page. */
export function loadIamport(doc: Document = document): Promise<Iamport> {
  if (window.IMP) return Promise.resolve(window.IMP);
  loading ??= new Promise<Iamport>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = IAMPORT_SCRIPT_URL;
    script.async = true;
    script.addEventListener('load', () =>
      window.IMP ? resolve(window.IMP) : reject(new PaymentWindowError('iamport did not load')),
    );
    script.addEventListener('error', () => {
      loading = null;
      script.remove();
      reject(new PaymentWindowError('iamport did not load'));
    });
    doc.head.append(script);
  });
  return loading;
}

/** A new id with a purpose prefix and a timestamp (payments design: `pg_<purpose>_<...>`). */
export function newPaymentId(purpose: 'purchase' | 'onemonth' | 'card' | 'cardcheck', userId?: string): string {
  // letters and digits only after the prefix: the server accepts a purchase's id only as pg_purchase_/pg_onemonth_
  // followed by 8 to 28 of them (PURCHASE_MERCHANT_UID_PATTERN)
  const random = Math.random().toString(36).slice(2, 6).padEnd(4, '0');
  return userId ? `pg_${purpose}_${userId}_${Date.now()}${random}` : `pg_${purpose}_${Date.now()}${random}`;
}

/**
 * The imp_uid DEBUG mode makes up: `imp_debug_<merchant_uid>_<amount>`, which the server's debug provider reads as a
 * paid card payment of that merchant_uid and amount (platform/src/payments/debug-payment-provider.ts).
 */
export function debugImpUid(merchantUid: string, amount: number): string {
  return `imp_debug_${merchantUid}_${amount}`;
}

/** Opens the window (PortOne) or fakes it (debug); resolves with the ids the server checks. */
export async function openPaymentWindow(config: PaymentsConfig, request: PayRequest): Promise<PaidWindow> {
  if (config.provider === 'debug') {
    return {
      customer_uid: request.customerUid,
      merchant_uid: request.merchantUid,
      imp_uid: debugImpUid(request.merchantUid, request.amount),
      DEBUG: true,
    };
  }
  const imp = await loadIamport();
  if (config.impCode) imp.init(config.impCode);
  const channel = config.channelKey ? { channelKey: config.channelKey } : {};
  return new Promise<PaidWindow>((resolve, reject) => {
    imp.request_pay(
      {
        ...channel,
        pay_method: 'card',
        merchant_uid: request.merchantUid,
        customer_uid: request.customerUid,
        name: request.name,
        amount: request.amount,
        buyer_email: request.buyerEmail,
        buyer_name: request.buyerName,
      },
      (answer) => {
        const succeeded = answer.success ?? !answer.error_code;
        if (succeeded && answer.imp_uid) {
          resolve({
            customer_uid: request.customerUid,
            merchant_uid: answer.merchant_uid ?? request.merchantUid,
            imp_uid: answer.imp_uid,
          });
        } else {
          reject(new PaymentWindowError(answer.error_msg ?? ''));
        }
      },
    );
  });
}
