/**
 * A map item's level as a zoom of OpenStreetMap's tiles, for the viewer's interactive map and its link out.
 *
 * The spec's level is Kakao Map's: 1 is the closest, 14 shows the whole country; the schema allows 1 … 20 and new
 * items start at 6. Kakao draws 0.25 × 2^(level − 1) metres per pixel (level 1: 0.25 m, level 14: 2048 m). A Web
 * Mercator zoom z draws 156 543 × cos(latitude) / 2^z metres per pixel: about 124 000–130 000 / 2^z between Seoul and
 * Jeju. The two scales meet at z ≈ 19.9 − level, hence
 *
 *     zoom = 20 − level, clamped to 1 … 19 (the zooms tile.openstreetmap.org serves)
 *
 * so level 6 (the default) is zoom 14, level 3 (a street) zoom 17, level 14 (the country) zoom 6, and levels 19 and
 * 20 both zoom 1. The editor's Leaflet preview uses the same rule (web/src/features/editor-items/map/geocoder.ts), so
 * a reader sees the framing the author chose. A missing or unreadable level counts as the default.
 *
 * No imports: the viewer's bundle reads this (guidebook-limits, which also holds the default, imports zod).
 */

/** DEFAULT_MAP_LEVEL of guidebook-limits, repeated here to keep zod out of the viewer (a test keeps them equal). */
export const MAP_DEFAULT_LEVEL = 6;
export const MAP_MIN_ZOOM = 1;
export const MAP_MAX_ZOOM = 19;

export function mapZoom(level: number | null | undefined): number {
  const known = typeof level === 'number' && Number.isFinite(level) ? Math.round(level) : MAP_DEFAULT_LEVEL;
  return Math.min(MAP_MAX_ZOOM, Math.max(MAP_MIN_ZOOM, 20 - known));
}

/**
 * Where a new map item's picker starts (Seoul City Hall). A value the author never chose: an item still exactly
 * here with no address is unplaced, and readers see no map for it (issue 22: an Osaka page must not publish Seoul).
 * A copy of guidebook-limits' (which carries zod, kept out of the readers' script); a test holds the two together.
 */
export const VIEWER_MAP_START = { latitude: 37.566535, longitude: 126.9779692 } as const;

export const isUnplacedMap = (item: { address: string; latitude: number; longitude: number }): boolean =>
  item.address.trim() === '' &&
  item.latitude === VIEWER_MAP_START.latitude &&
  item.longitude === VIEWER_MAP_START.longitude;
