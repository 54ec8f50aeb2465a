/**
 * Leaflet's own ES module build, typed by @types/leaflet. The viewer imports it rather than `leaflet` (the UMD
 * build the editor's react-leaflet uses), so its map chunk is self-contained: no CommonJS wrapper, and nothing it
 * loads is shared with the web app's chunks, whatever the app's bundling decides.
 */
declare module 'leaflet/dist/leaflet-src.esm.js' {
  export * from 'leaflet';
}
