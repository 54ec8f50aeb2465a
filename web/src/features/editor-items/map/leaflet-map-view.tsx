import { useEffect } from 'react';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { levelToZoom, zoomToLevel } from './geocoder.ts';
import type { MapViewProps } from './map-view.ts';

/** The OpenStreetMap fallback (spec: Leaflet through react-leaflet), loaded only when a map is shown. */
export default function LeafletMapView({ center, level, interactive, label, onPick, onLevelChange }: MapViewProps) {
  const position: [number, number] = [center.latitude, center.longitude];
  return (
    // MapContainer hands its props to Leaflet, not to the DOM: the accessible name goes on a wrapper.
    <div role="group" aria-label={label} className="absolute inset-0">
      <MapContainer center={position} zoom={levelToZoom(level)} className="size-full">
        <TileLayer
          attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
          url="https://tile.openstreetmap.org/{z}/{x}/{y}.png"
        />
        <CircleMarker
          center={position}
          radius={9}
          pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#0e7268', fillOpacity: 1 }}
        />
        <MapState
          center={position}
          zoom={levelToZoom(level)}
          interactive={interactive}
          onPick={onPick}
          onLevelChange={onLevelChange}
        />
      </MapContainer>
    </div>
  );
}

/** Keeps the Leaflet map in step with the item (MapContainer's props only set the first view). */
function MapState({
  center,
  zoom,
  interactive,
  onPick,
  onLevelChange,
}: {
  center: [number, number];
  zoom: number;
  interactive: boolean;
  onPick: MapViewProps['onPick'];
  onLevelChange: MapViewProps['onLevelChange'];
}) {
  const map = useMap();
  const [latitude, longitude] = center;
  useEffect(() => {
    map.setView([latitude, longitude], zoom);
  }, [map, latitude, longitude, zoom]);
  useEffect(() => {
    const handlers = [map.dragging, map.scrollWheelZoom, map.touchZoom, map.doubleClickZoom, map.boxZoom, map.keyboard];
    for (const handler of handlers) {
      if (interactive) handler.enable();
      else handler.disable();
    }
    // Zoom buttons only where they work (the overlay blocks them otherwise).
    if (interactive) map.zoomControl?.addTo(map);
    else map.zoomControl?.remove();
  }, [map, interactive]);
  useMapEvents({
    click(event) {
      if (interactive) onPick?.({ latitude: event.latlng.lat, longitude: event.latlng.lng });
    },
    zoomend() {
      const level = zoomToLevel(map.getZoom());
      if (interactive && level !== zoomToLevel(zoom)) onLevelChange?.(level);
    },
  });
  return null;
}
