import { Router } from 'express';
import {
  FEEDBACK_MESSAGES,
  FEEDBACK_RATE_LIMITS,
  feedbackStream,
  submitFeedbackBodySchema,
  feedbackEventDecoder,
  type FeedbackAccepted,
} from '@pocketguide/contracts';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import { clientAddress } from '@pocketguide/platform/auth/basic-credentials';
import { createLoginRateLimiter, type LoginRateLimiter } from '@pocketguide/platform/auth/login-rate-limiter';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import { createCommandHandler, decodedWith } from '../core/command-handler.ts';
import { deriveId, type Clock, type IdSource } from '../core/ids.ts';
import { commandMetadata } from '../core/request-context.ts';
import { feedbackDecider } from './feedback-decider.ts';

export type FeedbackRoutesDeps = {
  eventStore: EventStore;
  auth: Auth;
  clock: Clock;
  ids: IdSource;
  /** Tests pass one with a fake clock; by default each router counts in its own memory. */
  limiter?: LoginRateLimiter;
};

/**
 * Sliding windows borrowed from the login limiter: every submission counts as one "attempt", keyed by the account
 * (or the address for anonymous visitors) and by the address.
 */
export function createFeedbackLimiter(now?: () => number): LoginRateLimiter {
  const { perSender, perAddress } = FEEDBACK_RATE_LIMITS;
  return createLoginRateLimiter({
    ...(now ? { now } : {}),
    message: FEEDBACK_MESSAGES.tooMany,
    rules: [
      { name: 'sender', ...perSender, key: (sender) => `s:${sender}` },
      { name: 'address', ...perAddress, key: (_sender, address) => `ip:${address}` },
    ],
  });
}

/** POST /api/feedback: signed-in people and anonymous visitors (a bad token is still refused). */
export function feedbackRoutes({ eventStore, auth, clock, ids, limiter = createFeedbackLimiter() }: FeedbackRoutesDeps): Router {
  const handle = createCommandHandler(eventStore, feedbackDecider, { toEvent: decodedWith(feedbackEventDecoder) });
  const router = Router();

  router.post('/feedback', auth.optional, async (req, res) => {
    const body = parseOrThrow(submitFeedbackBodySchema, req.body);
    const address = clientAddress(req);
    const sender = req.user ? `user:${req.user.id}` : `anonymous:${address}`;
    limiter.check(sender, address);
    limiter.recordFailure(sender, address);

    const metadata = commandMetadata(req, ids, req.user);
    // Derived from the command id, so a retried send (same Idempotency-Key) lands on the same stream.
    const feedbackId = deriveId(`feedback:${metadata.commandId}`);
    const result = await handle(
      feedbackStream(feedbackId),
      {
        type: 'SubmitFeedback',
        data: {
          feedbackId,
          title: body.title,
          feedback: body.feedback,
          url: body.url,
          userAgent: body.userAgent,
          clientTimestamp: body.timestamp,
          userId: req.user?.id,
          now: clock.now(),
        },
      },
      { metadata },
    );
    const answer: FeedbackAccepted = { _id: feedbackId, position: result.position, message: FEEDBACK_MESSAGES.thanks };
    res.status(201).json(answer);
  });

  return router;
}
