import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_LEVEL } from '../guidebook/guidebook-limits.ts';
import { MAP_DEFAULT_LEVEL, MAP_MAX_ZOOM, MAP_MIN_ZOOM, mapZoom } from './map-zoom.ts';
import { openStreetMapUrl } from './render-items.ts';

describe('map level → OpenStreetMap zoom', () => {
  it('is 20 − level: the default level 6 is zoom 14, a street (3) 17, the country (14) 6', () => {
    expect(mapZoom(6)).toBe(14);
    expect(mapZoom(3)).toBe(17);
    expect(mapZoom(14)).toBe(6);
    for (let level = 1; level <= 19; level++) expect(mapZoom(level)).toBe(20 - level);
  });

  it('stays within the zooms the tiles exist for (1 … 19)', () => {
    expect(mapZoom(1)).toBe(MAP_MAX_ZOOM);
    expect(mapZoom(0)).toBe(MAP_MAX_ZOOM);
    expect(mapZoom(-5)).toBe(MAP_MAX_ZOOM);
    expect(mapZoom(20)).toBe(MAP_MIN_ZOOM);
    expect(mapZoom(99)).toBe(MAP_MIN_ZOOM);
    expect([MAP_MIN_ZOOM, MAP_MAX_ZOOM]).toEqual([1, 19]);
  });

  it('reads a missing or unreadable level as the default, and rounds a fractional one', () => {
    expect(MAP_DEFAULT_LEVEL).toBe(DEFAULT_MAP_LEVEL);
    for (const level of [undefined, null, Number.NaN, Number.POSITIVE_INFINITY])
      expect(mapZoom(level)).toBe(20 - DEFAULT_MAP_LEVEL);
    expect(mapZoom(5.6)).toBe(14);
    expect(mapZoom(5.4)).toBe(15);
  });

  it('frames the link out to OpenStreetMap the same way', () => {
    expect(openStreetMapUrl(33.458056, 126.942778, 6)).toMatch(/#map=14\//);
    expect(openStreetMapUrl(33.458056, 126.942778, 20)).toMatch(/#map=1\//);
  });
});
