// Leaflet's stylesheet and ours come with this module: Vite puts them in this lazy chunk's own CSS file, which it
// loads before the module runs, so neither is inlined into the viewer's first response.
import 'leaflet/dist/leaflet.css';
import './interactive-map.css';
import { divIcon, map as leafletMap, marker, tileLayer } from 'leaflet/dist/leaflet-src.esm.js';
import { ICONS } from '@pocketguide/contracts/viewer/html';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM, mapZoom } from '@pocketguide/contracts/viewer/map-zoom';
import type { ViewerTexts } from '@pocketguide/contracts/viewer/viewer-texts';

/**
 * A map item as a real map (spec 1 §3: OpenStreetMap through Leaflet), loaded only when a reader taps 'Show map' on
 * the drawn card: this module, Leaflet and its stylesheet are one lazy chunk the viewer's first load never fetches,
 * and the tiles are the first requests that leave the site. The map takes the place of the card's drawing (0.8 of
 * the width, as in the editor); the card's address, coordinates and OpenStreetMap link stay below it.
 */

export const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** OpenStreetMap's tile policy asks for this credit on the map itself. */
export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a> contributors';

export type InteractiveMapPlace = { latitude: number; longitude: number; level: number; address: string };
export type InteractiveMap = { remove(): void };

/** Puts the map at the top of `box` (the card's `.pg-map-box`); `remove()` takes it down with its listeners. */
export function mountInteractiveMap(
  box: HTMLElement,
  place: InteractiveMapPlace,
  texts: Pick<ViewerTexts, 'mapLabel' | 'mapUnavailable'>,
): InteractiveMap {
  const center: [number, number] = [place.latitude, place.longitude];
  const zoom = mapZoom(place.level);

  const live = Object.assign(document.createElement('div'), { className: 'pg-map-live' });
  live.dataset.zoom = String(zoom);
  const canvas = Object.assign(document.createElement('div'), { className: 'pg-map-canvas' });
  canvas.setAttribute('role', 'region');
  canvas.setAttribute('aria-label', place.address === '' ? texts.mapLabel : `${texts.mapLabel}: ${place.address}`);
  // Shown while no tile could load (offline, or the tile server out of reach); the card's text stays readable below.
  const note = Object.assign(document.createElement('p'), {
    className: 'pg-map-note',
    hidden: true,
    textContent: texts.mapUnavailable,
  });
  note.setAttribute('role', 'status');
  live.append(canvas, note);
  box.prepend(live);
  box.classList.add('is-live');

  // The page scrolls under a reader's wheel or trackpad; the map zooms with its buttons, a pinch or a double tap.
  const map = leafletMap(canvas, {
    center,
    zoom,
    minZoom: MAP_MIN_ZOOM,
    maxZoom: MAP_MAX_ZOOM,
    scrollWheelZoom: false,
  });
  const tiles = tileLayer(OSM_TILES, { maxZoom: MAP_MAX_ZOOM, attribution: OSM_ATTRIBUTION }).addTo(map);
  let loaded = 0;
  let failed = false;
  tiles.on('tileload', () => {
    loaded += 1;
    note.hidden = true;
  });
  tiles.on('tileerror', () => {
    failed = true;
    if (loaded === 0) note.hidden = false;
  });
  // Leaflet does not retry a tile that failed: back online, draw the missing ones again.
  const retry = () => {
    if (!failed) return;
    failed = false;
    tiles.redraw();
  };
  window.addEventListener('online', retry);

  // Our own pin (as on the card), drawn inline: Leaflet's default marker is a picture its bundled path cannot find.
  const pin = marker(center, {
    icon: divIcon({
      className: 'pg-map-marker',
      html: `<span class="pg-map-marker-pin">${ICONS.pin}</span>`,
      iconSize: [36, 36],
      iconAnchor: [18, 18],
      popupAnchor: [0, -18],
    }),
    title: place.address,
    keyboard: place.address !== '',
    interactive: place.address !== '',
  }).addTo(map);
  if (place.address !== '')
    pin.bindPopup(Object.assign(document.createElement('span'), { textContent: place.address }));
  // The button that was focused is gone with the drawing: the map takes the focus (arrow keys pan it, +/- zoom).
  map.getContainer().focus({ preventScroll: true });

  return {
    remove() {
      window.removeEventListener('online', retry);
      map.remove();
    },
  };
}
