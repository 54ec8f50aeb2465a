import { z } from 'zod';
import type { GeoPoint, GeocodeResult, Geocoder } from './geocoder.ts';

const searchAnswer = z.array(z.object({ lat: z.coerce.number(), lon: z.coerce.number(), display_name: z.string() }));
const reverseAnswer = z.object({ display_name: z.string().optional() });

type OsmGeocoderOptions = {
  fetch: typeof fetch;
  /** Nominatim's address; the public one by default */
  endpoint?: string;
  /** preferred languages of the answers, e.g. 'ko,en' */
  language?: string;
};

/** The OpenStreetMap adapter: Nominatim's search and reverse endpoints (one best match each). */
export function createOsmGeocoder({
  fetch,
  endpoint = 'https://nominatim.openstreetmap.org',
  language = 'ko,en',
}: OsmGeocoderOptions): Geocoder {
  const get = async (path: string, params: Record<string, string>, signal?: AbortSignal): Promise<unknown> => {
    const url = `${endpoint}/${path}?${new URLSearchParams({ format: 'jsonv2', 'accept-language': language, ...params })}`;
    const response = await fetch(url, { headers: { Accept: 'application/json' }, ...(signal ? { signal } : {}) });
    if (!response.ok) throw new Error(`Nominatim answered ${response.status}`);
    return response.json();
  };
  return {
    async search(query: string, signal?: AbortSignal): Promise<GeocodeResult | null> {
      const parsed = searchAnswer.safeParse(await get('search', { q: query, limit: '1' }, signal));
      const first = parsed.success ? parsed.data[0] : undefined;
      return first ? { latitude: first.lat, longitude: first.lon, address: first.display_name } : null;
    },
    async reverse(point: GeoPoint, signal?: AbortSignal): Promise<string | null> {
      const parsed = reverseAnswer.safeParse(
        await get('reverse', { lat: String(point.latitude), lon: String(point.longitude) }, signal),
      );
      return parsed.success ? (parsed.data.display_name ?? null) : null;
    },
  };
}
