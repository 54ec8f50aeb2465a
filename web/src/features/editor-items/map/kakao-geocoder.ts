import type { GeoPoint, GeocodeResult, Geocoder } from './geocoder.ts';
import type { KakaoAddressResult, KakaoCoordResult, KakaoMaps, KakaoPlaceResult, KakaoStatus } from './kakao-sdk.ts';

/**
 * The Kakao adapter: an address search first, then a place-name search (people type "경복궁" as often as an
 * address); coordinates back to the road address, or the land-lot address when the point has no road address.
 */
export function createKakaoGeocoder(loadSdk: () => Promise<KakaoMaps>): Geocoder {
  const call = <T>(run: (done: (result: T[], status: KakaoStatus) => void) => void): Promise<T[]> =>
    new Promise((resolve, reject) =>
      run((result, status) => {
        if (status === 'ERROR') reject(new Error('Kakao Maps search failed'));
        else resolve(status === 'OK' ? result : []);
      }),
    );

  return {
    async search(query: string): Promise<GeocodeResult | null> {
      const maps = await loadSdk();
      const geocoder = new maps.services.Geocoder();
      const [address] = await call<KakaoAddressResult>((done) => geocoder.addressSearch(query, done));
      if (address) {
        return { latitude: Number(address.y), longitude: Number(address.x), address: address.road_address?.address_name ?? address.address_name };
      }
      const places = new maps.services.Places();
      const [place] = await call<KakaoPlaceResult>((done) => places.keywordSearch(query, done));
      if (!place) return null;
      return { latitude: Number(place.y), longitude: Number(place.x), address: place.road_address_name || place.address_name || place.place_name };
    },
    async reverse(point: GeoPoint): Promise<string | null> {
      const maps = await loadSdk();
      const geocoder = new maps.services.Geocoder();
      const [found] = await call<KakaoCoordResult>((done) =>
        geocoder.coord2Address(point.longitude, point.latitude, done),
      );
      return found?.road_address?.address_name ?? found?.address?.address_name ?? null;
    },
  };
}
