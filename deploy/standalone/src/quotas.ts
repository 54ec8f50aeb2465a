import { Router, type Request } from 'express';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import type { Config } from '@pocketguide/platform/config/config';
import { GUIDEBOOK_LIMITS } from '@pocketguide/contracts';
import { createQuota, declaredBodyBytes, quotaMiddleware } from '@pocketguide/platform/http/quota';

export const QUOTA_MESSAGES = {
  signups: 'Too many accounts were created from this address. Please try again later.',
  mails: 'Too many emails were requested from this address. Please try again later.',
  writes: 'Too many changes in a short time. Please wait a moment and try again.',
  writeBytes: 'Too much was saved in a short time. Please wait a few minutes and try again.',
  beacons: 'Too many reading reports from this address. Please try again later.',
} as const;

const HOUR_MS = 60 * 60_000;

/**
 * What one caller may make the server store or send, checked and counted before the route runs (a refused
 * request reaches no command):
 * - signups per address (IP) an hour, and every mail a request from that address makes the server send (signup,
 *   verification resend, reset link) to whatever address, so nobody turns the product into a mail cannon;
 * - guidebook writes per person: requests a minute and bytes in ten minutes (the editor saves patches a few seconds
 *   apart, far below either). A body sent without a declared length counts as the largest document.
 * The stream of each guidebook also has a daily quota of events, kept in the guidebook's own state (decider).
 */
export function requestQuotas({ auth, config }: { auth: Auth; config: Config }): Router {
  const router = Router();
  const byAddress = (req: Request) => req.ip ?? 'unknown';

  // one quota per address, two rules: a signup counts in both (it sends a mail), a resend or reset in the mails'
  const byAddressQuota = createQuota({
    rules: [
      { limit: config.SIGNUPS_PER_ADDRESS_PER_HOUR, windowMs: HOUR_MS, message: QUOTA_MESSAGES.signups },
      { limit: config.MAILS_PER_ADDRESS_PER_HOUR, windowMs: HOUR_MS, message: QUOTA_MESSAGES.mails },
    ],
  });
  router.post(
    '/users',
    quotaMiddleware(byAddressQuota, byAddress, () => [1, 1]),
  );
  router.post(
    '/users/verify/:email',
    quotaMiddleware(byAddressQuota, byAddress, () => [0, 1]),
  );
  router.post(
    '/password-resets',
    quotaMiddleware(byAddressQuota, byAddress, () => [0, 1]),
  );

  // one quota, two rules: a request refused by either counts in neither
  const writes = createQuota({
    rules: [
      { limit: config.GUIDEBOOK_WRITES_PER_MINUTE, windowMs: 60_000, message: QUOTA_MESSAGES.writes },
      { limit: config.GUIDEBOOK_WRITE_BYTES_PER_10_MINUTES, windowMs: 10 * 60_000, message: QUOTA_MESSAGES.writeBytes },
    ],
  });
  const isWrite = (req: Request) => req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS';
  const bytesOf = (req: Request) =>
    req.get('content-length') === undefined ? GUIDEBOOK_LIMITS.documentBytes : declaredBodyBytes(req);
  router.use('/guidebooks', (req, res, next) => {
    if (!isWrite(req)) {
      next();
      return;
    }
    // who is writing: the routes check it again (and refuse anonymous writes); here it only names the counter
    auth.optional(req, res, (error?: unknown) => {
      if (error) {
        next(error);
        return;
      }
      const person = req.user?.id;
      if (person === undefined) {
        next();
        return;
      }
      try {
        writes.take(person, [1, bytesOf(req)]);
      } catch (refused) {
        next(refused);
        return;
      }
      next();
    });
  });
  return router;
}
