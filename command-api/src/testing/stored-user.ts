import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@pocketguide/platform/event-store/event-store';

/**
 * The `UserRegistered` event of a new account (a random id, Kim Minji of Jeju Trails, Korean, registered by an
 * administrator, no activation pending), for tests that append a user's stream straight to a store.
 */
export function registeredUserEvent(
  userId: string,
  options: { registeredAt: string; trialExpiresAt: string; admin?: boolean },
): NewEvent {
  return {
    id: randomUUID(),
    type: 'UserRegistered',
    data: {
      userId,
      email: `${userId}@example.com`,
      profile: { name: 'Kim Minji', companyName: 'Jeju Trails' },
      language: 'kr',
      role: options.admin ? 'admin' : 'user',
      registeredAt: options.registeredAt,
      trialExpiresAt: options.trialExpiresAt,
      via: 'admin',
      activation: null,
    },
  };
}
