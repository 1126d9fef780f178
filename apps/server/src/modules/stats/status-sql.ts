import { sql, type RawBuilder } from 'kysely';
import { connectorStatusGroup } from '@recarga/contracts/stations';

/**
 * Status groups in SQL, generated from the one rule in packages/contracts (`connectorStatusGroup`,
 * 001 §2) so the dashboard's pie, the station list and the web never disagree about a status.
 */

/** Every status spelling a connector row can hold (OCPP 1.6, 1.5 after mapping, and the spec's variants). */
const KNOWN_STATUSES = [
  'Available',
  'Preparing',
  'Charging',
  'SuspendedEVSE',
  'SuspendedEV',
  'Suspended_EVSE',
  'Finishing',
  'Reserved',
  'Unavailable',
  'Faulted',
  'Occupied',
  'Maintenance',
];

/** lower(status) values per group, from the contract's rule. */
function statusesOf(group: 'busy' | 'available' | 'maintenance'): string[] {
  return [...new Set(KNOWN_STATUSES.filter((s) => connectorStatusGroup(s) === group).map((s) => s.toLowerCase()))];
}

const inList = (values: string[]) => sql.join(values.map((v) => sql.lit(v)));

/**
 * The group of a connector (alias `c`) on a station whose online state is `online`: the manual
 * status wins; an offline station's connectors count as unavailable (its last report is stale);
 * else the reported status. A station without connectors gives `unavailable` (c.* null).
 */
export function connectorGroupSql(online: RawBuilder<boolean>): RawBuilder<'busy' | 'available' | 'maintenance' | 'unavailable'> {
  return sql`case
    when c.unusual_status = 'MAINTENANCE' then 'maintenance'
    when c.unusual_status = 'UNAVAILABLE' then 'unavailable'
    when not ${online} then 'unavailable'
    when lower(c.last_status) in (${inList(statusesOf('busy'))}) then 'busy'
    when lower(c.last_status) in (${inList(statusesOf('available'))}) then 'available'
    when lower(c.last_status) in (${inList(statusesOf('maintenance'))}) then 'maintenance'
    else 'unavailable' end`;
}

/** SQL condition: the connector (alias `c`) reports a busy status (charging, preparing, suspended, finishing, reserved). */
export function connectorBusySql(): RawBuilder<boolean> {
  return sql<boolean>`(c.unusual_status is null and lower(c.last_status) in (${inList(statusesOf('busy'))}))`;
}
