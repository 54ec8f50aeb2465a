/**
 * PortOne (iamport) REST API v1, as far as PocketGuide uses it (https://developers.portone.io/api/rest-v1).
 * Every answer is an envelope { code, message, response }: code 0 is success, anything else a refusal whose
 * message says why (in Korean). Times are UNIX seconds, 0 when not happened. Amounts are KRW integers.
 *
 *   POST /users/getToken {imp_key, imp_secret}           -> {access_token, now, expired_at}  (30 min; then `Authorization: Bearer <token>`)
 *   GET  /payments/{imp_uid}                              -> Payment  (404 when unknown)
 *   GET  /payments/find/{merchant_uid}                    -> Payment  (the latest of that merchant_uid; 404 when none)
 *   GET  /subscribe/customers/{customer_uid}              -> Customer (404 when no billing key)
 *   POST /subscribe/payments/again {customer_uid, merchant_uid, amount, name, ...}
 *                                                         -> Payment: code 0 with status 'paid', or 'failed' + fail_reason
 *                                                            (the card was refused); code != 0: nothing was charged
 *   POST /payments/cancel {merchant_uid, amount?, reason, checksum?} -> Payment (a partial cancel stays 'paid')
 *   POST /subscribe/payments/schedule {customer_uid, schedules: [{merchant_uid, schedule_at, amount, name, ...}]}
 *                                                         -> Schedule[]
 * Webhooks: POST <notice url> {imp_uid, merchant_uid, status} (JSON or form), never trusted: looked up again.
 */
export type PortOneEnvelope<T> = { code: number; message: string | null; response: T | null };

export type PortOneToken = { access_token: string; now: number; expired_at: number };

export type PortOneStatus = 'ready' | 'paid' | 'failed' | 'cancelled';

export type PortOnePayment = {
  imp_uid: string;
  merchant_uid: string;
  pay_method: string;
  channel: 'pc' | 'mobile' | 'api';
  pg_provider: string;
  pg_tid: string | null;
  name: string | null;
  amount: number;
  cancel_amount: number;
  currency: string;
  card_name: string | null;
  card_number: string | null;
  buyer_name: string | null;
  buyer_email: string | null;
  status: PortOneStatus;
  started_at: number;
  paid_at: number;
  failed_at: number;
  cancelled_at: number;
  fail_reason: string | null;
  cancel_reason: string | null;
  receipt_url: string | null;
  cancel_history: Array<{
    pg_tid: string | null;
    amount: number;
    cancelled_at: number;
    reason: string | null;
    receipt_url: string | null;
  }>;
  customer_uid: string | null;
  customer_uid_usage: 'issue' | 'payment' | 'payment.scheduled' | null;
};

export type PortOneCustomer = {
  customer_uid: string;
  pg_provider: string;
  card_name: string | null;
  card_code: string | null;
  card_number: string | null;
  customer_name: string | null;
  customer_email: string | null;
  inserted: number;
  updated: number;
};

export type PortOneSchedule = {
  customer_uid: string;
  merchant_uid: string;
  imp_uid: string | null;
  schedule_at: number;
  executed_at: number;
  revoked_at: number;
  amount: number;
  name: string | null;
  buyer_name: string | null;
  buyer_email: string | null;
  schedule_status: 'scheduled' | 'executed' | 'revoked';
  payment_status: PortOneStatus | null;
};
