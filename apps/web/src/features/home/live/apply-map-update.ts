import type { LiveChargeBoxMessage, LiveConnectorStatus } from '@recarga/contracts/live';
import type { MapChargePoint, MapView } from '../../../lib/api/get-map-charge-points';
import { insideBounds } from '../utils/map-viewport';

/**
 * A connector status message replaces that connector's last status (000 §4, 002 §4). Returns the
 * same list when nothing changed, so the map does not redraw for repeats.
 */
export function applyConnectorStatusToMap(list: MapChargePoint[] | undefined, s: LiveConnectorStatus): MapChargePoint[] | undefined {
  if (!list || s.connectorId === 0) return list;
  let changed = false;
  const next = list.map((cp) => {
    if (cp.chargeBoxId !== s.chargeBoxId) return cp;
    const connectors = cp.connectors.map((c) => {
      if (c.connectorId !== s.connectorId || c.lastStatus.status === s.status) return c;
      changed = true;
      return { ...c, lastStatus: { ...c.lastStatus, status: s.status } };
    });
    return changed ? { ...cp, connectors } : cp;
  });
  return changed ? next : list;
}

/** A deleted station leaves the map. */
export function removeFromMap(list: MapChargePoint[] | undefined, chargeBoxPk: number): MapChargePoint[] | undefined {
  if (!list || !list.some((cp) => cp.chargeBoxPk === chargeBoxPk)) return list;
  return list.filter((cp) => cp.chargeBoxPk !== chargeBoxPk);
}

/** A station's map view changed (online state, statuses with manual ones applied, position): take it as the truth. */
export function applyChargeBoxToMap(list: MapChargePoint[] | undefined, message: LiveChargeBoxMessage): MapChargePoint[] | undefined {
  if (!list) return list;
  const cp = message.chargePoint;
  const index = list.findIndex((x) => x.chargeBoxPk === cp.chargeBoxPk);
  if (index < 0) return list;
  const own = list[index]!;
  const byId = new Map(own.connectors.map((c) => [c.connectorId, c]));
  const updated: MapChargePoint = {
    ...own,
    description: cp.description,
    active: cp.active,
    online: cp.online,
    locationLatitude: cp.locationLatitude,
    locationLongitude: cp.locationLongitude,
    ocppProtocol: cp.ocppProtocol,
    chargePointVendor: cp.chargePointVendor,
    connectors: cp.connectors.map((c) => ({
      connectorId: c.connectorId,
      connectorType: c.connectorType,
      lastStatus: { status: c.lastStatus.status, usage: byId.get(c.connectorId)?.lastStatus.usage ?? 0 },
    })),
  };
  const next = [...list];
  next[index] = updated;
  return next;
}

/** A viewport's answer with its station list passed through `apply` (the same answer when nothing changed). */
export function mapViewStations(
  view: MapView | undefined,
  apply: (list: MapChargePoint[]) => MapChargePoint[] | undefined,
): MapView | undefined {
  if (!view || view.stations.length === 0) return view;
  const stations = apply(view.stations) ?? view.stations;
  return stations === view.stations ? view : { ...view, stations };
}

/**
 * A station's map view changed, was added or deleted: what it does to one cached viewport. A
 * station the viewport lists is updated in place, or leaves it when deleted or moved out. One the
 * viewport does not list, but whose position lies inside it (added, moved in, or counted by a
 * cluster), makes the viewport ask again ('refetch'). News of stations elsewhere change nothing,
 * so a national network's updates do not refetch a city's map.
 */
export function applyChargeBoxToView(
  view: MapView | undefined,
  bounds: string,
  message: LiveChargeBoxMessage,
): MapView | undefined | 'refetch' {
  if (!view) return view;
  const cp = message.chargePoint;
  const listed = view.stations.some((x) => x.chargeBoxPk === cp.chargeBoxPk);
  const inside = insideBounds(bounds, cp.locationLatitude, cp.locationLongitude);
  if (listed) {
    if (message.type === 'delete' || !inside) return mapViewStations(view, (list) => removeFromMap(list, cp.chargeBoxPk));
    return mapViewStations(view, (list) => applyChargeBoxToMap(list, message));
  }
  // A cluster's count changes only when a station comes or goes.
  if (view.clusters.length > 0 && message.type === 'update') return view;
  return inside ? 'refetch' : view;
}
