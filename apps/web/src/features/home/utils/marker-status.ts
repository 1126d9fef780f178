import type { MapChargePoint } from '../../../lib/api/get-map-charge-points';

/** The four marker colours of the map legend (000 §2: Available, Busy, Maintenance, Unavailable). */
export type MarkerGroup = 'available' | 'busy' | 'maintenance' | 'unavailable';
export const markerGroups: readonly MarkerGroup[] = ['available', 'busy', 'maintenance', 'unavailable'];

const BUSY = new Set([
  'charging',
  'finishing',
  'suspended',
  'suspendedev',
  'suspendedevse',
  'suspended_evse',
  'reserved',
  'preparing',
  'occupied',
]);
const UNAVAILABLE = new Set(['faulted', 'unavailable']);

/**
 * Marker colour of one status (000 §4): charging, finishing, suspended, reserved, preparing →
 * orange (busy); faulted, unavailable → gray; available → green; maintenance → dark blue; any
 * other status (including none reported yet) → green. Manual statuses arrive as MAINTENANCE /
 * UNAVAILABLE and follow the same rule.
 */
export function statusMarkerGroup(status: string | null | undefined): MarkerGroup {
  const s = (status ?? '').toLowerCase();
  if (BUSY.has(s)) return 'busy';
  if (UNAVAILABLE.has(s)) return 'unavailable';
  if (s === 'maintenance') return 'maintenance';
  return 'available';
}

/**
 * Marker colour of a station, from its connectors: busy when any connector is busy, else
 * available when any is, else maintenance, else unavailable (the dashboard pie's precedence). A
 * network station that is offline is unavailable unless the operator put it under maintenance.
 */
export function stationMarkerGroup(cp: Pick<MapChargePoint, 'connectors' | 'online' | 'origin'>): MarkerGroup {
  const groups = new Set(cp.connectors.map((c) => statusMarkerGroup(c.lastStatus.status)));
  if (cp.origin === 'MOVE' && !cp.online) return groups.has('maintenance') ? 'maintenance' : 'unavailable';
  if (cp.connectors.length === 0) return cp.origin === 'PLUG_SHARE' ? 'available' : 'unavailable';
  for (const g of ['busy', 'available', 'maintenance'] as const) if (groups.has(g)) return g;
  return 'unavailable';
}

export function hasCoordinates(cp: Pick<MapChargePoint, 'locationLatitude' | 'locationLongitude'>): boolean {
  const { locationLatitude: lat, locationLongitude: lon } = cp;
  return lat !== null && lon !== null && Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}
