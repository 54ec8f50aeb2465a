import { GUIDEBOOK_LIST, type GuidebookSettingsFields } from '@pocketguide/contracts';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import { guidebookOwners } from './guidebook-owners.ts';

/**
 * Whether a stored image may be served now: its owner's account exists and is not hidden. Keys name their owner
 * (`users/<userId>/…` portraits, `icons/<userId>/…` icons) or their guidebook (`guidebooks/<guidebookId>/…`, whose
 * owner the guidebook list knows). Anything else (a key of no known shape) is served as before. A deleted
 * guidebook keeps its images (readers may hold pages that show them); a hidden or deleted owner's do not.
 */
export function mediaAccess(readStore: ReadStore): (key: string) => Promise<boolean> {
  const owners = guidebookOwners(readStore);
  const guidebooks = readStore.collection<GuidebookSettingsFields>(GUIDEBOOK_LIST);
  return async (key) => {
    const [kind, id] = key.split('/');
    if (!id) return true;
    if (kind === 'users' || kind === 'icons') return owners.isPublic(id);
    if (kind !== 'guidebooks') return true;
    const guidebook = await guidebooks.get(id);
    return guidebook === null || owners.isPublic(guidebook.ownerId);
  };
}
