import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/db';
import { ownedStation } from '../../db/sql/owned-stations';
import type { TenantScope } from '../../platform/auth/context';
import { transactionEnergyWh } from '../../db/sql/energy';
import { HOUR_MS, rowsOutsideRollup, serialSql, splitPeriod, withoutJit, type Split } from '../../db/sql/rollups';

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

/**
 * Read from the roll-ups (stats_hourly_all: stats_hourly of 0007_stats_rollups.sql and its deltas
 * not yet folded, 0011) when they answer the question:
 * the whole scope (no station, no driver: the roll-up is per tenant and UTC hour) and a time zone
 * a whole number of hours from UTC, so every UTC hour falls inside one local day and local hour.
 * Otherwise — or with `rows` — every recharge is read (an index of one station or driver).
 */
export type ReadMode = 'rollups' | 'rows';

export function usesRollups(w: GraphWindow, mode: ReadMode): boolean {
  return (
    mode === 'rollups' &&
    w.stationPk === undefined &&
    w.userPk === undefined &&
    Number.isInteger(w.timeDiff) &&
    w.from.getTime() % HOUR_MS === 0 &&
    w.to.getTime() % HOUR_MS === 0
  );
}

/** Seconds from start to the end of charging: when the energy register first reached its final value, else the stop. */
const chargingSec = sql`extract(epoch from (coalesce((
    select min(mv.value_timestamp) from meter_values mv
     where mv.transaction_pk = t.transaction_pk
       and mv.measurand = 'Energy.Active.Import.Register'
       and mv.phase is null and mv.value is not null
       and (case when lower(mv.unit) = 'kwh' then mv.value * 1000 else mv.value end) >= t.stop_value_wh
  ), t.stop_timestamp) - t.start_timestamp))`;

const bucketOf = (sec: RawBuilder<unknown>) =>
  sql`(case when ${sec} < 3600 then 0 when ${sec} < 7200 then 1 when ${sec} < 14400 then 2 else 3 end)`;
const inBucket = (b: number) =>
  sql`(case when t.stop_timestamp is not null and ${bucketOf(chargingSec)} = ${sql.lit(b)} then 1 else 0 end)`;

/**
 * One row per recharge read from the rows (alias `t`), in the columns of a stats_hourly row: the
 * start, 1 recharge, its Wh, whether it finished, its stay (s) and its charging-time bucket.
 */
const factColumns = sql`t.start_timestamp as ts, 1 as n, ${transactionEnergyWh('t')} as wh,
  (case when t.stop_timestamp is not null then 1 else 0 end) as finished,
  extract(epoch from (t.stop_timestamp - t.start_timestamp)) as stay_sec,
  ${inBucket(0)} as b0, ${inBucket(1)} as b1, ${inBucket(2)} as b2, ${inBucket(3)} as b3`;

export interface GraphFigures {
  perDay: { day: string; recharges: number; wh: number; finished: number; stay_sec: number }[];
  perHour: { hour: number; n: number }[];
  buckets: number[];
}

/**
 * Per local day (recharges, Wh, finished and their total stay), per local hour of start
 * (recharges) and the charging-time buckets of the finished recharges, of the window and scope.
 */
export async function graphFigures(db: Kysely<DB>, scope: TenantScope, w: GraphWindow, mode: ReadMode = 'rollups'): Promise<GraphFigures> {
  const parts = [sql<boolean>`t.tenant_pk in (${sql.join(scope.tenantPks)})`, ownedStation(scope, 't.charge_box_pk')];
  // The roll-ups add up whole tenants: an owner's figures come from their stations' recharges.
  if (scope.ownerUserPk != null) mode = 'rows';
  if (w.stationPk !== undefined) parts.push(sql<boolean>`t.charge_box_pk = ${w.stationPk}`);
  if (w.userPk !== undefined) parts.push(sql<boolean>`t.user_pk = ${w.userPk}`);
  const where = sql<boolean>`${sql.join(parts, sql` and `)}`;
  const split: Split = usesRollups(w, mode) ? splitPeriod(w, HOUR_MS) : { whole: null, edges: [w] };
  const facts = [rowsOutsideRollup(factColumns, where, split)];
  if (split.whole) {
    facts.push(sql`select h.hour as ts, h.recharges as n, h.energy_wh as wh, h.recharges as finished, h.stay_us / 1000000.0 as stay_sec,
                          h.charging_lt_1h as b0, h.charging_1h_2h as b1, h.charging_2h_4h as b2, h.charging_ge_4h as b3
                     from stats_hourly_all h
                    where h.scope_pk = ${scope.tenantPk} and h.hour >= ${split.whole.from} and h.hour < ${split.whole.to}`);
  }
  const query = sql<{
    day: string | null;
    hour: number | null;
    n: number;
    wh: number;
    finished: number;
    stay_sec: number | null;
    b0: number;
    b1: number;
    b2: number;
    b3: number;
  }>`
    with f as (${sql.join(facts, sql` union all `)}),
    l as (select (f.ts at time zone 'UTC') - make_interval(secs => ${w.timeDiff * 3600}::double precision) as local, f.* from f),
    g as (select l.local::date as day, extract(hour from l.local)::int as hour, l.* from l)
    select to_char(g.day, 'YYYY-MM-DD') as day, g.hour, sum(g.n) as n, coalesce(sum(g.wh), 0) as wh, sum(g.finished) as finished,
           sum(g.stay_sec) as stay_sec, sum(g.b0) as b0, sum(g.b1) as b1, sum(g.b2) as b2, sum(g.b3) as b3
      from g
     where ${serialSql}
     group by grouping sets ((g.day), (g.hour), ())
     -- A day or hour whose roll-up deltas cancel out (a recharge moved or deleted, not folded yet)
     -- has no recharge: left out, as the rows and the folded roll-up leave it. The total always stays.
    having sum(g.n) <> 0 or grouping(g.day, g.hour) = 3`;
  const res = await withoutJit(db, (q) => query.execute(q));
  const out: GraphFigures = { perDay: [], perHour: [], buckets: [0, 0, 0, 0] };
  for (const r of res.rows) {
    if (r.day !== null) {
      out.perDay.push({
        day: r.day,
        recharges: Number(r.n),
        wh: Number(r.wh),
        finished: Number(r.finished),
        stay_sec: Number(r.stay_sec ?? 0),
      });
    } else if (r.hour !== null) {
      out.perHour.push({ hour: Number(r.hour), n: Number(r.n) });
    } else {
      out.buckets = [Number(r.b0 ?? 0), Number(r.b1 ?? 0), Number(r.b2 ?? 0), Number(r.b3 ?? 0)];
    }
  }
  return out;
}

export function stationInScope(db: Kysely<DB>, scope: TenantScope, pk: number) {
  return db
    .selectFrom('charge_boxes')
    .select('charge_box_pk')
    .where('charge_box_pk', '=', pk)
    .where('tenant_pk', 'in', scope.tenantPks)
    .where(ownedStation(scope, 'charge_boxes.charge_box_pk'))
    .executeTakeFirst();
}
