/**
 * The map item's address search (spec §7: "an external maps service provides address search, geocoding an address
 * to coordinates, and coordinates back to a road or land address"), as a port; its adapter is OpenStreetMap's
 * Nominatim. Tests use a fake, so no request leaves them.
 */

export type GeoPoint = { latitude: number; longitude: number };
export type GeocodeResult = GeoPoint & { address: string };

export interface Geocoder {
  /** The best match for an address or place name; null when there is none. Rejects when the service fails. */
  search(query: string, signal?: AbortSignal): Promise<GeocodeResult | null>;
  /** The road (or land-lot) address at a point; null when there is none. */
  reverse(point: GeoPoint, signal?: AbortSignal): Promise<string | null>;
}

/** The stored map level (Kakao-style: 1 closest … 14) and a web map's zoom (0 … 19) run opposite ways. */
export const levelToZoom = (level: number): number => Math.min(19, Math.max(1, 20 - level));
export const zoomToLevel = (zoom: number): number => Math.min(20, Math.max(1, Math.round(20 - zoom)));

/**
 * Coordinates a search may store: finite numbers in range, and not 0,0 (the point a missing or empty number turns
 * into, in the Gulf of Guinea, where no author means to be).
 */
export function isPlausiblePoint(point: GeoPoint): boolean {
  const { latitude, longitude } = point;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return false;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return false;
  return !(latitude === 0 && longitude === 0);
}
