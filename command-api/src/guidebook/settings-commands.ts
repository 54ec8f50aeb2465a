import type { GuidebookEvent } from '@pocketguide/contracts';
import { ForbiddenError } from '@pocketguide/platform/http/errors';
import type { RecordThumbnail, SetGuidebookPassword, SetSampleFlags } from './guidebook-commands.ts';
import { checked } from './guidebook-document-change.ts';
import { changeableGuidebook, existingGuidebook, type GuidebookState } from './guidebook-state.ts';

/** The commands that change a guidebook's other settings: its share password, its sample flags, its thumbnail. */

export const SAMPLE_FLAGS_REFUSED = 'Only an administrator who owns this guidebook can mark it as a sample';

export function setGuidebookPassword(command: SetGuidebookPassword, state: GuidebookState): GuidebookEvent[] {
  const guidebook = changeableGuidebook(state, command.data.actor);
  if (guidebook.settings.password === command.data.password) return [];
  const { password, passwordHash, now } = command.data;
  if ((password === '') !== (passwordHash === null))
    throw new Error('SetGuidebookPassword: a password needs its hash, and only a password has one');
  return [
    checked({
      type: 'GuidebookPasswordSet',
      data: { v: 2, guidebookId: guidebook.guidebookId, password, passwordHash, setAt: now.toISOString() },
    }),
  ];
}

export function setSampleFlags(command: SetSampleFlags, state: GuidebookState): GuidebookEvent[] {
  const guidebook = existingGuidebook(state);
  const { actor, isSampleGuidebook, isSampleContent, now } = command.data;
  if (!actor.isAdmin || guidebook.ownerId !== actor.userId) throw new ForbiddenError(SAMPLE_FLAGS_REFUSED);
  if (
    guidebook.settings.isSampleGuidebook === isSampleGuidebook &&
    guidebook.settings.isSampleContent === isSampleContent
  )
    return [];
  const data = { guidebookId: guidebook.guidebookId, isSampleGuidebook, isSampleContent, setAt: now.toISOString() };
  return [checked({ type: 'GuidebookSampleFlagsSet', data })];
}

/** The thumbnail worker's command (system). */
export function recordThumbnail(command: RecordThumbnail, state: GuidebookState): GuidebookEvent[] {
  // A thumbnail of a guidebook deleted meanwhile is not recorded: the worker must not get stuck on it.
  if (state.status === 'deleted') return [];
  const guidebook = existingGuidebook(state);
  const generatedAt = command.data.generatedAt.toISOString();
  const { thumbnailUrl } = command.data;
  if (guidebook.settings.thumbnailUrl === thumbnailUrl && guidebook.settings.thumbnailGeneratedAt === generatedAt)
    return [];
  const { renderMs } = command.data;
  return [
    checked({
      type: 'GuidebookThumbnailRecorded',
      data: {
        guidebookId: guidebook.guidebookId,
        thumbnailUrl,
        generatedAt,
        ...(renderMs === undefined ? {} : { renderMs: Math.round(renderMs) }),
      },
    }),
  ];
}
