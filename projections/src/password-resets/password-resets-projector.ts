import { PASSWORD_RESETS, type PasswordResetDoc, type UserEvent } from '@pocketguide/contracts';
import { userEvents } from '../event-readers.ts';
import type { Projector } from '../projector.ts';

/**
 * `password-resets`: reset links by the SHA-256 of their token, for GET /api/password-resets/check/{token} and
 * for finding the account a reset belongs to. Holds no token and no personal data; whether a reset may complete
 * is still decided on the account's stream.
 */
export const passwordResetsProjector: Projector<PasswordResetDoc, UserEvent> = {
  name: PASSWORD_RESETS,
  collection: PASSWORD_RESETS,
  indexes: [{ fields: { userId: 1 } }],
  filter: { streamCategories: [userEvents.category], eventTypes: ['PasswordResetRequested', 'PasswordResetCompleted'] },
  decode: userEvents.read,
  documentIds: (event) => {
    if (event.type === 'PasswordResetRequested') return [event.data.tokenHash];
    if (event.type === 'PasswordResetCompleted') return event.data.closedTokenHashes;
    return [];
  },
  evolve(doc, event) {
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
