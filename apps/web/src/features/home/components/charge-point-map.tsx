import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { Select, theme } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { mapTileUrl } from '../../../components/location-map';
import { useMapChargePoints, type MapChargePoint } from '../../../lib/api/get-map-charge-points';
import { getRuntimeSettings } from '../../../lib/runtime-settings';
import { useBrand } from '../../../lib/theme/brand-context';
import { useFeedback } from '../../../lib/use-feedback';
import { useLiveMap } from '../live/use-live-map';
import { hasCoordinates, markerGroups, stationMarkerGroup, statusMarkerGroup, type MarkerGroup } from '../utils/marker-status';
import { normaliseSearch } from '../utils/map-search';
import '../map.css';

/** Default view (000 §2): zoom 10 at a fixed centre per country; a chosen station zooms to 15. */
const DEFAULT_ZOOM = 10;
const STATION_ZOOM = 15;
const centres: Record<string, [number, number]> = {
  BR: [-23.5505, -46.6333], // São Paulo
  CO: [4.711, -74.0721], // Bogotá
  EC: [-0.1807, -78.4678], // Quito
  UY: [-34.9011, -56.1645], // Montevideo
};
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const keyOf = (cp: MapChargePoint) => `${cp.origin}:${cp.chargeBoxPk}`;

const BOLT = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M13 2 4 14h7l-1 8 9-12h-7z"/></svg>';
const PLUG = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M9 2v5M15 2v5M6 7h12v4a6 6 0 0 1-12 0zM12 17v5"/></svg>';

/**
 * The home dashboard's map (000 §2): every station of the scope (network stations as round pins,
 * third-party PLUG_SHARE points as diamonds) coloured by status (000 §4), a legend, a station
 * search that zooms to 15, geolocation for the starting centre, and live recolouring. Tiles come
 * from the configured tile server; when it cannot be reached the markers still render.
 */
