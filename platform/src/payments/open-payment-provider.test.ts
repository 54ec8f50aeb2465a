import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../config/config.ts';
import {
  DEBUG_IN_PRODUCTION_REFUSED,
  openPaymentProvider,
  paymentProviderSettings,
  paymentProviderWarnings,
  publicPaymentConfig,
} from './open-payment-provider.ts';

const keys = { PORTONE_API_KEY: '1234567890123456', PORTONE_API_SECRET: 'secret-of-portone-0123456789' };

describe('choosing the payment provider (PAYMENT_PROVIDER, PORTONE_*)', () => {
  test('nothing set (or blank lines copied from .env.example): DEBUG, and the browser is told to skip PortOne', () => {
    for (const env of [
      {},
      { PAYMENT_PROVIDER: '', PORTONE_API_KEY: '', PORTONE_API_SECRET: ' ', PORTONE_API_URL: '', PORTONE_IMP_CODE: '' },
    ]) {
      const config = loadConfig(env);
      expect(openPaymentProvider(config).kind).toBe('debug');
      expect(publicPaymentConfig(config)).toEqual({ provider: 'debug' });
    }
  });

  test('an API key and secret select PortOne (default address api.iamport.kr, 10 s timeout); the browser gets only public ids', () => {
    const config = loadConfig({ ...keys, PORTONE_IMP_CODE: 'imp12345678', PORTONE_CHANNEL_KEY: 'channel-key-1' });
    expect(paymentProviderSettings(config)).toEqual({
      kind: 'portone',
      apiKey: keys.PORTONE_API_KEY,
      apiSecret: keys.PORTONE_API_SECRET,
      baseUrl: 'https://api.iamport.kr',
      timeoutMs: 10_000,
    });
    expect(openPaymentProvider(config).kind).toBe('portone');
    const shown = publicPaymentConfig(config);
    expect(shown).toEqual({ provider: 'portone', impCode: 'imp12345678', channelKey: 'channel-key-1' });
    expect(JSON.stringify(shown)).not.toContain(keys.PORTONE_API_SECRET);
    expect(paymentProviderWarnings(config)).toEqual([]);
  });

  test('PORTONE_API_URL and PORTONE_TIMEOUT_MS are read; PAYMENT_PROVIDER=debug wins over keys', () => {
    const config = loadConfig({ ...keys, PORTONE_API_URL: 'http://127.0.0.1:4010/', PORTONE_TIMEOUT_MS: '2500' });
    expect(paymentProviderSettings(config)).toMatchObject({ baseUrl: 'http://127.0.0.1:4010', timeoutMs: 2500 });
    expect(openPaymentProvider(loadConfig({ ...keys, PAYMENT_PROVIDER: 'debug' })).kind).toBe('debug');
  });

  test('half a key pair, or PAYMENT_PROVIDER=portone without keys, is refused (never a silent DEBUG)', () => {
    expect(() => openPaymentProvider(loadConfig({ PORTONE_API_KEY: keys.PORTONE_API_KEY }))).toThrow(
      /PORTONE_API_SECRET: required with PORTONE_API_KEY/,
    );
    expect(() => openPaymentProvider(loadConfig({ PORTONE_API_SECRET: keys.PORTONE_API_SECRET }))).toThrow(
      /PORTONE_API_KEY: required with PORTONE_API_SECRET/,
    );
    expect(() => publicPaymentConfig(loadConfig({ PAYMENT_PROVIDER: 'portone' }))).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'iamport' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ PORTONE_API_URL: 'ftp://x' })).toThrow(/PORTONE_API_URL/);
    expect(() => loadConfig({ PORTONE_TIMEOUT_MS: '5' })).toThrow(/PORTONE_TIMEOUT_MS/);
  });

  test('production refuses DEBUG (no keys, or PAYMENT_PROVIDER=debug) in one line unless PAYMENTS_DEBUG_IN_PRODUCTION=true', () => {
    for (const env of [
      { NODE_ENV: 'production' },
      { NODE_ENV: 'production', ...keys, PAYMENT_PROVIDER: 'debug' },
      { NODE_ENV: 'production', PAYMENTS_DEBUG_IN_PRODUCTION: 'false' },
    ]) {
      const config = loadConfig(env);
      expect(() => openPaymentProvider(config)).toThrow(ConfigError);
      expect(() => publicPaymentConfig(config)).toThrow(DEBUG_IN_PRODUCTION_REFUSED);
      expect(DEBUG_IN_PRODUCTION_REFUSED).not.toContain('\n');
    }
    expect(openPaymentProvider(loadConfig({ NODE_ENV: 'production', PAYMENTS_DEBUG_IN_PRODUCTION: 'true' })).kind).toBe(
      'debug',
    );
    expect(openPaymentProvider(loadConfig({ NODE_ENV: 'production', ...keys })).kind).toBe('portone');
    expect(() => loadConfig({ PAYMENTS_DEBUG_IN_PRODUCTION: 'yes' })).toThrow(/PAYMENTS_DEBUG_IN_PRODUCTION/);
  });

  test('warnings: DEBUG in production asked for (anyone subscribes for free); PortOne without a window code', () => {
    expect(
      paymentProviderWarnings(loadConfig({ NODE_ENV: 'production', PAYMENTS_DEBUG_IN_PRODUCTION: 'true' })),
    ).toEqual([expect.stringContaining('DEBUG provider in production')]);
    expect(paymentProviderWarnings(loadConfig({}))).toEqual([]);
    expect(paymentProviderWarnings(loadConfig(keys))).toEqual([expect.stringContaining('PORTONE_IMP_CODE')]);
  });
});
