/**
 * The few parts of the Kakao Maps JavaScript SDK this app uses, typed by hand (Kakao ships no types), and the
 * loader of the SDK script. https://apis.map.kakao.com/web/documentation/
 */

export type KakaoLatLng = { getLat(): number; getLng(): number };
export type KakaoStatus = 'OK' | 'ZERO_RESULT' | 'ERROR';

export type KakaoAddressResult = {
  x: string;
  y: string;
  address_name: string;
  road_address?: { address_name: string } | null;
};
export type KakaoPlaceResult = { x: string; y: string; place_name: string; road_address_name?: string; address_name: string };
export type KakaoCoordResult = { road_address?: { address_name: string } | null; address?: { address_name: string } | null };

export type KakaoMap = {
  setCenter(latLng: KakaoLatLng): void;
  setLevel(level: number): void;
  getLevel(): number;
  setDraggable(draggable: boolean): void;
  setZoomable(zoomable: boolean): void;
  relayout(): void;
};
export type KakaoMarker = { setPosition(latLng: KakaoLatLng): void; setMap(map: KakaoMap | null): void };
export type KakaoMouseEvent = { latLng: KakaoLatLng };

export type KakaoMaps = {
  load(callback: () => void): void;
  LatLng: new (latitude: number, longitude: number) => KakaoLatLng;
  Map: new (container: HTMLElement, options: { center: KakaoLatLng; level: number; draggable?: boolean; scrollwheel?: boolean }) => KakaoMap;
  Marker: new (options: { position: KakaoLatLng; map?: KakaoMap }) => KakaoMarker;
  event: {
    addListener(target: KakaoMap, type: 'click', handler: (event: KakaoMouseEvent) => void): void;
    addListener(target: KakaoMap, type: 'zoom_changed', handler: () => void): void;
    removeListener(target: KakaoMap, type: string, handler: (...args: never[]) => void): void;
  };
  services: {
    Status: Record<KakaoStatus, KakaoStatus>;
    Geocoder: new () => {
      addressSearch(query: string, callback: (result: KakaoAddressResult[], status: KakaoStatus) => void): void;
      coord2Address(longitude: number, latitude: number, callback: (result: KakaoCoordResult[], status: KakaoStatus) => void): void;
    };
    Places: new () => {
      keywordSearch(query: string, callback: (result: KakaoPlaceResult[], status: KakaoStatus) => void): void;
    };
  };
};

declare global {
  interface Window {
    kakao?: { maps: KakaoMaps };
  }
}

/**
 * Loads the SDK once per loader (the composition root makes one per app) with the services library, and resolves
 * when `kakao.maps` is ready.
 */
export function createKakaoSdkLoader(appKey: string, doc: Document = document): () => Promise<KakaoMaps> {
  let loading: Promise<KakaoMaps> | undefined;
  return () => {
    loading ??= new Promise<KakaoMaps>((resolve, reject) => {
      const ready = () => {
        const maps = window.kakao?.maps;
        if (!maps) return reject(new Error('Kakao Maps did not load'));
        maps.load(() => resolve(maps));
      };
      if (window.kakao?.maps) return ready();
      const script = doc.createElement('script');
      script.src = `https://dapi.kakao.com/v2/maps/sdk.js?appkey=${encodeURIComponent(appKey)}&libraries=services&autoload=false`;
      script.async = true;
      script.onload = ready;
      script.onerror = () => {
        loading = undefined; // a later search may try again
        reject(new Error('Kakao Maps could not be loaded'));
      };
      doc.head.appendChild(script);
    });
    return loading;
  };
}
