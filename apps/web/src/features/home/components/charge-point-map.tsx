import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { Button, theme } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StationStatusCounts } from '@recarga/contracts/stats';
import { addZoomControl, mapTileUrl } from '../../../components/location-map';
import { StationSelect } from '../../../components/station-select';
import { chargePointDetailQuery } from '../../../lib/api/get-charge-point-detail';
import { useMapViewport, type MapChargePoint, type MapCluster, type MapOrigin } from '../../../lib/api/get-map-charge-points';
import { getRuntimeSettings } from '../../../lib/runtime-settings';
import { useBrand } from '../../../lib/theme/brand-context';
import { useFeedback } from '../../../lib/use-feedback';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { useLiveMap } from '../live/use-live-map';
import { hasCoordinates, markerGroups, stationMarkerGroup, statusMarkerGroup, type MarkerGroup } from '../utils/marker-status';
import { viewportBounds } from '../utils/map-viewport';
import '../map.css';

/** Default view (000 §2): zoom 10 at a fixed centre per country; a chosen station zooms to 15. */
const DEFAULT_ZOOM = 10;
const STATION_ZOOM = 15;
/** A click on a cluster zooms in this much (the server's grid is 12 cells a side: two levels split a cell in 4 × 4). */
const CLUSTER_ZOOM_STEP = 2;
/** The viewport is asked for once the map has rested this long after a move. */
const MOVE_SETTLE_MS = 150;
const centres: Record<string, [number, number]> = {
  BR: [-23.5505, -46.6333], // São Paulo
  CO: [4.711, -74.0721], // Bogotá
  EC: [-0.1807, -78.4678], // Quito
  UY: [-34.9011, -56.1645], // Montevideo
};
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const keyOf = (cp: Pick<MapChargePoint, 'origin' | 'chargeBoxPk'>) => `${cp.origin}:${cp.chargeBoxPk}`;
const clusterKey = (origin: MapOrigin, c: MapCluster) => `cluster:${origin}:${c.latitude}:${c.longitude}`;

const BOLT = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M13 2 4 14h7l-1 8 9-12h-7z"/></svg>';
const PLUG = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M9 2v5M15 2v5M6 7h12v4a6 6 0 0 1-12 0zM12 17v5"/></svg>';

/** The legend's groups as stats/info counts them (statusChargeBox). */
const countOf: Record<MarkerGroup, keyof StationStatusCounts> = {
  available: 'available',
  busy: 'charging',
  maintenance: 'maintenance',
  unavailable: 'unavailable',
};

interface Props {
  /** The scope's stations by status (stats/info statusChargeBox, kept live by the stats topic): the legend's counts. */
  counts?: StationStatusCounts;
}

/**
 * The home dashboard's map (000 §2): the stations inside the visible area (network stations as
 * round pins, third-party PLUG_SHARE points as diamonds) coloured by status (000 §4), or — when the
 * area holds more than the server lists one by one — clusters with their counts that zoom in when
 * chosen. A legend with the scope's counts, a station search on the server that zooms to 15,
 * geolocation for the starting centre, and live recolouring. Tiles come from the configured tile
 * server; when it cannot be reached the markers still render.
 */
