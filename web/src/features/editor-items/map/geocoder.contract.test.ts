import { describe, expect, it } from 'vitest';
import type { Geocoder } from './geocoder.ts';
import { createOsmGeocoder } from './osm-geocoder.ts';

/**
 * One contract for every `Geocoder` adapter, each in front of a fake of its service that knows one place (Seoul
 * City Hall) and can be made to fail. No request leaves the test.
 */
const PLACE = { latitude: 37.5666, longitude: 126.9784, address: '서울 중구 세종대로 110' };
type Backend = { geocoder: Geocoder; fail(): void };

function osmBackend(): Backend {
  let failing = false;
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    if (failing) return new Response('down', { status: 503 });
    const url = new URL(String(input));
    if (url.pathname === '/search') {
      const found = url.searchParams.get('q') === 'Seoul City Hall';
      return Response.json(
        found ? [{ lat: String(PLACE.latitude), lon: String(PLACE.longitude), display_name: PLACE.address }] : [],
      );
    }
    const near = Math.abs(Number(url.searchParams.get('lat')) - PLACE.latitude) < 0.001;
    return Response.json(near ? { display_name: PLACE.address } : { error: 'Unable to geocode' });
  };
  return { geocoder: createOsmGeocoder({ fetch, endpoint: 'https://nominatim.test' }), fail: () => (failing = true) };
}

describe.each([['OpenStreetMap (Nominatim)', osmBackend]])('geocoder contract: %s', (_name, backend) => {
  it('finds a place by name', async () => {
    const { geocoder } = backend();
    await expect(geocoder.search('Seoul City Hall')).resolves.toEqual(PLACE);
  });

  it('answers null when nothing matches', async () => {
    const { geocoder } = backend();
    await expect(geocoder.search('no such place 404')).resolves.toBeNull();
  });

  it('rejects when the service fails', async () => {
    const { geocoder, fail } = backend();
    fail();
    await expect(geocoder.search('Seoul City Hall')).rejects.toThrow();
  });

  it('turns coordinates back into the address', async () => {
    const { geocoder } = backend();
    await expect(geocoder.reverse(PLACE)).resolves.toBe(PLACE.address);
    await expect(geocoder.reverse({ latitude: 0, longitude: 0 })).resolves.toBeNull();
  });
});
