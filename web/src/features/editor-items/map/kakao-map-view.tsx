import { useEffect, useRef, useState } from 'react';
import type { KakaoMap, KakaoMaps, KakaoMarker, KakaoMouseEvent } from './kakao-sdk.ts';
import type { MapViewProps } from './map-view.ts';

type Drawn = { maps: KakaoMaps; map: KakaoMap; marker: KakaoMarker };

/** A map view drawn by the Kakao Maps SDK (used when a Kakao key is configured). */
export function createKakaoMapView(loadSdk: () => Promise<KakaoMaps>) {
  return function KakaoMapView({ center, level, interactive, label, onPick, onLevelChange }: MapViewProps) {
    const container = useRef<HTMLDivElement>(null);
    const [drawn, setDrawn] = useState<Drawn | null>(null);
    const [failed, setFailed] = useState(false);
    const callbacks = useRef({ onPick, onLevelChange, interactive });
    callbacks.current = { onPick, onLevelChange, interactive };

    useEffect(() => {
      let cancelled = false;
      loadSdk().then(
        (maps) => {
          if (cancelled || !container.current) return;
          const position = new maps.LatLng(center.latitude, center.longitude);
          const map = new maps.Map(container.current, { center: position, level });
          const marker = new maps.Marker({ position, map });
          maps.event.addListener(map, 'click', (event: KakaoMouseEvent) => {
            if (!callbacks.current.interactive) return;
            callbacks.current.onPick?.({ latitude: event.latLng.getLat(), longitude: event.latLng.getLng() });
          });
          maps.event.addListener(map, 'zoom_changed', () => {
            if (callbacks.current.interactive) callbacks.current.onLevelChange?.(map.getLevel());
          });
          setDrawn({ maps, map, marker });
        },
        () => setFailed(true),
      );
      return () => {
        cancelled = true;
      };
    }, []); // made once, at the first centre and level; the effects below follow the item

    useEffect(() => {
      if (!drawn) return;
      const position = new drawn.maps.LatLng(center.latitude, center.longitude);
      drawn.map.setCenter(position);
      drawn.marker.setPosition(position);
    }, [drawn, center.latitude, center.longitude]);
    useEffect(() => {
      if (drawn && drawn.map.getLevel() !== level) drawn.map.setLevel(level);
    }, [drawn, level]);
    useEffect(() => {
      drawn?.map.setDraggable(interactive);
      drawn?.map.setZoomable(interactive);
    }, [drawn, interactive]);

    return <div ref={container} role="img" aria-label={label} aria-busy={!drawn && !failed} className="absolute inset-0 size-full" />;
  };
}
