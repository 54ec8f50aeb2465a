import { PAYMENT_MESSAGES as P } from '@pocketguide/contracts';
import { AppError, ConflictError, NotFoundError } from '@pocketguide/platform/http/errors';
import { PaymentProviderError } from '@pocketguide/platform/payments/payment-provider';

/** The provider did not answer (timeout, 5xx): try again later. */
export class PaymentProviderUnavailableError extends AppError {
  constructor(message: string = P.providerUnavailable) {
    super(503, 'payment_provider_unavailable', message, { headers: { 'Retry-After': '30' } });
  }
}

/** 402: the provider says the payment is not paid, or the card was declined. Nothing was granted. */
export class PaymentNotCompletedError extends AppError {
  constructor(message: string = P.notPaid) {
    super(402, 'payment_not_completed', message);
  }
}

export class PaymentDeclinedError extends AppError {
  constructor(message: string = P.cardCheckFailed) {
    super(402, 'payment_declined', message);
  }
}

/** 400: the payment is not this purchase's (another merchant_uid, another amount). Nothing was granted. */
export class PaymentMismatchError extends AppError {
  constructor(message: string) {
    super(400, 'payment_mismatch', message);
  }
}

/** 400: a purchase's merchant_uid outside the purchases' namespace (PURCHASE_MERCHANT_UID_PATTERN). */
export class MerchantUidRefusedError extends AppError {
  constructor() {
    super(400, 'merchant_uid_refused', P.merchantUidRefused);
  }
}

export class DebugPaymentRefusedError extends AppError {
  constructor() {
    super(400, 'debug_payment_refused', P.debugNotAllowed);
  }
}

/**
 * Runs a provider call, turning its refusals into answers people can read: unavailable 503, not found 404 (or
 * `notFound` when the caller knows better), declined 402, invalid 409. Anything else is a bug (500).
 */
export async function callProvider<T>(
  call: () => Promise<T>,
  options: { notFound?: () => AppError; invalid?: () => AppError } = {},
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    switch (error.reason) {
      case 'unavailable':
        throw new PaymentProviderUnavailableError();
      case 'not-found':
        throw options.notFound ? options.notFound() : new NotFoundError(error.message);
      case 'declined':
        throw new PaymentDeclinedError(error.message);
      case 'invalid':
        throw options.invalid ? options.invalid() : new ConflictError(error.message);
    }
  }
}