export function ChargePointMap({ counts }: Props) {
  const { t } = useTranslation('map');
  const { t: tn } = useTranslation('notifications');
  const brand = useBrand();
  const numbers = useNumberFormat();
  const { token } = theme.useToken();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  useLiveMap();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markers = useRef(new Map<string, { marker: L.Marker; signature: string }>());
  /** The station the search chose, whose popup opens once its marker is drawn. */
  const pendingPopup = useRef<string | null>(null);
  const userMoved = useRef(false);
  const [zoom, setZoom] = useState(DEFAULT_ZOOM);
  const [bounds, setBounds] = useState<string | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const move = useMapViewport('MOVE', bounds);
  const points = useMapViewport('PLUG_SHARE', bounds);

  const stations = useMemo(() => [...(move.data?.stations ?? []), ...(points.data?.stations ?? [])], [move.data, points.data]);
  const clusters = useMemo(
    () => [
      ...(move.data?.clusters ?? []).map((c) => ({ origin: 'MOVE' as const, ...c })),
      ...(points.data?.clusters ?? []).map((c) => ({ origin: 'PLUG_SHARE' as const, ...c })),
    ],
    [move.data, points.data],
  );

  // The map is created once; each move, once it settles, asks for the new viewport.
  useEffect(() => {
    if (!container.current) return undefined;
    const map = L.map(container.current, { zoomControl: false, attributionControl: true, scrollWheelZoom: true, worldCopyJump: true });
    addZoomControl(map, { zoomIn: t('zoomIn'), zoomOut: t('zoomOut') });
    map.setView(centres[brand.country] ?? centres.BR!, DEFAULT_ZOOM);
    const tiles = L.tileLayer(mapTileUrl(), {
      maxZoom: 19,
      attribution: ATTRIBUTION,
      apikey: getRuntimeSettings().mapsKey,
    } as L.TileLayerOptions);
    tiles.addTo(map);
    tiles.once('tileerror', () => setTilesFailed(true));
    tiles.on('tileload', () => setTilesFailed(false));
    let settle: ReturnType<typeof setTimeout> | undefined;
    const askViewport = () => {
      clearTimeout(settle);
      settle = setTimeout(() => {
        const b = map.getBounds();
        setBounds(viewportBounds({ south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() }));
      }, MOVE_SETTLE_MS);
    };
    map.on('moveend', askViewport);
    map.on('zoomend', () => setZoom(map.getZoom()));
    map.on('dragstart', () => {
      userMoved.current = true;
    });
    mapRef.current = map;
    askViewport();
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
      clearTimeout(settle);
      observer.disconnect();
      map.remove();
      mapRef.current = null;
      current.clear();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Markers follow the viewport's answers (and live updates of them); unchanged markers are left alone.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const seen = new Set<string>();
    const place = (
      key: string,
      signature: string,
      at: L.LatLngExpression,
      draw: () => { icon: L.DivIcon; popup?: string; title: string; onClick?: () => void },
    ) => {
      seen.add(key);
      const held = markers.current.get(key);
      if (held?.signature === signature) return;
      const { icon, popup, title, onClick } = draw();
      if (held) {
        held.marker.setLatLng(at).setIcon(icon);
        if (popup) held.marker.setPopupContent(popup);
        held.signature = signature;
        return;
      }
      const marker = L.marker(at, { icon, title, riseOnHover: true, keyboard: true });
      if (popup) marker.bindPopup(popup, { maxWidth: 300, className: 'cp-popup' });
      if (onClick) marker.on('click', onClick);
      markers.current.set(key, { marker: marker.addTo(map), signature });
    };

    for (const cp of stations) {
      if (!hasCoordinates(cp)) continue;
      const group = stationMarkerGroup(cp);
      const signature = JSON.stringify([group, cp.locationLatitude, cp.locationLongitude, cp.description, cp.online, cp.connectors]);
      place(keyOf(cp), signature, [cp.locationLatitude!, cp.locationLongitude!], () => ({
        icon: markerIcon(cp, group, t(`legend.${group}`)),
        popup: popupHtml(cp, group),
        title: cp.description || cp.chargeBoxId,
      }));
    }
    for (const c of clusters) {
      const label = t(c.origin === 'PLUG_SHARE' ? 'clusterPoints' : 'cluster', { count: c.count, shown: numbers.integer(c.count) });
      place(clusterKey(c.origin, c), String(c.count), [c.latitude, c.longitude], () => ({
        icon: clusterIcon(c.origin, numbers.integer(c.count), c.count, label),
        title: label,
        onClick: () => map.setView([c.latitude, c.longitude], Math.min(map.getZoom() + CLUSTER_ZOOM_STEP, STATION_ZOOM)),
      }));
    }
    for (const [key, held] of markers.current) {
      if (!seen.has(key)) {
        held.marker.remove();
        markers.current.delete(key);
      }
    }
    const pending = pendingPopup.current && markers.current.get(pendingPopup.current);
    if (pending) {
      pendingPopup.current = null;
      pending.marker.openPopup();
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
  }, [stations, clusters, numbers, t, tn]);

  /** A station the search found: the map goes to it at zoom 15 and opens its popup, or says it has no position. */
  const focus = async (pk: number | undefined) => {
    setSelected(pk ?? null);
    if (pk === undefined) return;
    let station;
    try {
      station = await queryClient.fetchQuery(chargePointDetailQuery(pk));
    } catch {
      void message.error(t('positionFailed'));
      return;
    }
    if (!hasCoordinates(station)) {
      void message.warning(t('noCoordinates', { name: station.description || station.chargeBoxId }));
      return;
    }
    const key = keyOf({ origin: 'MOVE', chargeBoxPk: pk });
    userMoved.current = true;
    pendingPopup.current = key;
    mapRef.current?.setView([station.locationLatitude!, station.locationLongitude!], STATION_ZOOM);
    const shown = markers.current.get(key);
    if (shown) {
      pendingPopup.current = null;
      shown.marker.openPopup();
    }
  };

  const colours = {
    '--map-available': token.colorSuccess,
    '--map-busy': token.orange,
    '--map-maintenance': token['blue-9'],
    '--map-unavailable': `color-mix(in srgb, ${token.colorText} 42%, ${token.colorBgContainer})`,
  } as CSSProperties;
  const failed = move.isError ? move : points.isError ? points : null;
  // The markers shown are an earlier viewport's until both answers for this one are in.
  const busy = move.isFetching || points.isFetching || move.isPlaceholderData || points.isPlaceholderData;
  const showsPoints = (points.data?.stations.length ?? 0) + (points.data?.clusters.length ?? 0) > 0;

  return (
    <div className="cp-map" style={colours}>
      <div className="cp-map__toolbar">
        <StationSelect
          value={selected}
          onChange={(pk) => void focus(pk)}
          allowClear
          placeholder={t('search')}
          aria-label={t('search')}
          suffixIcon={<AimOutlined />}
          className="cp-map__search"
          data-testid="map-search"
        />
        <ul className="cp-map__legend" aria-label={t('legend.title')}>
          {markerGroups.map((g) => (
            <li key={g}>
              <span className={`cp-dot cp-dot--${g}`} aria-hidden="true" />
              {t(`legend.${g}`)}
              {counts ? (
                <span className="text text--secondary cp-map__legend-count" data-testid={`map-legend-${g}`}>
                  {numbers.integer(counts[countOf[g]])}
                </span>
              ) : null}
            </li>
          ))}
          {showsPoints ? (
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
          aria-busy={busy}
          data-testid="charge-point-map"
          data-zoom={zoom}
          data-bounds={bounds ?? undefined}
          data-view={move.data ? (move.data.clusters.length > 0 ? 'clusters' : 'stations') : undefined}
        />
        {failed ? (
          <div className="cp-map__notice cp-map__notice--error" role="alert">
            {t('loadFailed')}
            <Button size="small" type="link" onClick={() => void failed.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : tilesFailed ? (
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

/** A cluster: a disc sized by its count (network stations) or a rounded square (third-party points); chosen, it zooms in. */
function clusterIcon(origin: MapOrigin, shown: string, count: number, label: string): L.DivIcon {
  const size = Math.round(34 + Math.min(22, Math.log10(Math.max(count, 1)) * 6));
  const html = `<span class="cp-cluster${origin === 'PLUG_SHARE' ? ' cp-cluster--point' : ''}" style="width:${size}px;height:${size}px" data-origin="${origin}" data-count="${count}" role="img" aria-label="${escape(label)}">${escape(shown)}</span>`;
  return L.divIcon({ className: 'cp-marker-icon', html, iconSize: [size, size], iconAnchor: [size / 2, size / 2] });
}
