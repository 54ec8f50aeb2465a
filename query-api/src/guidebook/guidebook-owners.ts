import { USERS, isAdminRole, type OwnerType, type UserDoc } from '@pocketguide/contracts';
import type { FieldCondition, ReadStore } from '@pocketguide/platform/read-store/read-store';

const COMPANY_MATCH_LIMIT = 1000;

/**
 * Owners of guidebooks, joined from the `users` read model when a list is read: whether an owner is an
 * administrator now, and the company name they have now. Guidebook documents cannot carry these (see
 * `guidebook-read-models.ts`); administrators are few, so their ids make a small `$in`.
 */
export function guidebookOwners(readStore: ReadStore) {
  const users = readStore.collection<UserDoc>(USERS);

  async function adminIds(): Promise<string[]> {
    const admins = await users.find({ role: { $ne: 'user' } });
    return admins.map((user) => user.id);
  }

  return {
    /** the ids of guidebooks' owners as a condition on `ownerId`: admins only or everyone else */
    async ownerTypeCondition(type: OwnerType): Promise<FieldCondition> {
      const ids = await adminIds();
      return type === 'admin' ? { $in: ids } : { $nin: ids };
    },

    /**
     * Owners whose current company name contains the search (case-insensitive). Bounded so a one-letter search
     * cannot build a huge `$in`; past the bound the company copied onto each guidebook still matches.
     */
    async idsWithCompany(search: string): Promise<string[]> {
      const matching = await users.find({ companyName: { $contains: search } }, { limit: COMPANY_MATCH_LIMIT });
      return matching.map((user) => user.id);
    },

    async byId(ids: readonly string[]): Promise<Map<string, UserDoc>> {
      const found = await users.getMany([...new Set(ids)]);
      return new Map(found.map((user) => [user.id, user]));
    },

    async get(id: string): Promise<UserDoc | null> {
      return users.get(id);
    },

    /**
     * Whether an owner's published guidebooks may be shown to readers: the account exists (a deleted one is gone
     * from `users`) and no administrator has hidden it. Read at every public read, so unhiding brings them back.
     */
    async isPublic(id: string): Promise<boolean> {
      const owner = await users.get(id);
      return owner !== null && !owner.isHidden;
    },

    typeOf(owner: UserDoc | undefined | null): OwnerType {
      return owner && isAdminRole(owner.role) ? 'admin' : 'user';
    },
  };
}

export type GuidebookOwners = ReturnType<typeof guidebookOwners>;
