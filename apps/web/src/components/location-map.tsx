import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './location-map.css';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { getRuntimeSettings } from '../lib/runtime-settings';

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/**
 * Map tile address of every map: the server's MAP_TILE_URL (start-up header `x-map-tile-url`), else
 * the VITE_MAP_TILE_URL build setting, else OpenStreetMap (resolved once at start-up).
 */
export function mapTileUrl(): string {
  return getRuntimeSettings().mapTileUrl;
}

/** Leaflet's zoom buttons with titles (and screen-reader names) in the user's language, not Leaflet's English. */
export function addZoomControl(map: L.Map, texts: { zoomIn: string; zoomOut: string }): void {
  L.control.zoom({ zoomInTitle: texts.zoomIn, zoomOutTitle: texts.zoomOut }).addTo(map);
}

const countryCentre: Record<string, [number, number]> = {
  BR: [-14.235, -51.9253],
  CO: [4.5709, -74.2973],
  EC: [-1.8312, -78.1834],
  UY: [-32.5228, -55.7658],
};

interface Props {
  latitude: number | null;
  longitude: number | null;
  country: string;
  label: string;
  /** Shown over the map when the tile server cannot be reached. */
  offlineText: string;
}

/** Leaflet map with the station's position (a circle marker; no image assets needed). */
export function LocationMap({ latitude, longitude, country, label, offlineText }: Props) {
  const { token } = theme.useToken();
  const { t } = useTranslation('map');
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.CircleMarker | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!container.current) return undefined;
    const instance = L.map(container.current, { zoomControl: false, attributionControl: true, scrollWheelZoom: false });
    addZoomControl(instance, { zoomIn: t('zoomIn'), zoomOut: t('zoomOut') });
    const tiles = L.tileLayer(mapTileUrl(), {
      maxZoom: 19,
      attribution: ATTRIBUTION,
      apikey: getRuntimeSettings().mapsKey,
    } as L.TileLayerOptions).addTo(instance);
    tiles.once('tileerror', () => setTilesFailed(true));
    tiles.on('tileload', () => setTilesFailed(false));
    instance.setView(countryCentre[country] ?? countryCentre.BR, 4);
    map.current = instance;
    // A map first drawn in a hidden tab has no size: measure again once it shows, keeping its centre.
    const observer = new ResizeObserver(() => {
      const at = marker.current?.getLatLng();
      instance.invalidateSize();
      if (at) instance.setView(at, instance.getZoom() < 10 ? 16 : instance.getZoom());
    });
    observer.observe(container.current);
    return () => {
      observer.disconnect();
      instance.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is created once; position changes are applied by the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    const valid = latitude !== null && longitude !== null && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
    if (!valid) {
      marker.current?.remove();
      marker.current = null;
      instance.setView(countryCentre[country] ?? countryCentre.BR, 4);
      return;
    }
    const at: [number, number] = [latitude, longitude];
    if (!marker.current) {
      marker.current = L.circleMarker(at, {
        radius: 10,
        color: token.colorBgContainer,
        weight: 3,
        fillColor: token.colorPrimary,
        fillOpacity: 1,
      }).addTo(instance);
    } else {
      marker.current.setLatLng(at);
    }
    instance.setView(at, 16);
  }, [latitude, longitude, country, token.colorPrimary, token.colorBgContainer]);

  return (
    <div className="location-map-frame">
      <div ref={container} className="location-map" role="region" aria-label={label} data-testid="location-map" />
      {tilesFailed ? (
        <div className="location-map__notice" role="status">
          {offlineText}
        </div>
      ) : null}
    </div>
  );
}
