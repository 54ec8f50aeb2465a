import { ConfigError, type Config } from '../config/config.ts';
import { createDebugPaymentProvider } from './debug-payment-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createPortOnePaymentProvider, PORTONE_DEFAULT_API_URL } from './portone-payment-provider.ts';

/** The configuration keys the payment provider is chosen by (see .env.example, "Payments"). */
export type PaymentConfig = Pick<
  Config,
  | 'NODE_ENV'
  | 'PAYMENT_PROVIDER'
  | 'PORTONE_API_KEY'
  | 'PORTONE_API_SECRET'
  | 'PORTONE_API_URL'
  | 'PORTONE_TIMEOUT_MS'
  | 'PORTONE_IMP_CODE'
  | 'PORTONE_CHANNEL_KEY'
  | 'PORTONE_STORE_ID'
  | 'PAYMENTS_DEBUG_IN_PRODUCTION'
>;

export type PaymentProviderSettings =
  { kind: 'debug' } | { kind: 'portone'; apiKey: string; apiSecret: string; baseUrl: string; timeoutMs: number };

/**
 * Which provider this configuration selects: PortOne when PORTONE_API_KEY and PORTONE_API_SECRET are set (or
 * PAYMENT_PROVIDER=portone), else the DEBUG provider (PAYMENT_PROVIDER=debug forces it even with keys set).
 * Half a key pair, or PAYMENT_PROVIDER=portone without keys, is refused rather than silently running DEBUG,
 * where anyone could subscribe without paying. In production DEBUG is refused unless
 * PAYMENTS_DEBUG_IN_PRODUCTION=true asks for it: the product fails closed rather than giving plans away.
 */
export function paymentProviderSettings(config: PaymentConfig): PaymentProviderSettings {
  const settings = chosenPaymentProvider(config);
  if (settings.kind === 'debug' && config.NODE_ENV === 'production' && config.PAYMENTS_DEBUG_IN_PRODUCTION !== 'true') {
    throw new ConfigError(DEBUG_IN_PRODUCTION_REFUSED);
  }
  return settings;
}

/** The one line a production start on DEBUG is refused with. */
export const DEBUG_IN_PRODUCTION_REFUSED =
  'Payments would use the DEBUG provider in production (anyone could subscribe without paying): set PORTONE_API_KEY and PORTONE_API_SECRET, or PAYMENTS_DEBUG_IN_PRODUCTION=true to run DEBUG on purpose.';

function chosenPaymentProvider(config: PaymentConfig): PaymentProviderSettings {
  const key = config.PORTONE_API_KEY;
  const secret = config.PORTONE_API_SECRET;
  if (config.PAYMENT_PROVIDER === 'debug') return { kind: 'debug' };
  if (Boolean(key) !== Boolean(secret) || (config.PAYMENT_PROVIDER === 'portone' && (!key || !secret))) {
    const missing = [!key && 'PORTONE_API_KEY', !secret && 'PORTONE_API_SECRET'].filter(Boolean).join(' and ');
    throw new ConfigError(
      `Invalid configuration (see .env.example):\n  ${missing}: required ${config.PAYMENT_PROVIDER === 'portone' ? 'with PAYMENT_PROVIDER=portone' : `with ${key ? 'PORTONE_API_KEY' : 'PORTONE_API_SECRET'}`} (PortOne's REST API key and secret; or set PAYMENT_PROVIDER=debug)`,
    );
  }
  if (!key || !secret) return { kind: 'debug' };
  return {
    kind: 'portone',
    apiKey: key,
    apiSecret: secret,
    baseUrl: (config.PORTONE_API_URL ?? PORTONE_DEFAULT_API_URL).replace(/\/+$/, ''),
    timeoutMs: config.PORTONE_TIMEOUT_MS,
  };
}

/** The payment provider the configuration selects (composition roots call it once per process). */
export function openPaymentProvider(config: PaymentConfig, options: { fetch?: typeof fetch } = {}): PaymentProvider {
  const settings = paymentProviderSettings(config);
  if (settings.kind === 'debug') return createDebugPaymentProvider();
  return createPortOnePaymentProvider({ ...settings, ...(options.fetch ? { fetch: options.fetch } : {}) });
}

/**
 * What a browser needs to know to pay (served by GET /api/payments/config, payment-config-routes.ts):
 * `debug`: skip PortOne's window and send `imp_debug_<merchant_uid>_<amount>` as imp_uid with DEBUG: true;
 * `portone`: load PortOne's v1 SDK, `IMP.init(impCode)`, `IMP.request_pay({ channelKey, pay_method: 'card', ... })`.
 * Only public identifiers: never the API key or secret.
 */
export type PublicPaymentConfig = {
  provider: 'debug' | 'portone';
  /** PORTONE_IMP_CODE: the merchant code the window is opened with (`imp12345678`) */
  impCode?: string;
  /** PORTONE_CHANNEL_KEY: the PG channel the window charges through */
  channelKey?: string;
  /** PORTONE_STORE_ID */
  storeId?: string;
};

export function publicPaymentConfig(config: PaymentConfig): PublicPaymentConfig {
  if (paymentProviderSettings(config).kind === 'debug') return { provider: 'debug' };
  return {
    provider: 'portone',
    ...(config.PORTONE_IMP_CODE ? { impCode: config.PORTONE_IMP_CODE } : {}),
    ...(config.PORTONE_CHANNEL_KEY ? { channelKey: config.PORTONE_CHANNEL_KEY } : {}),
    ...(config.PORTONE_STORE_ID ? { storeId: config.PORTONE_STORE_ID } : {}),
  };
}

/** Things worth a warning at start (not errors: a process may only renew, or only try things out). */
export function paymentProviderWarnings(config: PaymentConfig): string[] {
  const settings = paymentProviderSettings(config);
  const warnings: string[] = [];
  if (settings.kind === 'debug' && config.NODE_ENV === 'production') {
    warnings.push(
      'Payments use the DEBUG provider in production because PAYMENTS_DEBUG_IN_PRODUCTION=true: anyone can subscribe without paying. Set PORTONE_API_KEY and PORTONE_API_SECRET to sell.',
    );
  }
  if (settings.kind === 'portone' && !config.PORTONE_IMP_CODE && !config.PORTONE_STORE_ID) {
    warnings.push(
      "PortOne is configured without PORTONE_IMP_CODE (or PORTONE_STORE_ID): browsers cannot open PortOne's payment window.",
    );
  }
  return warnings;
}

/**
 * What the app's Content-Security-Policy must allow for PortOne's payment window (its script, and the window it
 * frames); the card company's own window host depends on the PG contract and is added with CSP_EXTRA_ORIGINS.
 */
export const PORTONE_WINDOW_ORIGINS = [
  'https://cdn.iamport.kr',
  'https://*.iamport.kr',
  'https://*.iamport.co',
  'https://*.portone.io',
] as const;

/** The origins the browser needs for this configuration's payment window: none for DEBUG. */
export function paymentWindowOrigins(config: PaymentConfig): readonly string[] {
  return paymentProviderSettings(config).kind === 'portone' ? PORTONE_WINDOW_ORIGINS : [];
}
