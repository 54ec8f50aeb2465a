/**
 * What the readers' viewer needs of the reading beacons, without zod (the viewer's script stays a few kilobytes):
 * the names and limits, and the shape of a read, which `reading.ts` checks its schemas against.
 */

export const READING_SOURCES = ['qr', 'link', 'gallery', 'kakao', 'other'] as const;
export type ReadingSource = (typeof READING_SOURCES)[number];
export const READING_DEVICES = ['phone', 'tablet', 'desktop'] as const;
export type ReadingDevice = (typeof READING_DEVICES)[number];

/** The query parameter the QR code, the share links and the gallery put on a reader's address: `?src=qr`. */
export const READING_SOURCE_PARAM = 'src';

/** The cover (the menu of tiles); content pages are named by their `_id`. */
export const COVER_PAGE = 'cover';

/** One beacon carries at most this many reads; the viewer sends more in several. */
export const MAX_READS_PER_BEACON = 50;

/** A page shown to a reader (`first`: the first page of the tab's session), or how long one stayed in view. */
export type BeaconRead =
  | {
      kind: 'open';
      page: string;
      at: string;
      source: ReadingSource;
      device: ReadingDevice;
      offline: boolean;
      first: boolean;
    }
  | { kind: 'time'; page: string; at: string; ms: number; offline: boolean };

/** A reader's address with its source: `https://host/m/uuid?src=qr`. */
export function withReadingSource(url: string, source: ReadingSource): string {
  return `${url}${url.includes('?') ? '&' : '?'}${READING_SOURCE_PARAM}=${source}`;
}
