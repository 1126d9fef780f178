import type { LiveChargeBoxMessage, LiveConnectorStatus } from '@recarga/contracts/live';
import type { MapChargePoint } from '../../../lib/api/get-map-charge-points';

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
