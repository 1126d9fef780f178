/**
 * A connector's status group (busy, available, maintenance, unavailable), as lists, the map and
 * the counts show it. No zod here: the live updates of the web's first load apply the rule.
 */

export const connectorStatusGroups = ['busy', 'available', 'maintenance', 'unavailable'] as const;
export type ConnectorStatusGroup = (typeof connectorStatusGroups)[number];

const BUSY = new Set(['charging', 'finishing', 'suspendedevse', 'suspended_evse', 'suspendedev', 'reserved', 'preparing', 'occupied']);

/**
 * The status group of a connector (001 §2): Charging, Finishing, SuspendedEVSE, SuspendedEV,
 * Reserved, Preparing → busy; Available → available; Maintenance → maintenance; Faulted,
 * Unavailable and anything else → unavailable. A manual status (unusualStatus) overrides.
 */
export function connectorStatusGroup(status: string | null | undefined, unusualStatus?: string | null): ConnectorStatusGroup {
  if (unusualStatus === 'MAINTENANCE') return 'maintenance';
  if (unusualStatus === 'UNAVAILABLE') return 'unavailable';
  const s = (status ?? '').toLowerCase();
  if (BUSY.has(s)) return 'busy';
  if (s === 'available') return 'available';
  if (s === 'maintenance') return 'maintenance';
  return 'unavailable';
}
