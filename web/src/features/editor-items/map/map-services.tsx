import { createContext, lazy, useContext, useState, type ComponentType, type ReactNode } from 'react';
import type { GeoPoint, Geocoder } from './geocoder.ts';
import { levelToZoom } from './geocoder.ts';
import type { MapViewProps } from './map-view.ts';
import { createOsmGeocoder } from './osm-geocoder.ts';

/** Everything the map item needs from a maps provider: search, a drawing, and a link to open a place. */
export type MapServices = {
  provider: 'osm';
  geocoder: Geocoder;
  MapView: ComponentType<MapViewProps>;
  /** the provider's own page for a place, for readers who want directions */
  placeUrl(point: GeoPoint & { address: string; level: number }): string;
};

// Leaflet and its stylesheet load with the first map shown, not with the editor.
const LeafletMapView = lazy(() => import('./leaflet-map-view.tsx'));

/**
 * The maps services of the app: OpenStreetMap (Leaflet tiles, Nominatim search). Another provider is another
 * `MapServices` given to `MapServicesProvider`.
 */
export function createMapServices({ fetch }: { fetch: typeof globalThis.fetch }): MapServices {
  return {
    provider: 'osm',
    geocoder: createOsmGeocoder({ fetch }),
    MapView: LeafletMapView,
    placeUrl: ({ latitude, longitude, level }) =>
      `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${levelToZoom(level)}/${latitude}/${longitude}`,
  };
}

const MapServicesContext = createContext<MapServices | null>(null);

export function MapServicesProvider({ services, children }: { services: MapServices; children: ReactNode }) {
  return <MapServicesContext.Provider value={services}>{children}</MapServicesContext.Provider>;
}

/** The provided services; without a provider, OpenStreetMap's (made once per component that asks). */
export function useMapServices(): MapServices {
  const provided = useContext(MapServicesContext);
  // Cheap to make (nothing loads until a search or a map is shown), so made even when a provider is there.
  const [fallback] = useState(() => createMapServices({ fetch: (input, init) => globalThis.fetch(input, init) }));
  return provided ?? fallback;
}
