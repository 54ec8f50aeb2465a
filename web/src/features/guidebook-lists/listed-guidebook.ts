import type { AdminGuidebookRow, GuidebookRow } from '@pocketguide/contracts';

/** A row of any guidebook list: a person's own (owner as an id) or an administrator's (owner populated). */
export type ListedGuidebook = GuidebookRow | AdminGuidebookRow;

export function ownerIdOf(row: ListedGuidebook): string {
  return typeof row.user === 'string' ? row.user : row.user._id;
}

/** Spec 1 §2: the public address is `{host}/m/{uuid}`; the host is the one this app is served from. */
export function publicUrlOf(uuid: string, origin: string = window.location.origin): string {
  return `${origin}/m/${encodeURIComponent(uuid)}`;
}
