import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/db';

/**
 * "Online" for the whole cluster: the station has a connection record (written by the node that
 * holds its socket, removed when the socket closes) refreshed within the last STALE_FACTOR ping
 * intervals. The holding node refreshes it on every message and every answered websocket ping,
 * so a socket that stopped answering — or a node that died — turns the station offline within
 * about STALE_FACTOR ping intervals, even if nothing cleaned up.
 */
export const STALE_FACTOR = 3;

/**
 * A pong refreshes a socket's record only when its last refresh is at least this many ping
 * intervals old: with pongs every interval that is every other pong, so a record is at most 2
 * intervals old while its socket answers, one interval inside STALE_FACTOR.
 */
export const PONG_REFRESH_FACTOR = 1.5;

/** Records seen after this instant count as online. */
export function onlineSince(pingIntervalSec: number, now = Date.now()): Date {
  return new Date(now - STALE_FACTOR * pingIntervalSec * 1000);
}

/** SQL boolean for listings: `onlineExpression(sql.ref('cb.charge_box_pk'), config.ocpp.pingInterval).as('online')`. */
export function onlineExpression(chargeBoxPk: Expression<number>, pingIntervalSec: number): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from station_connections sc where sc.charge_box_pk = ${chargeBoxPk} and sc.last_seen_at > ${onlineSince(pingIntervalSec)})`;
}

export async function isStationOnline(db: Kysely<DB>, chargeBoxPk: number, pingIntervalSec: number): Promise<boolean> {
  const row = await db
    .selectFrom('station_connections')
    .select('charge_box_pk')
    .where('charge_box_pk', '=', chargeBoxPk)
    .where('last_seen_at', '>', onlineSince(pingIntervalSec))
    .executeTakeFirst();
  return Boolean(row);
}