export function ChargePointMap() {
  const { t } = useTranslation('map');
  const { t: tn } = useTranslation('notifications');
  const brand = useBrand();
  const { token } = theme.useToken();
  const { message } = useFeedback();
  useLiveMap();
  const move = useMapChargePoints('MOVE');
  const points = useMapChargePoints('PLUG_SHARE');
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markers = useRef(new Map<string, { marker: L.Marker; signature: string }>());
  const userMoved = useRef(false);
  const [zoom, setZoom] = useState(DEFAULT_ZOOM);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);

  const all = useMemo(() => [...(move.data ?? []), ...(points.data ?? [])], [move.data, points.data]);

  // The map is created once.
  useEffect(() => {
    if (!container.current) return undefined;
    const map = L.map(container.current, { zoomControl: true, attributionControl: true, scrollWheelZoom: true, worldCopyJump: true });
    map.setView(centres[brand.country] ?? centres.BR!, DEFAULT_ZOOM);
    const tiles = L.tileLayer(mapTileUrl(), {
      maxZoom: 19,
      attribution: ATTRIBUTION,
      apikey: getRuntimeSettings().mapsKey,
    } as L.TileLayerOptions);
    tiles.addTo(map);
    tiles.once('tileerror', () => setTilesFailed(true));
    tiles.on('tileload', () => setTilesFailed(false));
    map.on('zoomend', () => setZoom(map.getZoom()));
    map.on('dragstart', () => {
      userMoved.current = true;
    });
    mapRef.current = map;
    // Browser geolocation centres the map when allowed (and the operator has not moved it yet).
    navigator.geolocation?.getCurrentPosition(
      (pos) => {
        if (!userMoved.current && mapRef.current) mapRef.current.setView([pos.coords.latitude, pos.coords.longitude], DEFAULT_ZOOM);
      },
      () => undefined,
      { timeout: 10_000, maximumAge: 10 * 60_000 },
    );
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container.current);
    const current = markers.current;
    return () => {
      observer.disconnect();
      map.remove();
      mapRef.current = null;
      current.clear();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Markers follow the lists (and live updates of them); unchanged markers are left alone.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const seen = new Set<string>();
    for (const cp of all) {
      if (!hasCoordinates(cp)) continue;
      const key = keyOf(cp);
      seen.add(key);
      const group = stationMarkerGroup(cp);
      const signature = JSON.stringify([group, cp.locationLatitude, cp.locationLongitude, cp.description, cp.online, cp.connectors]);
      const held = markers.current.get(key);
      if (held?.signature === signature) continue;
      const icon = markerIcon(cp, group, t(`legend.${group}`));
      const at: L.LatLngExpression = [cp.locationLatitude!, cp.locationLongitude!];
      if (held) {
        held.marker.setLatLng(at).setIcon(icon).setPopupContent(popupHtml(cp, group));
        held.signature = signature;
      } else {
        const marker = L.marker(at, { icon, title: cp.description || cp.chargeBoxId, riseOnHover: true, keyboard: true })
          .bindPopup(popupHtml(cp, group), { maxWidth: 300, className: 'cp-popup' })
          .addTo(map);
        markers.current.set(key, { marker, signature });
      }
    }
    for (const [key, held] of markers.current) {
      if (!seen.has(key)) {
        held.marker.remove();
        markers.current.delete(key);
      }
    }

    function popupHtml(cp: MapChargePoint, group: MarkerGroup): string {
      const connectors = cp.connectors
        .map((c) => {
          // An offline network station's connectors are unavailable whatever they last said (manual maintenance excepted).
          const reported = statusMarkerGroup(c.lastStatus.status);
          const g = cp.origin === 'MOVE' && !cp.online && reported !== 'maintenance' ? 'unavailable' : reported;
          const status = c.lastStatus.status ?? t('popup.noStatus');
          return `<li><span class="cp-dot cp-dot--${g}"></span><span>${escape(tn('connector', { id: c.connectorId }))}${
            c.connectorType ? ` · ${escape(c.connectorType)}` : ''
          }</span><span class="cp-popup__status">${cp.origin === 'PLUG_SHARE' ? '' : escape(status)}</span></li>`;
        })
        .join('');
      const state =
        cp.origin === 'PLUG_SHARE'
          ? t('popup.thirdParty')
          : cp.online
            ? t(`legend.${group}`)
            : `${t('legend.unavailable')} · ${t('popup.offline')}`;
      return `<div class="cp-popup__body">
        <strong class="cp-popup__title">${escape(cp.description || cp.chargeBoxId)}</strong>
        <span class="cp-popup__meta">${cp.origin === 'PLUG_SHARE' ? '' : `${escape(cp.chargeBoxId)} · `}${escape(state)}</span>
        ${cp.address.street ? `<span class="cp-popup__meta">${escape(cp.address.street)}</span>` : ''}
        ${connectors ? `<ul class="cp-popup__connectors">${connectors}</ul>` : ''}
      </div>`;
    }
  }, [all, t, tn]);

  const options = useMemo(
    () =>
      all.map((cp) => ({
        value: keyOf(cp),
        label:
          cp.origin === 'PLUG_SHARE'
            ? `${cp.description ?? cp.chargeBoxId} · ${t('legend.thirdParty')}`
            : `${cp.description || cp.chargeBoxId} (${cp.chargeBoxId})`,
        search: normaliseSearch(`${cp.description ?? ''} ${cp.chargeBoxId}`),
      })),
    [all, t],
  );

  const focus = (key: string) => {
    setSelected(key);
    const cp = all.find((x) => keyOf(x) === key);
    if (!cp) return;
    if (!hasCoordinates(cp)) {
      void message.warning(t('noCoordinates', { name: cp.description || cp.chargeBoxId }));
      return;
    }
    userMoved.current = true;
    mapRef.current?.setView([cp.locationLatitude!, cp.locationLongitude!], STATION_ZOOM);
    markers.current.get(key)?.marker.openPopup();
  };

  const counts = useMemo(() => {
    const c: Record<MarkerGroup, number> = { available: 0, busy: 0, maintenance: 0, unavailable: 0 };
    for (const cp of move.data ?? []) c[stationMarkerGroup(cp)] += 1;
    return c;
  }, [move.data]);

  const colours = {
    '--map-available': token.colorSuccess,
    '--map-busy': token.orange,
    '--map-maintenance': token['blue-9'],
    '--map-unavailable': `color-mix(in srgb, ${token.colorText} 42%, ${token.colorBgContainer})`,
  } as CSSProperties;

  return (
    <div className="cp-map" style={colours}>
      <div className="cp-map__toolbar">
        <Select
          showSearch={{
            filterOption: (input, option) => (option?.search ?? '').includes(normaliseSearch(input)),
          }}
          allowClear
          value={selected}
          onChange={(value: string | null) => (value ? focus(value) : setSelected(null))}
          options={options}
          placeholder={t('search')}
          suffixIcon={<AimOutlined />}
          className="cp-map__search"
          data-testid="map-search"
          notFoundContent={t('searchEmpty')}
          aria-label={t('search')}
        />
        <ul className="cp-map__legend" aria-label={t('legend.title')}>
          {markerGroups.map((g) => (
            <li key={g}>
              <span className={`cp-dot cp-dot--${g}`} aria-hidden="true" />
              {t(`legend.${g}`)}
              <span className="text text--secondary cp-map__legend-count">{counts[g]}</span>
            </li>
          ))}
          {(points.data?.length ?? 0) > 0 ? (
            <li>
              <span className="cp-dot cp-dot--point" aria-hidden="true" />
              {t('legend.thirdParty')}
            </li>
          ) : null}
        </ul>
      </div>
      <div className="cp-map__frame">
        <div
          ref={container}
          className="cp-map__canvas"
          role="region"
          aria-label={t('label')}
          data-testid="charge-point-map"
          data-zoom={zoom}
        />
        {tilesFailed ? (
          <div className="cp-map__notice" role="status">
            {t('tilesOffline')}
          </div>
        ) : null}
      </div>
    </div>
  );
}

function markerIcon(cp: MapChargePoint, group: MarkerGroup, label: string): L.DivIcon {
  const point = cp.origin === 'PLUG_SHARE';
  const html = `<span class="cp-marker cp-marker--${group}${point ? ' cp-marker--point' : ''}" data-charge-box-id="${escape(cp.chargeBoxId)}" data-status-group="${group}" data-origin="${cp.origin}" role="img" aria-label="${escape(`${cp.description || cp.chargeBoxId}: ${label}`)}">${point ? PLUG : BOLT}</span>`;
  return L.divIcon({ className: 'cp-marker-icon', html, iconSize: [30, 30], iconAnchor: [15, 15], popupAnchor: [0, -16] });
}
