import type { AdminGuidebookRow, GuidebookRow } from '@pocketguide/contracts';
import { withReadingSource, type ReadingSource } from '@pocketguide/contracts/insights/reading-shapes';

/** A row of any guidebook list: a person's own (owner as an id) or an administrator's (owner populated). */
export type ListedGuidebook = GuidebookRow | AdminGuidebookRow;

export function ownerIdOf(row: ListedGuidebook): string {
  return typeof row.user === 'string' ? row.user : row.user._id;
}

/**
 * Spec 1 §2: the public address is `{host}/m/{uuid}`; the host is the one this app is served from. With a source,
 * the address tells the author's insights where readers came from (`?src=qr`, issue 24).
 */
export function publicUrlOf(uuid: string, origin: string = window.location.origin, source?: ReadingSource): string {
  const url = `${origin}/m/${encodeURIComponent(uuid)}`;
  return source === undefined ? url : withReadingSource(url, source);
}
