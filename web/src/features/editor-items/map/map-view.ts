import type { GeoPoint } from './geocoder.ts';

/** What a map drawing needs (the Leaflet view takes it). */
export type MapViewProps = {
  center: GeoPoint;
  /** the stored, Kakao-style level (1 closest); the Leaflet view converts it to a zoom */
  level: number;
  /** panning, zooming and picking a point; off while the item is not being edited */
  interactive: boolean;
  /** accessible name of the map */
  label: string;
  onPick?(point: GeoPoint): void;
  onLevelChange?(level: number): void;
};
