import type { RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import { PASSWORD_RESETS, type PasswordResetDoc, type UserEvent } from '@pocketguide/contracts';
import type { Projector } from '../projector.ts';

/**
 * `password-resets`: reset links by the SHA-256 of their token, for GET /api/password-resets/check/{token} and
 * for finding the account a reset belongs to. Holds no token and no personal data; whether a reset may complete
 * is still decided on the account's stream.
 */
export const passwordResetsProjector: Projector<PasswordResetDoc> = {
  name: PASSWORD_RESETS,
  collection: PASSWORD_RESETS,
  indexes: [{ fields: { userId: 1 } }],
  filter: { streamCategories: ['user'], eventTypes: ['PasswordResetRequested', 'PasswordResetCompleted'] },
  documentIds: (recorded: RecordedEvent) => {
    const event = { type: recorded.type, data: recorded.data } as UserEvent;
    if (event.type === 'PasswordResetRequested') return [event.data.tokenHash];
    if (event.type === 'PasswordResetCompleted') return event.data.closedTokenHashes;
    return [];
  },
  evolve(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as UserEvent;
    switch (event.type) {
      case 'PasswordResetRequested': {
        const { tokenHash, userId, requestedAt, expiresAt } = event.data;
        return { id: tokenHash, userId, requestedAt, expiresAt, state: 'open' };
      }
      case 'PasswordResetCompleted':
        return doc === null ? null : { ...doc, state: 'closed' };
      default:
        return doc;
    }
  },
};
