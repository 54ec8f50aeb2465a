import {
  evolveSettingFlags,
  initialSettingFlags,
  updatedAtOf,
  type GuidebookCreated,
  type GuidebookEvent,
  type GuidebookSettingsFields,
} from '@pocketguide/contracts';

/**
 * The settings part of the guidebook read models: the same fields, evolved the same way in both, by the rules the
 * command side's state follows too (contracts' `guidebook-settings.ts`).
 */

export function initialSettings({ data }: GuidebookCreated): GuidebookSettingsFields {
  return {
    id: data.guidebookId,
    uuid: data.uuid,
    ownerId: data.ownerId,
    company: data.company,
    ...initialSettingFlags(),
    views: { count: 0 },
    createdAt: data.createdAt,
    updatedAt: data.createdAt,
  };
}

/** The settings after an event (the document part is each read model's own); `updatedAt` moves by `updatedAtOf`. */
export function evolveSettings<D extends GuidebookSettingsFields>(doc: D, event: GuidebookEvent): D {
  return { ...evolveSettingFlags(doc, event), updatedAt: updatedAtOf(event) ?? doc.updatedAt };
}
