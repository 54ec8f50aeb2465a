import { Router } from 'express';
import { publicPaymentConfig, type PaymentConfig } from './open-payment-provider.ts';

/**
 * GET /payments/config (mounted under /api, before any `/payments/:merchantUid` route): which payment window the
 * browser opens ({ provider: 'debug' } or { provider: 'portone', impCode, channelKey?, storeId? }). Public: no
 * sign-in, public identifiers only. Computed once: the configuration does not change while the process runs.
 */
export function paymentConfigRoutes(config: PaymentConfig): Router {
  const body = publicPaymentConfig(config);
  const router = Router();
  router.get('/payments/config', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(body);
  });
  return router;
}
