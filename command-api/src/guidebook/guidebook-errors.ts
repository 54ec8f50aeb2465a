import { GUIDEBOOK_MESSAGES, publishLimitMessage } from '@pocketguide/contracts';
import { AppError } from '@pocketguide/platform/http/errors';

/** Publishing needs a subscription or the administrator role (spec 1 §5); the web then offers to subscribe. */
export class SubscriptionRequiredError extends AppError {
  constructor() {
    super(403, 'subscription_required', GUIDEBOOK_MESSAGES.subscriptionNeeded);
  }
}

/** At most the owner's plan's number published at once (10 on standard), gallery ones excluded (spec 1 §5). */
export class PublishLimitError extends AppError {
  constructor(limit?: number) {
    super(
      409,
      'publish_limit_reached',
      limit === undefined ? GUIDEBOOK_MESSAGES.publishLimit : publishLimitMessage(limit),
    );
  }
}

/** A write whose meaning depends on the revision the client saw, sent without `If-Match`. */
export class PreconditionRequiredError extends AppError {
  constructor(message = 'Send If-Match with the revision your changes are based on') {
    super(428, 'precondition_required', message, { errors: [{ path: 'If-Match', message }] });
  }
}
