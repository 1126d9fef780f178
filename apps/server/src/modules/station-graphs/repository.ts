import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/db';
import type { TenantScope } from '../../platform/auth/context';
import { transactionEnergyWh } from '../stations/energy-sql';

export interface GraphWindow {
  /** First instant of the first local day (UTC). */
  from: Date;
  /** First instant after the last local day (UTC). */
  to: Date;
  /** Hours to add to local time to get UTC. */
  timeDiff: number;
  stationPk?: number;
  userPk?: number;
}

/** Local (wall-clock) time of the transaction start, as a timestamp without time zone. */
const localStart = (w: GraphWindow) =>
  sql`((t.start_timestamp at time zone 'UTC') - make_interval(secs => ${w.timeDiff * 3600}::double precision))`;

function scoped(w: GraphWindow, scope: TenantScope): RawBuilder<boolean> {
  const parts = [sql`t.tenant_pk in (${sql.join(scope.tenantPks)})`, sql`t.start_timestamp >= ${w.from}`, sql`t.start_timestamp < ${w.to}`];
  if (w.stationPk !== undefined) parts.push(sql`t.charge_box_pk = ${w.stationPk}`);
  if (w.userPk !== undefined) parts.push(sql`t.user_pk = ${w.userPk}`);
  return sql<boolean>`${sql.join(parts, sql` and `)}`;
}

/** Per local day: recharges, Wh, and the average stay (s) of the finished ones. */
export async function perDay(db: Kysely<DB>, scope: TenantScope, w: GraphWindow) {
  const res = await sql<{ day: string; recharges: number; wh: number; stay_sec: number | null }>`
    select to_char(${localStart(w)}, 'YYYY-MM-DD') as day,
           count(*) as recharges,
           coalesce(sum(${transactionEnergyWh('t')}), 0) as wh,
           avg(extract(epoch from (t.stop_timestamp - t.start_timestamp))) filter (where t.stop_timestamp is not null) as stay_sec
      from transactions t
     where ${scoped(w, scope)}
     group by 1`.execute(db);
  return res.rows;
}

/**
 * Charging-duration buckets of finished recharges. Charging ends when the energy register first
 * reached its final value (from the meter values); without samples, at the stop.
 */
export async function durationBuckets(db: Kysely<DB>, scope: TenantScope, w: GraphWindow) {
  const res = await sql<{ bucket: number; n: number }>`
    with d as (
      select extract(epoch from (coalesce((
               select min(mv.value_timestamp) from meter_values mv
                where mv.transaction_pk = t.transaction_pk
                  and mv.measurand = 'Energy.Active.Import.Register'
                  and mv.phase is null and mv.value is not null
                  and (case when lower(mv.unit) = 'kwh' then mv.value * 1000 else mv.value end) >= t.stop_value_wh
             ), t.stop_timestamp) - t.start_timestamp)) as sec
        from transactions t
       where ${scoped(w, scope)} and t.stop_timestamp is not null
    )
    select case when sec < 3600 then 0 when sec < 7200 then 1 when sec < 14400 then 2 else 3 end as bucket, count(*) as n
      from d group by 1`.execute(db);
  return res.rows;
}

/** Recharges by local hour of their start (0..23). */
export async function perHour(db: Kysely<DB>, scope: TenantScope, w: GraphWindow) {
  const res = await sql<{ hour: number; n: number }>`
    select extract(hour from ${localStart(w)})::int as hour, count(*) as n
      from transactions t
     where ${scoped(w, scope)}
     group by 1`.execute(db);
  return res.rows;
}

export function stationInScope(db: Kysely<DB>, scope: TenantScope, pk: number) {
  return db
    .selectFrom('charge_boxes')
    .select('charge_box_pk')
    .where('charge_box_pk', '=', pk)
    .where('tenant_pk', 'in', scope.tenantPks)
    .executeTakeFirst();
}
