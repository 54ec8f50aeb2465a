import { DEFAULT_LANGUAGE, canPublish, userStream, userEventDecoder, type Language } from '@pocketguide/contracts';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import { createStreamLoader, decodedWith } from '../core/command-handler.ts';
import type { Clock } from '../core/ids.ts';
import { userDecider } from '../user/user-decider.ts';
import type { Account } from '../user/user-state.ts';

export type OwnerInfo = { company: string; mayPublish: boolean; name: string | null; language: Language };

/** What the guidebook side needs to know about a person, read from `user-<id>` (never from a read model). */
export function createGuidebookOwners({ eventStore, clock }: { eventStore: EventStore; clock: Clock }) {
  const loadUser = createStreamLoader(eventStore, userDecider, { toEvent: decodedWith(userEventDecoder) });

  async function account(userId: string): Promise<Account | null> {
    const { state } = await loadUser(userStream(userId));
    return state.status === 'registered' ? state.account : null;
  }

  async function ownerInfo(userId: string): Promise<OwnerInfo> {
    const found = await account(userId);
    if (!found) return { company: '', mayPublish: false, name: null, language: DEFAULT_LANGUAGE };
    return { company: found.profile.companyName, mayPublish: canPublish(found, clock.now()), name: found.profile.name, language: found.language };
  }

  return { account, ownerInfo };
}

export type GuidebookOwners = ReturnType<typeof createGuidebookOwners>;
